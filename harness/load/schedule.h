#pragma once
/// The open-loop arrival schedule: a rate that ramps linearly between stage targets (k6's
/// `--stages 30s:500,60s:2000,30s:0`; `--rate R --duration D` is one flat stage). Request k is due at
/// the instant the schedule's cumulative count reaches k, so every request has an intended send time
/// that no server behaviour can move (wrk2's answer to coordinated omission).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "harness/load/duration_text.h"

namespace dockside::load {

/// Ramp from the previous stage's target (or the schedule's start rate) to `target_rate` over `duration`.
struct Stage {
    Nanos duration{0};
    double target_rate = 0;  ///< requests per second at the end of the stage
};

/// "30s:500,60s:2000,30s:0" → stages; the error names the piece that is wrong.
Result<std::vector<Stage>, std::string> parse_stages(std::string_view text);

class Schedule {
public:
    /// A schedule starting at `start_rate` (requests/s) and walking through `stages`. Errors: no stage,
    /// a stage of zero length, a negative or non-finite rate, a schedule with no request at all.
    static Result<Schedule, std::string> make(double start_rate, std::vector<Stage> stages);
    /// One flat stage: `rate` for `duration`.
    static Result<Schedule, std::string> constant(double rate, Nanos duration);

    /// Requests per second at `t` (ns since the schedule's start); 0 outside it.
    double rate_at(std::int64_t t) const;
    /// Requests due in [0, t): the integral of the rate.
    double count_before(std::int64_t t) const;
    /// Intended send time of request `k` (0-based, ns since the start), or nullopt when the schedule
    /// ends before it is due.
    std::optional<std::int64_t> time_of(std::uint64_t k) const;
    /// Number of requests the whole schedule sends (the k with a time_of).
    std::uint64_t total_requests() const { return total_requests_; }
    /// Number of requests due in [from, to).
    std::uint64_t requests_between(std::int64_t from, std::int64_t to) const;
    std::int64_t duration_ns() const { return duration_ns_; }
    double start_rate() const { return start_rate_; }
    const std::vector<Stage>& stages() const { return stages_; }
    /// The highest rate reached anywhere in the schedule.
    double peak_rate() const;
    /// "constant 500/s for 30s" or "0→500/s in 30s, 500→2000/s in 1m, 2000→0/s in 30s".
    std::string describe() const;

private:
    struct Segment {
        std::int64_t start_ns;
        std::int64_t length_ns;
        double rate0;       ///< per second at the segment's start
        double rate1;       ///< per second at its end
        double count0;      ///< requests due before the segment
    };
    Schedule() = default;
    /// First request index at or after the cumulative count `n` (ceil with a tolerance for rounding).
    static std::uint64_t first_index_at(double n);

    double start_rate_ = 0;
    std::vector<Stage> stages_;
    std::vector<Segment> segments_;
    std::int64_t duration_ns_ = 0;
    std::uint64_t total_requests_ = 0;
};

}  // namespace dockside::load
