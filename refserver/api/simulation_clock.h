#pragma once
/// The clock a simulation-enabled server runs on: another clock plus an offset that the simulation
/// control (POST /_sim/clock:advance) moves forward, so token-expiry tests need no sleeping even
/// against a server on wall-clock time.

#include <atomic>
#include <chrono>
#include <memory>

#include "refserver/core/clock.h"

namespace dockside::refserver {

class SimulatedClock final : public Clock {
public:
    explicit SimulatedClock(std::shared_ptr<Clock> base) : base_(std::move(base)) {}
    TimePoint now() const override { return base_->now() + std::chrono::seconds(offset_.load()); }
    /// Moves time forward. Const because handlers only ever see the clock as const; the offset is
    /// the one piece of it simulation control is allowed to move, and it is atomic.
    void advance(std::chrono::seconds by) const { offset_ += by.count(); }

private:
    std::shared_ptr<Clock> base_;
    mutable std::atomic<std::int64_t> offset_{0};
};

}  // namespace dockside::refserver
