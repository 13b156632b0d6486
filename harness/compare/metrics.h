#pragma once
/// The figures a load comparison judges, and the gates (`--fail-on`) that say which of them may fail a
/// release and by how much.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"

namespace dockside::compare {

/// Latency percentiles and maximum (from the intended send time, as every load figure), the error rate,
/// and the achieved rate (requests with an outcome per second).
enum class Metric { P50, P90, P99, P999, Max, Errors, Rate };

inline constexpr Metric kAllMetrics[] = {Metric::P50, Metric::P90, Metric::P99, Metric::P999,
                                         Metric::Max, Metric::Errors, Metric::Rate};

/// "p50", "p90", "p99", "p99.9", "max", "errors", "rate".
const char* to_string(Metric metric);
std::optional<Metric> metric_named(std::string_view name);
/// The percentile of a latency metric (50, 90, 99, 99.9; 100 for max); nullopt for errors and rate.
std::optional<double> percentile_of(Metric metric);
/// Whether a larger value is worse (latency, errors) or better (rate).
bool higher_is_worse(Metric metric);
/// Whether changes are differences in percentage points (errors) rather than ratios.
bool in_points(Metric metric);

/// One `--fail-on` entry: `[OPERATION:]METRIC:+N%` (or `+Npp` for errors, `-N%` for rate). Without an
/// operation it covers every operation and all of them together.
struct Gate {
    std::string expression;
    std::string operation;  ///< "" = every operation and the overall figures
    Metric metric = Metric::P99;
    double amount = 0;      ///< a share (0.10 for +10%) or, for errors, a fraction (0.001 for +0.1pp)

    bool covers(const std::string& op, Metric m) const { return m == metric && (operation.empty() || operation == op); }
};

/// Gates from a comma-separated list ("p99:+10%,errors:+0.1pp,getOrder:p50:+5%"); every malformed entry
/// is reported at once.
Result<std::vector<Gate>, std::vector<std::string>> parse_gates(std::string_view text);

}  // namespace dockside::compare
