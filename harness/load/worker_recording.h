#pragma once
/// What a worker records: the statistics set it fills, handed to the collecting thread at each second's
/// boundary through the exchange (the one part another thread reads); the first example of each error
/// of each operation; and the counts the engine reads once the thread has ended. Internal to the engine.

#include <bitset>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "harness/load/response_parser.h"
#include "harness/load/run_stats.h"
#include "harness/load/stats_exchange.h"

namespace dockside::load::detail {

struct WorkerRecording {
    explicit WorkerRecording(std::size_t operations)
        : exchange(operations),
          current(exchange.first()),
          examples(operations),
          seen_statuses(operations),
          seen_kinds(operations) {}

    StatsExchange exchange;
    StatsSet* current;  ///< the set being recorded into
    std::int64_t interval_start = 0;  ///< steady ns where `current` began
    std::int64_t next_boundary = 0;   ///< next interval boundary (steady ns)

    std::vector<std::vector<ErrorExample>> examples;           ///< per operation
    std::vector<ResponseParser::SeenStatuses> seen_statuses;   ///< per operation: statuses with an example
    std::vector<std::bitset<kErrorKinds>> seen_kinds;          ///< per operation: error kinds with one

    std::int64_t answers = 0;             ///< measured answers
    std::int64_t answers_at_arrival = 0;  ///< of them, timed by the kernel's arrival stamp
    std::int64_t warmup_sent = 0;         ///< requests written during the warm-up (in no count)
    std::int64_t aborted = 0;             ///< in flight when the run was cut off
    std::int64_t connections_opened = 0;
    std::int64_t max_waiting = 0;         ///< open loop: most requests due and not yet sent at a tick
    std::int64_t last_completion = 0;     ///< steady ns of the last answer or error
};

}  // namespace dockside::load::detail
