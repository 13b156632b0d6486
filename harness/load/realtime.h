#pragma once
/// Real-time scheduling for the engine's threads (`dockside load --realtime`). On a machine shared with
/// builds, tests or the target itself, an open-loop sender is now and then preempted for a scheduler tick,
/// and that, not the sender's own work, is the tail of its send lag: measured on the 2-core development
/// machine at 5,000 requests/s, send lag p99 went from 1.1-1.6 ms to 16-51 µs under SCHED_FIFO. Opt-in,
/// because a real-time thread that spins keeps ordinary processes off its core (Linux leaves them 5 % of
/// each second): use fewer threads than cores when the target runs on the same machine.

#include <optional>
#include <string>

namespace dockside::load {

/// The lowest SCHED_FIFO priority: above every ordinary process, below the kernel's own real-time threads.
inline constexpr int kRealtimePriority = 1;

/// Puts the calling thread under SCHED_FIFO at kRealtimePriority; on failure, what the system said.
std::optional<std::string> enter_realtime();

/// Whether this process may use real-time scheduling: tries it on the calling thread and puts the thread's
/// policy back. Null when it may; otherwise why not and what to do.
std::optional<std::string> realtime_unavailable();

}  // namespace dockside::load
