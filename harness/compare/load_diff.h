#pragma once
/// Two sets of load runs set side by side, per operation and for all operations together, metric by
/// metric, each judged regressed / same / improved / inconclusive with run-to-run noise accounted for:
///
/// - One run on a side (or any side with fewer than two): the within-run noise, from a circular block
///   bootstrap over the run's one-second `.hlog` intervals (interval_bootstrap.h). The change is the log
///   ratio of the recorded figures; its standard error the two sides' bootstrap spreads combined; tests
///   and intervals use the normal approximation. Error rates use the binomial spread of their counts.
/// - Two or more runs on both sides: across the repeats, with a Mann-Whitney U test of the per-run figures
///   (shifted by the noise threshold) and the Hodges-Lehmann ratio with its Moses interval.
///
/// A change within the noise threshold (`noise`, ±5% by default; `noise_errors` for error rates, in
/// points) is never "regressed": the test asks whether the change is beyond it. The p-values of every
/// metric compared form one family, corrected with Holm's method, so that many operations × metrics do
/// not raise alarms by chance. "same" needs the 90% interval inside the threshold (two one-sided tests);
/// anything neither shown beyond nor shown inside it is "inconclusive", with the runs per side that
/// would likely decide it.

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
    double alpha = 0.05;           ///< family-wise error rate (Holm) and 1 − confidence of the intervals
    int replicates = 400;          ///< bootstrap resamples per side and figure
    std::uint64_t seed = 20250701; ///< of the resampling, so a comparison is repeatable
    std::vector<Gate> gates;       ///< --fail-on; empty: every "regressed" fails
    bool fail_on_inconclusive = false;
};

/// The name load results give the figures of all operations together.
inline constexpr const char* kAllOperations = "all";

struct MetricComparison {
    std::string operation;   ///< an operation's name, or kAllOperations
    Metric metric = Metric::P99;
    std::string method;      ///< "block-bootstrap", "mann-whitney", or "none" (not enough data)
    /// The sides' figures: ms for latency, a fraction for errors, requests/s for rate (all runs pooled).
    double baseline = 0, candidate = 0;
    std::vector<double> baseline_runs, candidate_runs;  ///< the same figure of each run
    std::int64_t baseline_count = 0, candidate_count = 0;  ///< requests behind the figures
    /// Candidate ÷ baseline (errors: candidate − baseline, a fraction), with its 95% interval; unset when
    /// no estimate could be made.
    std::optional<double> change, change_low, change_high;
    double margin = 0;       ///< the threshold judged against: noise, or the metric's gate when larger
    std::optional<double> p_regressed, p_improved;            ///< one-sided, raw
    std::optional<double> p_regressed_holm, p_improved_holm;  ///< Holm-adjusted over the family
    Verdict verdict = Verdict::Inconclusive;
    std::optional<int> more_runs_needed;  ///< per side, for an inconclusive verdict when it can be estimated
    std::string reason;      ///< why inconclusive, in words
    std::string gate;        ///< the --fail-on expression that covers it, if any
    bool fails = false;      ///< whether it fails the comparison
};

struct LoadDiff {
    std::vector<MetricComparison> metrics;  ///< all operations first, then operations by name; kAllMetrics order
    std::vector<std::string> operations_appeared, operations_vanished;
    int baseline_runs = 0, candidate_runs = 0;
    std::string method;      ///< the method of the latency figures
    int family = 0;          ///< metrics in the Holm family of those that can fail (all tested, or the gated ones)
    std::vector<std::string> notes;
    /// One run a side: why the two runs did not run on a machine in the same state (the generator's own
    /// send lag differs by more than a factor of two), empty when they did. Then no latency or rate figure
    /// is judged regressed or improved: the difference may be the machine's.
    std::string machine_differs;

    int count(Verdict verdict) const;
    int failures() const;
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
