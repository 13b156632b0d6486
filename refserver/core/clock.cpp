#include "refserver/core/clock.h"

namespace dockside::refserver {

TimePoint SystemClock::now() const {
    return std::chrono::time_point_cast<std::chrono::seconds>(std::chrono::system_clock::now());
}

ManualClock::ManualClock(TimePoint start)
    : seconds_(std::chrono::duration_cast<std::chrono::seconds>(start.time_since_epoch()).count()) {}

TimePoint ManualClock::now() const { return TimePoint(std::chrono::seconds(seconds_.load())); }

void ManualClock::advance(std::chrono::seconds by) { seconds_.fetch_add(by.count()); }

void ManualClock::set(TimePoint to) {
    seconds_.store(std::chrono::duration_cast<std::chrono::seconds>(to.time_since_epoch()).count());
}

}  // namespace dockside::refserver
