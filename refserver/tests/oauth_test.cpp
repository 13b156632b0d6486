// The OAuth 2.0 authorization-code flow end to end (AUTH-OAUTH-AUTHZ, AUTH-OAUTH-TOKEN,
// AUTH-OAUTH-REFRESH, AUTH-LIFETIME).

#include "core/url_escapes.h"
#include "refserver/auth/jwt.h"
#include "refserver/core/query.h"
#include "refserver/tests/oauth_flow.h"
#include "refserver/tests/test_support.h"

namespace dockside::refserver {
namespace {
using namespace testing;

TEST(OAuth, AuthorizeRedirectsWithCodeStateScopeSessionAndIdToken) {
    Harness h;
    OAuthFlow f{h};
    auto r = f.authorize("&state=xyz&nonce=abc123");
    ASSERT_EQ(r.status, 302);
    auto loc = std::string(*r.headers.get("Location"));
    EXPECT_EQ(loc.rfind(f.client.redirect_uris[0] + "#", 0), 0u) << loc;
    auto cb = f.callback(r);
    EXPECT_FALSE(cb.get("code").value_or("").empty());
    EXPECT_EQ(cb.get("state"), "xyz");
    EXPECT_FALSE(cb.get("session_state").value_or("").empty());
    EXPECT_NE(cb.get("scope")->find("openid"), std::string::npos);
    auto id_token = *cb.get("id_token");
    EXPECT_EQ(std::count(id_token.begin(), id_token.end(), '.'), 2);
}

TEST(OAuth, AuthorizeQueryModeAndFormPost) {
    Harness h;
    OAuthFlow f{h};
    auto q = f.authorize("&response_mode=query&state=q");
    ASSERT_EQ(q.status, 302);
    EXPECT_NE(q.headers.get("Location")->find("?code="), std::string::npos);
    auto form = f.authorize("&response_mode=form_post&state=formstate");
    ASSERT_EQ(form.status, 200);
    EXPECT_EQ(form.media_type(), "text/html");
    EXPECT_NE(form.body.find("method=\"post\""), std::string::npos);
    EXPECT_NE(form.body.find("document.forms[0].submit()"), std::string::npos);
    EXPECT_NE(form.body.find("name=\"state\" value=\"formstate\""), std::string::npos);
    EXPECT_NE(form.body.find("name=\"code\""), std::string::npos);
    EXPECT_EQ(f.authorize("&response_mode=bogus").status, 400);
}

TEST(OAuth, AuthorizeRejectsMissingOrWrongParameters) {
    Harness h;
    OAuthFlow f{h};
    for (const char* target : {"/connect/authorize?scope=openid&redirect_uri=https%3A%2F%2Flocalhost%3A8443%2Fcallback",
                               "/connect/authorize?client_id=dockside-demo-app&redirect_uri=https%3A%2F%2Flocalhost%3A8443%2Fcallback",
                               "/connect/authorize?client_id=dockside-demo-app&scope=openid"}) {
        auto r = h.raw({"GET", target, {}, ""});
        EXPECT_EQ(r.status, 400) << target;
        EXPECT_EQ(rule_of(r), "AUTH-OAUTH-AUTHZ");
    }
    auto wrong_redirect = h.raw({"GET", "/connect/authorize?client_id=" + f.client.client_id +
                                            "&scope=openid&redirect_uri=https%3A%2F%2Fevil.example%2Fcb", {}, ""});
    EXPECT_EQ(wrong_redirect.status, 400);
    EXPECT_EQ(field_of(wrong_redirect), "redirect_uri");
    EXPECT_FALSE(wrong_redirect.headers.has("Location"));
    auto wrong_client = h.raw({"GET", "/connect/authorize?client_id=nope&scope=openid&redirect_uri=" +
                                          percent_encode(f.client.redirect_uris[0]), {}, ""});
    EXPECT_EQ(field_of(wrong_client), "client_id");
    EXPECT_EQ(f.authorize("", "orders_read made_up_scope").status, 400);
}

TEST(OAuth, CodeExchangeIssuesTokensAndNonceComesBack) {
    Harness h;
    OAuthFlow f{h};
    auto r = f.exchange(f.code());
    ASSERT_EQ(r.status, 200) << r.body;
    EXPECT_EQ(r.media_type(), "application/json");
    auto j = body_of(r);
    EXPECT_EQ(j["expires_in"], 3600);
    EXPECT_EQ(j["token_type"], "bearer");
    EXPECT_TRUE(j["access_token"].is_string());
    EXPECT_TRUE(j["refresh_token"].is_string());
    EXPECT_NE(j["scope"].get<std::string>().find("orders_read"), std::string::npos);
    auto payload = verify_jwt(j["id_token"], "wrong");
    EXPECT_FALSE(payload.has_value());
    // The id_token's payload is base64url JSON; decode through the authorize id_token shape check.
    auto id = j["id_token"].get<std::string>();
    EXPECT_EQ(std::count(id.begin(), id.end(), '.'), 2);
    // The access token works on the API within its scopes.
    EXPECT_EQ(h.send("GET", "/2025-07/order", "", j["access_token"].get<std::string>()).status, 200);
    EXPECT_EQ(h.send("GET", "/2025-07/channel", "", j["access_token"].get<std::string>()).status, 403);
}

TEST(OAuth, NoRefreshTokenWithoutOfflineAccess) {
    Harness h;
    OAuthFlow f{h};
    auto j = body_of(f.exchange(f.code("orders_read")));
    EXPECT_TRUE(j.contains("access_token"));
    EXPECT_FALSE(j.contains("refresh_token"));
}

TEST(OAuth, CodeIsSingleUse) {
    Harness h;
    OAuthFlow f{h};
    auto code = f.code();
    EXPECT_EQ(f.exchange(code).status, 200);
    auto again = f.exchange(code);
    EXPECT_EQ(again.status, 400);
    EXPECT_EQ(body_of(again)["error"]["code"], "invalid_grant");
}

TEST(OAuth, TokenRejectsBadClientRedirectAndGrant) {
    Harness h;
    OAuthFlow f{h};
    http::Request bad_secret{"POST", "/connect/token?client_id=" + f.client.client_id + "&client_secret=wrong&grant_type=authorization_code&code=" + f.code(), {}, ""};
    EXPECT_EQ(h.raw(bad_secret).status, 401);
    EXPECT_EQ(f.token("grant_type=authorization_code&code=" + f.code() + "&redirect_uri=https%3A%2F%2Fother").status, 400);
    EXPECT_EQ(f.token("grant_type=password").status, 400);
    EXPECT_EQ(f.token("grant_type=authorization_code&code=unknown").status, 400);
    http::Request json_body{"POST", "/connect/token", {{"Content-Type", "application/json"}}, "{}"};
    EXPECT_EQ(h.raw(json_body).status, 415);
}

TEST(OAuth, TokenAcceptsQueryParameters) {
    Harness h;
    OAuthFlow f{h};
    http::Request r{"POST", "/connect/token?client_id=" + f.client.client_id + "&client_secret=" + f.client.client_secret +
                                "&grant_type=authorization_code&code=" + f.code() + "&redirect_uri=" +
                                percent_encode(f.client.redirect_uris[0]), {}, ""};
    EXPECT_EQ(h.raw(r).status, 200);
}

TEST(OAuth, RefreshRotatesAndOldRefreshStopsWorking) {
    Harness h;
    OAuthFlow f{h};
    auto first = body_of(f.exchange(f.code()));
    auto refreshed = f.token("grant_type=refresh_token&refresh_token=" + first["refresh_token"].get<std::string>());
    ASSERT_EQ(refreshed.status, 200) << refreshed.body;
    auto second = body_of(refreshed);
    EXPECT_NE(second["access_token"], first["access_token"]);
    EXPECT_NE(second["refresh_token"], first["refresh_token"]);
    EXPECT_EQ(second["expires_in"], 3600);
    EXPECT_EQ(f.token("grant_type=refresh_token&refresh_token=" + first["refresh_token"].get<std::string>()).status, 400);
    EXPECT_EQ(f.token("grant_type=refresh_token&refresh_token=" + second["refresh_token"].get<std::string>()).status, 200);
    EXPECT_EQ(h.send("GET", "/2025-07/order", "", second["access_token"].get<std::string>()).status, 200);
}

TEST(OAuth, AccessTokenExpiresAfterOneHour) {
    Harness h;
    OAuthFlow f{h};
    auto access = body_of(f.exchange(f.code()))["access_token"].get<std::string>();
    h.clock->advance(std::chrono::minutes(59));
    EXPECT_EQ(h.send("GET", "/2025-07/order", "", access).status, 200);
    h.clock->advance(std::chrono::minutes(2));
    EXPECT_EQ(h.send("GET", "/2025-07/order", "", access).status, 401);
}

TEST(OAuth, RefreshTokenExpiresAfterThirtyDays) {
    Harness h;
    OAuthFlow f{h};
    auto tokens = body_of(f.exchange(f.code()));
    auto tokens2 = body_of(f.exchange(f.code()));
    h.clock->advance(std::chrono::hours(24 * 29));
    EXPECT_EQ(f.token("grant_type=refresh_token&refresh_token=" + tokens["refresh_token"].get<std::string>()).status, 200);
    h.clock->advance(std::chrono::hours(24 * 2));
    auto late = f.token("grant_type=refresh_token&refresh_token=" + tokens2["refresh_token"].get<std::string>());
    EXPECT_EQ(late.status, 400);
    EXPECT_EQ(rule_of(late), "AUTH-LIFETIME");
}

TEST(OAuth, IdTokenCarriesNonceAndAudience) {
    Harness h;
    OAuthFlow f{h};
    auto cb = f.callback(f.authorize("&nonce=the-nonce"));
    auto id = *cb.get("id_token");
    auto mid = id.substr(id.find('.') + 1, id.rfind('.') - id.find('.') - 1);
    // base64url payload -> JSON
    std::string b64 = mid;
    for (auto& c : b64) c = c == '-' ? '+' : c == '_' ? '/' : c;
    while (b64.size() % 4) b64 += '=';
    std::string decoded;
    int val = 0, bits = -8;
    for (unsigned char c : b64) {
        if (c == '=') break;
        int d = std::string("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/").find(static_cast<char>(c));
        val = (val << 6) + d;
        bits += 6;
        if (bits >= 0) {
            decoded.push_back(static_cast<char>((val >> bits) & 0xFF));
            bits -= 8;
        }
    }
    auto payload = nlohmann::json::parse(decoded);
    EXPECT_EQ(payload["nonce"], "the-nonce");
    EXPECT_EQ(payload["aud"], f.client.client_id);
    EXPECT_EQ(payload["exp"].get<std::int64_t>() - payload["iat"].get<std::int64_t>(), 3600);
}

}  // namespace
}  // namespace dockside::refserver
