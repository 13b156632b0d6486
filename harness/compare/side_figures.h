#pragma once
/// One side of a load comparison for one operation (or all together): its runs' figures, pooled and run
/// by run, and the evidence of its noise (bootstrap resamples of its interval logs). What load_diff.cpp
/// judges; kept apart so that judging reads as the verdict rules and nothing else.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "harness/compare/interval_bootstrap.h"
#include "harness/compare/metrics.h"
#include "harness/compare/run_folder.h"
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
    /// The runs' latency intervals; complete only when every run had its interval log.
    std::vector<std::vector<IntervalSample>> intervals;
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

/// Bootstrap spreads of one side: for each metric the standard deviation of the log figure over the
/// resamples (latency and rate); nullopt when it cannot be had (no intervals, or no resample had data).
struct SideSpread {
    std::optional<double> log_sd[std::size(kAllMetrics)];
    /// Blocks the resamples were drawn from (all runs): about the independent pieces of evidence the side
    /// holds, so the spread's degrees of freedom are blocks − 1. A 10-second run holds five.
    std::size_t blocks = 0;
};
SideSpread bootstrap_spread(const SideFigures& side, int replicates, std::uint64_t seed);

}  // namespace dockside::compare
