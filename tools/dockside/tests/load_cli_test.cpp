// `dockside load` against a plain HTTP server, the way wrk is pointed at a URL: a mix of paths the contract
// does not know needs no accepted token and no channel (the token given is sent as it is), while a mix of the contract's operations still
// checks both up front. Checking the target says so when it is slow, and a Ctrl-C meanwhile ends it at once.

#include <atomic>
#include <chrono>
#include <memory>
#include <thread>

#include <gtest/gtest.h>

#include "tools/dockside/tests/cli_support.h"

namespace dockside::clitest {
namespace {

// A server that is no fulfillment API: the channel list is forbidden, one static path answers.
void as_static_file_server(const http::Request& r, http::Response& response) {
    if (r.path() == "/2025-07/channel") {
        response.status = 403;
        response.body = "<html>Forbidden</html>";
        response.headers.set("Content-Type", "text/html");
    } else if (r.path() == "/static/order.json") {
        response.status = 200;
        response.body = R"({"id":1})";
        response.headers.set("Content-Type", "application/json");
    }
}

std::unique_ptr<MisbehavingTarget> static_file_server() { return MisbehavingTarget::start(as_static_file_server); }

TEST(LoadTarget, PathsOutsideTheContractNeedNoAcceptedToken) {
    auto target = static_file_server();
    ASSERT_TRUE(target);
    const std::string out = fresh_dir("load-static");
    auto ran = dockside({"load", "--base-url", target->base_url(), "--token", "not-checked", "--mix", "GET /static/order.json", "--closed-loop",
                         "--duration", "1s", "-c", "2", "-t", "1", "--out", out});
    EXPECT_EQ(ran.exit_code, 0) << ran.output;
    auto summary = nlohmann::json::parse(read_text(out + "/summary.json"), nullptr, false);
    ASSERT_TRUE(summary.is_object()) << ran.output;
    EXPECT_GT(summary.value("requests", 0), 0) << summary.dump(2);
    EXPECT_EQ(summary.value("errors", -1), 0) << summary.dump(2);
    EXPECT_FALSE(has(ran.output, "still waiting")) << ran.output;  // a prompt check says nothing
}

// static_file_server's answers, the channel list's held for up to `hold` the first `times` times.
struct SlowChannel {
    std::shared_ptr<std::atomic<bool>> released = std::make_shared<std::atomic<bool>>(false);
    std::unique_ptr<MisbehavingTarget> target;

