#pragma once
/// `dockside merge` as the judge of a distributed run: before adding runs, it makes sure they are the N
/// shards of one run: every index from 0 to N-1 once (Kubernetes can start one index's pod twice, and a
/// pod that never returned leaves its index missing), one target, one mix, one load model and schedule.
/// A sum of anything else is a load nobody sent, and thresholds judged on it pass or fail on fiction.

#include <string>
#include <vector>

#include "harness/load/summary_json.h"

namespace dockside::load {

/// The runs RUN arguments name: a folder holding summary.json (or the file itself) is one run; a folder
/// without one stands for its subfolders that hold one (a distributed run's shards/0, shards/1, …), in
/// the order of their names read as numbers where they are numbers.
std::vector<std::string> expand_runs(const std::vector<std::string>& given);

/// Every reason `runs` (read from `names`) are not the complete shards of one run, each naming the
/// runs concerned: a run given twice, shard counts that differ, an index given twice or missing,
/// another target, mix, model or schedule. Empty when they are.
std::vector<std::string> shard_set_problems(const std::vector<RunSummary>& runs,
                                            const std::vector<std::string>& names);

/// The merged summary's record of `run`, read from `name`: its index, host, start and counts.
MergedShard shard_record(const RunSummary& run, const std::string& name);

/// One line on how far apart the shards' measured starts lie and on how many hosts they ran
/// ("4 shards on 3 hosts; measured starts within 800us (first shard 2, last shard 0)", or "every measured
/// start at …" when they share it exactly); empty for one run.
std::string shard_start_note(const std::vector<MergedShard>& shards);

}  // namespace dockside::load
