#include "harness/auth/token_renewal.h"

#include <nlohmann/json.hpp>

#include "harness/auth/oauth_code_flow.h"
#include "harness/http/url.h"

namespace dockside::auth {

using namespace std::chrono_literals;
using SteadyClock = std::chrono::steady_clock;

std::optional<std::chrono::seconds> documented_access_lifetime(const spec::Spec& spec) {
    for (const auto& check : spec.checks()) {
        if (check.type != "auth" || check.params.value("aspect", "") != "lifetime") continue;
        const auto it = check.params.find("access_token_seconds");
        if (it != check.params.end() && it->is_number_integer() && it->get<std::int64_t>() > 0)
            return std::chrono::seconds(it->get<std::int64_t>());
    }
    return std::nullopt;
}

std::chrono::nanoseconds renew_after(std::chrono::seconds lifetime) {
    if (lifetime < 2min) return std::chrono::duration_cast<std::chrono::nanoseconds>(lifetime) / 2;
    return lifetime - 1min;
}

namespace {

/// POST /connect/token, grant_type=refresh_token, form-encoded with the parameters the document lists.
Result<nlohmann::json, std::string> refresh_grant(const OAuthRefresh& grant) {
    auto url = http::parse_url(grant.auth_url);
    if (!url) return fail("the authorization server URL " + url.error());
    http::HttpClient client(*url, grant.client);
    http::Request request{"POST", "/connect/token", {}, {}};
    request.headers.set("Content-Type", "application/x-www-form-urlencoded");
    request.headers.set("Accept", "application/json");
    request.body = http::encode_query({{"grant_type", "refresh_token"}, {"refresh_token", grant.refresh_token},
                                       {"redirect_uri", grant.redirect_uri}, {"client_id", grant.client_id},
                                       {"client_secret", grant.client_secret}});
    auto answer = client.send(request);
    if (!answer) return fail("the refresh grant (POST /connect/token) failed: " + http::to_string(answer.error()));
    auto body = nlohmann::json::parse(answer->body, nullptr, false);
    if (answer->status != 200 || !body.is_object() || !body.contains("access_token") || !body["access_token"].is_string())
        return fail("the refresh grant (POST /connect/token) answered " + std::to_string(answer->status) +
                    " without an access_token" +
                    (body.is_object() && body.contains("error") && body["error"].is_string()
                         ? " (error " + body["error"].get<std::string>() + ")"
                         : std::string()));
    return body;
}

/// The authorization-code flow again (automated consent, as at the start of the run).
Result<std::string, std::string> new_code_flow(OAuthRefresh& grant, std::chrono::seconds fallback_lifetime) {
    const auto asked = SteadyClock::now();
    OAuthRequest request{grant.auth_url, grant.client_id, grant.client_secret, grant.redirect_uri, grant.scopes};
    auto tokens = oauth_code_flow(request, grant.client);
    if (!tokens) return fail("the authorization-code flow failed: " + tokens.error());
    grant.refresh_token = tokens->refresh_token;
    grant.lifetime = fallback_lifetime;  // conform's flow does not report expires_in
    grant.issued_at = asked;
    return tokens->access_token;
}

}  // namespace

Result<std::string, std::string> renew_token(OAuthRefresh& grant, std::chrono::seconds fallback_lifetime) {
    const auto asked = SteadyClock::now();  // the lifetime counts from the request: never later than the issue
    if (grant.refresh_token.empty()) return new_code_flow(grant, fallback_lifetime);
    auto body = refresh_grant(grant);
    if (!body) {
        // A refresh token is good once: when its answer was lost, only a new authorization helps.
        auto again = new_code_flow(grant, fallback_lifetime);
        if (again) return again;
        return fail(body.error() + "; then " + again.error());
    }
    const auto& b = *body;
    // The document issues a new refresh token with every access token; one that keeps the old is kept.
    if (b.contains("refresh_token") && b["refresh_token"].is_string()) grant.refresh_token = b["refresh_token"].get<std::string>();
    const bool has_expiry = b.contains("expires_in") && b["expires_in"].is_number_integer() && b["expires_in"].get<std::int64_t>() > 0;
    grant.lifetime = has_expiry ? std::chrono::seconds(b["expires_in"].get<std::int64_t>()) : fallback_lifetime;
    grant.issued_at = asked;
    return b["access_token"].get<std::string>();
}

}  // namespace dockside::auth
