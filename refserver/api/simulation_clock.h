#pragma once
/// The clock a simulation-enabled server runs on: another clock plus an offset that the simulation
/// control (POST /_sim/clock:advance) moves forward, so token-expiry tests need no sleeping even
/// against a server on wall-clock time. The offset never takes the time past latest(): a system_clock
/// time point counts nanoseconds in 64 bits, which end in April 2262, and wrapping past that would
/// send every stamp back to 1677.

#include <algorithm>
#include <atomic>
#include <chrono>
#include <memory>

#include "refserver/core/clock.h"

namespace dockside::refserver {

class SimulatedClock final : public Clock {
public:
    explicit SimulatedClock(std::shared_ptr<Clock> base) : base_(std::move(base)) {}

    /// The latest time the simulation may reach: 2262-01-01T00:00:00Z.
    static TimePoint latest() {
        using namespace std::chrono;
        return TimePoint(sys_days(year{2262} / January / 1));
    }

    TimePoint now() const override {
        const TimePoint base = base_->now();
        const auto headroom = std::chrono::duration_cast<std::chrono::seconds>(latest() - base).count();
        return base + std::chrono::seconds(std::min(offset_.load(), std::max<std::int64_t>(headroom, 0)));
    }

    /// Moves time forward, saturating at latest(). Const because handlers only ever see the clock as const;
    /// the offset is the one piece of it simulation control is allowed to move, and it is atomic.
    void advance(std::chrono::seconds by) const {
        const std::int64_t step = std::max<std::int64_t>(by.count(), 0);
        std::int64_t current = offset_.load();
        std::int64_t next;
        do {
            next = current > kMaxOffset - step ? kMaxOffset : current + step;
        } while (!offset_.compare_exchange_weak(current, next));
    }

private:
    /// Far beyond latest() from any base, yet far from overflowing when added to a time point.
    static constexpr std::int64_t kMaxOffset = 1LL << 40;

    std::shared_ptr<Clock> base_;
    mutable std::atomic<std::int64_t> offset_{0};
};

}  // namespace dockside::refserver
