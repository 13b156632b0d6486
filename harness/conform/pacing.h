#pragma once
/// `dockside conform --max-rps R`: the run's requests are spaced at least 1/R apart, across every child the
/// supervisor forks (the schedule lives in memory they share), so a run stays under a target's rate limit
/// instead of only honouring its 429s.

namespace dockside::conform {

/// Caps the run at `per_second` requests a second (0 or less: no cap). Call before the children are forked.
void pace_requests(double per_second);

/// Waits until the next request may go; returns at once when there is no cap.
void wait_for_request_turn();

}  // namespace dockside::conform
