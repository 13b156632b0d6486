#pragma once
/// The figures of a finished run (or of several shards merged): per operation the counters, the latency
/// and service-time histograms and the sampled-validation outcome, and the run's span. Thresholds, the
/// summary file, the tables and `dockside merge` all work on this one shape.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "harness/histogram/histogram.h"
#include "harness/load/run_stats.h"
#include "harness/load/sample_queue.h"

namespace dockside::load {

struct OperationResult {
    std::string name;
    OperationCounters counters;
    histogram::Histogram latency = make_latency_histogram();
    histogram::Histogram service = make_latency_histogram();
    OperationSampling sampling;
    std::vector<ErrorExample> error_examples;
    /// The operation sent in its place while it had no id to use (counters.substituted); empty for none.
    std::string fallback;
};

struct RunResult {
    std::vector<OperationResult> operations;
    histogram::Histogram send_lag = make_latency_histogram();
    histogram::Histogram own_send_lag = make_latency_histogram();  ///< see StatsSet::own_send_lag
    bool open_loop = true;
    bool interrupted = false;
    double duration_s = 0;        ///< the measured span (schedule or duration, or until interrupted)
    double drain_s = 0;           ///< after it, until the last answer
    std::uint64_t requested = 0;  ///< open loop: requests the schedule asked for
    std::int64_t aborted_in_flight = 0;
    double warmup_s = 0;             ///< sent before the measured span, unrecorded
    std::int64_t warmup_sent = 0;    ///< requests of the warm-up, in no count above
    AnswerTiming answer_timing;
    /// The request timeout: a request that timed out is in the latency (and, once sent, service-time)
    /// histograms at the moment it was given up, as wrk2 counts it; 0 when not known (an older summary).
    double request_timeout_s = 0;
    /// When the measured span began, ns since the Unix epoch (0: not known, a summary of an older
    /// version). Shards that share a --start-at (and warm-up) share it exactly.
    std::int64_t measured_start_unix_ns = 0;

    /// From an engine's totals and the plan's operation names (parallel to totals.operations), with the
    /// error examples when given (parallel too).
    static RunResult from_stats(const StatsSet& totals, const std::vector<std::string>& names,
                                const std::vector<std::vector<ErrorExample>>& examples = {});

    OperationCounters total_counters() const;
    histogram::Histogram total_latency() const;
    histogram::Histogram total_service() const;
    /// Requests with an outcome (responses plus transport errors) per second of the measured span.
    double requests_per_second() const;
    /// Requested requests per second (open loop), 0 for closed loop.
    double requested_rate() const;
    /// Requests with an outcome ÷ requested (open loop); nullopt for closed loop.
    std::optional<double> achieved_ratio() const;
    /// Requests sent as another operation than the mix drew, ÷ every request drawn; nullopt when none was.
    std::optional<double> substituted_share() const;
    const OperationResult* find(const std::string& name) const;
    /// Adds another run's figures (a shard of the same schedule): counters and histograms add exactly,
    /// operations are matched by name, spans take the longest (shards run side by side).
    void add(const RunResult& other);
};

/// "2xx" … "5xx" for a status code, "other" outside 100..599.
std::string status_class(int code);

}  // namespace dockside::load
