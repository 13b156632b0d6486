#pragma once
/// One side of a load comparison for one operation (or all together): its runs' figures, pooled and run
/// by run, and the evidence of its noise from within its runs. What load_diff.cpp judges; kept apart so
/// that judging reads as the verdict rules and nothing else.
///
/// Within a run, a percentile is known from every request the histograms hold: the p-quantile of n
/// requests lies between the values at shares p ∓ t·sqrt(D·p(1 − p)/n) (the order-statistic interval),
/// where D, the dispersion, says how much more the one-second intervals' shares below the quantile vary
/// than independent requests would make them vary (requests of one second share its conditions: a GC
/// pause, a neighbour's burst). D is estimated from the k intervals, so t has k − 1 degrees of freedom.
/// The achieved rate is judged the same way from the intervals' counts.

#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "harness/compare/metrics.h"
#include "harness/compare/run_folder.h"
#include "harness/compare/statistics.h"
#include "harness/load/run_stats.h"

namespace dockside::compare {

struct SideFigures {
    int runs = 0;                       ///< runs of the side that have the operation
    histogram::Histogram latency = load::make_latency_histogram();  ///< pooled
    load::OperationCounters counters;   ///< pooled
    double seconds = 0;                 ///< measured spans added
    /// Per run, in the side's order (runs without the operation left out).
    std::vector<histogram::Histogram> run_latency;
    std::vector<load::OperationCounters> run_counters;
    std::vector<double> run_seconds;
    /// The runs' latency intervals (one second each, or as long as the log says), all runs in order;
    /// complete only when every run had its interval log.
    std::vector<const histogram::LogInterval*> intervals;
    bool intervals_complete = true;

    /// The metric's figure for the pooled side (ms, a fraction, or requests/s).
    double figure(Metric metric) const;
    /// The metric's figure of each run.
    std::vector<double> run_figures(Metric metric) const;
    /// Requests behind the metric's figure.
    std::int64_t count(Metric metric) const;
};

/// The side's figures of `operation` (kAllOperations-style "" for every operation together).
SideFigures gather_side(const std::vector<const LoadRun*>& runs, const std::string& operation, bool all_operations);

/// The spread of a side's figure within its runs: the dispersion of its intervals and the degrees of
/// freedom it was estimated with; nullopt without interval logs.
struct Dispersion {
    double factor = 1;     ///< variance over that of independent requests; at least 1 for percentiles
    double df = INFINITY;  ///< intervals − 1
};
std::optional<Dispersion> percentile_dispersion(const SideFigures& side, double percentile);
std::optional<Dispersion> rate_dispersion(const SideFigures& side);

/// The log of the side's pooled percentile (ms) with its bounds at one-sided level `a` each, from the
/// order-statistic interval widened by the dispersion; high is +∞ when the share bound passes the last
/// request, low the log of the smallest one when it passes the first.
Bounds percentile_bounds(const SideFigures& side, double percentile, const Dispersion& d, double a);
/// The log of the side's achieved rate with its bounds at one-sided level `a` (quasi-Poisson counts).
Bounds rate_bounds(const SideFigures& side, const Dispersion& d, double a);

}  // namespace dockside::compare
