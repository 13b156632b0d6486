#pragma once
/// Recordings of one seeded run against two or three targets made at once, taking turns exchange by
/// exchange (`dockside diff --against`): whatever the machine does to one run's exchange (a burst of other
/// work, a pause) it does to the other run's beside it, so their latencies can be compared pair by pair.
///
/// Each recording's conform gets its ends of a ring of Unix sockets in DOCKSIDE_LOCKSTEP=READ_FD,WRITE_FD,ID:
/// a byte read is the turn, a byte written passes it on. A run that waits longer than its patience for the
/// turn (the other run crashed holding it, or slept out a long Retry-After), or finds the other run gone,
/// leaves the lockstep for good and goes on alone: its later exchanges are not marked, and are not compared
/// for latency.

#include <chrono>
#include <string>

namespace dockside::conform {

class LockstepTurn {
public:
    /// Waits for the run's turn, at most `patience`; returns at once when the run is not in lockstep.
    explicit LockstepTurn(std::chrono::milliseconds patience);
    /// Passes the turn on.
    ~LockstepTurn();
    LockstepTurn(const LockstepTurn&) = delete;
    LockstepTurn& operator=(const LockstepTurn&) = delete;

    /// The lockstep's id while this thread holds the turn, else "": the recording marks the exchange with it.
    static const std::string& held();

private:
    bool held_ = false;
};

}  // namespace dockside::conform
