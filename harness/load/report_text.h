#pragma once
/// What a person reads on the terminal: the once-a-second progress line and the end-of-run tables
/// (percentiles per operation, errors by class, sampled-validation findings).

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>

#include "harness/load/engine.h"
#include "harness/load/run_result.h"

namespace dockside::load {

/// One progress line's figures.
struct ProgressFigures {
    double elapsed_s = 0;          ///< warming up: seconds left until the measured run
    double total_s = 0;            ///< 0 when unknown
    double target_rate = 0;        ///< open loop: the schedule's rate now; 0 for closed loop
    double achieved_rate = 0;      ///< answers in the last second
    std::int64_t in_flight = 0;
    std::int64_t waiting = 0;
    std::optional<std::int64_t> p50_us;  ///< of the last second; none when it recorded no latency
    std::optional<std::int64_t> p99_us;
    std::int64_t errors = 0;       ///< so far
    std::int64_t requests = 0;     ///< so far
    bool warming_up = false;
};

/// "  12s/30s  target 500/s  achieved 498/s  in flight 3  p50 1.21ms  p99 4.50ms  errors 0 (0%)"; a second
/// without a latency shows "p50 -  p99 -".
std::string progress_line(const ProgressFigures& figures);

/// Writes progress lines: rewritten in place on a terminal, one per line otherwise.
class ProgressPrinter {
public:
    ProgressPrinter(std::ostream& out, bool terminal) : out_(out), terminal_(terminal) {}
    void show(const std::string& line);
    /// Ends a rewritten line so that what follows starts on its own.
    void finish();

private:
    std::ostream& out_;
    bool terminal_;
    bool pending_ = false;
};

/// Per operation and for all together: requests, req/s, errors, latency p50/p90/p99/p99.9/max and
/// service-time p99, in milliseconds.
std::string percentile_table(const RunResult& result);

/// Non-zero error classes and status codes >= 400 per operation; empty when there are none.
std::string error_table(const RunResult& result);

/// Sampled validation: per operation sampled/validated/failed, then each violation with its count and
/// example; empty when nothing was sampled.
std::string validation_report(const RunResult& result);

}  // namespace dockside::load
