#pragma once
/// The classes a load run's errors are told apart by, as the report draws them over time and the CI
/// summary lists them: each transport error kind (timeout, connect, …), and of the answers, 4xx, 5xx,
/// rate_limited (429: throttling, NS-RATE-LIMITS, kept apart from the 4xx a request earns) and
/// other_status (outside 100..599).

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "harness/load/run_stats.h"

namespace dockside::load {

/// The classes with a count above zero, in a fixed order (transport kinds as declared, then 4xx,
/// rate_limited, 5xx, other_status); their counts add up to counters.errors_total().
std::vector<std::pair<std::string, std::int64_t>> error_classes(const OperationCounters& counters);

}  // namespace dockside::load
