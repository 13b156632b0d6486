#pragma once
/// Time source for everything that expires or is stamped (tokens, created dates), injectable so tests
/// and simulation can move time forward without sleeping.

#include <atomic>
#include <chrono>

namespace dockside::refserver {

using TimePoint = std::chrono::system_clock::time_point;

/// Where the reference server reads "now" from.
class Clock {
public:
    virtual ~Clock() = default;
    /// The current time, truncated to whole seconds so stamped values round-trip through ISO 8601.
    virtual TimePoint now() const = 0;
};

/// Wall-clock time.
class SystemClock final : public Clock {
public:
    TimePoint now() const override;
};

/// A clock that only moves when told to; safe to advance from one thread while others read it.
class ManualClock final : public Clock {
public:
    explicit ManualClock(TimePoint start);
    TimePoint now() const override;
    /// Moves time forward (or backward, for a negative duration).
    void advance(std::chrono::seconds by);
    void set(TimePoint to);

private:
    std::atomic<std::int64_t> seconds_;
};

}  // namespace dockside::refserver
