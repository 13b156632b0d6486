// The statistics of a comparison against published values (R's wilcox.test documentation, Hollander and
// Wolfe's example) and against cases worked by hand.

#include "harness/compare/statistics.h"

#include <gtest/gtest.h>

#include <cmath>

namespace dockside::compare {
namespace {

TEST(Statistics, NormalDistribution) {
    EXPECT_NEAR(normal_cdf(0), 0.5, 1e-12);
    EXPECT_NEAR(normal_cdf(1.959963985), 0.975, 1e-9);
    EXPECT_NEAR(normal_quantile(0.975), 1.959963985, 1e-7);
    EXPECT_NEAR(normal_quantile(1e-6), -4.753424309, 1e-6);
    EXPECT_NEAR(normal_quantile(1 - 0.05 / 322), 3.606329286, 1e-6);  // Python's statistics.NormalDist
}

// Student's t against tabled values (two-sided 95% points: 12.706 for 1 df, 2.262 for 9, 2.042 for 30).
TEST(Statistics, StudentDistribution) {
    EXPECT_NEAR(student_quantile(0.975, 1), 12.7062, 1e-3);
    EXPECT_NEAR(student_quantile(0.975, 9), 2.2622, 1e-4);
    EXPECT_NEAR(student_quantile(0.975, 30), 2.0423, 1e-4);
    EXPECT_NEAR(student_cdf(0, 5), 0.5, 1e-12);
    EXPECT_NEAR(student_cdf(-2.0150, 5), 0.05, 1e-4);
    EXPECT_NEAR(student_cdf(1.96, INFINITY), normal_cdf(1.96), 1e-12);
    EXPECT_NEAR(student_cdf(3.4, 1e6), normal_cdf(3.4), 1e-6);
}

// Hollander & Wolfe (1973), p. 69, as in R's ?wilcox.test: W = 35, exact one-sided p = 0.1272.
TEST(Statistics, MannWhitneyMatchesThePublishedExactValue) {
    const std::vector<double> x = {0.80, 0.83, 1.89, 1.04, 1.45, 1.38, 1.91, 1.64, 0.73, 1.46};
    const std::vector<double> y = {1.15, 0.88, 0.90, 0.74, 1.21};
    const auto test = mann_whitney_greater(x, y);
    EXPECT_TRUE(test.exact);
    EXPECT_DOUBLE_EQ(test.u, 35);
    EXPECT_NEAR(test.p_greater, 0.1272, 5e-5);
}

TEST(Statistics, MannWhitneyExtremesAndShift) {
    const std::vector<double> low = {1, 2, 3}, high = {11, 12, 13};
    EXPECT_NEAR(mann_whitney_greater(high, low).p_greater, 1.0 / 20, 1e-12);  // every ordering but one
    EXPECT_NEAR(mann_whitney_greater(low, high).p_greater, 1.0, 1e-12);
    // Shifted by more than the gap, the higher sample no longer exceeds the lower one.
    EXPECT_GT(mann_whitney_greater(high, low, 15).p_greater, 0.9);
    EXPECT_NEAR(smallest_rank_p(3, 3), 1.0 / 20, 1e-12);
    EXPECT_NEAR(smallest_rank_p(8, 8), 1.0 / 12870, 1e-12);
    // Hand-worked: x = {1, 3}, y = {2}: U = 1; of the three orderings, two give U >= 1.
    EXPECT_NEAR(mann_whitney_greater({1, 3}, {2}).p_greater, 2.0 / 3, 1e-12);
}

TEST(Statistics, MannWhitneyWithTiesUsesTheCorrectedNormal) {
    const std::vector<double> x = {0, 0, 0, 1}, y = {0, 0, 0, 0};
    const auto test = mann_whitney_greater(x, y);
    EXPECT_FALSE(test.exact);
    EXPECT_DOUBLE_EQ(test.u, 4 + 0.5 * 12);
    EXPECT_GT(test.p_greater, 0.1);
    EXPECT_LT(test.p_greater, 0.5);
    const auto all_equal = mann_whitney_greater({0, 0, 0}, {0, 0, 0});
    EXPECT_DOUBLE_EQ(all_equal.p_greater, 1.0);
}

TEST(Statistics, HodgesLehmannFindsTheShiftAndCoversIt) {
    const std::vector<double> y = {1.0, 1.4, 0.7, 1.9, 1.2, 0.9, 1.6, 1.1};
    std::vector<double> x;
    for (double v : y) x.push_back(v + 2);
    const auto shift = hodges_lehmann(x, y, 0.95);
    EXPECT_NEAR(shift.estimate, 2.0, 1e-12);
    EXPECT_LE(shift.low, 2.0);
    EXPECT_GE(shift.high, 2.0);
    EXPECT_GE(shift.achieved_confidence, 0.95);
    EXPECT_NEAR(hodges_lehmann({1, 2, 3}, {0}, 0.5).estimate, 2.0, 1e-12);
    // Three against three cannot reach 95%: the widest interval, and the confidence it does reach (0.9).
    const auto small = hodges_lehmann({5, 6, 7}, {1, 2, 3}, 0.95);
    EXPECT_DOUBLE_EQ(small.low, 2);
    EXPECT_DOUBLE_EQ(small.high, 6);
    EXPECT_NEAR(small.achieved_confidence, 0.9, 1e-12);
}

TEST(Statistics, HolmAdjustsStepDown) {
    const auto adjusted = holm_adjust({0.01, 0.04, 0.03, 0.005});
    ASSERT_EQ(adjusted.size(), 4u);
    EXPECT_NEAR(adjusted[0], 0.03, 1e-12);
    EXPECT_NEAR(adjusted[1], 0.06, 1e-12);
    EXPECT_NEAR(adjusted[2], 0.06, 1e-12);
    EXPECT_NEAR(adjusted[3], 0.02, 1e-12);
    EXPECT_TRUE(holm_adjust({}).empty());
    EXPECT_DOUBLE_EQ(holm_adjust({0.9, 0.8})[0], 1.0);
}

TEST(Statistics, Summaries) {
    EXPECT_DOUBLE_EQ(median_of({3, 1, 2}), 2);
    EXPECT_DOUBLE_EQ(median_of({4, 1, 3, 2}), 2.5);
    EXPECT_DOUBLE_EQ(mean_of({1, 2, 3}), 2);
    EXPECT_NEAR(standard_deviation({2, 4, 4, 4, 5, 5, 7, 9}), 2.138089935, 1e-9);
    EXPECT_DOUBLE_EQ(standard_deviation({1}), 0);
}

}  // namespace
}  // namespace dockside::compare
