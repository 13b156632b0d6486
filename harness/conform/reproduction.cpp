// How a finding's request is written for a person to run again: credentials as variables, the run's
// tag made fresh, and the earlier writes of the test that the request depends on (see api.h curl_of).

#include <atomic>
#include <cctype>
#include <cstdio>
#include <random>
#include <set>

#include "core/unique_numbers.h"
#include "harness/http/curl.h"
#include "harness/conform/reproduction.h"

#include "harness/conform/suite_api.h"
#include "harness/conform/session_token.h"
#include "harness/conform/test_context.h"

namespace dockside::conform {
namespace {

/// The shell line that makes $DS_RUN a fresh 8-hex-digit tag, as long as the one it replaces, so a value
/// that has to fit a length limit still fits.
constexpr const char* kFreshRunTag = "DS_RUN=$(od -An -N4 -tx1 /dev/urandom | tr -d ' \\n')";

/// Earlier writes of the test included before a finding's request, at most.
constexpr std::size_t kMaxChain = 3;

std::string text_of(const http::Request& request) {
    std::string text = request.target + "\n" + request.body;
    for (const auto& h : request.headers) text += "\n" + h.value;
    return text;
}

/// Every unique value ("DS-<tag>-<run>-<n>") in the text.
std::set<std::string> unique_values(const std::string& text) {
    std::set<std::string> out;
    const std::string& run = run_tag();
    for (auto at = text.find(run); at != std::string::npos; at = text.find(run, at + run.size())) {
        const auto start = text.rfind("DS-", at);
        if (start == std::string::npos) continue;
        auto end = at + run.size();
        if (end < text.size() && text[end] == '-') {
            ++end;
            while (end < text.size() && std::isdigit(static_cast<unsigned char>(text[end]))) ++end;
        }
        out.insert(text.substr(start, end - start));
    }
    return out;
}

bool shares_value(const http::Request& request, const std::set<std::string>& values) {
    const std::string text = text_of(request);
    for (const auto& v : values)
        if (text.find(v) != std::string::npos) return true;
    return false;
}

http::CurlOptions curl_options() {
    const Session& session = current_session();
    http::CurlOptions options;
    options.insecure = session.client_options().insecure;
    options.token_variable = "DOCKSIDE_ISSUED_TOKEN";  // a token obtained during the run (OAuth)
    options.credentials.push_back({session.info().token, "DOCKSIDE_TOKEN"});
    // A renewed token is the same credential to whoever replays: they obtain their own.
    if (const std::string current = session_token(); current != session.info().token)
        options.credentials.push_back({current, "DOCKSIDE_TOKEN"});
    if (!session.info().read_only_token.empty())
        options.credentials.push_back({session.info().read_only_token, "DOCKSIDE_READ_ONLY_TOKEN"});
    options.credentials.push_back({kBadToken, ""});
    options.substitutions.push_back({run_tag(), "DS_RUN"});
    // The OAuth client's secret travels in the token requests' query; a server's is the user's to keep (the
    // embedded server's is the published one of its built-in seed).
    if (const auto& client = session.info().oauth_client; client && !session.info().embedded && !client->secret.empty())
        options.substitutions.push_back({client->secret, "DOCKSIDE_CLIENT_SECRET"});
    return options;
}

}  // namespace

const std::string& run_tag() {
    static const std::string tag = [] {
        std::random_device device;
        char buffer[16];
        std::snprintf(buffer, sizeof buffer, "%08x", static_cast<unsigned>(device()));
        return std::string(buffer);
    }();
    return tag;
}

std::string unique_ref(const std::string& tag) {
    return "DS-" + tag + "-" + run_tag() + "-" + std::to_string(next_unique_number());
}

std::string reproduce(const http::Request& request, std::uint64_t sequence, const http::Url& origin) {
    if (request.method.empty()) return {};
    const Session& session = current_session();
    const http::CurlOptions options = curl_options();
    std::vector<std::string> lines;
    const auto values = unique_values(text_of(request));
    if (!values.empty() && sequence != 0) {
        std::vector<test_context::Sent> chain;
        for (auto& sent : test_context::sent_before(sequence))
            if (sent.request.method != "GET" && shares_value(sent.request, values)) chain.push_back(std::move(sent));
        if (chain.size() > kMaxChain) chain.erase(chain.begin(), chain.end() - kMaxChain);
        for (const auto& sent : chain) lines.push_back(http::to_curl(session.base_url(), sent.request, options));
    }
    lines.push_back(http::to_curl(origin, request, options));
    std::string out;
    bool fresh_tag = false;
    for (const auto& l : lines) fresh_tag = fresh_tag || l.find("$DS_RUN") != std::string::npos;
    if (fresh_tag) out = std::string(kFreshRunTag) + "\n";
    for (std::size_t i = 0; i < lines.size(); ++i) out += lines[i] + (i + 1 < lines.size() ? "\n" : "");
    return out;
}

std::string curl_of(const Exchange& ex) {
    return reproduce(ex.request, ex.sequence, current_session().url_for(ex.operation));
}

}  // namespace dockside::conform
