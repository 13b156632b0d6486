#include "harness/auth/oauth_code_flow.h"

#include <algorithm>
#include <random>
#include <set>

#include <nlohmann/json.hpp>

#include "harness/http/url.h"

namespace dockside::auth {
namespace {

std::string random_state() {
    std::random_device device;
    std::uniform_int_distribution<int> digit(0, 15);
    std::string out;
    for (int i = 0; i < 16; ++i) out += "0123456789abcdef"[digit(device)];
    return out;
}

}  // namespace

std::vector<std::string> all_scopes(const spec::Spec& spec) {
    std::set<std::string> scopes{"offline_access", "openid"};
    for (const auto& op : spec.operations())
        for (const auto& scope : op.scopes) scopes.insert(scope);
    return {scopes.begin(), scopes.end()};
}

Result<std::string, std::string> code_from_location(const std::string& location, const std::string& expected_state) {
    const auto start = location.find_first_of("?#");
    if (start == std::string::npos) return fail("the redirect " + location + " carries no parameters");
    std::string params = location.substr(start + 1);
    std::replace(params.begin(), params.end(), '#', '&');
    auto parsed = http::parse_query(params);
    if (!parsed) return fail("the redirect " + location + " has a malformed query: " + parsed.error());
    std::string code, state, error;
    for (const auto& [name, value] : *parsed) {
        if (name == "code") code = value;
        if (name == "state") state = value;
        if (name == "error") error = value;
    }
    if (!error.empty()) return fail("the authorization server answered error=" + error);
    if (code.empty()) return fail("the redirect " + location + " carries no code");
    if (!expected_state.empty() && state != expected_state)
        return fail("the redirect's state (" + state + ") differs from the one sent (" + expected_state + ")");
    return code;
}

Result<OAuthTokens, std::string> oauth_code_flow(const OAuthRequest& request, const http::ClientOptions& options,
                                                 http::PreparationAnswers* answers) {
    auto url = http::parse_url(request.auth_url);
    if (!url) return fail("--auth-url " + url.error());
    if (request.redirect_uri.empty())
        return fail(std::string("OAuth needs a redirect URI registered for the client: pass --redirect-uri or "
                                "set DOCKSIDE_REDIRECT_URI"));
    http::HttpClient client(*url, options);
    std::string scope;
    for (const auto& s : request.scopes) scope += (scope.empty() ? "" : " ") + s;
    const std::string state = random_state();
    const http::QueryParams query{{"response_type", "code"}, {"client_id", request.client_id},
                                  {"redirect_uri", request.redirect_uri}, {"scope", scope},
                                  {"state", state}, {"response_mode", "query"}};
    const std::string authorize = "/connect/authorize?" + http::encode_query(query);
    http::Request consent_request{"GET", authorize, {}, {}};
    consent_request.headers.set("Accept", "application/json");
    const auto consent_started = std::chrono::system_clock::now();
    auto consent = client.send(consent_request);
    if (!consent)
        return fail("cannot reach the authorization server: GET " + http::absolute_url(*url, "/connect/authorize") +
                    " failed (" + http::to_string(consent.error()) + ")");
    if (answers) answers->push_back({"authorize", request.auth_url, consent_request, *consent, 0, consent_started});
    const auto location = consent->headers.get("Location");
    if (consent->status == 404)
        return fail("GET " + http::absolute_url(*url, "/connect/authorize") + " answered 404: --auth-url " + request.auth_url +
                    " (the base URL unless given) does not lead to the authorization server; give its root");
    if (consent->status != 302 || !location)
        return fail("GET /connect/authorize answered " + std::to_string(consent->status) +
                    " without a redirect carrying a code: the target needs interactive consent, which dockside "
                    "cannot give; obtain a token yourself and pass --token (DOCKSIDE_TOKEN)");
    auto code = code_from_location(std::string(*location), state);
    if (!code)
        return fail("GET /connect/authorize did not grant consent automatically (" + code.error() +
                    "): pass --token (DOCKSIDE_TOKEN) instead");

    http::Request token{"POST", "/connect/token", {}, {}};
    token.headers.set("Content-Type", "application/x-www-form-urlencoded");
    token.headers.set("Accept", "application/json");
    token.body = http::encode_query({{"grant_type", "authorization_code"}, {"code", *code},
                                     {"redirect_uri", request.redirect_uri}, {"client_id", request.client_id},
                                     {"client_secret", request.client_secret}});
    const auto token_started = std::chrono::system_clock::now();
    auto answer = client.send(token);
    if (!answer) return fail("POST /connect/token failed: " + http::to_string(answer.error()));
    if (answers) answers->push_back({"token", request.auth_url, token, *answer, 200, token_started});
    auto body = nlohmann::json::parse(answer->body, nullptr, false);
    if (answer->status != 200 || !body.is_object() || !body.contains("access_token") ||
        !body["access_token"].is_string())
        return fail("POST /connect/token answered " + std::to_string(answer->status) + " without an access_token: " +
                    answer->body.substr(0, 300));
    OAuthTokens tokens;
    tokens.access_token = body["access_token"].get<std::string>();
    if (body.contains("refresh_token") && body["refresh_token"].is_string())
        tokens.refresh_token = body["refresh_token"].get<std::string>();
    if (body.contains("scope") && body["scope"].is_string()) tokens.scope = body["scope"].get<std::string>();
    return tokens;
}

}  // namespace dockside::auth
