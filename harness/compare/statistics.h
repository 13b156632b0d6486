#pragma once
/// The small statistics a comparison of runs needs: the normal distribution, the Mann-Whitney U rank test
/// (exact without ties on small samples, normal with a tie correction otherwise), the Hodges-Lehmann
/// shift estimate with its Moses confidence interval, and Holm's family-wise correction. Standard library
/// only; every function is deterministic.

#include <cstddef>
#include <vector>

namespace dockside::compare {

/// P(Z <= z) for a standard normal Z.
double normal_cdf(double z);
/// The z with normal_cdf(z) = p, for p in (0, 1).
double normal_quantile(double p);

/// P(T <= t) for Student's t with `df` degrees of freedom (the normal for an infinite df).
double student_cdf(double t, double df);
/// The t with student_cdf(t, df) = p, for p in (0, 1).
double student_quantile(double p, double df);

/// The one-sided Mann-Whitney U test of H0 "x − shift is not stochastically greater than y".
struct RankTest {
    double u = 0;          ///< pairs with x_i − shift > y_j, ties counted one half
    double p_greater = 1;  ///< P(U >= u) under H0: small when x − shift tends to exceed y
    bool exact = false;    ///< from the exact null distribution (no ties, both samples of 25 or fewer)
};
RankTest mann_whitney_greater(const std::vector<double>& x, const std::vector<double>& y, double shift = 0);

/// The smallest one-sided p-value the U test can give with samples of n and m: 1 / C(n+m, n).
double smallest_rank_p(std::size_t n, std::size_t m);

/// The Hodges-Lehmann estimate of the shift x − y (the median of every pairwise difference) and the
/// Moses confidence interval around it at `confidence` (two-sided), from the U distribution. When the
/// samples are too small for that confidence, the interval is the widest one (smallest to largest
/// difference) and `achieved_confidence` says what it covers.
struct ShiftEstimate {
    double estimate = 0;
    double low = 0;
    double high = 0;
    double achieved_confidence = 0;
};
ShiftEstimate hodges_lehmann(const std::vector<double>& x, const std::vector<double>& y, double confidence);

/// Holm's step-down adjusted p-values (same order as `p`): a hypothesis is rejected at family-wise level
/// alpha when its adjusted p-value is at most alpha.
std::vector<double> holm_adjust(const std::vector<double>& p);

/// Sample mean and standard deviation (n − 1); 0 for fewer than two values.
double mean_of(const std::vector<double>& values);
double standard_deviation(const std::vector<double>& values);
/// The median (mean of the two middle values for an even count); 0 when empty.
double median_of(std::vector<double> values);

}  // namespace dockside::compare
