#include "suites/support/api.h"

#include <memory>
#include <sstream>

#include <rapidcheck.h>
#include <rapidcheck/detail/ImplicitParam.h>
#include <rapidcheck/detail/PropertyContext.h>

#include "harness/conform/results.h"
#include "harness/http/client.h"
#include "harness/http/curl.h"

namespace dockside::suites {
namespace {

/// A token no server issued: well-formed, so a server that only checks the shape is caught.
constexpr const char* kBadToken = "dockside-never-issued-0000000000000000000000000000";

/// One keep-alive client per thread and session; a new session (another run) gets a new client.
http::HttpClient& thread_client(const Session& session) {
    thread_local const Session* owner = nullptr;
    thread_local std::unique_ptr<http::HttpClient> client;
    if (!client || owner != &session) {
        client = std::make_unique<http::HttpClient>(session.client());
        owner = &session;
    }
    return *client;
}

std::string current_test_name() {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    if (!info) return "(outside a test)";
    return std::string(info->test_suite_name()) + "." + info->name();
}

Exchange exchange_with_error(const std::string& operation, const spec::Operation* op, http::Request request,
                             std::string error) {
    Exchange ex;
    ex.operation = op;
    ex.operation_id = operation;
    ex.request = std::move(request);
    ex.transport_error = std::move(error);
    return ex;
}

void deliver(Exchange& ex) {
    Session& session = current_session();
    auto response = thread_client(session).send(ex.request);
    if (!response) {
        ex.transport_error = http::to_string(response.error());
        return;
    }
    ex.response = std::move(response.value());
    if (ex.operation) ex.violations = session.validator().validate(*ex.operation, *ex.response);
}

std::string documented_statuses(const spec::Operation* op) {
    if (!op) return "(not in the spec)";
    std::string out;
    for (const auto& [status, response] : op->responses) out += (out.empty() ? "" : ", ") + status;
    return out;
}

std::string received(const Exchange& ex) {
    return ex.response ? std::to_string(ex.status()) : "no response (" + ex.transport_error + ")";
}

conform::Finding make_finding(const Exchange* ex, const std::string& rule, std::string title, std::string message) {
    Session& session = current_session();
    conform::Finding f;
    f.test = current_test_name();
    f.area = conform::area_of_test(f.test);
    f.rule = rule;
    f.title = std::move(title);
    f.message = std::move(message);
    if (ex) {
        f.operation = ex->operation_id;
        f.curl = ex->request.method.empty() ? std::string() : curl_of(*ex);
        f.status = ex->status();
        if (ex->response) f.body_excerpt = conform::excerpt(ex->response->body);
        f.violations = ex->violations;
        if (ex->operation) f.section = ex->operation->section;
    }
    if (f.section.empty())
        if (const spec::Rule* r = session.spec().rule(rule)) f.section = r->section;
    return f;
}

/// Records the finding and fails: the RapidCheck case when inside a property (so it shrinks), else the test.
void record(conform::Finding finding) {
    std::ostringstream message;
    message << conform::finding_marker(finding.key()) << "\n" << conform::render_finding(finding);
    current_session().findings().add(std::move(finding));
    using rc::detail::ImplicitParam;
    using rc::detail::param::CurrentPropertyContext;
    rc::detail::PropertyContext* context = ImplicitParam<CurrentPropertyContext>::value();
    if (context != CurrentPropertyContext::defaultValue() &&
        context->reportResult(rc::detail::CaseResult(rc::detail::CaseResult::Type::Failure, message.str())))
        return;
    ADD_FAILURE() << message.str();
}

/// The operation's path with every {name} filled from `values`, percent-encoded.
Result<std::string, std::string> expand_path(const spec::Operation& op, const std::map<std::string, std::string>& values) {
    std::string path;
    const std::string& tpl = op.path_template;
    for (std::size_t i = 0; i < tpl.size();) {
        if (tpl[i] != '{') {
            path += tpl[i++];
            continue;
        }
        const auto close = tpl.find('}', i);
        const std::string name = tpl.substr(i + 1, close - i - 1);
        auto it = values.find(name);
        if (it == values.end()) return fail("harness: path parameter " + name + " of " + op.id + " not given");
        path += http::percent_encode(it->second);
        i = close + 1;
    }
    return path;
}

}  // namespace

int Exchange::status() const { return response ? response->status : 0; }

nlohmann::json Exchange::json() const {
    if (!response) return nullptr;
    auto parsed = nlohmann::json::parse(response->body, nullptr, false);
    return parsed.is_discarded() ? nlohmann::json(nullptr) : parsed;
}

Exchange send(const Call& call) {
    Session& session = current_session();
    const spec::Operation* op = session.spec().find(call.operation);
    if (!op) return exchange_with_error(call.operation, nullptr, {}, "harness: unknown operation " + call.operation);

    auto path = expand_path(*op, call.path);
    if (!path) return exchange_with_error(call.operation, op, {}, path.error());

    http::Request request;
    request.method = op->method;
    request.target = *path + (call.query.empty() ? "" : "?" + http::encode_query(call.query));
    request.headers.set("Accept", "application/json");
    switch (call.auth) {
        case Auth::Token: request.headers.set("Authorization", "Bearer " + session.info().token); break;
        case Auth::Bad: request.headers.set("Authorization", std::string("Bearer ") + kBadToken); break;
        case Auth::ReadOnly:
            if (session.info().read_only_token.empty())
                return exchange_with_error(call.operation, op, request,
                                           "harness: the target has no read-only token (check has_read_only_token())");
            request.headers.set("Authorization", "Bearer " + session.info().read_only_token);
            break;
        case Auth::None: break;
    }
    std::string channel;
    if (!call.channel) {
        if (op->channel_header == spec::ChannelHeader::Required) channel = write_channel();
    } else {
        channel = *call.channel;
    }
    if (!channel.empty()) request.headers.set(session.info().channel_header, channel);
    if (call.raw_body) {
        request.body = *call.raw_body;
        request.headers.set("Content-Type", "application/json");
    } else if (call.body) {
        request.body = call.body->dump();
        request.headers.set("Content-Type", "application/json");
    }
    // The call's own headers replace defaults of the same name (all values of a repeated name are kept).
    for (const auto& header : call.headers) request.headers.remove(header.name);
    for (const auto& header : call.headers) request.headers.add(header.name, header.value);

    Exchange ex;
    ex.operation = op;
    ex.operation_id = call.operation;
    ex.request = std::move(request);
    deliver(ex);
    return ex;
}

Exchange send_raw(http::Request request, const std::string& operation) {
    Exchange ex;
    ex.operation = current_session().spec().find(operation);
    ex.operation_id = operation;
    ex.request = std::move(request);
    deliver(ex);
    return ex;
}

std::string curl_of(const Exchange& ex) {
    const Session& session = current_session();
    http::CurlOptions options;
    options.insecure = session.client_options().insecure;
    return http::to_curl(session.base_url(), ex.request, options);
}

bool expect_conforms(const Exchange& ex) {
    if (ex.response && ex.violations.empty()) return true;
    const std::string rule = !ex.violations.empty() ? ex.violations.front().rule : std::string("TRANSPORT");
    std::string message = "Received: " + received(ex) + " / Documented: " + documented_statuses(ex.operation);
    if (!ex.violations.empty()) message += " / " + std::to_string(ex.violations.size()) + " violation(s)";
    record(make_finding(&ex, rule, "the response conforms to the documented shape of " + ex.operation_id,
                        std::move(message)));
    return false;
}

bool expect_status(const Exchange& ex, int code, const std::string& rule) {
    if (ex.status() == code) return true;
    record(make_finding(&ex, rule, ex.operation_id + " answers " + std::to_string(code),
                        "Received: " + received(ex) + " / Expected: " + std::to_string(code) +
                            " / Documented: " + documented_statuses(ex.operation)));
    return false;
}

bool expect_rejected(const Exchange& ex, const std::string& rule, std::optional<int> strict_code) {
    const Session& session = current_session();
    if (session.strict()) {
        int code = 400;
        if (strict_code) {
            code = *strict_code;
        } else if (auto stance = session.stance("NS-VALIDATION-STATUS"); stance.is_object() && stance.contains("code") &&
                                                                          stance["code"].is_number_integer()) {
            code = stance["code"].get<int>();
        }
        if (ex.status() == code) return true;
        record(make_finding(&ex, rule, ex.operation_id + " rejects the request with " + std::to_string(code) + " (strict profile)",
                            "Received: " + received(ex) + " / Expected: " + std::to_string(code) +
                                " (strict) / Documented: " + documented_statuses(ex.operation)));
        return false;
    }
    if (ex.status() >= 400 && ex.status() < 500) return true;
    record(make_finding(&ex, rule, ex.operation_id + " rejects the request with a 4xx",
                        "Received: " + received(ex) + " / Expected: 4XX / Documented: " +
                            documented_statuses(ex.operation)));
    return false;
}

bool expect_that(bool condition, const Exchange& ex, const std::string& rule, const std::string& message) {
    if (condition) return true;
    record(make_finding(&ex, rule, message, "Received: " + received(ex) + " / " + message));
    return false;
}

bool expect_no_5xx(const Exchange& ex) {
    if (ex.response && ex.status() < 500) return true;
    record(make_finding(&ex, "ERR-NO5XX", ex.operation_id + " never answers 5xx",
                        "Received: " + received(ex) + " / Documented: " + documented_statuses(ex.operation)));
    return false;
}

void record_failure(const std::string& rule, const std::string& operation, const std::string& message) {
    auto finding = make_finding(nullptr, rule, message, message);
    finding.operation = operation;
    if (const spec::Operation* op = current_session().spec().find(operation)) finding.section = op->section;
    record(std::move(finding));
}

void record_skip(const std::string& reason) { current_session().findings().record_skip(current_test_name(), reason); }

bool has_read_only_token() { return !current_session().info().read_only_token.empty(); }

bool sim_available() { return current_session().info().simulation; }

Exchange sim_get(const std::string& path) {
    http::Request request;
    request.method = "GET";
    request.target = path;
    request.headers.set("Accept", "application/json");
    return send_raw(std::move(request), path);
}

Exchange sim(const std::string& path, const nlohmann::json& body) {
    http::Request request;
    request.method = "POST";
    request.target = path;
    request.headers.set("Accept", "application/json");
    if (!body.is_null()) {
        request.body = body.dump();
        request.headers.set("Content-Type", "application/json");
    }
    return send_raw(std::move(request), path);
}

std::string write_channel() { return std::to_string(current_session().info().write_channel); }

std::optional<std::string> read_only_channel() {
    const auto& channel = current_session().info().read_only_channel;
    if (!channel) return std::nullopt;
    return std::to_string(*channel);
}

}  // namespace dockside::suites
