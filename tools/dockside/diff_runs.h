#pragma once
/// `dockside diff --against`: the seeded run recorded against every target at once, each by a
/// `dockside conform --har` of this executable (one worker, the same seed and selection) and in lockstep
/// with the others (harness/conform/lockstep.h): the runs take turns exchange by exchange, so each pair
/// of exchanges meets the machine alike. Each run's console goes to a log beside its recording; the token
/// reaches the child in its environment, never on its command line.

#include <cstdint>
#include <string>
#include <vector>

#include "core/result.h"
#include "tools/dockside/conform_child.h"

namespace dockside::cli {

struct DiffTarget {
    std::string name;      ///< "first", "second", "noise": the folder and the recording's name
    std::string base_url;  ///< empty: the embedded reference server
    std::string token;
};

struct DiffRun {
    std::uint64_t seed = 0;    ///< the run's seed, chosen
    ChildSelection selection;  ///< --only, --cases
    std::string out;           ///< folder of the recordings (<out>/<name>.har) and the runs
};

/// Records the run against every target in lockstep: the recordings' paths in the targets' order, or why
/// a run could not be recorded (conform exited 2, or was killed); a run that found violations (exit 1) is
/// recorded all the same.
Result<std::vector<std::string>, std::string> record_runs(const DiffRun& run, const std::vector<DiffTarget>& targets);

}  // namespace dockside::cli
