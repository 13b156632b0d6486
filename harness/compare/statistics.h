#pragma once
/// The small statistics a comparison of runs needs: quantiles of the normal and Student's t (Boost.Math),
/// Welch's difference of two means, the dispersion of counts split over intervals (how much more they vary
/// than independent requests would make them), and the MOVER interval of a difference from the intervals
/// of its two parts. Every function is deterministic.

#include <cstdint>
#include <vector>

namespace dockside::compare {

/// The z with P(Z <= z) = p, for p in (0, 1).
double normal_quantile(double p);
/// The t with P(T <= t) = p for Student's t with `df` degrees of freedom (the normal's for an infinite df).
double student_quantile(double p, double df);

/// A figure with its interval: one-sided bounds at the same level on each side.
struct Bounds {
    double estimate = 0;
    double low = 0;
    double high = 0;
};

/// Welch's difference of the means x − y, its standard error and its Welch-Satterthwaite degrees of
/// freedom. Both samples need two values at least.
struct Welch {
    double estimate = 0;
    double se = 0;
    double df = 1;
};
Welch welch(const std::vector<double>& x, const std::vector<double>& y);
/// The mean of the differences x[i] − y[i] of paired samples of one size (two pairs at least), its
/// standard error and n − 1 degrees of freedom (in the same record as Welch's, which it replaces for pairs).
Welch paired_difference(const std::vector<double>& x, const std::vector<double>& y);

/// Hodges and Lehmann's estimate of the centre of paired differences (the median of their Walsh averages)
/// with the interval Wilcoxon's signed-rank distribution gives at one-sided level `a` on each side. It
/// assumes only that, with no change, each difference is as likely negative as positive, which the coin
/// `load --ab` tosses for the order within each pair makes true; and a pair that one burst of the machine
/// threw far out weighs as one rank, where it widens a t interval by its whole size (how many such pairs
/// an interval withstands grows with the pairs: none with 17 at a = 0.0005, one with 40).
/// Exact up to 300 pairs, the normal approximation beyond. A bound is infinite when the pairs are too few
/// for the level (no count of pairs below log2(1/a) can reach it).
Bounds signed_rank_bounds(const std::vector<double>& differences, double a);
/// The fewest pairs with which signed_rank_bounds can give finite bounds at one-sided level `a`.
int signed_rank_fewest_pairs(double a);

/// Zou and Donner's MOVER interval of x − y from the intervals of x and of y at the same level: each
/// bound of the difference recovers its variance from the nearer bounds of the parts, so skewed parts
/// (a percentile's interval is rarely symmetric) keep their shape. An infinite part bound gives an
/// infinite bound.
Bounds mover_difference(const Bounds& x, const Bounds& y);

/// Quasi-binomial dispersion of hits in trials split over intervals: the Pearson chi-square of the
/// intervals' shares around the pooled share over its k − 1 degrees of freedom. 1 when the intervals
/// vary as independent trials do, more when neighbouring trials share conditions; 1 when fewer than two
/// intervals have trials or the pooled share is 0 or 1.
double binomial_dispersion(const std::vector<std::int64_t>& hits, const std::vector<std::int64_t>& trials);
/// Quasi-Poisson dispersion of counts over intervals of the given lengths around the pooled rate.
double poisson_dispersion(const std::vector<std::int64_t>& counts, const std::vector<double>& lengths);

/// Sample mean and standard deviation (n − 1); 0 for fewer than two values.
double mean_of(const std::vector<double>& values);
double standard_deviation(const std::vector<double>& values);

}  // namespace dockside::compare