    SlowChannel(std::chrono::milliseconds hold, int times) {
        target = MisbehavingTarget::start(hold_answers("/2025-07/channel", hold, times, released, as_static_file_server));
    }
    ~SlowChannel() { released->store(true); }
};

TEST(LoadTarget, ASlowTargetCheckSaysItIsWaitingAndTheRunGoesOn) {
    SlowChannel slow(std::chrono::milliseconds(4500), 1);
    ASSERT_TRUE(slow.target);
    auto ran = dockside({"load", "--base-url", slow.target->base_url(), "--token", "t", "--mix", "GET /static/order.json",
                         "--closed-loop", "--duration", "1s", "-c", "2", "-t", "1", "--timeout", "20",
                         "--out", fresh_dir("load-slow-check")});
    EXPECT_EQ(ran.exit_code, 0) << ran.output;
    EXPECT_TRUE(has(ran.output, "dockside load: still waiting for " + slow.target->base_url() +
                                    " to answer (each request gives up after 20 s: --timeout)"))
        << ran.output;
}

TEST(LoadTarget, CtrlCWhileCheckingASilentTargetEndsAtOnce) {
    SlowChannel silent(std::chrono::seconds(60), 1000);
    ASSERT_TRUE(silent.target);
    RunSpec spec;
    spec.args = {"load", "--base-url", silent.target->base_url(), "--token", "t", "--mix", "GET /static/order.json",
                 "--rate", "5", "--duration", "2s", "--out", fresh_dir("load-silent-check")};
    spec.interrupt_after = std::chrono::milliseconds(1500);
    spec.limit = std::chrono::seconds(60);
    auto ran = run(spec);
    EXPECT_EQ(ran.exit_code, 2) << ran.output;
    // Before the fix the process waited out the 30 s request timeout after the Ctrl-C.
    EXPECT_LT(ran.seconds, 10) << ran.output;
    EXPECT_TRUE(has(ran.output, "interrupted while checking the target: nothing was sent")) << ran.output;
}

TEST(LoadTarget, OperationsOfTheContractStillNeedAnAcceptedToken) {
    auto target = static_file_server();
    ASSERT_TRUE(target);
    auto ran = dockside({"load", "--base-url", target->base_url(), "--token", target->pat(), "--mix", "listChannels",
                         "--closed-loop", "--duration", "1s", "--out", fresh_dir("load-refused")});
    EXPECT_EQ(ran.exit_code, 2) << ran.output;
    EXPECT_TRUE(has(ran.output, "the token was refused")) << ran.output;
}

// `load --help` said (through dockside's own footer) that an interrupt exits 130/143; it exits 2, with its
// results written, as the README says.
TEST(LoadHelp, SaysWhatAnInterruptExitsWith) {
    auto ran = dockside({"load", "--help"}, std::chrono::seconds(30));
    EXPECT_EQ(ran.exit_code, 0) << ran.output;
    EXPECT_FALSE(has(ran.output, "130")) << ran.output;
    EXPECT_TRUE(has(ran.output, "interrupted: Ctrl-C or SIGTERM ends the run early and still writes its results"))
        << ran.output;
    EXPECT_TRUE(has(ran.output, "--strict-mix")) << ran.output;
}

// A read-only token with a mix of reads was told to pass a channel to write to: channels are only looked
// for to write, and these requests write nothing.
TEST(LoadTarget, AReadOnlyTokenRunsAMixOfReads) {
    auto serve = ServeProcess::start({});
    ASSERT_TRUE(serve);
    ASSERT_FALSE(serve->read_only_token().empty());
    const std::string out = fresh_dir("load-read-only");
    auto ran = dockside({"load", "--base-url", serve->base_url(), "--token", serve->read_only_token(), "--mix",
                         "listLocations:1,listProducts:1", "--rate", "40", "--duration", "500ms", "--timeout", "5s",
                         "--out", out});
    EXPECT_EQ(ran.exit_code, 0) << ran.output;
    auto summary = nlohmann::json::parse(read_text(out + "/summary.json"), nullptr, false);
    ASSERT_TRUE(summary.is_object()) << ran.output;
    EXPECT_EQ(summary.value("requests", 0), 20) << summary.dump(2);
    EXPECT_EQ(summary.value("errors", -1), 0) << summary.dump(2);
    // A mix that writes still needs a channel it can write to, and says so.
    auto writes = dockside({"load", "--base-url", serve->base_url(), "--token", serve->read_only_token(), "--mix",
                            "createOrder", "--rate", "10", "--duration", "200ms", "--out", fresh_dir("load-read-only-writes")});
    EXPECT_EQ(writes.exit_code, 2) << writes.output;
    EXPECT_TRUE(has(writes.output, "--channel")) << writes.output;
}

/// One of two shards of a short run of listLocations on the embedded server into `out`: 12 requests each.
Ran short_load(const std::string& out, const std::string& shard) {
    return dockside({"load", "--mix", "listLocations", "--rate", "80", "--duration", "300ms", "--shard", shard, "--out", out});
}

// `merge --threshold X run-a run-b` failed with "runs is required": --threshold took the runs as more
// thresholds. It takes one value (which may be a comma-separated list, as --slo takes) and the runs follow.
TEST(MergeCli, RunsMayFollowAThresholdWhichMayBeAList) {
    const std::string a = fresh_dir("merge-run-a"), b = fresh_dir("merge-run-b");
    // Two shards of one schedule: merge refuses the same share given twice.
    ASSERT_EQ(short_load(a, "0/2").exit_code, 0);
    ASSERT_EQ(short_load(b, "1/2").exit_code, 0);
    const std::string merged = fresh_dir("merge-after-threshold");
    auto ran = dockside({"merge", "--threshold", "p99<5s", a, b, "--max-start-offset", "1h", "--out", merged});
    EXPECT_EQ(ran.exit_code, 0) << ran.output;
    auto summary = nlohmann::json::parse(read_text(merged + "/summary.json"), nullptr, false);
    ASSERT_TRUE(summary.is_object()) << ran.output;
    EXPECT_EQ(summary["merged_from"].size(), 2u);
    EXPECT_EQ(summary.value("requests", 0), 24);
    const std::string listed = fresh_dir("merge-threshold-list");
    auto list = dockside({"merge", "--threshold", "p99<5s,errors<1%", a, b, "--max-start-offset", "1h", "--out", listed});
    EXPECT_EQ(list.exit_code, 0) << list.output;
    summary = nlohmann::json::parse(read_text(listed + "/summary.json"), nullptr, false);
    ASSERT_TRUE(summary.is_object()) << list.output;
    EXPECT_EQ(summary["thresholds"].size(), 2u) << summary["thresholds"].dump();
}

}  // namespace
}  // namespace dockside::clitest
