// The project file's named environments: read with every problem placed by line and column, selected with
// --env, overridden flag by flag, and a personal access token shared between two environments refused; its
// structure checked against its JSON Schema, which documents every key.

#include "harness/config/environments.h"

#include <gtest/gtest.h>

#include <stdlib.h>

#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "harness/config/target_config.h"

namespace dockside::config {
namespace {

const ProfileNames kProfileNames{"default", "strict"};

/// A project file with this text in a fresh folder of its own.
std::string project_file(const std::string& name, const std::string& text) {
    const auto dir = std::filesystem::temp_directory_path() / ("dockside-env-" + name + "-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const auto path = (dir / "dockside.yaml").string();
    std::ofstream(path) << text;
    return path;
}

const char* kTwoEnvironments = R"(environments:
  sandbox:
    base_url: https://sandbox.example.test
    channel: 101
    production: false
    credentials:
      token_env: DOCKSIDE_TEST_SANDBOX_TOKEN
  production:
    base_url: https://api.example.test
    auth_url: https://auth.example.test
    channel_header: X-Channel
    production: true
    credentials:
      client_id: ci
      client_secret_file: production-secret
)";

RawTargetOptions selecting(const std::string& path, const std::string& env) {
    RawTargetOptions raw;
    raw.config_file = path;
    raw.environment = env;
    return raw;
}

/// Every problem of the project file at `path`, one per line; a test failure when it has none.
std::string problems_of(const std::string& path) {
    auto file = load_project_file(path);
    EXPECT_FALSE(file) << path << " was read without a problem";
    std::string all;
    if (!file)
        for (const auto& p : file.error()) all += p + "\n";
    return all;
}

std::string joined(const std::vector<ConfigProblem>& problems) {
    std::string out;
    for (const auto& p : problems) out += p.to_string() + "\n";
    return out;
}

TEST(Environments, AFileIsReadInItsOrderWithSourcesNotSecrets) {
    const auto path = project_file("read", kTwoEnvironments);
    auto file = load_project_file(path);
    ASSERT_TRUE(file) << file.error().front();
    ASSERT_EQ(file->environments.size(), 2u);
    EXPECT_EQ(file->names(), "sandbox, production");
    const Environment& sandbox = file->environments[0];
    EXPECT_EQ(sandbox.base_url, "https://sandbox.example.test");
    EXPECT_EQ(sandbox.channel, "101");
    EXPECT_FALSE(sandbox.production);
    EXPECT_EQ(sandbox.token.describe(), "$DOCKSIDE_TEST_SANDBOX_TOKEN");
    const Environment& production = file->environments[1];
    EXPECT_TRUE(production.production);
    EXPECT_EQ(production.client_id, "ci");
    // A relative secret file is the project file's neighbour, wherever dockside runs.
    EXPECT_EQ(production.client_secret.file, (std::filesystem::path(path).parent_path() / "production-secret").string());
}

TEST(Environments, EveryProblemOfAFileIsPlacedByLineAndColumn) {
    const auto path = project_file("bad", R"(environments:
  sandbox:
    bse_url: https://sandbox.example.test
    production: maybe
    credentials:
      token: abc123
  staging:
    base_url: https://staging.example.test
)");
    const std::string all = problems_of(path);
    EXPECT_NE(all.find(path + ":3:14: unknown key 'bse_url' in environment 'sandbox'; known: auth_url, base_url"),
              std::string::npos) << all;
    EXPECT_NE(all.find("environment 'sandbox' has no base_url"), std::string::npos) << all;
    EXPECT_NE(all.find(path + ":4:17: production must be true or false"), std::string::npos) << all;
    EXPECT_NE(all.find("'token' in the credentials of environment 'sandbox' would keep a secret in the file"), std::string::npos) << all;
    EXPECT_EQ(all.find("abc123"), std::string::npos) << "a secret written in the file is never repeated\n" << all;
    EXPECT_NE(all.find("environment 'staging' does not say production: true or false"), std::string::npos) << all;
    EXPECT_LT(all.find(path + ":3:14:"), all.find(path + ":4:17:")) << "in the order of the file\n" << all;
    EXPECT_LT(all.find(path + ":4:17:"), all.find("environment 'staging'")) << "in the order of the file\n" << all;
}

TEST(Environments, AValueOfTheWrongTypeOrShapeSaysWhatItMustBe) {
    const auto path = project_file("types", R"(environments:
  sandbox:
    base_url: [https://sandbox.example.test]
    channel: {id: 101}
    production: false
    credentials: token_env
  staging: https://staging.example.test
  unknown_only:
    base_url: https://x.example.test
    production: true
    colour: blue
    shade: dark
)");
    const std::string all = problems_of(path);
    EXPECT_NE(all.find(path + ":3:15: base_url must be a string"), std::string::npos) << all;
    EXPECT_NE(all.find(path + ":4:14: channel must be a string or an integer"), std::string::npos) << all;
    EXPECT_NE(all.find("credentials must be a mapping of client_id, client_secret_env, client_secret_file, redirect_uri, "
                       "token_env, token_file"), std::string::npos) << all;
    EXPECT_NE(all.find("environment 'staging' must be a mapping of auth_url, base_url"), std::string::npos) << all;
    // Every unknown key of one mapping is named, not only the first.
    EXPECT_NE(all.find("unknown key 'colour' in environment 'unknown_only'"), std::string::npos) << all;
    EXPECT_NE(all.find("unknown key 'shade' in environment 'unknown_only'"), std::string::npos) << all;

    const auto empty = load_project_file(project_file("empty", "environments: {}\n"));
    ASSERT_FALSE(empty);
    EXPECT_NE(empty.error().front().find("no environment is named"), std::string::npos) << empty.error().front();
    const std::string both = problems_of(project_file("no-environments", "targets: {}\n"));
    EXPECT_NE(both.find("the file must hold a mapping 'environments:' of named environments"), std::string::npos) << both;
    EXPECT_NE(both.find("unknown key 'targets' in the file; known: environments"), std::string::npos) << both;
}

TEST(Environments, NamesWithPointerAndBracketCharactersAreReportedAsWritten) {
    const auto path = project_file("odd-names", R"(environments:
  "a/b~c[d]":
    base_url: https://x.example.test
    production: false
    "x/y~z]": 1
)");
    const std::string all = problems_of(path);
    EXPECT_NE(all.find(path + ":5:15: unknown key 'x/y~z]' in environment 'a/b~c[d]'"), std::string::npos) << all;
}

TEST(Environments, TheSchemaDocumentsEveryKeyItAccepts) {
    const auto schema = nlohmann::json::parse(project_file_schema());
    std::vector<std::string> undocumented;
    for (const char* at : {"/definitions/environment/properties", "/definitions/credentials/properties", "/properties"})
        for (const auto& [key, property] : schema.at(nlohmann::json::json_pointer(at)).items())
            if (!property.contains("description") && !property.contains("$ref")) undocumented.push_back(at + std::string("/") + key);
    EXPECT_TRUE(undocumented.empty()) << undocumented.front();
    // The documented example file (docs/environments.md) passes.
    const auto path = project_file("documented", R"(environments:
  sandbox:
    base_url: https://sandbox.api.example.test
    production: false
    credentials:
      token_env: FULFILLMENT_SANDBOX_TOKEN
  production:
    base_url: https://api.example.test
    auth_url: https://auth.example.test
    channel_header: service_channel_id
    channel: 101
    production: true
    credentials:
      client_id: dockside-ci
      client_secret_file: ~/.config/dockside/production-secret
      redirect_uri: https://ci.example.test/callback
      token_env: FULFILLMENT_PRODUCTION_TOKEN
)");
    const auto file = load_project_file(path);
    ASSERT_TRUE(file) << file.error().front();
    EXPECT_EQ(file->names(), "sandbox, production");
}

TEST(Environments, BrokenYamlNamesItsPosition) {
    const auto path = project_file("syntax", "environments:\n  sandbox: [unclosed\n");
    auto file = load_project_file(path);
    ASSERT_FALSE(file);
    EXPECT_EQ(file.error().front().rfind(path + ":", 0), 0u) << file.error().front();
}

TEST(Environments, SelectingOneFillsTheTargetAndMarksProduction) {
    const auto path = project_file("select", kTwoEnvironments);
    ::setenv("DOCKSIDE_TEST_SANDBOX_TOKEN", "sandbox-pat", 1);
    auto sandbox = resolve(selecting(path, "sandbox"), kProfileNames);
    ASSERT_TRUE(sandbox) << joined(sandbox.error());
    EXPECT_EQ(sandbox->base_url, "https://sandbox.example.test");
    EXPECT_EQ(sandbox->token, "sandbox-pat");
    EXPECT_EQ(sandbox->channel, 101);
    EXPECT_EQ(sandbox->environment, "sandbox");
    EXPECT_FALSE(sandbox->production);

    std::ofstream(std::filesystem::path(path).parent_path() / "production-secret") << "s3cret\n";
    auto production = resolve(selecting(path, "production"), kProfileNames);
    ASSERT_TRUE(production) << joined(production.error());
    EXPECT_TRUE(production->production);
    EXPECT_EQ(production->auth, AuthMethod::OAuthClient);
    EXPECT_EQ(production->client_secret, "s3cret");
    EXPECT_EQ(production->channel_header, "X-Channel");
    EXPECT_EQ(production->auth_url, "https://auth.example.test");
}

TEST(Environments, AGivenFlagOverridesOneValueAndKeepsTheRest) {
    const auto path = project_file("override", kTwoEnvironments);
    ::setenv("DOCKSIDE_TEST_SANDBOX_TOKEN", "sandbox-pat", 1);
    auto raw = selecting(path, "sandbox");
    raw.channel = "202";
    raw.given.insert("--channel");
    raw.base_url = "https://ignored.example.test";  // not given: the environment's value wins over a default
    auto resolved = resolve(raw, kProfileNames);
    ASSERT_TRUE(resolved) << joined(resolved.error());
    EXPECT_EQ(resolved->channel, 202);
    EXPECT_EQ(resolved->base_url, "https://sandbox.example.test");
    EXPECT_EQ(resolved->token, "sandbox-pat");

    raw.token = "flag-pat";
    raw.given.insert("--token");
    auto with_token = resolve(raw, kProfileNames);
    ASSERT_TRUE(with_token) << joined(with_token.error());
    EXPECT_EQ(with_token->token, "flag-pat");
}

TEST(Environments, AnEnvironmentHoldsATokenBesideAnOAuthClientAndItsRedirectUri) {
    const auto path = project_file("token-and-client", R"(environments:
  sandbox:
    base_url: https://sandbox.example.test
    production: false
    credentials:
      token_env: DOCKSIDE_TEST_BOTH_TOKEN
      client_id: ci
      client_secret_env: DOCKSIDE_TEST_BOTH_SECRET
      redirect_uri: https://ci.example.test/callback
)");
    ::setenv("DOCKSIDE_TEST_BOTH_TOKEN", "both-pat", 1);
    ::setenv("DOCKSIDE_TEST_BOTH_SECRET", "both-secret", 1);
    auto resolved = resolve(selecting(path, "sandbox"), kProfileNames);
    ASSERT_TRUE(resolved) << joined(resolved.error());
    EXPECT_EQ(resolved->auth, AuthMethod::PersonalToken);
    EXPECT_EQ(resolved->token, "both-pat");
    EXPECT_EQ(resolved->client_secret, "both-secret");
    EXPECT_EQ(resolved->redirect_uri, "https://ci.example.test/callback");
    // A flag wins over the file's.
    auto raw = selecting(path, "sandbox");
    raw.redirect_uri = "https://elsewhere.example.test/cb";
    raw.given.insert("--redirect-uri");
    auto flagged = resolve(raw, kProfileNames);
    ASSERT_TRUE(flagged) << joined(flagged.error());
    EXPECT_EQ(flagged->redirect_uri, "https://elsewhere.example.test/cb");
}

TEST(Environments, ARedirectUriNeedsItsClientAndMustBeAUrl) {
    const auto path = project_file("redirect", R"(environments:
  lone:
    base_url: https://sandbox.example.test
    production: false
    credentials: {token_env: DOCKSIDE_TEST_LONE, redirect_uri: https://ci.example.test/callback}
  garbled:
    base_url: https://sandbox.example.test
    production: false
    credentials: {client_id: ci, client_secret_env: DOCKSIDE_TEST_GARBLED, redirect_uri: not a url}
)");
    const std::string all = problems_of(path);
    EXPECT_NE(all.find("environment 'lone': redirect_uri is the OAuth client's; it needs client_id"), std::string::npos) << all;
    EXPECT_NE(all.find("environment 'garbled': redirect_uri "), std::string::npos) << all;
}

TEST(Environments, AMissingEnvironmentOrVariableIsAClearProblem) {
    const auto path = project_file("missing", kTwoEnvironments);
    auto unknown = resolve(selecting(path, "staging"), kProfileNames);
    ASSERT_FALSE(unknown);
    EXPECT_EQ(unknown.error().front().option, "--env (DOCKSIDE_ENV)");
    EXPECT_NE(unknown.error().front().message.find("it names sandbox, production"), std::string::npos)
        << joined(unknown.error());

    ::unsetenv("DOCKSIDE_TEST_SANDBOX_TOKEN");
    auto unset = resolve(selecting(path, "sandbox"), kProfileNames);
    ASSERT_FALSE(unset);
    EXPECT_NE(joined(unset.error()).find("its token comes from $DOCKSIDE_TEST_SANDBOX_TOKEN: the environment variable "
                                         "DOCKSIDE_TEST_SANDBOX_TOKEN is not set"),
              std::string::npos)
        << joined(unset.error());
}

TEST(Environments, WithoutAFileAnEnvironmentCannotBeSelected) {
    auto raw = selecting("", "sandbox");
    const auto cwd = std::filesystem::current_path();
    const auto empty = std::filesystem::temp_directory_path() / ("dockside-env-none-" + std::to_string(::getpid()));
    std::filesystem::create_directories(empty);
    std::filesystem::current_path(empty);
    auto resolved = resolve(raw, kProfileNames);
    std::filesystem::current_path(cwd);
    ASSERT_FALSE(resolved);
    EXPECT_NE(resolved.error().front().message.find("there is no dockside.yaml in the working folder"), std::string::npos);
}

TEST(Environments, APersonalAccessTokenSharedBetweenEnvironmentsIsRefused) {
    const auto path = project_file("shared", R"(environments:
  sandbox:
    base_url: https://sandbox.example.test
    production: false
    credentials: {token_env: DOCKSIDE_TEST_SHARED_A}
  production:
    base_url: https://api.example.test
    production: true
    credentials: {token_env: DOCKSIDE_TEST_SHARED_B}
)");
    ::setenv("DOCKSIDE_TEST_SHARED_A", "same-pat", 1);
    ::setenv("DOCKSIDE_TEST_SHARED_B", "same-pat", 1);
    auto file = load_project_file(path);
    ASSERT_TRUE(file);
    const auto shared = shared_tokens(*file);
    ASSERT_EQ(shared.size(), 1u);
    EXPECT_EQ(shared[0], std::make_pair(std::string("sandbox"), std::string("production")));
    auto resolved = resolve(selecting(path, "sandbox"), kProfileNames);
    ASSERT_FALSE(resolved);
    EXPECT_NE(joined(resolved.error()).find("a PAT must not be shared between environments"), std::string::npos);
    EXPECT_EQ(joined(resolved.error()).find("same-pat"), std::string::npos) << "the secret is never printed";

    ::setenv("DOCKSIDE_TEST_SHARED_B", "its-own-pat", 1);
    EXPECT_TRUE(resolve(selecting(path, "sandbox"), kProfileNames));
}

}  // namespace
}  // namespace dockside::config
