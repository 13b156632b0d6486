// The OAuth authorization-code flow against the reference server, whose test client consents automatically.
#include "harness/auth/oauth_code_flow.h"

#include <algorithm>

#include <gtest/gtest.h>

#include "harness/preflight/target.h"
#include "specs/loader/spec_location.h"
#include "harness/tests/support/reference_server.h"

namespace dockside::auth {
namespace {

const std::string kSpecsDir = DOCKSIDE_SPECS_DIR;

TEST(CodeFromLocation, ReadsQueryOrFragmentAndChecksState) {
    auto code = code_from_location("http://127.0.0.1/callback?code=abc&state=s1", "s1");
    ASSERT_TRUE(code.ok()) << code.error();
    EXPECT_EQ(*code, "abc");
    auto fragment = code_from_location("http://127.0.0.1/callback#state=s1&code=x%20y", "s1");
    ASSERT_TRUE(fragment.ok()) << fragment.error();
    EXPECT_EQ(*fragment, "x y");
    EXPECT_FALSE(code_from_location("http://127.0.0.1/callback?code=abc&state=other", "s1").ok());
    EXPECT_FALSE(code_from_location("http://127.0.0.1/callback", "").ok());
    auto error = code_from_location("http://127.0.0.1/callback?error=access_denied", "");
    ASSERT_FALSE(error.ok());
    EXPECT_NE(error.error().find("access_denied"), std::string::npos);
}

TEST(AllScopes, IncludeOfflineAccessAndOpenid) {
    auto spec = spec::Spec::load(kSpecsDir + "/fulfillment-2025-07.openapi.yaml", "");
    ASSERT_TRUE(spec.ok()) << spec.error().to_string();
    const auto scopes = all_scopes(*spec);
    for (const char* scope : {"offline_access", "openid", "orders_write", "orders_read"})
        EXPECT_NE(std::find(scopes.begin(), scopes.end(), scope), scopes.end()) << scope;
}

TEST(OAuthCodeFlow, AutomatedConsentYieldsAWorkingToken) {
    auto server = testing::start_reference_server();
    ASSERT_TRUE(server);
    auto client = server->api().oauth_client();
    ASSERT_TRUE(client.has_value());
    auto spec = spec::Spec::load(kSpecsDir + "/fulfillment-2025-07.openapi.yaml", "");
    ASSERT_TRUE(spec.ok());
    // Request only what the app was granted (plus the OIDC extras), as a user would configure it.
    std::vector<std::string> scopes(client->scopes.begin(), client->scopes.end());
    scopes.push_back("offline_access");
    scopes.push_back("openid");
    OAuthRequest request{server->base_url(), client->client_id, client->client_secret, "http://127.0.0.1/callback",
                         scopes};
    http::PreparationAnswers answers;
    auto tokens = oauth_code_flow(request, {}, &answers);
    ASSERT_TRUE(tokens.ok()) << tokens.error();
    ASSERT_EQ(answers.size(), 2u);
    EXPECT_EQ(answers[0].operation, "authorize");
    EXPECT_EQ(answers[0].response.status, 302);
    EXPECT_EQ(answers[1].operation, "token");
    EXPECT_EQ(answers[1].expected_status, 200);
    EXPECT_FALSE(tokens->access_token.empty());
    EXPECT_FALSE(tokens->refresh_token.empty());
    auto channels = preflight::discover_channels(*spec::default_spec().value(), server->base_url(), tokens->access_token, {});
    EXPECT_TRUE(channels.ok()) << channels.error().message;
}

TEST(OAuthCodeFlow, RefusedConsentIsAConfigurationErrorSuggestingToken) {
    auto server = testing::start_reference_server();
    ASSERT_TRUE(server);
    OAuthRequest request{server->base_url(), "unknown-client", "x", "http://127.0.0.1/callback", {"openid"}};
    auto tokens = oauth_code_flow(request, {});
    ASSERT_FALSE(tokens.ok());
    EXPECT_NE(tokens.error().find("interactive consent"), std::string::npos) << tokens.error();
    EXPECT_NE(tokens.error().find("--token"), std::string::npos) << tokens.error();
    request.redirect_uri.clear();
    auto no_redirect = oauth_code_flow(request, {});
    ASSERT_FALSE(no_redirect.ok());
    EXPECT_NE(no_redirect.error().find("DOCKSIDE_REDIRECT_URI"), std::string::npos);
}

}  // namespace
}  // namespace dockside::auth
