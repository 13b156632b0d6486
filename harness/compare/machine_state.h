#pragma once
/// The state of the machine two load runs ran on, one run a side: whether the generator got as much CPU in
/// both (its own send lag, the lateness while a connection was free, is the sign), and how much of a
/// latency change that difference could explain. Repeats need none of this: the machine's variation is in
/// their spread.

#include <string>
#include <vector>

#include "harness/compare/run_folder.h"
#include "harness/load/run_stats.h"

namespace dockside::compare {

/// Empty `text` when the machine was in the same state.
struct MachineState {
    std::string text;  ///< what differed, in words
    /// The generator's own send lag of each side (its lateness while a connection was free: how much CPU
    /// it got), read at the percentile of the metric it may explain.
    histogram::Histogram baseline_lag = load::make_latency_histogram(), candidate_lag = load::make_latency_histogram();
};

/// Whether the runs' machines were in another state: the generator's own send lag p50 or p99 apart by more
/// than a factor of two and more than a floor (5 µs and 1 ms). The same state when a summary older than the
/// own send lag lacks it.
MachineState machine_difference(const std::vector<const LoadRun*>& baseline, const std::vector<const LoadRun*>& candidate);

/// The change of a latency percentile (a share of the baseline's figure, signed: positive for a slower
/// candidate) that the generator's own lateness could explain: the larger of its p50 and p99 differences,
/// in the direction of the side whose generator was the later one. The tail's difference stands even for a
/// median: a machine that starves the generator starves the server too, and the lag is a sign of that, not
/// its measure. But a baseline whose generator was the later one explains no slower candidate.
double machine_allowance(const MachineState& machine, double baseline_ms);

}  // namespace dockside::compare
