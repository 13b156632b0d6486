// Auth: every operation refuses a missing or bad bearer token with 401 (AUTH-BEARER); every write refuses
// the read-only token with 403 (AUTH-FORBID); writes that need the channel header refuse its absence and a
// channel without _write scopes (AUTH-CHANNEL); the OAuth 2.0 code flow, refresh rotation and the access
// token's hour (AUTH-OAUTH-*, AUTH-LIFETIME, the clock moved by the simulation control).
// Path parameters are placeholders ("1"): every request here is refused before it could act. Where a
// refusal must be proven on an otherwise valid request (AUTH-CHANNEL), the request is a fresh return or
// order of Dockside's own and the test checks that nothing was created.
// The OAuth client is the session's: the target configuration's (--client-id, --client-secret, --redirect-uri,
// or their DOCKSIDE_* variables) or, on the embedded reference server, its own; without one the OAuth tests
// are skipped.

#include "core/base64.h"
#include "core/text.h"
#include "generators/auth_gen.h"
#include "harness/conform/run_apart.h"
#include "suites/orders_support.h"
#include "suites/returns_support.h"
#include "suites/refusal_stances.h"
#include "suites/suite.h"
#include "suites/undocumented_page_sizes.h"

namespace dockside::suites {
namespace {

DOCKSIDE_RUNS_ALONE("Auth.AUTH_LIFETIME_AccessTokenLastsOneHour", "moves the target's clock an hour forward, past every access token's lifetime");

using json = nlohmann::json;

bool is_write(const spec::Operation& op) {
    for (const auto& s : op.scopes)
        if (s.size() > 6 && s.substr(s.size() - 6) == "_write") return true;
    return false;
}

bool is_oauth_endpoint(const spec::Operation& op) { return op.id == "authorize" || op.id == "token"; }

/// A call of `op` with placeholder path values and, when it takes a body, an empty object.
Call placeholder_call(const spec::Operation& op, Auth auth) {
    Call call{.operation = op.id, .auth = auth};
    for (const auto& name : spec::PathTemplate(op.path_template).parameter_names()) call.path[name] = "1";
    if (op.request_schema) call.body = json::object();
    return call;
}

TEST(Auth, AUTH_BEARER_EveryOperationRefusesMissingToken) {
    for (const auto& op : current_session().spec().operations()) {
        if (is_oauth_endpoint(op)) continue;
        SCOPED_TRACE(op.id);
        expect_status(send(placeholder_call(op, Auth::None)), 401, "AUTH-BEARER");
    }
}

TEST(Auth, AUTH_BEARER_EveryOperationRefusesUnknownToken) {
    for (const auto& op : current_session().spec().operations()) {
        if (is_oauth_endpoint(op)) continue;
        SCOPED_TRACE(op.id);
        expect_status(send(placeholder_call(op, Auth::Bad)), 401, "AUTH-BEARER");
    }
}

TEST(Auth, AUTH_FORBID_ReadOnlyTokenRefusedOnEveryWrite) {
    if (!has_read_only_token()) DOCKSIDE_SKIP(no_read_only_token());
    int writes = 0;
    for (const auto& op : current_session().spec().operations()) {
        if (is_oauth_endpoint(op) || !is_write(op)) continue;
        SCOPED_TRACE(op.id);
        Call call = placeholder_call(op, Auth::ReadOnly);
        if (op.channel_header == spec::ChannelHeader::Required) call.channel = read_only_channel().value_or("");
        expect_status(send(call), 403, "AUTH-FORBID");
        ++writes;
    }
    EXPECT_GT(writes, 20) << "the spec marks the write operations with _write scopes";
}

TEST(Auth, AUTH_CHANNEL_WritesWithoutChannelHeaderRefused) {
    for (const auto& op : current_session().spec().operations()) {
        if (op.channel_header != spec::ChannelHeader::Required) continue;
        SCOPED_TRACE(op.id);
        Call call = placeholder_call(op, Auth::Token);
        call.channel = std::string();
        Exchange ex = send(call);
        expect_rejected(ex, "AUTH-CHANNEL", kChannelHeaderMissing);
        expect_no_5xx(ex);
    }
}

/// A valid write sent with `channel` ("" = no header) must be refused and leave nothing behind.
void expect_valid_write_refused(const std::string& channel, const std::string& what, RefusalStance stance) {
    SCOPED_TRACE(what);
    json order = orders_support::valid_order_body(unique_ref("AUTH-CH"));
    Exchange ex = send({.operation = "createOrder", .body = order, .channel = channel});
    // Only a refused create is asked about its side effects: an accepted one is AUTH-CHANNEL's finding alone.
    if (expect_rejected(ex, "AUTH-CHANNEL", stance)) {
        auto found = orders_support::list_all_orders({{"ReferenceIds", order["reference_id"].get<std::string>()}});
        expect_no_side_effect(found && found->empty(), ex, "a refused order create (" + what + ") created no order");
    }

    auto ids = returns_support::returnable_ids();
    if (ids.empty()) return;
    json ret = returns_support::return_body({ids[0]}, "AUTH-CH");
    Exchange rex = returns_support::send_create(ret, channel);
    if (!expect_rejected(rex, "AUTH-CHANNEL", stance)) return;
    auto left = returns_support::list_all_returns({{"ReferenceIds", ret["reference_id"].get<std::string>()}});
    expect_no_side_effect(left && left->empty(), rex, "a refused return create (" + what + ") created no return");
}

TEST(Auth, AUTH_CHANNEL_ValidWritesNeedAWriteChannel) {
    expect_valid_write_refused("", "no channel header", kChannelHeaderMissing);
    if (auto ro = read_only_channel()) expect_valid_write_refused(*ro, "the read-only channel", kForbidden);
    // A channel id that GET /channel does not list for this token.
    Exchange channels = send({.operation = "listChannels", .query = {{"RecordsPerPage", std::to_string(undocumented_page_sizes::kRecords)}}});
    std::int64_t foreign = 2147480000;
    for (const auto& c : channels.json().value("items", json::array()))
        if (c.value("id", std::int64_t{0}) == foreign) ++foreign;
    expect_valid_write_refused(std::to_string(foreign), "a channel the token does not have", kForbidden);
}


// ---------------------------------------------------------------- OAuth 2.0

using OAuthClient = conform::OAuthClientInfo;

/// The run's OAuth client: the target configuration's (--client-id, --client-secret, --redirect-uri) or the
/// embedded server's own.
std::optional<OAuthClient> oauth_client() { return current_session().info().oauth_client; }

/// Parameters of the authorize callback: the Location's fragment (or query) of a 302.
std::optional<http::QueryParams> callback_params(const Exchange& ex) {
    if (!ex.response) return std::nullopt;
    std::string loc(ex.response->headers.get("Location").value_or(""));
    auto cut = loc.find('#');
    if (cut == std::string::npos) cut = loc.find('?');
    if (cut == std::string::npos) return std::nullopt;
    auto q = http::parse_query(loc.substr(cut + 1));
    return q ? std::optional<http::QueryParams>(*q) : std::nullopt;
}

std::optional<std::string> param(const http::QueryParams& q, const std::string& name) {
    for (const auto& [k, v] : q)
        if (k == name) return v;
    return std::nullopt;
}

Exchange authorize(const OAuthClient& c, http::QueryParams extra, const std::string& scope) {
    http::QueryParams q{{"client_id", c.id}, {"scope", scope}, {"redirect_uri", c.redirect_uri}};
    for (auto& p : extra) q.push_back(std::move(p));
    return send({.operation = "authorize", .query = q, .auth = Auth::None});
}

/// Runs authorize and the code grant; the token response exchange and its JSON. Skips the test when the
/// authorize step needs a person (a page instead of a redirect).
struct Tokens {
    Exchange exchange;
    json body;
};

std::optional<Tokens> code_flow(const OAuthClient& c, const std::string& scope) {
    Exchange az = authorize(c, {{"state", "st-" + unique_ref("S")}}, scope);
    auto cb = callback_params(az);
    if (az.status() != 302 || !cb || !param(*cb, "code")) {
        expect_that(false, az, "AUTH-OAUTH-AUTHZ", "authorize answers a redirect to redirect_uri carrying a code");
        return std::nullopt;
    }
    Exchange tok = send({.operation = "token",
                         .query = {{"redirect_uri", c.redirect_uri}, {"client_id", c.id}, {"client_secret", c.secret},
                                   {"code", *param(*cb, "code")}, {"grant_type", "authorization_code"}},
                         .auth = Auth::None});
    if (!expect_status(tok, 200, "AUTH-OAUTH-TOKEN")) return std::nullopt;
    return Tokens{tok, tok.json()};
}

Exchange refresh(const OAuthClient& c, const std::string& refresh_token) {
    return send({.operation = "token",
                 .query = {{"redirect_uri", c.redirect_uri}, {"client_id", c.id}, {"client_secret", c.secret},
                           {"refresh_token", refresh_token}, {"grant_type", "refresh_token"}},
                 .auth = Auth::None});
}

/// GET /channel with a given bearer token.
Exchange read_with(const std::string& token) {
    return send({.operation = "listChannels", .headers = {{"Authorization", "Bearer " + token}}});
}

std::string text(const json& j, const char* key) { return j.contains(key) && j[key].is_string() ? j[key].get<std::string>() : ""; }

/// The JSON payload of a JWT (base64url middle segment); null when it is not one.
json jwt_payload(const std::string& jwt) {
    auto a = jwt.find('.'), b = jwt.find('.', a == std::string::npos ? 0 : a + 1);
    if (a == std::string::npos || b == std::string::npos) return json();
    std::string_view middle = std::string_view(jwt).substr(a + 1, b - a - 1);
    while (!middle.empty() && middle.back() == '=') middle.remove_suffix(1);  // padded, against RFC 7515, still read
    const auto bytes = base64_decode(middle, Base64::Url);
    return bytes ? json::parse(*bytes, nullptr, false) : json();
}

#define DOCKSIDE_NEED_OAUTH(client)                                                                        \
    auto client = oauth_client();                                                                         \
    if (!client) DOCKSIDE_SKIP("no OAuth client configured: pass --client-id, --client-secret (or " \
                               "--client-secret-file) and --redirect-uri")

TEST(Auth, AUTH_OAUTH_AUTHZ_RequiredParametersAndRegisteredRedirect) {
    DOCKSIDE_NEED_OAUTH(c);
    const http::QueryParams full{{"client_id", c->id}, {"scope", "orders_read"}, {"redirect_uri", c->redirect_uri}};
    for (const std::string missing : {"client_id", "scope", "redirect_uri"}) {
        SCOPED_TRACE(missing);
        http::QueryParams q;
        for (const auto& p : full)
            if (p.first != missing) q.push_back(p);
        Exchange ex = send({.operation = "authorize", .query = q, .auth = Auth::None});
        expect_rejected(ex, "AUTH-OAUTH-AUTHZ");
        expect_no_5xx(ex);
    }
    http::QueryParams bad = full;
    bad[2].second = "https://unregistered.dockside.invalid/callback";
    Exchange ex = send({.operation = "authorize", .query = bad, .auth = Auth::None});
    expect_rejected(ex, "AUTH-OAUTH-AUTHZ");
    expect_no_5xx(ex);
}

TEST(Auth, AUTH_OAUTH_AUTHZ_StateEchoedAndNonceInIdToken) {
    DOCKSIDE_NEED_OAUTH(c);
    const std::string state = "state-" + unique_ref("ST");
    const std::string nonce = "nonce-" + unique_ref("NC");
    Exchange az = authorize(*c, {{"state", state}, {"nonce", nonce}}, "orders_read");
    if (az.status() == 200) DOCKSIDE_SKIP("authorize answers a page for a person; the callback cannot be read");
    auto cb = callback_params(az);
    ASSERT_TRUE(expect_that(az.status() == 302 && cb.has_value(), az, "AUTH-OAUTH-AUTHZ",
                            "authorize redirects to redirect_uri with the callback parameters"));
    std::string loc(az.response->headers.get("Location").value_or(""));
    expect_that(loc.rfind(c->redirect_uri, 0) == 0, az, "AUTH-OAUTH-AUTHZ", "the callback goes to the redirect_uri given");
    expect_that(param(*cb, "state") == state, az, "AUTH-OAUTH-AUTHZ", "state is echoed back in the callback");
    expect_that(param(*cb, "code").has_value() && param(*cb, "session_state").has_value(), az, "AUTH-OAUTH-AUTHZ",
                "the callback carries code and session_state");
    const std::string scope = param(*cb, "scope").value_or("");
    expect_that(scope.find("openid") != std::string::npos, az, "AUTH-OAUTH-AUTHZ", "the callback scope includes openid");
    json claims = jwt_payload(param(*cb, "id_token").value_or(""));
    expect_that(claims.is_object() && claims.value("nonce", "") == nonce, az, "AUTH-OAUTH-AUTHZ",
                "the nonce comes back inside the id_token");
}

void expect_token_fields(const Tokens& t, bool offline) {
    const json& b = t.body;
    expect_that(!text(b, "access_token").empty() && !text(b, "id_token").empty() && b.contains("scope"), t.exchange,
                "AUTH-OAUTH-TOKEN", "the token response carries access_token, id_token and scope");
    expect_that(b.value("expires_in", json()) == 3600, t.exchange, "AUTH-OAUTH-TOKEN", "expires_in is 3600");
    expect_that(ascii_lower(text(b, "token_type")) == "bearer", t.exchange, "AUTH-OAUTH-TOKEN", "token_type is bearer");
    expect_that(b.contains("refresh_token") == offline, t.exchange, "AUTH-OAUTH-TOKEN",
                offline ? "offline_access gives a refresh_token" : "without offline_access there is no refresh_token");
}

TEST(Auth, AUTH_OAUTH_TOKEN_CodeGrantWithoutOfflineAccess) {
    DOCKSIDE_NEED_OAUTH(c);
    auto t = code_flow(*c, "channels_read orders_read");
    ASSERT_TRUE(t.has_value());
    expect_token_fields(*t, false);
    expect_status(read_with(text(t->body, "access_token")), 200, "AUTH-OAUTH-TOKEN");
}

TEST(Auth, AUTH_OAUTH_TOKEN_CodeGrantWithOfflineAccess) {
    DOCKSIDE_NEED_OAUTH(c);
    auto t = code_flow(*c, "channels_read orders_read offline_access");
    ASSERT_TRUE(t.has_value());
    expect_token_fields(*t, true);
}

TEST(Auth, AUTH_OAUTH_REFRESH_EveryRefreshIssuesNewTokens) {
    DOCKSIDE_NEED_OAUTH(c);
    auto t = code_flow(*c, "channels_read offline_access");
    ASSERT_TRUE(t.has_value());
    std::string access = text(t->body, "access_token"), rt = text(t->body, "refresh_token");
    ASSERT_FALSE(rt.empty()) << "offline_access gave no refresh_token";
    for (int round = 0; round < 2; ++round) {
        SCOPED_TRACE(round);
        Exchange ex = refresh(*c, rt);
        if (!expect_status(ex, 200, "AUTH-OAUTH-REFRESH")) return;
        json b = ex.json();
        const std::string next_access = text(b, "access_token"), next_rt = text(b, "refresh_token");
        expect_that(!next_access.empty() && next_access != access, ex, "AUTH-OAUTH-REFRESH", "the refresh grant issues a new access token");
        expect_that(!next_rt.empty() && next_rt != rt, ex, "AUTH-OAUTH-REFRESH",
                    "the refresh grant issues a new refresh token with every new access token");
        expect_status(read_with(next_access), 200, "AUTH-OAUTH-REFRESH");
        access = next_access;
        rt = next_rt;
    }
}

TEST(Auth, AUTH_LIFETIME_AccessTokenLastsOneHour) {
    DOCKSIDE_NEED_OAUTH(c);
    if (!sim_available()) DOCKSIDE_SKIP("moving past the access token's hour needs the simulation clock control");
    auto t = code_flow(*c, "channels_read offline_access");
    ASSERT_TRUE(t.has_value());
    const std::string access = text(t->body, "access_token"), rt = text(t->body, "refresh_token");
    expect_status(read_with(access), 200, "AUTH-LIFETIME");
    Exchange moved = sim("simAdvanceClock", {}, {{"seconds", 3601}});
    ASSERT_EQ(moved.status(), 200) << "the simulation clock did not move";
    // No longer accepted after the hour is AUTH-LIFETIME's; that the refusal is a 401 is AUTH-EXPIRED's.
    Exchange expired = read_with(access);
    if (expect_rejected(expired, "AUTH-LIFETIME", kUnauthenticated)) expect_status(expired, 401, "AUTH-EXPIRED");
    // The PAT never expires, and the 30-day refresh token still works after the hour.
    expect_status(send({.operation = "listChannels"}), 200, "AUTH-LIFETIME");
    Exchange ex = refresh(*c, rt);
    if (expect_status(ex, 200, "AUTH-LIFETIME")) expect_status(read_with(text(ex.json(), "access_token")), 200, "AUTH-LIFETIME");
}

}  // namespace
}  // namespace dockside::suites
