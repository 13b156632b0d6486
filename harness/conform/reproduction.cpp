// How a finding is run again: its request written for a person (credentials as variables, the run's tag
// made fresh, the earlier writes of the test that the request depends on: see api.h curl_of), its test as a
// `dockside conform` command, and a property's shrunk counterexample out of RapidCheck's message.

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cstdio>
#include <random>
#include <cstdlib>
#include <set>
#include <sstream>

#include "core/unique_numbers.h"
#include "harness/http/curl.h"
#include "harness/conform/reproduction.h"

#include "harness/conform/areas.h"
#include "harness/conform/results.h"
#include "harness/conform/suite_api.h"
#include "harness/conform/session_token.h"
#include "harness/conform/test_context.h"

namespace dockside::conform {
namespace {

/// Removes `key=value` words for the given keys from an RC_PARAMS string.
std::string without_keys(const std::string& params, const std::vector<std::string>& keys) {
    std::istringstream words(params);
    std::string out;
    for (std::string word; words >> word;) {
        bool drop = false;
        for (const auto& key : keys) drop = drop || word.rfind(key + "=", 0) == 0;
        if (!drop) out += (out.empty() ? "" : " ") + word;
    }
    return out;
}

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

std::string rapidcheck_params(const std::string& user_params, int cases, std::uint64_t seed) {
    std::string params = without_keys(user_params, {"max_success", "seed", "verbose_progress", "verbose_shrinking"});
    params += (params.empty() ? "" : " ") + std::string("max_success=") + std::to_string(cases);
    if (seed != 0) params += " seed=" + std::to_string(seed);
    params += " verbose_progress=0 verbose_shrinking=0";
    return params;
}

void configure_rapidcheck(int cases, std::uint64_t seed) {
    const char* user = std::getenv("RC_PARAMS");
    const std::string params = rapidcheck_params(user ? user : "", cases, seed);
    ::setenv("RC_PARAMS", params.c_str(), 1);
}

std::string rapidcheck_counterexample(const std::string& message) {
    // RapidCheck writes "Falsifiable after N tests[ and M shrinks]", then one block per generated value,
    // "<type>:\n<value>", blocks apart by a blank line, then where it failed ("file.cpp:12:\nRC_ASSERT(…)").
    // Dockside shows the values with their types as labels and the counts after them.
    const auto start = message.find("Falsifiable after ");
    if (start == std::string::npos) return {};
    auto next_block = [&](std::size_t from) { return message.find("\n\n", from); };
    const auto header_end = next_block(start);
    std::string counts = message.substr(start + 18, header_end == std::string::npos ? std::string::npos : header_end - start - 18);
    std::string inputs;
    for (auto at = header_end; at != std::string::npos;) {
        const auto begin = at + 2;
        const auto end = next_block(begin);
        const std::string block = message.substr(begin, end == std::string::npos ? std::string::npos : end - begin);
        const auto colon = block.find(":\n");
        if (block.empty() || colon == std::string::npos || strip_source_locations(block) != block) break;
        inputs += (inputs.empty() ? "" : "\n") + block.substr(0, colon) + ": " + block.substr(colon + 2);
        at = end;
    }
    if (inputs.empty()) return {};
    return inputs + "\n(found after " + counts + ")";
}

std::string replay_command(const conform::SessionInfo& info, const std::string& test) {
    // A test of an area --only does not know is selected by --filter alone: --only would refuse it.
    const std::string area = conform::area_of_test(test);
    const auto& known = conform::known_areas();
    const bool selectable = std::find(known.begin(), known.end(), area) != known.end();
    std::string command = std::string("dockside conform") + (selectable ? " --only " + area : "") +
                          " --filter " + http::shell_quote(test) + " --profile " + info.profile +
                          " --cases " + std::to_string(info.cases);
    if (info.seed != 0) command += " --seed " + std::to_string(info.seed);
    if (!info.replay_args.empty()) command += " " + info.replay_args;
    else if (!info.embedded) command += " --base-url " + http::shell_quote(info.base_url);
    return command;
}

}  // namespace dockside::conform
