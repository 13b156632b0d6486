#pragma once
/// Two sets of load runs set side by side, per operation and for all operations together, metric by
/// metric, each judged regressed / same / improved / inconclusive from one interval of its change:
///
/// - One run on a side (or any side with fewer than two): from within the runs. A percentile's interval
///   on each side is the order-statistic interval of every request, widened by the dispersion of its
///   one-second intervals (side_figures.h); the two sides' intervals make the change's by Zou and
///   Donner's MOVER. The rate is judged from the intervals' counts, error rates from the binomial spread
///   of their counts; the maximum of one run is not judged (nothing in a run says how high it could go).
/// - Two or more runs on both sides: across the repeats, Welch's t interval of the mean log figure; or,
///   for paired runs (`paired`: run i of each side made beside the other, as `load --ab` makes them), the
///   t interval of the mean of the pairs' differences, so that a drift of the machine over the runs,
///   shared by the two runs of a pair, falls out of the comparison instead of into its noise.
///
/// The interval is at 1 − 2·alpha/F, F the metrics tested that can fail the comparison (every tested one,
/// or the ones --fail-on covers): Bonferroni, so that of F metrics the chance of any false "regressed"
/// stays below alpha, and each printed interval is the very one that decided its verdict. Regressed: its
/// low end beyond the threshold (the noise, or the metric's gate when larger); improved: its high end
/// beyond the threshold the other way; same: the whole interval inside it; inconclusive otherwise, with
/// the runs per side that would likely decide it.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/compare/metrics.h"
#include "harness/compare/run_folder.h"

namespace dockside::compare {

enum class Verdict { Regressed, Same, Improved, Inconclusive };

/// "regressed", "same", "improved", "inconclusive".
const char* to_string(Verdict verdict);

struct CompareSettings {
    double noise = 0.05;           ///< relative change below which nothing is regressed (or improved)
    double noise_errors = 0.001;   ///< the same for error rates: a difference of 0.1 percentage points
    double alpha = 0.05;           ///< family-wise rate of false "regressed" (and of false "improved")
    std::vector<Gate> gates;       ///< --fail-on; empty: every "regressed" fails
    bool fail_on_inconclusive = false;
    /// The sides' runs are pairs, in order (equal counts): judged from the pairs' differences.
    bool paired = false;
    /// One run a side: the latency (ms) two runs of one build on one machine can differ by with no change at
    /// all (the run as a whole landed on another core, cache or clock state), which the run's own requests
    /// cannot measure. Each latency interval is widened by it on both sides; repeats measure it instead.
    double run_noise_ms = 0.5;
};

/// The name load results give the figures of all operations together.
inline constexpr const char* kAllOperations = "all";

struct MetricComparison {
    std::string operation;   ///< an operation's name, or kAllOperations
    Metric metric = Metric::P99;
    std::string method;      ///< "order-statistic", "counts", "binomial", "welch", "paired" (t, errors), "signed-rank" (pairs), or "none" (not enough data)
    /// The sides' figures: ms for latency, a fraction for errors, requests/s for rate (all runs pooled).
    double baseline = 0, candidate = 0;
    std::vector<double> baseline_runs, candidate_runs;  ///< the same figure of each run
    std::int64_t baseline_count = 0, candidate_count = 0;  ///< requests behind the figures
    /// Candidate ÷ baseline (errors: candidate − baseline, a fraction), with the interval at `confidence`
    /// that decided the verdict; unset when no estimate could be made. The high end is +∞ when a side's
    /// requests cannot bound its percentile from above.
    std::optional<double> change, change_low, change_high;
    double confidence = 0;   ///< two-sided level of the interval: 1 − 2·alpha/F of its family
    double margin = 0;       ///< the threshold judged against: noise, or the metric's gate when larger
    /// One run a side on a machine in another state: the change (a share, like margin) the difference of
    /// the generator's own send lag could explain, positive when the candidate's generator was the later
    /// one; a latency change in that direction is judged only beyond it.
    std::optional<double> machine_allowance;
    /// One-sided p-values of "worse (better) by more than the threshold", before the family's correction:
    /// the metric is regressed when p_regressed <= alpha / F.
    std::optional<double> p_regressed, p_improved;
    Verdict verdict = Verdict::Inconclusive;
    std::optional<int> more_runs_needed;  ///< per side, for an inconclusive verdict when it can be estimated
    std::string reason;      ///< why inconclusive, in words
    std::string gate;        ///< the --fail-on expression that covers it, if any
    bool can_fail = false;   ///< whether it can fail the comparison: without --fail-on every metric can
    bool fails = false;      ///< whether it fails the comparison

    /// Whether the change's point estimate lies beyond the threshold on the worse side.
    bool looks_worse() const;
};

struct LoadDiff {
    std::vector<MetricComparison> metrics;  ///< all operations first, then operations by name; kAllMetrics order
    std::vector<std::string> operations_appeared, operations_vanished;
    int baseline_runs = 0, candidate_runs = 0;
    std::string method;      ///< "within-run" (fewer than two runs on a side), "across-runs" or "across-pairs" (paired runs)
    int family = 0;          ///< F: tested metrics that can fail the comparison (all, or the gated ones)
    double confidence = 0;   ///< the level of their intervals, 1 − 2·alpha/F
    std::vector<std::string> notes;
    /// One run a side: why the two runs did not run on a machine in the same state (the generator's own
    /// send lag differs by more than a factor of two), empty when they did. Then a latency change counts
    /// only beyond what that difference could explain, and the rate is not judged regressed or improved.
    std::string machine_differs;
    /// One run a side: the run_noise_ms each latency interval was widened by; 0 with repeats.
    double run_noise_ms = 0;
    /// What would decide the metrics that can fail and are inconclusive, in one line; empty when none is.
    std::string to_decide;

    int count(Verdict verdict) const;
    int failures() const;
    /// Metrics that can fail the comparison (all, or those --fail-on covers) and are inconclusive.
    int undecided() const;
};

/// Compares the runs. Runs of a side are pooled for the figures; `settings.gates` choose what fails.
LoadDiff diff_load(const std::vector<const LoadRun*>& baseline, const std::vector<const LoadRun*>& candidate,
                   const CompareSettings& settings);

/// Why these runs cannot be compared (a different model, schedule, mix or histogram configuration, between
/// the sides or among one side's repeats); empty when they can.
std::vector<std::string> load_incompatibilities(const std::vector<const LoadRun*>& baseline,
                                                const std::vector<const LoadRun*>& candidate);

nlohmann::json to_json(const MetricComparison& metric);
nlohmann::json to_json(const LoadDiff& diff);

}  // namespace dockside::compare
