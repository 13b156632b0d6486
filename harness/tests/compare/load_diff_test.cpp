// Load comparison verdicts on runs made in memory: equal runs raise no alarm, an injected delay on one
// operation is found on that operation only, gates decide what fails, repeats use Welch's t, and runs of
// another configuration are refused.

#include "harness/compare/load_diff.h"

#include <gtest/gtest.h>

#include "harness/tests/compare/synthetic_runs.h"

namespace dockside::compare {
namespace {

using testing::make_run;
using testing::three_operations;

/// A copy, so that a caller may find in a comparison it does not keep.
MetricComparison find(const LoadDiff& d, const std::string& op, Metric metric) {
    for (const auto& m : d.metrics)
        if (m.operation == op && m.metric == metric) return m;
    throw std::runtime_error("no " + op + " " + to_string(metric));
}

/// Synthetic runs draw every request from one distribution: two runs differ by their requests alone, so
/// these tests judge one run a side without the run-to-run allowance a real machine needs.
CompareSettings exact() {
    CompareSettings settings;
    settings.run_noise_ms = 0;
    return settings;
}

LoadDiff compare_one(const LoadRun& a, const LoadRun& b, CompareSettings settings = exact()) {
    return diff_load({&a}, {&b}, settings);
}

TEST(LoadDiff, EqualRunsRaiseNoAlarm) {
    for (std::uint64_t seed = 10; seed < 16; ++seed) {
        const auto a = make_run(three_operations(seed)), b = make_run(three_operations(seed + 100));
        const auto d = compare_one(a, b);
        EXPECT_EQ(d.count(Verdict::Regressed), 0) << "seed " << seed;
        EXPECT_EQ(d.count(Verdict::Improved), 0) << "seed " << seed;
        EXPECT_EQ(d.failures(), 0);
        // Among 27 tested metrics the all-operations p50's interval (99.6%) reaches about ±4%; gated alone
        // (90%) it is shown inside ±5%.
        const auto& all = find(d, kAllOperations, Metric::P50);
        EXPECT_LT(*all.change_low, 1.0) << "seed " << seed;
        EXPECT_GT(*all.change_high, 1.0) << "seed " << seed;
        CompareSettings gated = exact();
        gated.gates = parse_gates("all:p50:+5%").value();
        EXPECT_EQ(find(compare_one(a, b, gated), kAllOperations, Metric::P50).verdict, Verdict::Same) << "seed " << seed;
        EXPECT_EQ(d.method, "within-run");
        EXPECT_EQ(find(d, kAllOperations, Metric::P50).method, "order-statistic");
        EXPECT_EQ(d.metrics.size(), 4 * std::size(kAllMetrics));
    }
}

TEST(LoadDiff, ADelayOnOneOperationIsFoundThereOnly) {
    const auto a = make_run(three_operations(21)), b = make_run(three_operations(22, 400));
    const auto d = compare_one(a, b);
    for (Metric m : {Metric::P50, Metric::P90, Metric::P99}) {
        const auto& got = find(d, "getOrder", m);
        EXPECT_EQ(got.verdict, Verdict::Regressed) << to_string(m) << ": " << got.reason;
        EXPECT_TRUE(got.fails);
        EXPECT_GT(*got.change_low, 1.05);
        EXPECT_NEAR(got.confidence, 1 - 2 * 0.05 / d.family, 1e-12);
    }
    for (const char* other : {"listOrders", "createOrder"})
        for (Metric m : kAllMetrics) EXPECT_NE(find(d, other, m).verdict, Verdict::Regressed) << other << " " << to_string(m);
    // The reverse order is an improvement, and nothing fails.
    const auto back = compare_one(b, a);
    EXPECT_EQ(find(back, "getOrder", Metric::P50).verdict, Verdict::Improved);
    EXPECT_EQ(back.failures(), 0);
}

TEST(LoadDiff, AGateMovesTheThresholdAndChoosesWhatFails) {
    const auto a = make_run(three_operations(31)), b = make_run(three_operations(32, 400));  // getOrder p50 about +57%
    CompareSettings wide = exact();
    wide.gates = parse_gates("p50:+100%").value();
    auto d = compare_one(a, b, wide);
    const auto& p50 = find(d, "getOrder", Metric::P50);
    EXPECT_EQ(p50.gate, "p50:+100%");
    EXPECT_DOUBLE_EQ(p50.margin, 1.0);
    EXPECT_NE(p50.verdict, Verdict::Regressed);
    EXPECT_EQ(d.failures(), 0) << "ungated metrics regress without failing";
    EXPECT_EQ(find(d, "getOrder", Metric::P90).verdict, Verdict::Regressed);

    CompareSettings narrow = exact();
    narrow.gates = parse_gates("getOrder:p50:+20%").value();
    d = compare_one(a, b, narrow);
    EXPECT_TRUE(find(d, "getOrder", Metric::P50).fails);
    EXPECT_EQ(d.failures(), 1);
}

// The bootstrap of a maximum cannot see beyond the run's own maximum: with one run a side the maximum is
// left to repeats, whatever its change.
TEST(LoadDiff, OneRunsMaximumIsLeftToRepeats) {
    auto shape = three_operations(95);
    const auto a = make_run(shape);
    shape.seed = 96;
    shape.operations[0].extra_us = 50000;  // a huge change: still not judged on one run a side
    const auto b = make_run(shape);
    const auto& max = find(compare_one(a, b), "getOrder", Metric::Max);
    EXPECT_EQ(max.verdict, Verdict::Inconclusive);
    EXPECT_EQ(max.method, "none");
    EXPECT_NE(max.reason.find("compare repeated runs"), std::string::npos);
    std::vector<LoadRun> as, bs;
    for (std::uint64_t i = 0; i < 8; ++i) {
        shape.seed = 200 + i;
        shape.operations[0].extra_us = 0;
        as.push_back(make_run(shape));
        shape.operations[0].extra_us = 50000;
        bs.push_back(make_run(shape));
    }
    std::vector<const LoadRun*> pa, pb;
    for (std::size_t i = 0; i < 8; ++i) pa.push_back(&as[i]), pb.push_back(&bs[i]);
    EXPECT_EQ(find(diff_load(pa, pb, {}), "getOrder", Metric::Max).verdict, Verdict::Regressed);
}

// One run a side whose generator got much less CPU in one run than the other (its own send lag p99 1 ms
// against 4 ms): a slower candidate is a regression only beyond the 3 ms that lateness could add; and a
// baseline whose generator was the late one explains no slower candidate at all.
TEST(LoadDiff, OneRunASideOnMachinesInAnotherStateIsJudgedBeyondWhatTheMachineExplains) {
    const auto lag = [](LoadRun& run, int tail_us, int body_us) {
        run.summary.result.own_send_lag.reset();
        for (int i = 0; i < 1000; ++i) run.summary.result.own_send_lag.record(i < 980 ? body_us : tail_us);
    };
    auto a = make_run(three_operations(97)), b = make_run(three_operations(98, 400));
    lag(a, 1000, 10);
    lag(b, 1100, 12);
    auto d = compare_one(a, b);
    EXPECT_TRUE(d.machine_differs.empty()) << d.machine_differs;
    EXPECT_EQ(find(d, "getOrder", Metric::P50).verdict, Verdict::Regressed);

    lag(b, 4000, 12);
    d = compare_one(a, b);
    EXPECT_NE(d.machine_differs.find("own send lag p99"), std::string::npos) << d.machine_differs;
    const auto& p50 = find(d, "getOrder", Metric::P50);  // +400 µs on 700 µs: within the 3 ms
    EXPECT_EQ(p50.verdict, Verdict::Inconclusive);
    ASSERT_TRUE(p50.machine_allowance);
    EXPECT_NEAR(*p50.machine_allowance, 3.0 / p50.baseline, 0.01 / p50.baseline);
    EXPECT_NE(p50.reason.find("the machine's state could explain"), std::string::npos) << p50.reason;
    EXPECT_EQ(d.count(Verdict::Regressed), 0);
    EXPECT_NE(find(d, "listOrders", Metric::P50).verdict, Verdict::Regressed);

    lag(a, 4000, 10);  // the baseline's generator the late one: a slower candidate is the target's
    lag(b, 1000, 12);
    d = compare_one(a, b);
    EXPECT_FALSE(d.machine_differs.empty());
    ASSERT_TRUE(find(d, "getOrder", Metric::P50).machine_allowance);
    EXPECT_LT(*find(d, "getOrder", Metric::P50).machine_allowance, 0);
    EXPECT_EQ(find(d, "getOrder", Metric::P50).verdict, Verdict::Regressed);

    lag(a, 1000, 10);
    auto far = make_run(three_operations(99, 30000));  // +30 ms: far beyond what 3 ms of lateness explains
    lag(far, 4000, 12);
    d = compare_one(a, far);
    EXPECT_FALSE(d.machine_differs.empty());
    EXPECT_EQ(find(d, "getOrder", Metric::P50).verdict, Verdict::Regressed);
    EXPECT_NE(find(d, kAllOperations, Metric::Rate).verdict, Verdict::Regressed) << "the rate is the generator's too";
}

// Two runs of one build can differ as a whole (measured here: a listOrders p50 of 0.23 ms in one run of a
// delayed server, 0.37 ms in the next, with nothing changed), and nothing in one run measures that. A shift
// of every operation by 150 µs, which each run's own requests would call a regression, is within the
// default 0.5 ms; a 20 ms change is not; and the interval printed is the widened one the verdict used.
TEST(LoadDiff, OneRunASideAllowsTheRunToRunVariationNoRunMeasures) {
    auto shape = three_operations(61);
    const auto a = make_run(shape);
    shape.seed = 62;
    for (auto& op : shape.operations) op.extra_us = 150;
    const auto shifted = make_run(shape);

    const auto exact_verdict = compare_one(a, shifted);
    EXPECT_EQ(find(exact_verdict, "getOrder", Metric::P50).verdict, Verdict::Regressed) << "the requests alone call it";
    const auto d = compare_one(a, shifted, CompareSettings{});
    EXPECT_DOUBLE_EQ(d.run_noise_ms, 0.5);
    EXPECT_EQ(d.count(Verdict::Regressed), 0);
    for (const char* op : {"getOrder", "listOrders"}) {
        const auto p50 = find(d, op, Metric::P50);
        EXPECT_EQ(p50.verdict, Verdict::Inconclusive) << op;
        EXPECT_LT(*p50.change_low, 1.0) << op << ": the interval includes the run's own variation";
        EXPECT_GT(*p50.change_high, *find(exact_verdict, op, Metric::P50).change_high) << op;
    }

    shape.seed = 63;
    for (auto& op : shape.operations) op.extra_us = 0;
    shape.operations[0].extra_us = 20000;
    const auto slow = make_run(shape);
    const auto far = compare_one(a, slow, CompareSettings{});
    EXPECT_EQ(find(far, "getOrder", Metric::P50).verdict, Verdict::Regressed);
    EXPECT_NE(find(far, "listOrders", Metric::P50).verdict, Verdict::Regressed);

    // Repeats measure the run-to-run variation in their spread: no allowance is added to them.
    EXPECT_EQ(diff_load({&a, &a}, {&slow, &slow}, CompareSettings{}).run_noise_ms, 0);
}

TEST(LoadDiff, ErrorRatesAreJudgedInPoints) {
    auto shape = three_operations(41);
    const auto a = make_run(shape);
    shape.seed = 42;
    shape.operations[2].error_share = 0.05;
    const auto b = make_run(shape);
    const auto d = compare_one(a, b);
    const auto& errors = find(d, "createOrder", Metric::Errors);
    EXPECT_EQ(errors.verdict, Verdict::Regressed);
    EXPECT_EQ(errors.method, "binomial");
    EXPECT_NEAR(*errors.change, 0.05, 0.02);
    EXPECT_EQ(find(d, "getOrder", Metric::Errors).verdict, Verdict::Same);
}

// With a gate, the metrics that can fail form their own family: the gated metric's interval is at 90%
// (one metric), the rest are reported at their own family's level and fail nothing.
TEST(LoadDiff, AGatedMetricIsCorrectedOnlyWithTheOtherGatedOnes) {
    std::vector<LoadRun> a, b;
    for (std::uint64_t i = 0; i < 4; ++i) {
        a.push_back(make_run(three_operations(300 + i)));
        b.push_back(make_run(three_operations(400 + i, 400)));
    }
    std::vector<const LoadRun*> pa, pb;
    for (std::size_t i = 0; i < 4; ++i) pa.push_back(&a[i]), pb.push_back(&b[i]);
    const auto all = diff_load(pa, pb, {});
    EXPECT_EQ(all.family, 4 * 7 - 1) << "createOrder p99.9 has too few requests to be tested";
    CompareSettings gated = exact();
    gated.gates = parse_gates("getOrder:p50:+10%").value();
    const auto d = diff_load(pa, pb, gated);
    EXPECT_EQ(d.family, 1);
    EXPECT_NEAR(d.confidence, 0.9, 1e-12);
    const auto& p50 = find(d, "getOrder", Metric::P50);
    EXPECT_EQ(p50.verdict, Verdict::Regressed);
    EXPECT_TRUE(p50.fails);
    EXPECT_EQ(d.failures(), 1);
    const auto& p90 = find(d, "getOrder", Metric::P90);
    EXPECT_FALSE(p90.can_fail);
    EXPECT_NEAR(p90.confidence, 1 - 2 * 0.05 / 26, 1e-12);
    EXPECT_LT(*p50.change_high - *p50.change_low, *find(all, "getOrder", Metric::P50).change_high - *find(all, "getOrder", Metric::P50).change_low)
        << "one gated metric's interval is narrower than one of 28";
}

TEST(LoadDiff, TooFewRequestsForAPercentileSayHowManyMoreRuns) {
    const auto a = make_run(three_operations(51)), b = make_run(three_operations(52));
    const auto d = compare_one(a, b);
    const auto& tail = find(d, "createOrder", Metric::P999);  // 1,500 requests: 10,000 needed
    EXPECT_EQ(tail.verdict, Verdict::Inconclusive);
    EXPECT_EQ(tail.method, "none");
    ASSERT_TRUE(tail.more_runs_needed);
    EXPECT_EQ(*tail.more_runs_needed, 6);  // ceil(10000 / 1500) = 7 runs per side, one there
    EXPECT_NE(tail.reason.find("too few requests"), std::string::npos);
    EXPECT_FALSE(tail.fails);
}

TEST(LoadDiff, RepeatsUseWelchAndSayWhenMoreAreNeeded) {
    std::vector<LoadRun> a, b;
    for (std::uint64_t i = 0; i < 8; ++i) {
        a.push_back(make_run(three_operations(60 + i)));
        b.push_back(make_run(three_operations(80 + i, 400)));
    }
    std::vector<const LoadRun*> a3, b3, a8, b8;
    for (std::size_t i = 0; i < 8; ++i) {
        if (i < 3) a3.push_back(&a[i]), b3.push_back(&b[i]);
        a8.push_back(&a[i]);
        b8.push_back(&b[i]);
    }
    const auto few = diff_load(a3, b3, {});
    EXPECT_EQ(few.method, "across-runs");
    const auto& p50 = find(few, "getOrder", Metric::P50);
    EXPECT_EQ(p50.method, "welch");
    EXPECT_EQ(p50.verdict, Verdict::Regressed) << p50.reason;
    // A change on the threshold's edge: +6% on a 5% threshold is not decided by three runs a side.
    std::vector<LoadRun> c;
    for (std::uint64_t i = 0; i < 3; ++i) c.push_back(make_run(three_operations(90 + i, 45)));
    const auto edge = diff_load(a3, {&c[0], &c[1], &c[2]}, {});
    const auto& close = find(edge, "getOrder", Metric::P50);
    EXPECT_EQ(close.verdict, Verdict::Inconclusive) << *close.change;
    ASSERT_TRUE(close.more_runs_needed) << close.reason;
    EXPECT_GE(*close.more_runs_needed, 1);

    const auto many = diff_load(a8, b8, {});
    EXPECT_EQ(find(many, "getOrder", Metric::P50).verdict, Verdict::Regressed);
    EXPECT_EQ(find(many, "listOrders", Metric::P50).verdict, Verdict::Same);
    for (const auto& m : many.metrics)
        if (m.operation != "getOrder" && m.operation != kAllOperations) {
            EXPECT_NE(m.verdict, Verdict::Regressed) << m.operation;
        }
}

// Twelve pairs of runs on a machine whose speed drifts sixfold over them, each pair made at one speed, the
// candidate's getOrder 30 % slower: Welch's t sees the drift as noise, the pairs' differences do not.
TEST(LoadDiff, PairedRunsLetTheMachinesDriftFallOut) {
    std::vector<LoadRun> a, b;
    const double speeds[] = {0.5, 1.0, 2.0, 0.7, 1.5, 3.0, 0.6, 2.5, 1.2, 0.8, 1.8, 2.2};
    for (std::size_t i = 0; i < std::size(speeds); ++i) {
        auto base = three_operations(300 + i);
        for (auto& op : base.operations) op.median_us *= speeds[i];
        auto slower = base;
        slower.seed = 400 + i;
        slower.operations[0].extra_us = 0.3 * slower.operations[0].median_us;
        a.push_back(make_run(base));
        b.push_back(make_run(slower));
    }
    std::vector<const LoadRun*> pa, pb;
    for (std::size_t i = 0; i < a.size(); ++i) pa.push_back(&a[i]), pb.push_back(&b[i]);
    const auto unpaired = find(diff_load(pa, pb, {}), "getOrder", Metric::P50);
    EXPECT_EQ(unpaired.method, "welch");
    EXPECT_EQ(unpaired.verdict, Verdict::Inconclusive) << unpaired.reason;
    CompareSettings settings;
    settings.paired = true;
    const auto d = diff_load(pa, pb, settings);
    EXPECT_EQ(d.method, "across-pairs");
    const auto& paired = find(d, "getOrder", Metric::P50);
    EXPECT_EQ(paired.method, "signed-rank");
    EXPECT_EQ(paired.verdict, Verdict::Regressed) << paired.reason;
    EXPECT_NEAR(*paired.change, 1.3, 0.05);
    EXPECT_NE(find(d, "listOrders", Metric::P50).verdict, Verdict::Regressed);
}

TEST(LoadDiff, AnotherRateOrMixIsRefused) {
    const auto a = make_run(three_operations(71));
    auto faster = three_operations(72);
    faster.rate = 1000;
    const auto b = make_run(faster);
    auto problems = load_incompatibilities({&a}, {&b});
    ASSERT_EQ(problems.size(), 1u);
    EXPECT_NE(problems[0].find("rate configuration"), std::string::npos) << problems[0];

    auto other_mix = three_operations(73);
    other_mix.operations[0].per_second = 250;
    other_mix.rate = 500;
    const auto c = make_run(other_mix);
    problems = load_incompatibilities({&a}, {&c});
    ASSERT_EQ(problems.size(), 1u);
    EXPECT_NE(problems[0].find("mix configuration"), std::string::npos) << problems[0];
    EXPECT_TRUE(load_incompatibilities({&a}, {&a}).empty());
}

TEST(LoadDiff, WithoutIntervalLogsLatencyIsNotGuessed) {
    const auto a = make_run(three_operations(91));
    auto b = make_run(three_operations(92, 400));
    b.latency.clear();  // as a merged run
    const auto d = compare_one(a, b);
    const auto& p50 = find(d, "getOrder", Metric::P50);
    EXPECT_EQ(p50.verdict, Verdict::Inconclusive);
    EXPECT_NE(p50.reason.find("no interval log"), std::string::npos) << p50.reason;
    EXPECT_EQ(find(d, "getOrder", Metric::Errors).verdict, Verdict::Same) << "error rates need only counts";
}

}  // namespace
}  // namespace dockside::compare
