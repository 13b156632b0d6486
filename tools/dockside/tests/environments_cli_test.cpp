// Named environments, the production guard, dry runs and cleanup, as a user meets them: dockside.yaml naming
// a `dockside serve` started here, and the server's access log as the witness of what was (not) sent.

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>

#include "tools/dockside/tests/cli_support.h"

namespace dockside::clitest {
namespace {

using json = nlohmann::json;

/// A project file naming `server` twice: sandbox (production: false) and live (production: true), each taking
/// its token from its own variable.
std::string project_for(const ServeProcess& server, const std::string& name) {
    const std::string path = fresh_dir(name) + "/dockside.yaml";
    std::ofstream(path) << "environments:\n"
                        << "  sandbox:\n    base_url: " << server.base_url()
                        << "\n    production: false\n    credentials: {token_env: TEST_SANDBOX_TOKEN}\n"
                        << "  live:\n    base_url: " << server.base_url()
                        << "\n    production: true\n    credentials: {token_env: TEST_LIVE_TOKEN}\n";
    return path;
}

/// `dockside serve` with an access log, and the lines it holds.
struct LoggedServer {
    std::string log = fresh_dir("access") + "/access.log";
    std::unique_ptr<ServeProcess> server = ServeProcess::start({"--access-log", log});

    std::vector<std::string> lines() const {
        std::istringstream in(read_text(log));
        std::vector<std::string> out;
        for (std::string line; std::getline(in, line);)
            if (!line.empty()) out.push_back(line);
        return out;
    }
    /// Requests of the log whose method is not GET.
    std::vector<std::string> writes() const {
        std::vector<std::string> out;
        for (const auto& line : lines()) {
            std::istringstream fields(line);
            std::string time, peer, method;
            fields >> time >> peer >> method;
            if (method != "GET" && method != "HEAD") out.push_back(line);
        }
        return out;
    }
};

Ran in_env(const LoggedServer& logged, std::vector<std::string> args, const std::string& live_token = "") {
    RunSpec spec;
    spec.args = std::move(args);
    spec.env = {{"TEST_SANDBOX_TOKEN", logged.server->pat()},
                {"TEST_LIVE_TOKEN", live_token.empty() ? logged.server->pat() + "-live" : live_token}};
    return run(spec);
}

/// `dockside conform --seed 7 ARGS` against `server` by its base URL and tokens.
Ran conform_on(const ServeProcess& server, std::vector<std::string> args) {
    args.insert(args.begin(), {"conform", "--seed", "7"});
    for (const auto& a : server.target_args()) args.push_back(a);
    return dockside(args);
}

TEST(Environments, ListShowsEveryEnvironmentWithoutItsSecret) {
    LoggedServer logged;
    ASSERT_TRUE(logged.server);
    const auto path = project_for(*logged.server, "list");
    auto ran = in_env(logged, {"env", "list", "--config", path});
    EXPECT_EQ(ran.exit_code, 0) << ran.output;
    EXPECT_NE(ran.output.find("sandbox"), std::string::npos) << ran.output;
    EXPECT_NE(ran.output.find("PRODUCTION"), std::string::npos) << ran.output;
    EXPECT_NE(ran.output.find("token $TEST_SANDBOX_TOKEN (set)"), std::string::npos) << ran.output;
    EXPECT_EQ(ran.output.find(logged.server->pat()), std::string::npos) << "a secret is never printed\n" << ran.output;
}

TEST(Environments, CheckSaysReachableAcceptedChannelsAndWriteChannel) {
    LoggedServer logged;
    ASSERT_TRUE(logged.server);
    const auto path = project_for(*logged.server, "check");
    auto ok = in_env(logged, {"env", "check", "sandbox", "--config", path});
    EXPECT_EQ(ok.exit_code, 0) << ok.output;
    for (const char* line : {"ok     reachable", "ok     token accepted", "ok     token lifetime", "channels the token sees (",
                             "read and write", "ok     write channel"})
        EXPECT_NE(ok.output.find(line), std::string::npos) << line << "\n" << ok.output;
    // Each channel once, and as many as the count says: the token check reads the first page too.
    std::istringstream lines(ok.output);
    std::set<std::string> channels;
    for (std::string line; std::getline(lines, line);) {
        if (line.find("read and write") != std::string::npos || line.find("read only") != std::string::npos) {
            EXPECT_TRUE(channels.insert(line).second) << "listed twice: " << line << "\n" << ok.output;
        }
    }
    EXPECT_NE(ok.output.find("channels the token sees (" + std::to_string(channels.size()) + "):"), std::string::npos)
        << ok.output;

    auto refused = in_env(logged, {"env", "check", "live", "--config", path});  // TEST_LIVE_TOKEN is no token of it
    EXPECT_EQ(refused.exit_code, 1) << refused.output;
    EXPECT_NE(refused.output.find("FAILED token accepted"), std::string::npos) << refused.output;

    auto unknown = in_env(logged, {"env", "check", "staging", "--config", path});
    EXPECT_EQ(unknown.exit_code, 2) << unknown.output;
    EXPECT_NE(unknown.output.find("no environment of that name"), std::string::npos) << unknown.output;
}

TEST(Environments, AnEnvironmentWithATokenAndAnOAuthClientRunsTheOAuthTestsToo) {
    LoggedServer logged;
    ASSERT_TRUE(logged.server);
    const std::string path = fresh_dir("token-and-client") + "/dockside.yaml";
    std::ofstream(path) << "environments:\n  sandbox:\n    base_url: " << logged.server->base_url()
                        << "\n    production: false\n    credentials:\n      token_env: TEST_SANDBOX_TOKEN\n"
                        << "      client_id: dockside-demo-app\n      client_secret_env: TEST_CLIENT_SECRET\n"
                        << "      redirect_uri: http://127.0.0.1/callback\n";
    RunSpec spec;
    const std::string out = fresh_dir("token-and-client-run");
    spec.args = {"conform", "--config", path, "--env", "sandbox", "--only", "auth", "--filter", "Auth.AUTH_LIFETIME_*",
                 "--out", out};
    spec.env = {{"TEST_SANDBOX_TOKEN", logged.server->pat()}, {"TEST_CLIENT_SECRET", "dockside-demo-secret"}};
    auto ran = run(spec);
    EXPECT_EQ(ran.exit_code, 0) << ran.output;
    EXPECT_EQ(tests_with(results_of(out), "passed"), std::vector<std::string>{"Auth.AUTH_LIFETIME_AccessTokenLastsOneHour"})
        << ran.output;
    spec.args = {"env", "list", "--config", path};
    auto listed = run(spec);
    EXPECT_NE(listed.output.find("token $TEST_SANDBOX_TOKEN (set); OAuth client dockside-demo-app"), std::string::npos)
        << listed.output;
    EXPECT_NE(listed.output.find("redirect_uri http://127.0.0.1/callback"), std::string::npos) << listed.output;
}

TEST(Environments, ABadFileIsReportedByLineAndNothingRuns) {
    LoggedServer logged;
    ASSERT_TRUE(logged.server);
    const std::string path = fresh_dir("badfile") + "/dockside.yaml";
    std::ofstream(path) << "environments:\n  sandbox:\n    base_url: " << logged.server->base_url()
                        << "\n    production: false\n    chanel: 5\n";
    auto ran = in_env(logged, {"conform", "--config", path, "--env", "sandbox", "--only", "locations"});
    EXPECT_EQ(ran.exit_code, 2) << ran.output;
    EXPECT_NE(ran.output.find(path + ":5:13: unknown key 'chanel'"), std::string::npos) << ran.output;
    EXPECT_TRUE(logged.lines().empty()) << logged.lines().front();
}

TEST(Environments, ASelectedEnvironmentIsTheTargetAndAFlagOverridesIt) {
    LoggedServer logged;
    ASSERT_TRUE(logged.server);
    const auto path = project_for(*logged.server, "select");
    const std::string out = fresh_dir("select-run");
    auto ran = in_env(logged, {"conform", "--config", path, "--env", "sandbox", "--only", "locations", "--out", out});
    EXPECT_EQ(ran.exit_code, 0) << ran.output;
    EXPECT_NE(ran.output.find("environment 'sandbox' of " + path), std::string::npos) << ran.output;
    EXPECT_FALSE(logged.lines().empty());
    // A flag wins over the environment's value: a token the server never issued is refused.
    auto overridden = in_env(logged, {"conform", "--config", path, "--env", "sandbox", "--token", "not-a-token",
                                      "--only", "locations", "--out", fresh_dir("select-override")});
    EXPECT_EQ(overridden.exit_code, 2) << overridden.output;
}

TEST(ProductionGuard, ConformRunsOnlyWhatReadsAndTheServerSeesNoWrite) {
    LoggedServer logged;
    ASSERT_TRUE(logged.server);
    const auto path = project_for(*logged.server, "guard");
    const std::string out = fresh_dir("guard-run");
    // The live environment here takes the server's own PAT (a separate one for sandbox).
    RunSpec spec;
    spec.args = {"conform", "--config", path, "--env", "live", "--only", "orders,locations", "--out", out};
    spec.env = {{"TEST_SANDBOX_TOKEN", "another-pat"}, {"TEST_LIVE_TOKEN", logged.server->pat()}};
    auto ran = run(spec);
    EXPECT_EQ(ran.exit_code, 0) << ran.output;
    EXPECT_NE(ran.output.find("is the production environment 'live'"), std::string::npos) << ran.output;
    EXPECT_NE(ran.output.find("tests that do not write; the "), std::string::npos) << ran.output;
    EXPECT_NE(ran.output.find("would have written createOrder x"), std::string::npos) << ran.output;
    EXPECT_FALSE(logged.lines().empty()) << "the read-only tests ran";
    EXPECT_TRUE(logged.writes().empty()) << logged.writes().front();
    const auto results = results_of(out);
    ASSERT_TRUE(results.is_object());
    EXPECT_FALSE(tests_with(results, "passed").empty());

    // With consent the writes go out.
    spec.args = {"conform", "--config", path, "--env", "live", "--only", "locations", "--allow-production-writes",
                 "--out", fresh_dir("guard-consent")};
    EXPECT_EQ(run(spec).exit_code, 0);
}

TEST(ProductionGuard, ALoadMixThatWritesIsRefusedBeforeAnythingIsSent) {
    LoggedServer logged;
    ASSERT_TRUE(logged.server);
    const auto path = project_for(*logged.server, "load-guard");
    RunSpec spec;
    spec.args = {"load", "--config", path, "--env", "live", "--mix", "createOrder:1,listLocations:3", "--rate", "20",
                 "--duration", "1s", "--out", fresh_dir("load-guard-run")};
    spec.env = {{"TEST_SANDBOX_TOKEN", "another-pat"}, {"TEST_LIVE_TOKEN", logged.server->pat()}};
    auto ran = run(spec);
    EXPECT_EQ(ran.exit_code, 2) << ran.output;
    EXPECT_NE(ran.output.find("this mix would write: createOrder (25%)"), std::string::npos) << ran.output;
    EXPECT_TRUE(logged.lines().empty()) << logged.lines().front();
}

TEST(ProductionGuard, APersonalAccessTokenSharedByTwoEnvironmentsIsRefused) {
    LoggedServer logged;
    ASSERT_TRUE(logged.server);
    const auto path = project_for(*logged.server, "shared");
    auto ran = in_env(logged, {"conform", "--config", path, "--env", "sandbox", "--only", "locations"}, logged.server->pat());
    EXPECT_EQ(ran.exit_code, 2) << ran.output;
    EXPECT_NE(ran.output.find("a PAT must not be shared between environments"), std::string::npos) << ran.output;
    EXPECT_TRUE(logged.lines().empty());
}

TEST(DryRun, ConformPrintsThePlanAndSendsNothing) {
    LoggedServer logged;
    ASSERT_TRUE(logged.server);
    const auto path = project_for(*logged.server, "dry");
    const std::string out = fresh_dir("dry-run");
    auto ran = in_env(logged, {"conform", "--config", path, "--env", "sandbox", "--only", "orders", "--dry-run", "--out", out});
    EXPECT_EQ(ran.exit_code, 0) << ran.output;
    EXPECT_NE(ran.output.find("plan: "), std::string::npos) << ran.output;
    EXPECT_NE(ran.output.find("(WRITES createOrder x"), std::string::npos) << ran.output;
    EXPECT_NE(ran.output.find("dry run: nothing was sent to " + logged.server->base_url()), std::string::npos) << ran.output;
    EXPECT_TRUE(logged.lines().empty()) << logged.lines().front();
    EXPECT_FALSE(results_of(out).is_object()) << "a dry run writes no results";
}

TEST(DryRun, LoadPrintsThePlanAndSendsNothing) {
    LoggedServer logged;
    ASSERT_TRUE(logged.server);
    const auto path = project_for(*logged.server, "dry-load");
    auto ran = in_env(logged, {"load", "--config", path, "--env", "live", "--mix", "createOrder:1,getOrder:3", "--rate", "50",
                               "--duration", "10s", "--dry-run"});
    EXPECT_EQ(ran.exit_code, 0) << ran.output;
    EXPECT_NE(ran.output.find("about 500 requests recorded"), std::string::npos) << ran.output;
    EXPECT_NE(ran.output.find("WRITE (POST)"), std::string::npos) << ran.output;
    EXPECT_NE(ran.output.find("read, may write: sent as createOrder while no id is at hand"), std::string::npos) << ran.output;
    EXPECT_NE(ran.output.find("this mix would be refused"), std::string::npos) << ran.output;
    EXPECT_TRUE(logged.lines().empty()) << logged.lines().front();
}

/// The ids of the orders a run noted as created (created.jsonl of its folder).
std::vector<std::string> created_orders(const std::string& run_dir) {
    std::ifstream log(run_dir + "/created.jsonl");
    std::vector<std::string> ids;
    for (std::string line; std::getline(log, line);)
        if (const auto entry = json::parse(line, nullptr, false); entry.value("created", "") == "createOrder")
            ids.push_back(entry.value("id", ""));
    return ids;
}

/// The orders of `ids` that are not cancelled and that cleanup.json does not list, with a reason, as not undone.
std::vector<std::string> uncancelled_unexplained(const ServeProcess& server, const std::vector<std::string>& ids,
                                                 const std::string& run_dir) {
    const json report = json::parse(read_text(run_dir + "/cleanup.json"), nullptr, false);
    std::set<std::string> explained;
    if (report.is_object())
        for (const auto& failed : report["not_undone"])
            if (failed.value("kind", "") == "order" && !failed.value("reason", "").empty()) explained.insert(failed.value("id", ""));
    std::vector<std::string> out;
    for (const auto& id : ids)
        if (server.get("/2025-07/order/" + id).value("status", "") != "Cancelled" && !explained.count(id)) out.push_back(id);
    return out;
}

TEST(Cleanup, ARunLeavesNoSubscriptionAndNoUncancelledOrderOfItsOwn) {
    LoggedServer logged;
    ASSERT_TRUE(logged.server);
    const json before = logged.server->records();
    const std::string out = fresh_dir("cleanup-run");
    auto ran = conform_on(*logged.server, {"--only", "orders,returns,webhooks,paging,versioning", "--out", out});
    EXPECT_EQ(ran.exit_code, 0) << ran.output;
    EXPECT_NE(ran.output.find("cleanup: "), std::string::npos) << ran.output;
    EXPECT_EQ(logged.server->records()["webhook_subscriptions"], before["webhook_subscriptions"]);
    const auto orders = created_orders(out);
    EXPECT_GT(orders.size(), 10u) << "the run noted the orders it created";
    // An order the tests shipped cannot be cancelled: the report names each with the answer that refused it.
    const auto left = uncancelled_unexplained(*logged.server, orders, out);
    EXPECT_TRUE(left.empty()) << left.size() << " orders neither cancelled nor reported, e.g. " << left.front();
    const json report = json::parse(read_text(out + "/cleanup.json"), nullptr, false);
    ASSERT_TRUE(report.is_object());
    EXPECT_GT(report.value("undone", 0), 0) << report.dump(2);
    EXPECT_FALSE(report["stays_on_the_target"].empty()) << report.dump(2);
}

TEST(Cleanup, KeepLeavesItAndCleanupUndoesItLater) {
    LoggedServer logged;
    ASSERT_TRUE(logged.server);
    const std::string out = fresh_dir("keep-run");
    auto ran = conform_on(*logged.server, {"--only", "orders", "--keep", "--out", out});
    EXPECT_EQ(ran.exit_code, 0) << ran.output;
    EXPECT_NE(ran.output.find("dockside cleanup --run " + out), std::string::npos) << ran.output;
    const auto orders = created_orders(out);
    ASSERT_FALSE(orders.empty());
    EXPECT_FALSE(uncancelled_unexplained(*logged.server, orders, out).empty()) << "--keep left the orders";

    const std::vector<std::string> cleanup{"cleanup", "--run", out, "--base-url", logged.server->base_url(), "--token",
                                           logged.server->pat()};
    auto later = dockside(cleanup);
    EXPECT_LE(later.exit_code, 1) << later.output;  // 1: some shipped order could not be cancelled, and says so
    const auto left = uncancelled_unexplained(*logged.server, orders, out);
    EXPECT_TRUE(left.empty()) << left.size() << " orders neither cancelled nor reported\n" << later.output;
    auto again = dockside(cleanup);
    // Nothing is undone twice, and an undo the server refused (a shipped order) is not asked again: a run folder
    // used by every run of a CI day would otherwise ask all of its days' refusals at the end of each run.
    EXPECT_NE(again.output.find("cleanup: 0 undone, 0 gone already, 0 could not be undone"), std::string::npos)
        << again.output;
    if (later.exit_code == 1) {
        EXPECT_NE(again.output.find("refused by an earlier cleanup, not asked again"), std::string::npos) << again.output;
    }

    // The next run in the same folder keeps none of the settled records in its log: a folder every run of a CI
    // day reuses keeps a log of what is left, which each run's cleanup reads whole, not of the day.
    auto next = conform_on(*logged.server, {"--only", "orders", "--keep", "--out", out});
    EXPECT_EQ(next.exit_code, 0) << next.output;
    const auto next_orders = created_orders(out);
    EXPECT_FALSE(next_orders.empty());
    for (const auto& id : next_orders)
        EXPECT_EQ(std::count(orders.begin(), orders.end(), id), 0) << "order " << id << " of the first run is still in the log";
}

TEST(WebhookReceiver, DeliveryIsCheckedAgainstAServerThatIsNotInProcess) {
    auto server = ServeProcess::start({"--webhook-insecure"});  // it accepts the receiver's self-signed certificate
    ASSERT_TRUE(server);
    const std::string filter = "Webhooks.WH_SIGNED_*";
    const std::string skipped_out = fresh_dir("webhook-default");
    auto by_default = conform_on(*server, {"--only", "webhooks", "--filter", filter, "--out", skipped_out});
    EXPECT_EQ(by_default.exit_code, 0) << by_default.output;
    EXPECT_EQ(tests_with(results_of(skipped_out), "skipped").size(), 1u) << by_default.output;

    const std::string out = fresh_dir("webhook-listen");
    auto listening = conform_on(*server, {"--only", "webhooks", "--filter", filter, "--webhook-listen", "127.0.0.1:0", "--out", out});
    EXPECT_EQ(listening.exit_code, 0) << listening.output;
    const auto passed = tests_with(results_of(out), "passed");
    ASSERT_EQ(passed.size(), 1u) << listening.output;
    EXPECT_EQ(passed[0], "Webhooks.WH_SIGNED_DeliveryArrivesSignedOverHttps");

    auto bad = conform_on(*server, {"--only", "webhooks", "--webhook-listen", "somewhere", "--webhook-public-url", "http://x"});
    EXPECT_EQ(bad.exit_code, 2) << bad.output;
    EXPECT_NE(bad.output.find("--webhook-listen 'somewhere': give HOST:PORT"), std::string::npos) << bad.output;
    EXPECT_NE(bad.output.find("the receiver speaks HTTPS"), std::string::npos) << bad.output;
}

}  // namespace
}  // namespace dockside::clitest
