// The comparison's verdict never says more than the runs know: an obvious regression is "regression"
// (exit 1) from one run a side on a busy machine and from four runs a side; runs that leave a metric that
// can fail undecided are "inconclusive" (exit 3), never "no regression"; and the interval printed for a
// metric is the one its verdict was read from.

#include "harness/compare/comparison.h"

#include <gtest/gtest.h>

#include <sstream>

#include "harness/compare/compare_text.h"
#include "harness/tests/compare/synthetic_runs.h"

namespace dockside::compare {
namespace {

using testing::make_run;
using testing::RunShape;

RunFolder folder(const std::string& path, LoadRun run) { return testing::load_folder(path, std::move(run)); }

const MetricComparison& find(const Comparison& c, const std::string& op, Metric metric) {
    for (const auto& m : c.load->metrics)
        if (m.operation == op && m.metric == metric) return m;
    throw std::runtime_error("no " + op + " " + to_string(metric));
}

std::string printed(const Comparison& c) {
    std::ostringstream out;
    TextOptions options;
    options.all_rows = true;
    print_comparison(out, c, options);
    return out.str();
}

/// The release manager's runs: 200/s for 8 s, getOrder a third of them at a p50 of about 1.8 ms.
RunShape release_shape(std::uint64_t seed, double get_order_extra_us) {
    RunShape shape;
    shape.seed = seed;
    shape.seconds = 8;
    shape.operations = {{"getOrder", 70, 1800, 0.35, 0, get_order_extra_us},
                        {"listOrders", 80, 2500, 0.4, 0, 0},
                        {"createOrder", 50, 3000, 0.3, 0, 0}};
    return shape;
}

/// The generator's own send lag: mostly 10 µs, its slowest 2% at `slow_us` (so p99 is `slow_us`).
void own_send_lag(LoadRun& run, std::int64_t slow_us) {
    for (int i = 0; i < 980; ++i) run.summary.result.own_send_lag.record(10);
    for (int i = 0; i < 20; ++i) run.summary.result.own_send_lag.record(slow_us);
}

// 1.8 ms → 55 ms on one run a side, the candidate's generator much later than the baseline's (own send
// lag p99 8.99 against 22.75 ms): 53 ms more is far beyond the 13.8 ms that difference could add.
TEST(CompareVerdict, AThirtyFoldRegressionFromOneRunASideIsARegression) {
    auto a = make_run(release_shape(1, 0)), b = make_run(release_shape(2, 53300));
    own_send_lag(a, 8990);
    own_send_lag(b, 22750);
    const auto c = compare_runs({folder("a", std::move(a))}, {folder("b", std::move(b))}, {}, false);
    ASSERT_TRUE(c.load);
    EXPECT_FALSE(c.load->machine_differs.empty());
    const auto& p50 = find(c, "getOrder", Metric::P50);
    EXPECT_GT(*p50.change, 25);
    EXPECT_EQ(p50.verdict, Verdict::Regressed) << p50.reason;
    EXPECT_EQ(c.exit_code, 1) << printed(c);
    EXPECT_EQ(c.verdict, "regression");
    EXPECT_NE(printed(c).find("verdict: REGRESSION (exit 1)"), std::string::npos) << printed(c);
}

// Four runs a side, every candidate run slower than every baseline run (p50 0.49 → 5.74 ms).
TEST(CompareVerdict, FourRunsASideAllSlowerAreARegression) {
    std::vector<RunFolder> as, bs;
    for (std::uint64_t i = 0; i < 4; ++i) {
        auto shape = release_shape(500 + i, 0);
        shape.operations[0].median_us = 490;
        as.push_back(folder("a" + std::to_string(i), make_run(shape)));
        shape.seed = 600 + i;
        shape.operations[0].extra_us = 5250;
        bs.push_back(folder("b" + std::to_string(i), make_run(shape)));
    }
    const auto c = compare_runs(as, bs, {}, false);
    const auto& p50 = find(c, "getOrder", Metric::P50);
    EXPECT_EQ(p50.verdict, Verdict::Regressed) << p50.reason;
    EXPECT_EQ(c.exit_code, 1) << printed(c);
    for (const auto& m : c.load->metrics)
        if (m.operation != "getOrder" && m.operation != kAllOperations) EXPECT_NE(m.verdict, Verdict::Regressed) << m.operation;
}

// A/A, one run a side: nothing regressed, but the maxima (and the rarest operation's tail) cannot be
// decided from one run, so "no regression" is not shown: inconclusive, with its own exit code and what
// would decide it.
TEST(CompareVerdict, AnAaComparisonWithUndecidedMetricsIsInconclusive) {
    const auto c = compare_runs({folder("a", make_run(release_shape(11, 0)))}, {folder("b", make_run(release_shape(12, 0)))}, {}, false);
    EXPECT_EQ(c.load->count(Verdict::Regressed), 0);
    EXPECT_EQ(find(c, kAllOperations, Metric::Max).verdict, Verdict::Inconclusive);
    EXPECT_EQ(c.verdict, "inconclusive");
    EXPECT_EQ(c.exit_code, 3);
    const auto text = printed(c);
    EXPECT_NE(text.find("verdict: INCONCLUSIVE (exit 3)"), std::string::npos) << text;
    EXPECT_EQ(text.find("no regression"), std::string::npos) << text;
    EXPECT_NE(text.find("to decide: "), std::string::npos) << text;
}

// Short, noisy runs with a change of about +15%: whatever each pair decides, it never says "no
// regression" while a metric that can fail looks worse than its threshold and is undecided.
TEST(CompareVerdict, APointEstimateBeyondTheThresholdThatIsUndecidedIsNeverNoRegression) {
    CompareSettings settings;
    settings.gates = parse_gates("getOrder:p50:+5%").value();
    int looked_worse_undecided = 0;
    for (std::uint64_t seed = 0; seed < 12; ++seed) {
        RunShape shape;
        shape.seconds = 4;
        shape.second_sigma = 0.25;
        shape.seed = 700 + seed;
        shape.operations = {{"getOrder", 25, 1000, 0.6, 0, 0}};
        auto a = make_run(shape);
        shape.seed = 800 + seed;
        shape.operations[0].extra_us = 150;
        auto b = make_run(shape);
        const auto c = compare_runs({folder("a", std::move(a))}, {folder("b", std::move(b))}, settings, false);
        const auto& p50 = find(c, "getOrder", Metric::P50);
        const bool beyond = p50.change && *p50.change > 1 + p50.margin;
        if (beyond && p50.verdict == Verdict::Inconclusive) {
            ++looked_worse_undecided;
            EXPECT_EQ(c.exit_code, 3) << "seed " << seed << "\n" << printed(c);
            EXPECT_EQ(c.verdict, "inconclusive");
        }
        if (c.exit_code == 0) EXPECT_EQ(p50.verdict, Verdict::Same) << "seed " << seed << "\n" << printed(c);
    }
    EXPECT_GT(looked_worse_undecided, 0) << "no pair left a worse-looking p50 undecided: the case is not exercised";
}

// Every latency verdict follows from the interval printed beside it: regressed exactly when its low end
// is beyond the threshold, same exactly when it lies inside it, and the row prints those very bounds.
TEST(CompareVerdict, ThePrintedIntervalIsTheOneTheVerdictUses) {
    int checked = 0;
    for (std::uint64_t seed = 0; seed < 6; ++seed) {
        auto shape = release_shape(900 + seed, 0);
        shape.seconds = 10;
        const auto a = make_run(shape);
        shape.seed = 950 + seed;
        shape.operations[0].extra_us = 170 + 20.0 * static_cast<double>(seed);  // about +9% to +15% of the p50
        shape.operations[1].extra_us = 60;
        const auto c = compare_runs({folder("a", a)}, {folder("b", make_run(shape))}, {}, false);
        const auto text = printed(c);
        for (const auto& m : c.load->metrics) {
            if (!percentile_of(m.metric) || !m.change || !m.change_low) continue;
            const double up = 1 + m.margin, down = 1 / (1 + m.margin);
            EXPECT_EQ(m.verdict == Verdict::Regressed, *m.change_low > up)
                << m.operation << " " << to_string(m.metric) << " [" << *m.change_low << ", " << *m.change_high << "] " << to_string(m.verdict);
            EXPECT_EQ(m.verdict == Verdict::Same, *m.change_low > down && *m.change_high < up)
                << m.operation << " " << to_string(m.metric) << " [" << *m.change_low << ", " << *m.change_high << "] " << to_string(m.verdict);
            const std::string interval = "[" + change_text(m.metric, *m.change_low) + ", " + change_text(m.metric, *m.change_high) + "]";
            EXPECT_NE(text.find(interval), std::string::npos) << interval << "\n" << text;
            ++checked;
        }
    }
    EXPECT_GT(checked, 50);
}

}  // namespace
}  // namespace dockside::compare
