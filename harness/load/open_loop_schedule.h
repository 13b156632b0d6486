#pragma once
/// Open loop: a worker's share of the schedule (every `stride`-th request from its first, the warm-up's
/// schedule first and then the measured one's), as the next request's index and when it is due; and the
/// state of the timer that wakes the worker for it. Touched by the worker's thread only; internal to the
/// engine.

#include <cstdint>

#include "harness/load/schedule.h"
#include "harness/load/steady_ns.h"
#include "harness/load/wakeup_estimator.h"

namespace dockside::load::detail {

/// Request indexes of the warm-up start here, so their sequence numbers never meet the measured ones.
inline constexpr std::uint64_t kWarmupIndexBase = 500'000'000'000ULL;

class OpenLoopSchedule {
public:
    /// From this thread's `first` request, every `stride`-th: `warmup` (null: none) from `t0`, then
    /// `measured` from `measured_start` (steady ns). False when no request is due at all.
    bool start(const Schedule* warmup, std::int64_t t0, const Schedule& measured, std::int64_t measured_start,
               std::uint64_t first, std::uint64_t stride) {
        stride_ = stride;
        phases_[0] = {warmup, t0, first, kWarmupIndexBase, false};
        phases_[1] = {&measured, measured_start, first, 0, true};
        phase_ = warmup ? 0 : 1;
        return seek_due();
    }

    /// Moves to this thread's next request; false when the schedule has none left.
    bool advance() {
        phases_[phase_].next += stride_;
        return seek_due();
    }

    /// Intended time of the next request (steady ns); kNever once every request has been sent.
    std::int64_t next_due() const { return next_due_; }
    /// The next request's index (its sequence number and its draw from the mix).
    std::uint64_t next_index() const { return phases_[phase_].next + phases_[phase_].index_offset; }
    /// Whether the next request is measured (not warm-up).
    bool next_recorded() const { return phases_[phase_].record; }

    /// This thread's requests due by `now` and not yet sent: 0 while none is due, else at least 1.
    std::int64_t waiting(std::int64_t now) const {
        if (next_due_ > now) return 0;
        const Phase& p = phases_[phase_];
        const double due = p.schedule->count_before(now - p.base);
        const auto waiting =
            static_cast<std::int64_t>((due - static_cast<double>(p.next)) / static_cast<double>(stride_)) + 1;
        return waiting < 1 ? 1 : waiting;
    }

private:
    struct Phase {
        const Schedule* schedule = nullptr;
        std::int64_t base = 0;  ///< steady ns of the schedule's time 0
        std::uint64_t next = 0; ///< next index in the schedule
        std::uint64_t index_offset = 0;
        bool record = false;
    };

    /// When the next request is due, moving from the warm-up to the measured schedule at its end.
    bool seek_due() {
        for (;;) {
            Phase& p = phases_[phase_];
            if (const auto t = p.schedule->time_of(p.next)) {
                next_due_ = p.base + *t;
                return true;
            }
            if (phase_ == 0) {
                phase_ = 1;
                continue;
            }
            next_due_ = kNever;
            return false;
        }
    }

    Phase phases_[2];
    int phase_ = 0;
    std::int64_t next_due_ = kNever;
    std::uint64_t stride_ = 1;
};

/// Open loop: how the worker is woken for the next due request. The send timer fires a spin window
/// before it (the window learned from how late this machine's timers wake: wakeup_estimator.h).
struct ReleaseTimer {
    explicit ReleaseTimer(std::int64_t spin_window_ns) : wakeups(spin_window_ns, 30'000, spin_window_ns * 4) {}

    WakeupEstimator wakeups;
    bool armed = false;       ///< a release is posted, or the send timer waits for one
    std::int64_t expiry = 0;  ///< when the send timer was asked to fire
};

}  // namespace dockside::load::detail
