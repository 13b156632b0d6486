#include "harness/config/target_config.h"

#include <gtest/gtest.h>

#include <fstream>

namespace dockside::config {
namespace {

const ProfileNames kProfiles{"default", "strict"};

/// A server named by its base URL, with a token.
RawTargetOptions remote(const std::string& base_url) {
    RawTargetOptions raw;
    raw.base_url = base_url;
    raw.token = "pat-123";
    return raw;
}

std::vector<ConfigProblem> problems_of(const RawTargetOptions& raw) {
    auto result = resolve(raw, kProfiles);
    return result ? std::vector<ConfigProblem>{} : result.error();
}

TEST(TargetConfig, EmptyOptionsMeanTheEmbeddedServer) {
    auto result = resolve(RawTargetOptions{}, kProfiles);
    ASSERT_TRUE(result);
    EXPECT_TRUE(result->embedded());
    EXPECT_EQ(result->auth, AuthMethod::None);
    EXPECT_EQ(result->channel_header, "") << "not given: the spec's";
    EXPECT_EQ(result->profile, "default");
    EXPECT_DOUBLE_EQ(result->timeout_seconds, 30);
}

// `--timeout 5s` was refused while every other duration takes units; a bare number stays seconds.
TEST(TargetConfig, TimeoutTakesSecondsOrADurationWithItsUnit) {
    for (const auto& [text, seconds] : std::vector<std::pair<std::string, double>>{
             {"5s", 5}, {"500ms", 0.5}, {"2m", 120}, {"1m30s", 90}, {"12", 12}, {"0.25", 0.25}}) {
        RawTargetOptions raw;
        raw.timeout = text;
        auto result = resolve(raw, kProfiles);
        ASSERT_TRUE(result) << text;
        EXPECT_DOUBLE_EQ(result->timeout_seconds, seconds) << text;
    }
    for (const std::string bad : {"0", "0s", "2h", "soon", "5 parsecs", ""}) {
        RawTargetOptions raw;
        raw.timeout = bad;
        const auto problems = problems_of(raw);
        ASSERT_EQ(problems.size(), 1u) << bad;
        EXPECT_EQ(problems[0].option, "--timeout (DOCKSIDE_TIMEOUT)");
        EXPECT_NE(problems[0].message.find("(5s, 500ms, 2m)"), std::string::npos) << problems[0].message;
    }
}

TEST(TargetConfig, AuthUrlDefaultsToBaseUrl) {
    RawTargetOptions raw;
    raw.base_url = "https://api.example.test";
    raw.token = "pat-123";
    auto result = resolve(raw, kProfiles);
    ASSERT_TRUE(result);
    EXPECT_EQ(result->auth_url, "https://api.example.test");
    EXPECT_EQ(result->auth, AuthMethod::PersonalToken);
    EXPECT_FALSE(result->embedded());
}

TEST(TargetConfig, OAuthClientCredentialsAreAccepted) {
    RawTargetOptions raw;
    raw.base_url = "http://127.0.0.1:8080";
    raw.auth_url = "http://127.0.0.1:8081";
    raw.client_id = "app";
    raw.client_secret = "s3cret";
    raw.channel = "42";
    auto result = resolve(raw, kProfiles);
    ASSERT_TRUE(result);
    EXPECT_EQ(result->auth, AuthMethod::OAuthClient);
    EXPECT_EQ(result->auth_url, "http://127.0.0.1:8081");
    EXPECT_EQ(result->channel, 42);
    // Beside a personal access token: the token runs the tests, the client (and its redirect URI) the OAuth ones.
    raw.token = "pat";
    raw.redirect_uri = "https://app.example.test/callback";
    auto both = resolve(raw, kProfiles);
    ASSERT_TRUE(both) << both.error().front().to_string();
    EXPECT_EQ(both->auth, AuthMethod::PersonalToken);
    EXPECT_TRUE(both->has_oauth_client());
    EXPECT_EQ(both->token, "pat");
    EXPECT_EQ(both->client_secret, "s3cret");
    EXPECT_EQ(both->redirect_uri, "https://app.example.test/callback");
}

// The contract's paths begin with the version; a base URL written with it would double it in every request.
TEST(TargetConfig, ABaseUrlEndingInTheContractsVersionIsTakenWithoutItAndSaidSo) {
    for (const std::string given : {"https://api.example.test/2025-07", "https://api.example.test/2025-07/",
                                    "https://api.example.test/fulfillment/2025-07"}) {
        auto result = resolve(remote(given), kProfiles, "/2025-07");
        ASSERT_TRUE(result) << given;
        const std::string root = given.find("/fulfillment") != std::string::npos
                                     ? "https://api.example.test/fulfillment" : "https://api.example.test";
        EXPECT_EQ(result->base_url, root) << given;
        EXPECT_EQ(result->auth_url, root) << given;
        ASSERT_EQ(result->notes.size(), 1u) << given;
        EXPECT_NE(result->notes[0].find("ends in the API version /2025-07"), std::string::npos) << result->notes[0];
        EXPECT_NE(result->notes[0].find("taken as " + root), std::string::npos) << result->notes[0];
    }
    auto kept = resolve(remote("https://api.example.test/2025-07x"), kProfiles, "/2025-07");
    ASSERT_TRUE(kept);
    EXPECT_EQ(kept->base_url, "https://api.example.test/2025-07x");
    EXPECT_TRUE(kept->notes.empty());
}

TEST(TargetConfig, ABaseUrlEndingInAnotherVersionIsAProblemNamingTheRoot) {
    auto result = resolve(remote("https://api.example.test/2024-01"), kProfiles, "/2025-07");
    ASSERT_FALSE(result);
    ASSERT_EQ(result.error().size(), 1u);
    EXPECT_EQ(result.error()[0].option, "--base-url (DOCKSIDE_BASE_URL)");
    EXPECT_NE(result.error()[0].message.find("another API version than the 2025-07"), std::string::npos)
        << result.error()[0].message;
    EXPECT_NE(result.error()[0].message.find("give the server's root, https://api.example.test"), std::string::npos)
        << result.error()[0].message;
}

TEST(TargetConfig, CredentialsAndChannelGivenForTheEmbeddedServerAreSaidUnused) {
    RawTargetOptions raw;
    raw.token = "pat-123";
    raw.channel = "7";
    auto result = resolve(raw, kProfiles, "/2025-07");
    ASSERT_TRUE(result);
    EXPECT_TRUE(result->embedded());
    ASSERT_EQ(result->warnings.size(), 2u);
    EXPECT_NE(result->warnings[0].find("--token (DOCKSIDE_TOKEN) is not used"), std::string::npos) << result->warnings[0];
    EXPECT_NE(result->warnings[1].find("--channel (DOCKSIDE_CHANNEL) is not used"), std::string::npos) << result->warnings[1];
    RawTargetOptions remote = raw;
    remote.base_url = "https://api.example.test";
    auto used = resolve(remote, kProfiles, "/2025-07");
    ASSERT_TRUE(used);
    EXPECT_TRUE(used->warnings.empty());
}

TEST(TargetConfig, EveryProblemIsReportedAtOnce) {
    RawTargetOptions raw;
    raw.base_url = "ftp://example.test";
    raw.token = "abcdefgh";
    raw.client_id = "app";
    raw.channel = "seven";
    raw.channel_header = "bad header";
    raw.profile = "lenient";
    raw.timeout = "-1";
    raw.redirect_uri = "callback";
    auto problems = problems_of(raw);
    ASSERT_EQ(problems.size(), 7u);
    EXPECT_EQ(problems[0].option, "--base-url (DOCKSIDE_BASE_URL)");
    EXPECT_EQ(problems[1].option, "--redirect-uri (DOCKSIDE_REDIRECT_URI)");
    EXPECT_EQ(problems[2].option, "--client-secret (DOCKSIDE_CLIENT_SECRET)");
    EXPECT_EQ(problems[3].option, "--channel (DOCKSIDE_CHANNEL)");
    EXPECT_EQ(problems[4].option, "--channel-header (DOCKSIDE_CHANNEL_HEADER)");
    EXPECT_EQ(problems[5].option, "--profile (DOCKSIDE_PROFILE)");
    EXPECT_NE(problems[5].message.find("default, strict"), std::string::npos);
    EXPECT_EQ(problems[6].option, "--timeout (DOCKSIDE_TIMEOUT)");
}

TEST(TargetConfig, OAuthNeedsBothHalves) {
    RawTargetOptions raw;
    raw.base_url = "http://127.0.0.1:1";
    raw.client_secret = "s";
    auto problems = problems_of(raw);
    ASSERT_EQ(problems.size(), 1u);
    EXPECT_EQ(problems[0].option, "--client-id (DOCKSIDE_CLIENT_ID)");
}

TEST(TargetConfig, ANamedServerNeedsCredentials) {
    RawTargetOptions raw;
    raw.base_url = "http://127.0.0.1:1";
    auto problems = problems_of(raw);
    ASSERT_EQ(problems.size(), 1u);
    EXPECT_EQ(problems[0].option, "--token (DOCKSIDE_TOKEN)");
}

TEST(TargetConfig, AuthUrlWithoutBaseUrlIsRejected) {
    RawTargetOptions raw;
    raw.auth_url = "http://127.0.0.1:1";
    auto problems = problems_of(raw);
    ASSERT_EQ(problems.size(), 1u);
    EXPECT_EQ(problems[0].option, "--auth-url (DOCKSIDE_AUTH_URL)");
}

TEST(TargetConfig, ChannelMustBeAPositiveInteger) {
    for (const char* bad : {"0", "-3", "12x", "9999999999999999999999"}) {
        RawTargetOptions raw;
        raw.channel = bad;
        EXPECT_EQ(problems_of(raw).size(), 1u) << bad;
    }
}

TEST(TargetConfig, ProblemReadsAsOneLine) {
    ConfigProblem p{"--channel (DOCKSIDE_CHANNEL)", "x", "must be a positive integer"};
    EXPECT_EQ(p.to_string(), "--channel (DOCKSIDE_CHANNEL) = 'x': must be a positive integer");
}

/// A file in the test's temporary directory holding `text`.
std::string secret_file(const std::string& name, const std::string& text) {
    const std::string path = ::testing::TempDir() + "/" + name;
    std::ofstream(path) << text;
    return path;
}

TEST(TargetConfig, SecretsComeFromFilesWithoutTheirLineEnd) {
    RawTargetOptions raw;
    raw.base_url = "https://api.example.test";
    raw.token_file = secret_file("token", "pat-from-file\r\n");
    auto with_token = resolve(raw, kProfiles);
    ASSERT_TRUE(with_token);
    EXPECT_EQ(with_token->token, "pat-from-file");
    EXPECT_EQ(with_token->auth, AuthMethod::PersonalToken);

    RawTargetOptions oauth;
    oauth.base_url = "https://api.example.test";
    oauth.client_id = "app";
    oauth.client_secret_file = secret_file("client-secret", "s3cret\nsecond line ignored\n");
    auto with_secret = resolve(oauth, kProfiles);
    ASSERT_TRUE(with_secret);
    EXPECT_EQ(with_secret->client_secret, "s3cret");
    EXPECT_EQ(with_secret->auth, AuthMethod::OAuthClient);
}

TEST(TargetConfig, SecretFileProblemsNameTheFileNeverItsContent) {
    RawTargetOptions both;
    both.base_url = "https://api.example.test";
    both.token = "typed-token";
    both.token_file = secret_file("token2", "filed-token\n");
    auto problems = problems_of(both);
    ASSERT_EQ(problems.size(), 1u);
    EXPECT_EQ(problems[0].option, "--token-file (DOCKSIDE_TOKEN_FILE)");
    EXPECT_EQ(problems[0].to_string().find("filed-token"), std::string::npos);

    RawTargetOptions missing;
    missing.base_url = "https://api.example.test";
    missing.token_file = "/nonexistent/dockside-token";
    problems = problems_of(missing);
    ASSERT_FALSE(problems.empty());
    EXPECT_EQ(problems[0].to_string(), "--token-file (DOCKSIDE_TOKEN_FILE) = '/nonexistent/dockside-token': cannot read the file");

    RawTargetOptions empty;
    empty.client_id = "app";
    empty.client_secret_file = secret_file("empty", "\n");
    problems = problems_of(empty);
    ASSERT_FALSE(problems.empty());
    EXPECT_NE(problems[0].to_string().find("first line is empty"), std::string::npos);
}

TEST(TargetConfig, EnvironmentNamesFollowFlags) {
    EXPECT_EQ(env_name_for("--base-url"), "DOCKSIDE_BASE_URL");
    EXPECT_EQ(env_name_for("--channel-header"), "DOCKSIDE_CHANNEL_HEADER");
}

}  // namespace
}  // namespace dockside::config
