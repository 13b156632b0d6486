// An OAuth access token that expires during a load run is renewed before it does: against the reference
// server with a contract whose token lifetime is 4 s (the documented hour would make the test an hour
// long; the lifetime is the contract's, read by server and load alike, so the contract is what changes,
// in a copy), a 7 s run gets no 401, and the same run without renewal does. A token refused before its
// time (the server's clock moved past the hour) is renewed at once and the refused requests go once more.

#include <gtest/gtest.h>

#include <sys/stat.h>

#include <atomic>
#include <filesystem>
#include <fstream>

#include "harness/auth/oauth_code_flow.h"
#include "harness/auth/refresh_token_file.h"
#include "harness/tests/support/short_token_lifetime.h"
#include "refserver/api/simulation_clock.h"
#include "tools/load/tests/load_process.h"
#include "tools/load/tests/load_tool_test_support.h"

namespace dockside::loadtool {
namespace {

using namespace testing;
using namespace std::chrono_literals;

using dockside::testing::contract_with_token_lifetime;

constexpr const char* kRedirect = "http://127.0.0.1/callback";  // registered in the default seed

/// The reference server enforcing `contract` (its token lifetime among the rest).
std::unique_ptr<refserver::EmbeddedServer> start_on(const spec::Spec& contract,
                                                    refserver::EmbeddedOptions options = {}) {
    options.api.spec = &contract;
    auto server = refserver::EmbeddedServer::start(options);
    if (!server) throw std::runtime_error(server.error().front());
    return std::move(server.value());
}

struct OAuthRun {
    int code = -1;
    std::string output;
    nlohmann::json summary;
    std::string first_token;  ///< from the code flow, before the run
};

/// `dockside load` in process with an OAuth token from the code flow; renewing it or not.
OAuthRun run_with_oauth(const spec::Spec& contract, refserver::EmbeddedServer& server, bool renew,
                        const std::string& duration, const std::string& out) {
    const auto client = server.api().oauth_client();
    if (!client) throw std::runtime_error("the seed has no OAuth client");
    auth::OAuthRequest request{server.base_url(), client->client_id, client->client_secret, kRedirect,
                               auth::all_scopes(contract)};
    const auto issued = std::chrono::steady_clock::now();
    auto tokens = auth::oauth_code_flow(request, {});
    if (!tokens) throw std::runtime_error(tokens.error());
    LoadTarget target;
    target.base_url = server.base_url();
    target.token = tokens->access_token;
    target.channel = server.api().write_channel_id();
    target.timeout_s = 5;
    if (renew) {
        auth::OAuthRefresh oauth;
        oauth.auth_url = server.base_url();
        oauth.client_id = client->client_id;
        oauth.client_secret = client->client_secret;
        oauth.redirect_uri = kRedirect;
        oauth.scopes = request.scopes;
        oauth.refresh_token = tokens->refresh_token;
        oauth.issued_at = issued;
        target.oauth = oauth;
    }
    RawLoadOptions raw;
    raw.rate = "40";
    raw.duration = duration;
    raw.mix = "listLocations";
    raw.seed = "3";
    raw.out = out;
    auto settings = validate_load_options(raw, contract, mixes_dir());
    if (!settings) throw std::runtime_error(settings.error().front());
    std::ostringstream stdout_text, stderr_text;
    LoadIo io{stdout_text, stderr_text, false, nullptr};
    OAuthRun r;
    r.first_token = tokens->access_token;
    r.code = run_load(*settings, target, contract, io);
    r.output = stdout_text.str() + stderr_text.str();
    r.summary = read_json(out + "/summary.json");
    return r;
}

std::int64_t unauthorized(const nlohmann::json& summary) {
    return summary["totals"]["status"].value("401", std::int64_t{0});
}

TEST(TokenRenewal, ARunLongerThanTheTokenLifetimeGetsNo401) {
    ScratchDir dir;
    const auto contract = contract_with_token_lifetime(dir.sub("specs"), 4);
    auto server = start_on(contract);
    const auto r = run_with_oauth(contract, *server, true, "7s", dir.sub("renewed"));
    EXPECT_EQ(r.code, 0) << r.output;
    ASSERT_TRUE(r.summary.is_object()) << r.output;
    EXPECT_EQ(schema_violations(r.summary), "");
    EXPECT_EQ(r.summary["requests"], 280);
    EXPECT_EQ(unauthorized(r.summary), 0) << r.summary["totals"].dump();
    EXPECT_EQ(r.summary["totals"]["status"].value("200", 0), 280) << r.summary["totals"].dump();
    // Renewed at the start (which proves renewal works and learns expires_in), then every 2 s (half of a
    // lifetime under two minutes): at 2, 4 and 6 s of a run that lasts 7 s and a little more.
    EXPECT_GE(r.summary["auth"]["token_renewals"].get<int>(), 4) << r.summary["auth"];
    EXPECT_EQ(r.summary["auth"]["token_renewal_failures"], 0);
    EXPECT_EQ(read_text(dir.sub("renewed/summary.json")).find(r.first_token), std::string::npos);
    EXPECT_EQ(r.output.find(r.first_token), std::string::npos);
}

// The control: the same server and contract without renewal answer 401 once the token has expired, so
// the test above would fail if renewal did nothing.
TEST(TokenRenewal, WithoutRenewalTheSameRunGets401sAfterTheLifetime) {
    ScratchDir dir;
    const auto contract = contract_with_token_lifetime(dir.sub("specs"), 4);
    auto server = start_on(contract);
    const auto r = run_with_oauth(contract, *server, false, "6s", dir.sub("stale"));
    ASSERT_TRUE(r.summary.is_object()) << r.output;
    EXPECT_GT(unauthorized(r.summary), 40) << r.summary["totals"].dump();  // at least the last second's
    EXPECT_EQ(r.summary["auth"]["token_renewals"], 0);
}

// The server's clock moved an hour and a second forward in the middle of a run (as POST /_sim/clock:advance
// moves it; here on the 80th answer, 2 s into the run, so the moment does not depend on timing): the token in
// use is refused from then on. The first refusal asks for a renewal; each refused request waits for it and
// goes once more, so not one request of the run fails.
TEST(TokenRenewal, TheServersClockMovedPastTheHourMidRunFailsNoRequest) {
    ScratchDir dir;
    std::atomic<int> answered{0}, refused{0};
    refserver::EmbeddedServer* running = nullptr;
    refserver::EmbeddedOptions options;
    options.api.simulation_enabled = true;
    options.on_response = [&](const server::AccessRecord& r) {
        if (r.target.rfind("/2025-07/", 0) != 0) return;
        if (r.status == 401) ++refused;
        if (++answered == 80)
            dynamic_cast<const refserver::SimulatedClock&>(running->api().clock()).advance(std::chrono::seconds(3601));
    };
    auto server = start_on(testing::contract(), std::move(options));
    running = server.get();
    const auto r = run_with_oauth(testing::contract(), *server, true, "4s", dir.sub("moved"));
    EXPECT_EQ(r.code, 0) << r.output;
    ASSERT_TRUE(r.summary.is_object()) << r.output;
    EXPECT_EQ(schema_violations(r.summary), "");
    EXPECT_EQ(unauthorized(r.summary), 0) << r.summary["totals"].dump();
    EXPECT_EQ(r.summary["totals"]["status"].value("200", 0), 160) << r.summary["totals"].dump();
    // The server did refuse the old token (the run would pass without renewing otherwise), once per request.
    EXPECT_GE(refused.load(), 1);
    EXPECT_EQ(r.summary["auth"]["unauthorized_retries"], refused.load()) << r.summary["auth"];
    EXPECT_EQ(r.summary["auth"]["token_renewals_on_demand"], 1) << r.summary["auth"];
}

// As a user runs it: `dockside load` with an OAuth client against a server, the contract given by
// --spec-dir; the command does the code flow, keeps the refresh token and renews through the run.
TEST(TokenRenewal, TheCommandWithAnOAuthClientRenewsThroughTheRun) {
    ScratchDir dir;
    const auto contract = contract_with_token_lifetime(dir.sub("specs"), 4);
    auto server = start_on(contract);
    const auto client = server->api().oauth_client();
    ASSERT_TRUE(client);
    const std::string kept = dir.sub("refresh-token");
    const pid_t pid = spawn_load({"--base-url", server->base_url(), "--client-id", client->client_id,
                                  "--client-secret", client->client_secret, "--redirect-uri", kRedirect, "--rate", "40",
                                  "--duration", "6s", "--mix", "listLocations", "--refresh-token-file", kept,
                                  "--out", dir.sub("run")},
                                 dir.sub("log"), {"--spec-dir", dir.sub("specs")});
    ASSERT_GT(pid, 0);
    EXPECT_EQ(wait_exit(pid, 60s), 0) << read_text(dir.sub("log"));
    const auto summary = read_json(dir.sub("run/summary.json"));
    ASSERT_TRUE(summary.is_object()) << read_text(dir.sub("log"));
    EXPECT_EQ(schema_violations(summary), "");
    EXPECT_EQ(summary["requests"], 240);
    EXPECT_EQ(unauthorized(summary), 0) << summary["totals"].dump();
    EXPECT_GE(summary["auth"]["token_renewals"].get<int>(), 3) << summary["auth"];
    EXPECT_EQ(read_text(dir.sub("log")).find(client->client_secret), std::string::npos);
    EXPECT_EQ(read_text(dir.sub("run/summary.json")).find(client->client_secret), std::string::npos);
    // The file keeps the refresh token of the last renewal, for its owner only: it is the one that still works.
    struct stat info {};
    ASSERT_EQ(::stat(kept.c_str(), &info), 0);
    EXPECT_EQ(info.st_mode & 0777, 0600u);
    // A second run starts from the kept file with the refresh grant, and keeps the token that grant rotated in.
    const auto before = auth::RefreshTokenFile(kept).read();
    ASSERT_TRUE(before);
    const pid_t again = spawn_load({"--base-url", server->base_url(), "--client-id", client->client_id, "--client-secret",
                                    client->client_secret, "--redirect-uri", kRedirect, "--rate", "20", "--duration", "1s",
                                    "--mix", "listLocations", "--refresh-token-file", kept, "--out", dir.sub("again")},
                                   dir.sub("log-again"), {"--spec-dir", dir.sub("specs")});
    ASSERT_GT(again, 0);
    EXPECT_EQ(wait_exit(again, 60s), 0) << read_text(dir.sub("log-again"));
    const auto after = auth::RefreshTokenFile(kept).read();
    ASSERT_TRUE(after);
    EXPECT_NE(*after, *before) << "the refresh grant rotates the kept token";

    // The file holds the last refresh token issued: it still works.
    const auto refresh = auth::RefreshTokenFile(kept).read();
    ASSERT_TRUE(refresh && !refresh->empty());
    auth::OAuthRefresh grant{server->base_url(), client->client_id, client->client_secret, "http://127.0.0.1/unregistered",
                             {"channels_read"}, *refresh, {}, {}, {}};
    EXPECT_TRUE(auth::renew_token(grant, 1h)) << "the kept refresh token is the last one issued";
}

}  // namespace
}  // namespace dockside::loadtool
