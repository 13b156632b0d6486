#pragma once
/// k6-style thresholds that gate CI: `p99<50ms`, `errors<0.1%`, `createOrder:p95<80ms`, `rate>=0.99`.
/// Parsed once at start (every bad one reported together), evaluated on a run's result, rendered as a
/// table that says which were crossed and by how much. The same language states a capacity SLO.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "harness/load/run_result.h"

namespace dockside::load {

enum class Metric {
    latency_percentile,  ///< pNN (latency from the intended send time)
    service_percentile,  ///< service:pNN (from the actual send)
    latency_mean,
    latency_max,
    error_ratio,         ///< errors<0.1% : errors ÷ requests asked for
    error_count,         ///< errors<10
    achieved_ratio,      ///< rate>=0.99 : achieved ÷ requested (open loop)
    throughput,          ///< rps>=1000
    substituted_ratio,   ///< substituted<1% : requests sent as another operation than drawn ÷ requests drawn
    substituted_count,   ///< substituted<10
    rate_limited_ratio,  ///< rate_limited<1% : answers 429 ÷ requests asked for (throttling, NS-RATE-LIMITS)
    rate_limited_count,  ///< rate_limited<10
};

enum class Comparison { less, less_equal, greater, greater_equal };

struct Threshold {
    std::string expression;  ///< as typed
    std::string operation;   ///< empty = every operation together
    Metric metric = Metric::latency_percentile;
    double percentile = 0;   ///< for the percentile metrics
    Comparison comparison = Comparison::less;
    double limit = 0;        ///< microseconds for latencies, a ratio (0..1) for ratios, a count, or req/s

    /// "p99 latency", "errors", "achieved/requested", …
    std::string metric_name() const;
};

/// One threshold: `[operation:]metric OP value[unit]`. Metrics: pNN (p50, p99.9), service:pNN, mean,
/// max, errors, rate, rps, substituted, rate_limited (answers 429). Latency values need a unit (us, ms, s);
/// errors, substituted and rate_limited take a percentage (0.1%) or a count; rate a ratio (0.99) or a
/// percentage. Errors name the expression
/// and what was expected.
Result<Threshold, std::string> parse_threshold(std::string_view text);

/// A comma-separated list ("p99<100ms,errors<0.1%"), every bad piece reported.
Result<std::vector<Threshold>, std::vector<std::string>> parse_threshold_list(std::string_view text);

/// Several texts (a repeated --threshold), each one threshold or a comma-separated list, in order; every
/// bad piece of every text reported.
Result<std::vector<Threshold>, std::vector<std::string>> parse_threshold_lists(const std::vector<std::string>& texts);

/// The requests behind a latency percentile (0 to 100) before it is judged at all, by a threshold, a
/// capacity step or `dockside compare`: ten beyond the percentile, 10/(1−p) (20 for p50, 1,000 for p99,
/// 10,000 for p99.9), since fewer put the percentile among the last few values; 20 for the maximum.
std::int64_t requests_to_judge(double percentile);
/// The same for a threshold's figure; 0 for the metrics that are not percentiles.
std::int64_t requests_to_judge(const Threshold& threshold);

struct ThresholdOutcome {
    Threshold threshold;
    std::optional<double> actual;  ///< nullopt: cannot be judged (no such operation's data, rate in closed loop)
    bool passed = false;
    std::string actual_text;       ///< "12.3ms", "0.25%"
    std::string limit_text;
    std::string margin_text;       ///< "+2.3ms over", "8.1ms to spare", "no data"
};

/// Judges every threshold on `result`. A threshold with nothing to judge (an operation that got no
/// response) fails: a gate never passes on missing data.
std::vector<ThresholdOutcome> evaluate(const std::vector<Threshold>& thresholds, const RunResult& result);

/// The table: threshold, actual, limit, margin, pass/FAIL.
std::string render_thresholds(const std::vector<ThresholdOutcome>& outcomes);

}  // namespace dockside::load
