// `dockside diff`: two recordings of one seeded run (`conform --har`) against two copies of the reference
// server differ nowhere; against a server with a fault, the difference is named at the operation it breaks.

#include <fstream>
#include <map>

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

const std::string kFirstPat = "first-pat-123456", kSecondPat = "second-pat-123456";

/// `dockside diff --against` from `first` to `second`, into `out`.
Ran diff_between(const ServeProcess& first, const ServeProcess& second, const std::string& only, const std::string& seed,
                 const std::string& out, const std::string& cases = "5") {
    return dockside({"diff", "--base-url", first.base_url(), "--token", first.pat(), "--against", second.base_url(),
                     "--against-token", second.pat(), "--only", only, "--seed", seed, "--cases", cases, "--out", out});
}

/// `dockside diff --against` from a clean `dockside serve` to one started with `second_args`, into `out`.
Ran diff_against(const std::vector<std::string>& second_args, const std::string& only, const std::string& seed,
                 const std::string& out, const std::string& cases = "5") {
    auto first = ServeProcess::start({}, kFirstPat);
    auto second = ServeProcess::start(second_args, kSecondPat);
    if (!first || !second) return {};
    return diff_between(*first, *second, only, seed, out, cases);
}

// Two servers left running, diffed again and again: the records earlier runs left carry each run's own tag,
// which no request of the later run names, and still are no difference.
TEST(DiffCli, DiffsInARowAgainstTheSameTwoServersDifferNowhere) {
    auto first = ServeProcess::start({}, kFirstPat);
    auto second = ServeProcess::start({}, kSecondPat);
    ASSERT_TRUE(first && second);
    for (const std::string seed : {"4", "5"}) {
        auto ran = diff_between(*first, *second, "orders", seed, fresh_dir("diff-again-" + seed));
        EXPECT_EQ(ran.exit_code, 0) << ran.output;
        EXPECT_TRUE(has(ran.output, " 0 difference(s)")) << ran.output;
    }
}

// One command records the seeded run against each target at once, in lockstep, and compares them.
TEST(DiffCli, AgainstRecordsTheRunOnEachTargetAndComparesThem) {
    const std::string out = fresh_dir("diff-against");
    auto ran = diff_against({"--fault", "RET-CREATED.answers-201"}, "returns", "9", out);
    EXPECT_EQ(ran.exit_code, 1) << ran.output;
    EXPECT_TRUE(has(ran.output, "recording the run (seed 9) against the second target")) << ran.output;
    EXPECT_FALSE(has(ran.output, kFirstPat) || has(read_text(out + "/second.har"), kSecondPat));
    const json found = json::parse(read_text(out + "/diff.json"), nullptr, false);
    bool named = false;
    for (const auto& d : found["differences"]) named = named || (d["operation"] == "createReturn" && d["kind"] == "status");
    EXPECT_TRUE(named) << found.dump(1).substr(0, 3000);
    // Neither two recordings nor --against: nothing to compare.
    EXPECT_EQ(dockside({"diff", "--out", out}).exit_code, 2);
}

// With --noise the three runs go round one ring: every exchange of the tests is in the lockstep, and two
// copies of one server with a third differ nowhere.
TEST(DiffCli, ThreeRunsGoInOneLockstepWithTheNoiseCopy) {
    auto first = ServeProcess::start({}, kFirstPat);
    auto second = ServeProcess::start({}, kSecondPat);
    auto copy = ServeProcess::start({}, "noise-pat-123456");
    ASSERT_TRUE(first && second && copy);
    const std::string out = fresh_dir("diff-noise");
    auto ran = dockside({"diff", "--base-url", first->base_url(), "--token", first->pat(), "--against", second->base_url(),
                         "--against-token", second->pat(), "--noise", copy->base_url(), "--noise-token", copy->pat(), "--only",
                         "returns", "--seed", "6", "--cases", "5", "--out", out});
    EXPECT_EQ(ran.exit_code, 0) << ran.output;
    EXPECT_TRUE(has(ran.output, "against the noise target")) << ran.output;
    for (const std::string side : {"first", "second", "noise"}) {
        const json har = json::parse(read_text(out + "/" + side + ".har"), nullptr, false);
        ASSERT_TRUE(har.is_object()) << side;
        int marked = 0, entries = 0;
        for (const auto& e : har["log"]["entries"]) {
            ++entries;
            marked += e["_dockside"].contains("lockstep");
        }
        EXPECT_GE(marked, entries - 2) << side << ": all but the preparation's exchanges in the lockstep";
    }
}

