// The statistics of a comparison against tabled values and cases worked by hand.

#include "harness/compare/statistics.h"

#include <gtest/gtest.h>

#include <cmath>

namespace dockside::compare {
namespace {

TEST(Statistics, NormalAndStudentQuantiles) {
    EXPECT_NEAR(normal_quantile(0.975), 1.959963985, 1e-9);
    EXPECT_NEAR(normal_quantile(1e-6), -4.753424309, 1e-8);
    EXPECT_NEAR(normal_quantile(1 - 0.05 / 322), 3.606329286, 1e-8);  // Python's statistics.NormalDist
    // Two-sided 95% points of Student's t: 12.706 for 1 df, 2.262 for 9, 2.042 for 30.
    EXPECT_NEAR(student_quantile(0.975, 1), 12.7062, 1e-4);
    EXPECT_NEAR(student_quantile(0.975, 9), 2.2622, 1e-4);
    EXPECT_NEAR(student_quantile(0.975, 30), 2.0423, 1e-4);
    EXPECT_NEAR(student_quantile(0.05, 5), -2.0150, 1e-4);
    EXPECT_DOUBLE_EQ(student_quantile(0.975, INFINITY), normal_quantile(0.975));
}

// R: t.test(c(1, 2, 3, 4), c(2, 4, 6)) gives t = -1.1339 on 3.2347 df.
TEST(Statistics, WelchMatchesR) {
    const auto w = welch({1, 2, 3, 4}, {2, 4, 6});
    EXPECT_DOUBLE_EQ(w.estimate, -1.5);
    EXPECT_NEAR(w.estimate / w.se, -1.1339, 1e-4);
    EXPECT_NEAR(w.df, 3.2347, 1e-4);
    const auto same = welch({1, 1}, {1, 1});
    EXPECT_DOUBLE_EQ(same.se, 0);
    EXPECT_DOUBLE_EQ(same.df, 2);
}

// R: t.test(c(1, 2, 3, 4), c(2, 4, 6, 5), paired = TRUE) gives t = -3.6556 on 3 degrees of freedom.
TEST(Statistics, PairedDifferenceMatchesR) {
    const auto p = paired_difference({1, 2, 3, 4}, {2, 4, 6, 5});
    EXPECT_DOUBLE_EQ(p.estimate, -1.75);
    EXPECT_NEAR(p.estimate / p.se, -3.6556, 1e-4);
    EXPECT_DOUBLE_EQ(p.df, 3);
}

// Symmetric parts give the familiar sqrt(a² + b²); a skewed part keeps its long side where it is.
TEST(Statistics, MoverDifferenceRecoversEachBoundFromTheNearerParts) {
    const auto d = mover_difference({10, 8, 13}, {5, 4, 7});
    EXPECT_DOUBLE_EQ(d.estimate, 5);
    EXPECT_DOUBLE_EQ(d.low, 5 - std::hypot(2, 2));
    EXPECT_DOUBLE_EQ(d.high, 5 + std::hypot(3, 1));
    const auto symmetric = mover_difference({1, 0, 2}, {0, -1, 1});
    EXPECT_DOUBLE_EQ(symmetric.high - symmetric.estimate, std::sqrt(2.0));
    EXPECT_TRUE(std::isinf(mover_difference({1, 0, INFINITY}, {0, -1, 1}).high));
}

TEST(Statistics, DispersionOfCountsOverIntervals) {
    EXPECT_DOUBLE_EQ(binomial_dispersion({5, 5}, {10, 10}), 0);
    EXPECT_DOUBLE_EQ(binomial_dispersion({0, 10}, {10, 10}), 20);  // (5² / 2.5) · 2 over 1 df
    EXPECT_DOUBLE_EQ(binomial_dispersion({3}, {10}), 1) << "one interval says nothing";
    EXPECT_DOUBLE_EQ(binomial_dispersion({10, 10}, {10, 10}), 1) << "a share of 1 has no spread to compare";
    EXPECT_DOUBLE_EQ(poisson_dispersion({10, 10}, {1, 1}), 0);
    EXPECT_DOUBLE_EQ(poisson_dispersion({5, 15}, {1, 1}), 5);
    EXPECT_DOUBLE_EQ(poisson_dispersion({5, 10}, {1, 2}), 0) << "the rate is the same in both";
}

TEST(Statistics, Summaries) {
    EXPECT_DOUBLE_EQ(mean_of({1, 2, 3}), 2);
    EXPECT_NEAR(standard_deviation({2, 4, 4, 4, 5, 5, 7, 9}), 2.138089935, 1e-9);
    EXPECT_DOUBLE_EQ(standard_deviation({1}), 0);
}

}  // namespace
}  // namespace dockside::compare
