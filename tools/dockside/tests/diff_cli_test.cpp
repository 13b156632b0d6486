// `dockside diff`: two recordings of one seeded run (`conform --har`) against two copies of the reference
// server differ nowhere; against a server with a fault, the difference is named at the operation it breaks.

#include <fstream>

#include <gtest/gtest.h>

#include "harness/tests/support/schema_violations.h"
#include "tools/dockside/tests/cli_support.h"

namespace dockside::clitest {
namespace {

using nlohmann::json;

/// Records the orders area, seed 5, one worker, against a fresh `dockside serve` with `faults`.
std::string record(const std::string& name, const std::vector<std::string>& faults, int expected_exit) {
    std::vector<std::string> serve_args;
    for (const auto& f : faults) serve_args.insert(serve_args.end(), {"--fault", f});
    auto serve = ServeProcess::start(serve_args);
    if (!serve) return "";
    const std::string out = fresh_dir("diff-" + name);
    const std::string har = out + "/run.har";
    auto ran = dockside(with({"conform", "--only", "orders", "--seed", "5", "--cases", "5", "--workers", "1", "--out", out,
                              "--har", har},
                             serve->target_args()));
    EXPECT_EQ(ran.exit_code, expected_exit) << ran.output;
    return har;
}

TEST(DiffCli, TwoCopiesOfOneServerDifferNowhereAndAFaultIsNamedAtItsOperation) {
    const std::string first = record("first", {}, 0);
    const std::string second = record("second", {}, 0);
    const std::string faulty = record("faulty", {"ERR-CODES.order-create-200"}, 1);
    ASSERT_FALSE(first.empty() || second.empty() || faulty.empty());

    const std::string same_out = fresh_dir("diff-same");
    auto same = dockside({"diff", first, second, "--out", same_out});
    EXPECT_EQ(same.exit_code, 0) << same.output;
    EXPECT_TRUE(has(same.output, " 0 difference(s)")) << same.output;
    const json report = json::parse(read_text(same_out + "/diff.json"), nullptr, false);
    ASSERT_TRUE(report.is_object());
    EXPECT_GT(report["paired"].get<int>(), 50);
    EXPECT_FALSE(report["differs"].get<bool>());
    EXPECT_EQ(dockside::testing::schema_violations(report, DOCKSIDE_SPECS_DIR "/diff.schema.json"), "");

    // The same seeded run twice gives the same report.
    auto again = dockside({"diff", first, second, "--out", fresh_dir("diff-same-again")});
    const auto table = [](const std::string& output) { return output.substr(0, output.find("diff.json:")); };
    EXPECT_EQ(table(again.output), table(same.output));

    const std::string fault_out = fresh_dir("diff-fault");
    auto fault = dockside({"diff", first, faulty, "--out", fault_out});
    EXPECT_EQ(fault.exit_code, 1) << fault.output;
    const json found = json::parse(read_text(fault_out + "/diff.json"), nullptr, false);
    EXPECT_EQ(dockside::testing::schema_violations(found, DOCKSIDE_SPECS_DIR "/diff.schema.json"), "");
    bool named = false;
    for (const auto& d : found["differences"])
        named = named || (d["operation"] == "createOrder" && d["kind"] == "status" && d["b"] == 200);
    EXPECT_TRUE(named) << found.dump(1).substr(0, 3000);
}

// One command records the seeded run against each target, one after the other, and compares them.
TEST(DiffCli, AgainstRecordsTheRunOnEachTargetAndComparesThem) {
    auto first = ServeProcess::start({}, "first-pat-123456");
    auto second = ServeProcess::start({"--fault", "RET-CREATED.answers-201"}, "second-pat-123456");
    ASSERT_TRUE(first && second);
    const std::string out = fresh_dir("diff-against");
    auto ran = dockside({"diff", "--base-url", first->base_url(), "--token", first->pat(), "--against", second->base_url(),
                         "--against-token", second->pat(), "--only", "returns", "--seed", "9", "--cases", "5", "--out", out});
    EXPECT_EQ(ran.exit_code, 1) << ran.output;
    EXPECT_TRUE(has(ran.output, "recording the run (seed 9) against the second target")) << ran.output;
    EXPECT_FALSE(has(ran.output, first->pat()) || has(read_text(out + "/second.har"), second->pat()));
    const json found = json::parse(read_text(out + "/diff.json"), nullptr, false);
    bool named = false;
    for (const auto& d : found["differences"]) named = named || (d["operation"] == "createReturn" && d["kind"] == "status");
    EXPECT_TRUE(named) << found.dump(1).substr(0, 3000);
    // Neither two recordings nor --against: nothing to compare.
    EXPECT_EQ(dockside({"diff", "--out", out}).exit_code, 2);
}

// The second server answers getOrder 20 ms later: that operation's latency differs, and no other's.
TEST(DiffCli, AnOperationAnsweredLaterIsTheOneWhoseLatencyDiffers) {
    auto first = ServeProcess::start({}, "first-pat-123456");
    auto second = ServeProcess::start({"--delay", "getOrder:+20ms"}, "second-pat-123456");
    ASSERT_TRUE(first && second);
    const std::string out = fresh_dir("diff-latency");
    auto ran = dockside({"diff", "--base-url", first->base_url(), "--token", first->pat(), "--against", second->base_url(),
                         "--against-token", second->pat(), "--only", "orders", "--seed", "4", "--cases", "5", "--out", out});
    EXPECT_EQ(ran.exit_code, 1) << ran.output;
    const json found = json::parse(read_text(out + "/diff.json"), nullptr, false);
    ASSERT_TRUE(found.is_object()) << ran.output;
    std::vector<std::string> moved;
    for (const auto& row : found["latency"]["operations"])
        if (row["verdict"] == "slower" || row["verdict"] == "faster")
            moved.push_back(row["operation"].get<std::string>() + " " + row["verdict"].get<std::string>());
    EXPECT_EQ(moved, std::vector<std::string>{"getOrder slower"}) << ran.output;
}

TEST(DiffCli, ARecordingThatIsNoHarCannotBeCompared) {
    const std::string dir = fresh_dir("diff-bad");
    std::ofstream(dir + "/a.har") << "{\"not\": \"a har\"}";
    auto ran = dockside({"diff", dir + "/a.har", dir + "/a.har", "--out", dir});
    EXPECT_EQ(ran.exit_code, 2) << ran.output;
    EXPECT_TRUE(has(ran.output, "no HAR document")) << ran.output;
    EXPECT_EQ(dockside({"diff", dir + "/missing.har", dir + "/a.har"}).exit_code, 2);
}

}  // namespace
}  // namespace dockside::clitest
