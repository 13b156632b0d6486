// The statistics of a comparison against tabled values and cases worked by hand.

#include "harness/compare/statistics.h"

#include <gtest/gtest.h>

#include <algorithm>
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

// Wilcoxon's table: with 10 pairs, P(W+ <= 8) = 0.0244 and P(W+ <= 9) = 0.0322, so the 95 % interval runs
// from the 9th smallest Walsh average to the 9th largest; of 1..10 those are 3 and 8, and the centre 5.5.
TEST(Statistics, SignedRankIntervalMatchesWilcoxonsTable) {
    std::vector<double> d;
    for (int i = 1; i <= 10; ++i) d.push_back(i);
    const auto b = signed_rank_bounds(d, 0.025);
    EXPECT_DOUBLE_EQ(b.estimate, 5.5);
    EXPECT_DOUBLE_EQ(b.low, 3);
    EXPECT_DOUBLE_EQ(b.high, 8);
    EXPECT_DOUBLE_EQ(signed_rank_bounds(d, 0.01).low, 2.5) << "P(W+ <= 5) = 0.0098: the 6th average";
}

// Against every one of the 2^12 sign patterns: the exact tail the bounds are read from.
TEST(Statistics, SignedRankLevelHoldsOverEverySignPattern) {
    const int n = 12;
    std::vector<int> below(n * (n + 1) / 2 + 1, 0);
    for (int mask = 0; mask < (1 << n); ++mask) {
        int w = 0;
        for (int r = 1; r <= n; ++r)
            if (mask & (1 << (r - 1))) w += r;
        ++below[w];
    }
    std::vector<double> d;
    for (int i = 1; i <= n; ++i) d.push_back(i * 1.0);
    for (const double a : {0.001, 0.01, 0.05}) {
        // The bound's rank from the exact tail: the largest c with P(W+ <= c) <= a.
        int c = -1, sum = 0;
        for (int s = 0; s < static_cast<int>(below.size()); ++s) {
            sum += below[s];
            if (sum > a * (1 << n)) break;
            c = s;
        }
        std::vector<double> walsh;
        for (int i = 0; i < n; ++i)
            for (int j = i; j < n; ++j) walsh.push_back((d[i] + d[j]) / 2);
        std::sort(walsh.begin(), walsh.end());
        ASSERT_GE(c, 0);
        EXPECT_DOUBLE_EQ(signed_rank_bounds(d, a).low, walsh[c]) << a;
    }
}

// Forty pairs, one thrown far out the other way: it weighs as one rank of 40 on the signed-rank interval,
// and by its whole size on a t interval, which it drags below zero.
TEST(Statistics, SignedRankIntervalShrugsOffAPairFarOut) {
    std::vector<double> d;
    for (int i = 0; i < 39; ++i) d.push_back(0.2 + 0.01 * (i % 5 - 2));
    d.push_back(-3.0);  // one pair whose baseline slice the machine stalled
    const double a = 0.0005;
    const auto rank = signed_rank_bounds(d, a);
    EXPECT_GT(rank.low, 0.15);
    const auto t = paired_difference(d, std::vector<double>(d.size(), 0));
    EXPECT_LT(t.estimate - student_quantile(1 - a, t.df) * t.se, 0) << "the t interval reaches below zero";
    EXPECT_EQ(signed_rank_bounds({0.2, 0.2, 0.2}, a).low, -INFINITY) << "3 pairs cannot reach 1 - 2 x 0.0005";
    EXPECT_EQ(signed_rank_fewest_pairs(a), 11);
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