// A second target nobody answers at: its run ends at once, and the first, left alone in the lockstep, goes
// on by itself to its end; the diff cannot compare and says which run could not.
TEST(DiffCli, ARunThatCannotStartLeavesTheOtherToFinishAlone) {
    auto first = ServeProcess::start({}, kFirstPat);
    ASSERT_TRUE(first);
    const std::string out = fresh_dir("diff-unanswered");
    auto ran = dockside({"diff", "--base-url", first->base_url(), "--token", first->pat(), "--against", "http://127.0.0.1:9",
                         "--against-token", kSecondPat, "--only", "returns", "--seed", "3", "--cases", "3", "--out", out});
    EXPECT_EQ(ran.exit_code, 2) << ran.output;
    EXPECT_TRUE(has(ran.output, "conform against the second target could not run")) << ran.output;
    EXPECT_TRUE(has(read_text(out + "/first/console.txt"), "passed")) << read_text(out + "/first/console.txt");
}

// The second server answers getOrder 20 ms later: that operation's latency differs, and nothing else does.
// The two runs are recorded in lockstep, so a busy machine slows each pair of exchanges alike (ten of ten
// beside three busy loops on two cores, docs/diff.md).
/// The operations diff.json judges slower or faster, each with its row.
std::map<std::string, std::string> flagged_latency(const json& found) {
    std::map<std::string, std::string> flagged;
    for (const auto& row : found["latency"]["operations"])
        if (row["verdict"] != "same" && row["verdict"] != "too few pairs") flagged[row["operation"]] = row.dump();
    return flagged;
}

TEST(DiffCli, AnOperationAnsweredLaterIsFoundSlowerAndNothingElseDiffers) {
    const std::string out = fresh_dir("diff-latency");
    // Cases enough for some 60 getOrder pairs: with two dozen, the interval's low end sits near the 20 % margin.
    auto ran = diff_against({"--delay", "getOrder:+20ms"}, "orders", "4", out, "20");
    EXPECT_EQ(ran.exit_code, 1) << ran.output;
    const json found = json::parse(read_text(out + "/diff.json"), nullptr, false);
    ASSERT_TRUE(found.is_object()) << ran.output;
    auto flagged = flagged_latency(found);
    EXPECT_EQ(flagged.size(), 1u) << found["latency"].dump(1);
    EXPECT_TRUE(flagged.count("getOrder") && has(flagged["getOrder"], "\"slower\"")) << found["latency"].dump(1);
    // Every exchange of the tests went in lockstep; only the preparation's (the token check and the channel
    // list, read before the tests begin) did not.
    EXPECT_LE(found["latency"]["apart"].get<int>(), 2) << found["latency"].dump(1);
    EXPECT_EQ(found["differences"].size(), 0u) << found["differences"].dump(1).substr(0, 3000);
}

// One server against itself through a proxy that holds one operation 20 ms (tools/bench/conform/delay_proxy.py):
// that operation is slower and nothing else differs. The locations area only reads, so both sides see one state;
// its two operations are too few to take a shift of the run's own out, so the slowed one is not read as one.
TEST(DiffCli, AServerAgainstItselfThroughAProxyHoldingOneOperationIsSlowerThereAlone) {
    auto serve = ServeProcess::start({}, kFirstPat);
    ASSERT_TRUE(serve);
    const std::string port = serve->base_url().substr(serve->base_url().rfind(':') + 1);
    auto proxy = HelperProcess::start({"/usr/bin/python3", DOCKSIDE_SPECS_DIR "/../tools/bench/conform/delay_proxy.py", "0", port,
                                       "20", "^GET /2025-07/location[ ?]"},
                                      "listening on ");
    ASSERT_TRUE(proxy) << "python3 runs tools/bench/conform/delay_proxy.py";
    const std::string listening = proxy->output().substr(proxy->output().find("listening on ") + 13);
    const std::string proxied = "http://127.0.0.1:" + listening.substr(0, listening.find_first_not_of("0123456789"));
    const std::string out = fresh_dir("diff-proxy");
    auto ran = dockside({"diff", "--base-url", serve->base_url(), "--token", serve->pat(), "--against", proxied, "--against-token",
                         serve->pat(), "--only", "locations", "--seed", "5", "--out", out});
    EXPECT_EQ(ran.exit_code, 1) << ran.output;
    const json found = json::parse(read_text(out + "/diff.json"), nullptr, false);
    ASSERT_TRUE(found.is_object()) << ran.output;
    auto flagged = flagged_latency(found);
    EXPECT_EQ(flagged.size(), 1u) << found["latency"].dump(1);
    EXPECT_TRUE(flagged.count("listLocations") && has(flagged["listLocations"], "\"slower\"")) << found["latency"].dump(1);
    EXPECT_EQ(found["differences"].size(), 0u) << found["differences"].dump(1).substr(0, 3000);
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
