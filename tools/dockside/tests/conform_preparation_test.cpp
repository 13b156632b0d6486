// `dockside conform` while it prepares a run against a server: the answers it reads there are judged like
// any other (a malformed channel list is a finding with the validator's pointer, and the run goes on where
// it can), every target flag reaches the tests that need it (the OAuth client), a base URL written with the
// API version is understood before anything is sent, and credentials given for the embedded server are said
// to be unused.

#include <algorithm>
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "tools/dockside/tests/cli_support.h"

namespace dockside::clitest {
namespace {

using json = nlohmann::json;

/// Every finding of results.json.
std::vector<json> findings_of(const json& results) {
    std::vector<json> out;
    if (!results.is_object()) return out;
    for (const auto& t : results["tests"])
        for (const auto& f : t.value("findings", json::array())) out.push_back(f);
    return out;
}

/// GET /2025-07/channel answers each channel's scopes as one space-separated string (OAuth's own way of
/// writing scopes) instead of the documented array of names.
void scopes_as_one_string(const http::Request& request, http::Response& response) {
    if (request.method != "GET" || request.path() != "/2025-07/channel") return;
    auto body = json::parse(response.body, nullptr, false);
    if (!body.is_object() || !body.value("items", json()).is_array()) return;
    for (auto& channel : body["items"]) {
        std::string joined;
        for (const auto& scope : channel.value("scopes", json::array()))
            joined += (joined.empty() ? "" : " ") + scope.get<std::string>();
        channel["scopes"] = joined;
    }
    response.body = body.dump();
}

TEST(Preparation, ScopesAsOneStringAreAChannelListFindingAndTheRunGoesOn) {
    auto target = MisbehavingTarget::start(scopes_as_one_string);
    ASSERT_TRUE(target);
    const std::vector<std::string> selection = {"conform", "--only", "orders", "--filter",
                                                "Orders.ORD_CREATED_*:Orders.ORD_GET_*", "--cases", "3", "--seed", "8"};
    // Without --channel the write channel is still recognised in the string; with it, it is the one given.
    for (const bool channel_given : {false, true}) {
        const std::string out = fresh_dir(channel_given ? "scopes-string-channel" : "scopes-string");
        auto args = with(with(selection, target->target_args()), {"--out", out});
        if (channel_given) args = with(args, {"--channel", "101"});
        auto ran = dockside(args);
        EXPECT_EQ(ran.exit_code, 1) << ran.output;
        const auto results = results_of(out);
        ASSERT_TRUE(results.is_object()) << ran.output;
        EXPECT_EQ(tests_with(results, "failed"), std::vector<std::string>{"Channels.CH_LIST_DiscoveryAnswersTheDocumentedPage"})
            << ran.output;
        EXPECT_GE(tests_with(results, "passed").size(), 2u) << "the rest of the run went on\n" << ran.output;
        bool pointed = false;
        for (const auto& f : findings_of(results))
            for (const auto& v : f.value("violations", json::array()))
                pointed = pointed || (f.value("rule", "") == "CH-LIST" && v.value("pointer", "") == "/items/0/scopes");
        EXPECT_TRUE(pointed) << results.dump(2);
        EXPECT_TRUE(has(ran.output, "/items/0/scopes")) << ran.output;
    }
}

TEST(Preparation, ARefusalThatEndsTheRunNamesTheContractViolationToo) {
    // A wrong token is refused (exit 2, nothing to run with); the refusal is not the documented JSON error.
    auto target = MisbehavingTarget::start([](const http::Request&, http::Response& response) {
        if (response.status != 401) return;
        response.body = "go away";
        response.headers.set("Content-Type", "text/plain");
    });
    ASSERT_TRUE(target);
    const std::string out = fresh_dir("refused-plain");
    auto ran = dockside({"conform", "--base-url", target->base_url(), "--token", "wrong", "--channel", "101",
                         "--out", out + "/run"});
    EXPECT_EQ(ran.exit_code, 2) << ran.output;
    EXPECT_TRUE(has(ran.output, "the token was refused")) << ran.output;
    EXPECT_TRUE(has(ran.output, "also break the contract: CONV-JSON")) << ran.output;
}

TEST(Preparation, OAuthFlagsReachTheOAuthTests) {
    auto serve = ServeProcess::start({});
    ASSERT_TRUE(serve);
    const std::string dir = fresh_dir("oauth-flags");
    const std::string secret_file = dir + "/client-secret";
    std::ofstream(secret_file) << "dockside-demo-secret\n";
    // The client of the built-in seed (dockside serve prints it), given as flags only: none in the environment.
    for (const std::vector<std::string>& secret : {std::vector<std::string>{"--client-secret", "dockside-demo-secret"},
                                                    std::vector<std::string>{"--client-secret-file", secret_file}}) {
        const std::string out = dir + "/out-" + secret.front().substr(2);
        auto ran = dockside(with(with({"conform", "--base-url", serve->base_url(), "--client-id", "dockside-demo-app",
                                       "--redirect-uri", "http://127.0.0.1/callback", "--only", "auth", "--filter",
                                       "Auth.AUTH_OAUTH_*", "--seed", "3", "--out", out},
                                      secret),
                                 {"-v"}));
        EXPECT_EQ(ran.exit_code, 0) << ran.output;
        EXPECT_FALSE(has(ran.output, "no OAuth client configured")) << ran.output;
        const auto results = results_of(out);
        ASSERT_TRUE(results.is_object()) << ran.output;
        EXPECT_TRUE(tests_with(results, "skipped").empty()) << ran.output;
        EXPECT_GE(tests_with(results, "passed").size(), 4u) << ran.output;
    }
}

TEST(Preparation, ATokenAndAnOAuthClientTogetherGiveEachTestTheCredentialItNeeds) {
    // AUTH-LIFETIME needs both: the OAuth client for its token, the simulation control (the PAT's alone) to
    // move past the hour. With one of the two it is skipped.
    auto serve = ServeProcess::start({});
    ASSERT_TRUE(serve);
    const std::string out = fresh_dir("token-and-client");
    auto ran = dockside({"conform", "--base-url", serve->base_url(), "--token", serve->pat(), "--client-id",
                         "dockside-demo-app", "--client-secret", "dockside-demo-secret", "--redirect-uri",
                         "http://127.0.0.1/callback", "--only", "auth", "--filter", "Auth.AUTH_OAUTH_*:Auth.AUTH_LIFETIME_*",
                         "--seed", "3", "--out", out});
    EXPECT_EQ(ran.exit_code, 0) << ran.output;
    const auto results = results_of(out);
    ASSERT_TRUE(results.is_object()) << ran.output;
    EXPECT_TRUE(tests_with(results, "skipped").empty()) << ran.output;
    const auto passed = tests_with(results, "passed");
    EXPECT_NE(std::find(passed.begin(), passed.end(), "Auth.AUTH_LIFETIME_AccessTokenLastsOneHour"), passed.end()) << ran.output;
    EXPECT_GE(passed.size(), 5u) << ran.output;
    // The personal access token is the run's: nothing to renew.
    EXPECT_FALSE(results.contains("credentials")) << results.value("credentials", json()).dump();
}

TEST(Preparation, ABaseUrlEndingInTheApiVersionIsTakenWithoutIt) {
    auto serve = ServeProcess::start({});
    ASSERT_TRUE(serve);
    const std::string out = fresh_dir("versioned-base");
    auto ran = dockside({"conform", "--base-url", serve->base_url() + "/2025-07/", "--token", serve->pat(), "--only",
                         "orders", "--filter", "Orders.ORD_CREATED_*:Orders.ORD_GET_*", "--seed", "8", "--out", out});
    EXPECT_EQ(ran.exit_code, 0) << ran.output;
    EXPECT_TRUE(has(ran.output, "note: --base-url " + serve->base_url() + "/2025-07/ ends in the API version /2025-07"))
        << ran.output;
    EXPECT_TRUE(has(ran.output, "taken as " + serve->base_url() + " ")) << ran.output;
    const auto results = results_of(out);
    ASSERT_TRUE(results.is_object()) << ran.output;
    EXPECT_EQ(results.value("target", ""), serve->base_url());
    // Another version's segment names the wrong API: refused before anything is sent.
    auto other = dockside({"conform", "--base-url", serve->base_url() + "/2024-01", "--token", serve->pat(), "--out",
                           fresh_dir("other-version") + "/run"});
    EXPECT_EQ(other.exit_code, 2) << other.output;
    EXPECT_TRUE(has(other.output, "ends in /2024-01, another API version than the 2025-07")) << other.output;
    // dockside load reads the same target configuration.
    const std::string load_out = fresh_dir("versioned-base-load");
    auto load = dockside({"load", "--base-url", serve->base_url() + "/2025-07", "--token", serve->pat(), "--mix",
                          "GET /2025-07/location", "--rate", "20", "--duration", "1s", "--warmup", "0s", "--out", load_out});
    EXPECT_EQ(load.exit_code, 0) << load.output;
    EXPECT_TRUE(has(load.output, "dockside load: note: --base-url " + serve->base_url() + "/2025-07 ends in the API version"))
        << load.output;
}

TEST(Preparation, ABaseUrlWithAWrongPrefixIsAConfigurationErrorNotAFinding) {
    auto serve = ServeProcess::start({});
    ASSERT_TRUE(serve);
    const std::string wrong = serve->base_url() + "/api";
    const std::string out = fresh_dir("wrong-prefix");
    auto ran = dockside({"conform", "--base-url", wrong, "--token", serve->pat(), "--only", "channels", "--seed", "8",
                         "--out", out + "/run"});
    EXPECT_EQ(ran.exit_code, 2) << ran.output;
    EXPECT_TRUE(has(ran.output, "answered 404: --base-url " + wrong + " does not lead to the API")) << ran.output;
    EXPECT_FALSE(has(ran.output, "CH-LIST")) << "the server is not to blame\n" << ran.output;
    // The authorization server under the same wrong prefix says so too, not that consent is interactive.
    auto oauth = dockside({"conform", "--base-url", wrong, "--client-id", "dockside-demo-app", "--client-secret",
                           "dockside-demo-secret", "--redirect-uri", "http://127.0.0.1/callback", "--out", out + "/oauth"});
    EXPECT_EQ(oauth.exit_code, 2) << oauth.output;
    EXPECT_TRUE(has(oauth.output, "does not lead to the authorization server")) << oauth.output;
}

TEST(Preparation, CredentialsForAServerAreSaidUnusedAgainstTheEmbeddedOne) {
    const std::string out = fresh_dir("embedded-token");
    auto ran = dockside({"conform", "--token", "mine", "--channel", "7", "--only", "orders", "--filter",
                         "Orders.ORD_GET_*", "--seed", "8", "--out", out});
    EXPECT_EQ(ran.exit_code, 0) << ran.output;
    EXPECT_TRUE(has(ran.output, "warning: --token (DOCKSIDE_TOKEN) is not used: without --base-url the target is the "
                                "embedded reference server"))
        << ran.output;
    EXPECT_TRUE(has(ran.output, "warning: --channel (DOCKSIDE_CHANNEL) is not used")) << ran.output;
}

}  // namespace
}  // namespace dockside::clitest
