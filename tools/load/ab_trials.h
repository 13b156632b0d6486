#pragma once
/// `dockside load --ab BASE CANDIDATE`: randomized multiple interleaved trials (Abedi and Brecht,
/// "Conducting repeatable experiments in highly variable cloud computing environments", ICPE 2017).
/// Short slices alternate between the two targets, which of a pair goes first drawn from the run's seed,
/// so that whatever drifts on the machine or the network while they run falls on both sides alike rather
/// than on whichever target ran second. Each slice is an ordinary load run, written to
/// <out>/baseline/slice-NN or <out>/candidate/slice-NN; a side's slices are then compared as repeats
/// (harness/compare/comparison.h), compare.json is written to <out>, and the verdict is the exit code.

#include <cstdint>
#include <vector>

#include "specs/loader/spec.h"
#include "tools/load/load_run.h"
#include "tools/load/load_settings.h"

namespace dockside::loadtool {

enum class AbSide { baseline, candidate };

/// "baseline", "candidate": also the name of the side's folder.
const char* to_string(AbSide side);

/// The slices of `pairs` pairs in the order they run: each pair one slice of each side, which first drawn
/// from `seed` (a fair coin per pair), so the same seed gives the same order.
std::vector<AbSide> interleaved_order(int pairs, std::uint64_t seed);

/// Runs the slices against the two targets (already resolved, with the same options and credentials),
/// prints a line per slice and the comparison, writes compare.json. Returns the comparison's exit code,
/// or 1 when it found no regression but a slice failed its own gate (a threshold, sampled validation);
/// 2 when a slice could not run or the run was interrupted (no comparison then).
int run_ab(const LoadSettings& settings, const LoadTarget& baseline, const LoadTarget& candidate,
           const spec::Spec& spec, LoadIo& io);

}  // namespace dockside::loadtool
