// `dockside load --ab`: slices alternate between two targets in a seeded random order, each pair one of
// each; a candidate whose getOrder answers later is found regressed, the same target on both sides is not;
// combinations that make no A/B run are refused before anything is sent.

#include "tools/load/ab_trials.h"

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>

#include "tools/load/tests/load_process.h"
#include "tools/load/tests/load_tool_test_support.h"

namespace dockside::loadtool {
namespace {

using namespace testing;
using namespace std::chrono_literals;

TEST(AbOrder, EachPairHoldsOneSliceOfEachSideAndASeedRepeatsItsOrder) {
    int baseline_first = 0;
    for (std::uint64_t seed = 1; seed <= 50; ++seed) {
        const auto order = interleaved_order(8, seed);
        ASSERT_EQ(order.size(), 16u);
        for (std::size_t pair = 0; pair < 8; ++pair) {
            EXPECT_NE(order[2 * pair], order[2 * pair + 1]) << "seed " << seed << ", pair " << pair;
            baseline_first += order[2 * pair] == AbSide::baseline ? 1 : 0;
        }
        EXPECT_EQ(interleaved_order(8, seed), order) << "seed " << seed;
    }
    // A fair coin per pair: 400 pairs, each side first about half the time (the bounds are 6 standard deviations).
    EXPECT_GT(baseline_first, 140);
    EXPECT_LT(baseline_first, 260);
    EXPECT_NE(interleaved_order(8, 1), interleaved_order(8, 2));
}

/// An A/B run of getOrder at 200/s, in 12 pairs of half-second slices, into `out`: a pair's difference is
/// judged by its sign and rank, and 11 pairs are the fewest that can decide at this family's level.
LoadSettings ab_settings(const std::string& baseline_url, const std::string& candidate_url, const std::string& out) {
    RawLoadOptions raw;
    raw.rate = "200";
    raw.duration = "500ms";
    raw.mix = "getOrder";
    raw.ab = {baseline_url, candidate_url};
    raw.ab_slices = "12";
    raw.out = out;
    return settings(raw);
}

RunOutput run_ab_of(const LoadSettings& s, const LoadTarget& baseline, const LoadTarget& candidate) {
    std::ostringstream out, err;
    LoadIo io{out, err, false, nullptr};
    RunOutput r;
    r.code = run_ab(s, baseline, candidate, contract(), io);
    r.out = out.str();
    r.err = err.str();
    return r;
}

std::unique_ptr<refserver::EmbeddedServer> reference_with_delay(const std::string& pat, const std::string& delay) {
    refserver::EmbeddedOptions options;
    options.api.pat = pat;
    if (!delay.empty()) options.api.delays = {delay};
    return std::move(refserver::EmbeddedServer::start(options).value());
}

/// The verdict compare.json gives getOrder's p50, and the method that judged it.
std::string get_order_p50(const nlohmann::json& comparison, const char* field = "verdict") {
    for (const auto& m : comparison["load"]["metrics"])
        if (m["operation"] == "getOrder" && m["metric"] == "p50") return m[field].get<std::string>();
    return "(none)";
}

TEST(AbRun, ACandidateWhoseGetOrderAnswersLaterIsRegressed) {
    auto baseline = reference_with_delay("pat-ab-baseline", "");
    auto candidate = reference_with_delay("pat-ab-candidate", "getOrder:+2ms");
    ScratchDir dir;
    const auto r = run_ab_of(ab_settings(baseline->base_url(), candidate->base_url(), dir.path()),
                             target_of(*baseline), target_of(*candidate));
    EXPECT_EQ(r.code, 1) << r.out << r.err;
    EXPECT_NE(r.out.find("seed 42: order "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("slice 24/24, pair 12, "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("verdict: REGRESSION"), std::string::npos) << r.out;
    for (const char* side : {"baseline", "candidate"})
        for (const char* slice : {"slice-01", "slice-12"})
            EXPECT_TRUE(std::filesystem::exists(dir.sub(std::string(side) + "/" + slice + "/summary.json"))) << side << slice;
    const auto comparison = read_json(dir.sub("compare.json"));
    EXPECT_EQ(comparison["verdict"], "regression") << comparison.dump(1);
    EXPECT_EQ(comparison["baseline"].size(), 12u);
    EXPECT_EQ(get_order_p50(comparison), "regressed") << comparison["load"].dump(1);
    EXPECT_EQ(get_order_p50(comparison, "method"), "signed-rank") << "slice i of each side ran in pair i";
}

// The same target on both sides: whatever differs between its slices is noise, never a regression. Whether
// every metric is also shown within its threshold (exit 0) or some stay undecided (exit 3, inconclusive)
// depends on how steady the machine was; a regression (exit 1) would be a false alarm.
TEST(AbRun, TheSameTargetOnBothSidesIsNeverARegression) {
    auto target = reference_with_delay("pat-ab-same", "");
    ScratchDir dir;
    const auto r = run_ab_of(ab_settings(target->base_url(), target->base_url(), dir.path()), target_of(*target),
                             target_of(*target));
    EXPECT_TRUE(r.code == 0 || r.code == 3) << r.out << r.err;
    const auto comparison = read_json(dir.sub("compare.json"));
    EXPECT_NE(comparison["verdict"], "regression") << comparison.dump(1);
    EXPECT_NE(get_order_p50(comparison), "regressed");
}

/// `dockside load ARGS`' exit code and output.
std::pair<int, std::string> dockside_load(const std::vector<std::string>& args) {
    ScratchDir dir;
    const std::string log = dir.sub("load.log");
    const int code = wait_exit(spawn_load(args, log), 20s);
    return {code, read_text(log)};
}

TEST(AbRun, CombinationsThatMakeNoAbRunAreRefusedTogether) {
    const std::string a = "http://127.0.0.1:9", b = "http://127.0.0.1:10";
    auto [one, one_out] = dockside_load({"--ab", a, "--rate", "10"});
    EXPECT_EQ(one, 2) << one_out;
    EXPECT_NE(one_out.find("--ab takes two base URLs"), std::string::npos) << one_out;
    auto [mixed, mixed_out] = dockside_load({"--ab", a, b, "--rate", "10", "--shard", "0/2", "--base-url", a,
                                             "--find-capacity", "--slo", "p99<1s", "--delay", "getOrder:+1ms"});
    EXPECT_EQ(mixed, 2) << mixed_out;
    for (const char* said : {"--ab does not combine with --shard", "--find-capacity searches one target",
                             "leave out --base-url", "--delay slows the embedded reference server"})
        EXPECT_NE(mixed_out.find(said), std::string::npos) << said << "\n" << mixed_out;
    auto [alone, alone_out] = dockside_load({"--ab-slices", "4", "--rate", "10"});
    EXPECT_EQ(alone, 2) << alone_out;
    EXPECT_NE(alone_out.find("--ab-slices counts the pairs of slices of --ab"), std::string::npos) << alone_out;
    auto [few, few_out] = dockside_load({"--ab", a, b, "--rate", "10", "--ab-slices", "1"});
    EXPECT_EQ(few, 2) << few_out;
    EXPECT_NE(few_out.find("--ab-slices \"1\": expected a whole number from 2"), std::string::npos) << few_out;
}

}  // namespace
}  // namespace dockside::loadtool
