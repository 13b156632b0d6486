// `dockside conform` with OAuth credentials against the reference server, whose clock moves past the access
// token's hour in the middle of the run (as POST /_sim/clock:advance moves it; here on the first request of
// the Locations area, so the moment does not depend on timing): the next request is refused with 401, and the
// run renews the token once (in the parent, not in each child), sends that request once more with the new
// token and fails nothing. The rotated refresh token is kept in
// --refresh-token-file (0600); the next run starts from it with the refresh grant instead of the code flow.
// A token that lives seconds (a copy of the contract) is renewed before it expires, so nothing is refused.

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <atomic>
#include <mutex>

#include "harness/tests/support/short_token_lifetime.h"
#include "refserver/api/simulation_clock.h"
#include "refserver/embedded/embedded_server.h"
#include "tools/dockside/tests/cli_support.h"

namespace dockside::clitest {
namespace {

using json = nlohmann::json;

/// The reference server with simulation control, counting the requests it answers per path and status; its
/// clock moves an hour and a second forward once a request to `move_clock_at` (a path prefix) is answered.
struct CountingServer {
    explicit CountingServer(std::string move_clock_at = {}, const spec::Spec* contract = nullptr) {
        auto options = refserver::conformance_options();
        if (contract) options.api.spec = contract;
        options.on_response = [this, move_clock_at](const dockside::server::AccessRecord& r) {
            std::lock_guard lock(mutex);
            const std::string path = r.target.substr(0, r.target.find('?'));
            if (path == "/connect/authorize") ++authorizations;
            if (r.status == 401 && path.rfind("/2025-07/", 0) == 0) ++refused;
            if (!moved && !move_clock_at.empty() && path.rfind(move_clock_at, 0) == 0) {
                moved = true;
                dynamic_cast<const refserver::SimulatedClock&>(server->api().clock()).advance(std::chrono::seconds(3601));
            }
        };
        auto started = refserver::EmbeddedServer::start(std::move(options));
        if (!started) throw std::runtime_error(started.error().front());
        server = std::move(started.value());
        client = *server->api().oauth_client();
    }
    /// The conform arguments that reach it with its OAuth client.
    std::vector<std::string> oauth_args() const {
        return {"--base-url", server->base_url(), "--client-id", client.client_id, "--redirect-uri",
                client.redirect_uris.front()};
    }
    RunSpec conform(std::vector<std::string> extra) const {
        RunSpec spec;
        spec.args = {"conform"};
        for (const auto& a : oauth_args()) spec.args.push_back(a);
        for (auto& a : extra) spec.args.push_back(std::move(a));
        spec.env = {{"DOCKSIDE_CLIENT_SECRET", client.client_secret}};
        return spec;
    }
    std::mutex mutex;
    int authorizations = 0, refused = 0;
    bool moved = false;
    std::unique_ptr<refserver::EmbeddedServer> server;
    refserver::OAuthClient client;
};


mode_t mode_of(const std::string& path) {
    struct stat info {};
    if (::stat(path.c_str(), &info) != 0) return 0;
    return info.st_mode & 0777;
}

std::string first_line(const std::string& path) {
    const std::string text = read_text(path);
    return text.substr(0, text.find('\n'));
}

TEST(ConformCredentials, ARunAcrossTheTokensHourRenewsOnceAndFailsNothing) {
    CountingServer target("/2025-07/location");
    const std::string out = fresh_dir("across-the-hour");
    const std::string kept = out + "/refresh-token";
    const auto ran = run(target.conform({"--only", "channels,locations", "--seed", "7", "--refresh-token-file", kept, "--out", out}));
    EXPECT_EQ(ran.exit_code, 0) << ran.output;
    const auto results = results_of(out);
    ASSERT_TRUE(results.is_object()) << ran.output;
    EXPECT_TRUE(tests_with(results, "failed").empty()) << ran.output;
    EXPECT_TRUE(tests_with(results, "blocked").empty()) << ran.output;
    EXPECT_GT(results["summary"].value("passed", 0), 3) << results["summary"].dump();
    const auto credentials = results.value("credentials", json());
    ASSERT_TRUE(credentials.is_object()) << results.dump().substr(0, 2000);
    // Every child that met the expired token asked; the parent renewed once for all of them.
    EXPECT_EQ(credentials.value("renewals", -1), 1) << credentials.dump();
    EXPECT_EQ(credentials.value("renewals_on_demand", -1), 1) << credentials.dump();
    EXPECT_GE(credentials.value("unauthorized_retries", 0), 1) << credentials.dump();
    EXPECT_EQ(credentials.value("unrenewed", -1), 0) << credentials.dump();
    EXPECT_EQ(credentials.value("renewal_failures", -1), 0) << credentials.dump();
    EXPECT_NE(ran.output.find("OAuth: the access token was renewed 1 time (1 after a 401)"), std::string::npos) << ran.output;
    // The server did refuse the expired token (the run would pass without renewing otherwise) ...
    std::lock_guard lock(target.mutex);
    EXPECT_TRUE(target.moved);
    EXPECT_GE(target.refused, credentials.value("unauthorized_retries", 0));
    // ... and the file keeps the refresh token the renewal rotated in, for the owner only.
    EXPECT_EQ(mode_of(kept), 0600u);
    const std::string refresh = first_line(kept);
    EXPECT_FALSE(refresh.empty());
    EXPECT_EQ(ran.output.find(refresh), std::string::npos) << "the refresh token is a secret";
    EXPECT_EQ(read_text(out + "/results.json").find(refresh), std::string::npos) << "the refresh token is a secret";
}

TEST(ConformCredentials, TheNextRunStartsFromTheKeptRefreshTokenWithoutTheCodeFlow) {
    CountingServer target;
    const std::string out = fresh_dir("kept-refresh-token");
    const std::string kept = out + "/refresh-token";
    const auto first = run(target.conform({"--only", "channels", "--refresh-token-file", kept, "--out", out + "/first"}));
    ASSERT_EQ(first.exit_code, 0) << first.output;
    const std::string after_first = first_line(kept);
    ASSERT_FALSE(after_first.empty());
    {
        std::lock_guard lock(target.mutex);
        EXPECT_EQ(target.authorizations, 1);
        target.authorizations = 0;
    }
    const auto second = run(target.conform({"--only", "channels", "--refresh-token-file", kept, "--out", out + "/second"}));
    EXPECT_EQ(second.exit_code, 0) << second.output;
    std::lock_guard lock(target.mutex);
    EXPECT_EQ(target.authorizations, 0) << "started from the refresh token, not the code flow";
    // The refresh grant rotated the token; the file has the new one, still 0600.
    EXPECT_NE(first_line(kept), after_first);
    EXPECT_EQ(mode_of(kept), 0600u);
}

TEST(ConformCredentials, ATokenIsRenewedBeforeItExpiresSoNoRequestIsRefused) {
    const std::string out = fresh_dir("short-lifetime");
    const auto contract = testing::contract_with_token_lifetime(out + "/specs", 4);
    CountingServer target({}, &contract);
    // Every area but auth (whose checks of the token answer know the documented hour), with more property
    // cases than the default so that the run lasts well past one lifetime (9 s on a busy two-core machine).
    auto spec = target.conform({"--only", "channels,orders,shipments,products,returns,receiving,locations,inventory,billing,"
                                "webhooks,paging,versioning,stateful,rulechecks",
                                "--cases", "50", "--seed", "7", "--out", out + "/run"});
    spec.args.insert(spec.args.begin(), {"--spec-dir", out + "/specs"});
    const auto ran = run(spec);
    EXPECT_EQ(ran.exit_code, 0) << ran.output;
    const auto results = results_of(out + "/run");
    ASSERT_TRUE(results.is_object()) << ran.output;
    ASSERT_GT(results.value("duration_seconds", 0.0), 4.0) << "the run must outlive a token for the test to mean anything";
    EXPECT_TRUE(tests_with(results, "failed").empty()) << ran.output;
    const auto credentials = results.value("credentials", json());
    // Halfway through each 4 s lifetime: at 2 s, 4 s, … of the run, each before the token expired.
    EXPECT_GE(credentials.value("renewals", 0), 2) << credentials.dump();
    EXPECT_EQ(credentials.value("renewals_on_demand", -1), 0) << credentials.dump();
    // Not one request with the run's token was refused (the suites' deliberately bad tokens are, as they must be).
    EXPECT_EQ(credentials.value("unauthorized_retries", -1), 0) << credentials.dump();
}

TEST(ConformCredentials, TheSchemaPhaseOfTheAuthorizationServerSpendsNoGrantOfTheRun) {
    // Its schema-valid token requests name clients of their own, which the server refuses with 401: that is
    // their answer to judge, not the run's token expiring (a renewal, a second's wait, each time).
    CountingServer target;
    const std::string out = fresh_dir("schema-phase-oauth");
    const auto ran = run(target.conform({"--only", "auth", "--filter", "Auth.SchemaPhase_*", "--seed", "7", "--out", out}));
    EXPECT_EQ(ran.exit_code, 0) << ran.output;
    const auto results = results_of(out);
    ASSERT_TRUE(results.is_object()) << ran.output;
    EXPECT_GE(tests_with(results, "passed").size(), 2u) << ran.output;
    const auto credentials = results.value("credentials", json::object());
    EXPECT_EQ(credentials.value("renewals", 0), 0) << credentials.dump();
    EXPECT_EQ(credentials.value("unauthorized_retries", 0), 0) << credentials.dump();
    EXPECT_LT(results.value("duration_seconds", 99.0), 10.0) << "no renewal to wait for";
}

TEST(ConformCredentials, ARefreshTokenFileWithAPersonalAccessTokenIsAConfigurationError) {
    const std::string out = fresh_dir("rt-with-pat");
    const auto ran = dockside({"conform", "--only", "channels", "--refresh-token-file", out + "/rt", "--out", out + "/run"});
    EXPECT_EQ(ran.exit_code, 2) << ran.output;
    EXPECT_NE(ran.output.find("--refresh-token-file keeps an OAuth refresh token"), std::string::npos) << ran.output;
}

}  // namespace
}  // namespace dockside::clitest
