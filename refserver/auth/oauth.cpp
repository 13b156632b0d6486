// The authorization server: GET /connect/authorize and POST /connect/token (OAuth 2.0 authorization
// code flow with refresh-token rotation), rules AUTH-OAUTH-AUTHZ, AUTH-OAUTH-TOKEN,
// AUTH-OAUTH-REFRESH and AUTH-LIFETIME.

#include <algorithm>
#include <sstream>

#include "refserver/auth/jwt.h"
#include "core/url_escapes.h"
#include "refserver/core/area.h"
#include "refserver/core/context.h"
#include "refserver/core/datetime.h"
#include "refserver/core/json_body.h"
#include "refserver/core/text.h"

namespace dockside::refserver {
namespace {

const char* kAuthzRule = "AUTH-OAUTH-AUTHZ";
const char* kTokenRule = "AUTH-OAUTH-TOKEN";

std::int64_t epoch(TimePoint t) {
    return std::chrono::duration_cast<std::chrono::seconds>(t.time_since_epoch()).count();
}

std::string join(const std::set<std::string>& items) {
    std::string out;
    for (const auto& s : items) out += (out.empty() ? "" : " ") + s;
    return out;
}

std::string html_escape(const std::string& in) {
    std::string out;
    for (char c : in) {
        switch (c) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            default: out += c;
        }
    }
    return out;
}

std::string id_token(const Store& store, const std::string& client_id, const std::string& nonce, TimePoint now) {
    nlohmann::json payload{{"iss", "dockside-refserver"},
                           {"sub", "account-root"},
                           {"aud", client_id},
                           {"iat", epoch(now)},
                           {"exp", epoch(now + std::chrono::seconds(store.limits.auth.access_token_seconds))}};
    if (!nonce.empty()) payload["nonce"] = nonce;
    return sign_jwt(payload, store.auth.signing_key);
}

Reply authorize(RequestContext& ctx) {
    const auto& q = ctx.query;
    for (const char* required : {"client_id", "scope", "redirect_uri"})
        if (!q.get(required) || q.get(required)->empty())
            return fail(validation_error(required, std::string(required) + " is required", kAuthzRule));
    const auto& client = ctx.store.auth.client;
    if (!client || client->client_id != *q.get("client_id"))
        return fail(validation_error("client_id", "unknown client_id", kAuthzRule));
    const std::string redirect = *q.get("redirect_uri");
    if (std::find(client->redirect_uris.begin(), client->redirect_uris.end(), redirect) == client->redirect_uris.end())
        return fail(validation_error("redirect_uri", "redirect_uri does not match a registered redirect URI", kAuthzRule));

    std::set<std::string> scopes{"openid"};
    std::istringstream words(*q.get("scope"));
    for (std::string s; words >> s;) {
        const auto& all = ctx.store.auth.scopes;
        bool known = std::binary_search(all.begin(), all.end(), s);
        bool granted = s == "openid" || s == "offline_access" || client->scopes.count(s) > 0;
        if (!known || !granted)
            return fail(validation_error("scope", "scope " + quoted_excerpt(s) + " is unknown or not granted to this app", kAuthzRule));
        scopes.insert(s);
    }
    const TimePoint now = ctx.clock.now();
    const std::string nonce = q.get("nonce").value_or("");
    std::string code = random_hex(20);
    ctx.store.auth.codes.insert(code, {client->client_id, redirect, scopes, nonce, now + kAuthorizationCodeLifetime, false});

    std::vector<std::pair<std::string, std::string>> params = {
        {"code", code}, {"scope", join(scopes)}, {"session_state", random_hex(16)},
        {"id_token", id_token(ctx.store, client->client_id, nonce, now)}};
    if (auto state = q.get("state"); state && !ctx.faults.on(Fault::AuthAuthorizeStateNotEchoed))
        params.emplace_back("state", *state);

    const std::string mode = q.get("response_mode").value_or("fragment");
    http::Response r;
    if (mode == "form_post") {
        std::string html = "<!DOCTYPE html><html><body onload=\"document.forms[0].submit()\"><form method=\"post\" action=\"" +
                           html_escape(redirect) + "\">";
        for (const auto& [k, v] : params)
            html += "<input type=\"hidden\" name=\"" + k + "\" value=\"" + html_escape(v) + "\"/>";
        html += "<noscript><button type=\"submit\">Continue</button></noscript></form></body></html>";
        r.status = 200;
        r.headers.set("Content-Type", "text/html; charset=utf-8");
        r.body = std::move(html);
        return r;
    }
    if (mode != "fragment" && mode != "query")
        return fail(validation_error("response_mode", "response_mode must be query, fragment or form_post", kAuthzRule));
    std::string encoded;
    for (const auto& [k, v] : params) encoded += (encoded.empty() ? "" : "&") + k + "=" + percent_encode(v);
    char sep = mode == "query" ? (redirect.find('?') == std::string::npos ? '?' : '&') : '#';
    r.status = 302;
    r.headers.set("Location", redirect + sep + encoded);
    r.headers.set("Cache-Control", "no-store");
    return r;
}

/// Parameters from the query string and, for form bodies, the body (body values win).
Result<QueryParams, ApiError> token_params(const RequestContext& ctx) {
    auto ct = ctx.request.headers.get("Content-Type");
    if (ctx.request.body.empty()) return ctx.query;
    std::string_view media = ct ? *ct : std::string_view{};
    media = media.substr(0, media.find(';'));
    if (!http::iequals(media, "application/x-www-form-urlencoded"))
        return fail(ApiError{415, "unsupported_media_type", "token requests are application/x-www-form-urlencoded",
                             "Content-Type", kTokenRule, {}});
    return QueryParams::parse(ctx.request.body + "&" + std::string(ctx.request.query()));
}

ApiError invalid_grant(const std::string& field, const std::string& why, const char* rule = kTokenRule) {
    return {400, "invalid_grant", why, field, rule, {}};
}

http::Response issue(RequestContext& ctx, const std::string& client_id, const std::set<std::string>& scopes,
                     const std::string& nonce, std::optional<std::string> reuse_refresh) {
    const TimePoint now = ctx.clock.now();
    auto& auth = ctx.store.auth;
    std::string access = random_hex(32);
    const AuthLimits& lifetimes = ctx.store.limits.auth;
    auth.tokens.insert(access, {std::make_shared<const Principal>(Principal{TokenKind::OAuthAccess, scopes, auth.account_channels}),
                                now + std::chrono::seconds(lifetimes.access_token_seconds)});
    nlohmann::json body{{"id_token", id_token(ctx.store, client_id, nonce, now)},
                        {"access_token", access},
                        {"expires_in", lifetimes.access_token_seconds},
                        {"token_type", "bearer"},
                        {"scope", join(scopes)}};
    if (scopes.count("offline_access") || ctx.faults.on(Fault::AuthTokenRefreshWithoutOffline)) {
        std::string refresh = reuse_refresh ? *reuse_refresh : random_hex(32);
        auth.refresh_tokens.insert(refresh, {client_id, scopes, now + std::chrono::seconds(lifetimes.refresh_token_seconds), false});
        body["refresh_token"] = refresh;
    }
    http::Response r = json_response(200, body);
    r.headers.set("Cache-Control", "no-store");
    return r;
}

Reply token(RequestContext& ctx) {
    auto params = token_params(ctx);
    if (!params) return fail(params.error());
    const auto& p = *params;
    const auto& client = ctx.store.auth.client;
    for (const char* required : {"grant_type", "client_id", "client_secret"})
        if (!p.get(required)) return fail(validation_error(required, std::string(required) + " is required", kTokenRule));
    if (!client || *p.get("client_id") != client->client_id || !secrets_equal(*p.get("client_secret"), client->client_secret))
        return fail(ApiError{401, "invalid_client", "client authentication failed", "client_id", kTokenRule, {}});
    const std::string grant = *p.get("grant_type");
    const TimePoint now = ctx.clock.now();

    if (grant == "authorization_code") {
        AuthorizationCode* found = ctx.store.auth.codes.find(p.get("code").value_or(""));
        if (!found) return fail(invalid_grant("code", "unknown authorization code"));
        AuthorizationCode& code = *found;
        if (code.used) return fail(invalid_grant("code", "authorization code already used"));
        if (now >= code.expires_at) return fail(invalid_grant("code", "authorization code expired"));
        if (code.client_id != client->client_id) return fail(invalid_grant("code", "code was issued to another client"));
        if (p.get("redirect_uri").value_or("") != code.redirect_uri)
            return fail(invalid_grant("redirect_uri", "redirect_uri differs from the authorize request"));
        code.used = true;
        return issue(ctx, client->client_id, code.scopes, code.nonce, std::nullopt);
    }
    if (grant == "refresh_token") {
        const std::string presented = p.get("refresh_token").value_or("");
        RefreshGrant* found = ctx.store.auth.refresh_tokens.find(presented);
        const char* rule = "AUTH-OAUTH-REFRESH";
        if (!found) return fail(invalid_grant("refresh_token", "unknown refresh token", rule));
        RefreshGrant& grant_rec = *found;
        if (grant_rec.revoked) return fail(invalid_grant("refresh_token", "refresh token already used", rule));
        if (now >= grant_rec.expires_at) return fail(invalid_grant("refresh_token", "refresh token expired", "AUTH-LIFETIME"));
        if (grant_rec.client_id != client->client_id) return fail(invalid_grant("refresh_token", "issued to another client", rule));
        auto scopes = grant_rec.scopes;
        const bool keep = ctx.faults.on(Fault::AuthRefreshOldStillValid);
        if (!keep) grant_rec.revoked = true;
        return issue(ctx, client->client_id, scopes, "", keep ? std::optional<std::string>(presented) : std::nullopt);
    }
    return fail(ApiError{400, "unsupported_grant_type", "grant_type must be authorization_code or refresh_token",
                         "grant_type", kTokenRule, {}});
}

void bind_oauth(HandlerTable& table, const FaultSet&) {
    table.bind_writes({{"authorize", authorize}, {"token", token}});
}

}  // namespace

Area oauth_area() { return {"oauth", bind_oauth, nullptr}; }

}  // namespace dockside::refserver
