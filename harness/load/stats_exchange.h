#pragma once
/// The once-a-second hand-over of one worker's interval figures to the thread that reports them. Two
/// sets rotate: the worker records into one while the other waits to be collected (then comes back
/// clean as the spare). The
/// lock is taken twice a second per worker, never per request; when the collector is late the worker
/// keeps recording into its current set and the interval simply becomes longer.

#include <memory>
#include <mutex>

#include "harness/load/run_stats.h"

namespace dockside::load {

class StatsExchange {
public:
    explicit StatsExchange(std::size_t operations);

    /// The set the worker records into first.
    StatsSet* first() { return sets_[0].get(); }

    /// Worker: offers its full set; returns a clean set to record into, or nullptr when the previous
    /// hand-over has not been collected yet (the worker then keeps its set).
    StatsSet* hand_over(StatsSet* full);

    /// Collector: the set waiting, or nullptr. Give it back (after adding it up) with give_back().
    StatsSet* take();
    /// Collector: resets `set` and makes it the spare.
    void give_back(StatsSet* set);

private:
    std::mutex mutex_;
    std::unique_ptr<StatsSet> sets_[2];
    StatsSet* ready_ = nullptr;
    StatsSet* spare_ = nullptr;
};

}  // namespace dockside::load
