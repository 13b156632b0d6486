#include "tools/hostile/hostile_support.h"

#include <map>
#include <mutex>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "tools/hostile/hostile_table.h"

namespace dockside::hostile {

Live::Live(refserver::EmbeddedOptions options) {
    auto started = refserver::EmbeddedServer::start(std::move(options));
    if (!started) {
        std::string all;
        for (const auto& problem : started.error()) all += problem + "; ";
        throw std::runtime_error("reference server did not start: " + all);
    }
    server_ = std::move(started.value());
}

http::Url Live::url() const {
    auto url = http::parse_url(server_->base_url());
    if (!url) throw std::runtime_error(url.error());
    return *url;
}

http::Request Live::request(const std::string& method, const std::string& target, const std::string& body) const {
    http::Request request;
    request.method = method;
    request.target = target;
    request.body = body;
    request.headers.set("Authorization", "Bearer " + token());
    request.headers.set("service_channel_id", std::to_string(server_->api().write_channel_id()));
    if (!body.empty()) request.headers.set("Content-Type", "application/json");
    return request;
}

Result<http::Response, std::string> Live::send(const std::string& method, const std::string& target,
                                               const std::string& body, std::chrono::milliseconds timeout) const {
    http::ClientOptions options;
    options.request_timeout = timeout;
    http::HttpClient client(url(), options);
    auto response = client.send(request(method, target, body));
    if (!response) return fail(http::to_string(response.error()));
    return response.value();
}

std::string order_body(const std::string& reference) {
    return nlohmann::json{{"reference_id", reference},
                          {"products", {{{"id", 3001}, {"quantity", 1}}}},
                          {"recipient",
                           {{"name", "Hostile Tester"},
                            {"address", {{"address1", "1 Test St"}, {"city", "Chicago"}, {"state", "IL"},
                                         {"country", "US"}, {"zip_code", "60601"}}}}}}
        .dump();
}

namespace {
std::string error_field(const http::Response& response, const char* field) {
    auto body = nlohmann::json::parse(response.body, nullptr, false);
    if (!body.is_object() || !body.contains("error") || !body["error"].is_object()) return {};
    return body["error"].value(field, "");
}
}  // namespace

std::string error_code_of(const http::Response& response) { return error_field(response, "code"); }
std::string error_rule_of(const http::Response& response) { return error_field(response, "rule"); }

std::string describe(const Result<http::Response, std::string>& response) {
    if (!response) return "no response (" + response.error().substr(0, response.error().find(':')) + ")";
    std::string out = std::to_string(response->status);
    if (const auto code = error_code_of(*response); !code.empty()) out += " " + code;
    if (const auto rule = error_rule_of(*response); !rule.empty()) out += " (" + rule + ")";
    return out;
}

Prober::Prober(const Live& live) { thread_ = std::thread([this, url = live.url(), token = live.token()] { run(url, token); }); }

Prober::~Prober() {
    stop_ = true;
    if (thread_.joinable()) thread_.join();
}

void Prober::run(http::Url url, std::string token) {
    http::ClientOptions options;
    options.request_timeout = 10000ms;  // a probe that takes longer than the bound still counts as slow
    http::HttpClient client(url, options);
    while (!stop_ || sent_ == 0) {
        http::Request request;
        request.method = "GET";
        request.target = "/2025-07/channel";
        request.headers.set("Authorization", "Bearer " + token);
        const auto start = std::chrono::steady_clock::now();
        auto response = client.send(request);
        const auto took = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start);
        ++report_.sent;
        ++sent_;
        report_.slowest = std::max(report_.slowest, took);
        if (response && response->status == 200) ++report_.answered;
        else if (report_.first_failure.empty())
            report_.first_failure = response ? "status " + std::to_string(response->status) : http::to_string(response.error());
        std::this_thread::sleep_for(20ms);
    }
}

Prober::Report Prober::finish() {
    stop_ = true;
    if (thread_.joinable()) thread_.join();
    return report_;
}

std::string Prober::Report::outcome(std::chrono::milliseconds bound) const {
    if (held(bound)) return "others answered: every probe within " + std::to_string(bound.count()) + " ms";
    if (answered < sent)
        return "others NOT answered: " + std::to_string(sent - answered) + " of " + std::to_string(sent) +
               " probes failed (" + first_failure.substr(0, first_failure.find(':')) + ")";
    return "others answered SLOWER than " + std::to_string(bound.count()) + " ms";
}

std::string Prober::Report::figures() const {
    return std::to_string(sent) + " probes, " + std::to_string(answered) + " answered, slowest " +
           std::to_string(slowest.count()) + " ms";
}

void record(const std::string& input, const std::string& mode, const std::string& outcome) {
    Table::instance().add({input, mode, outcome, {}});
}

std::string status_line(const std::string& reply) {
    if (reply.empty()) return "no reply";
    return reply.substr(0, reply.find("\r\n"));
}

std::string repeat(const std::string& unit, std::size_t n) {
    std::string out;
    out.reserve(unit.size() * n);
    for (std::size_t i = 0; i < n; ++i) out += unit;
    return out;
}

}  // namespace dockside::hostile
