#pragma once
/// A merge built one run at a time, so that merging a thousand shards holds one run's histograms at a
/// time rather than all of them: the sum so far, and of each run only what judging the set reads.

#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "harness/load/summary_json.h"

namespace dockside::load {

class RunFold {
public:
    /// Adds `run`, read from `name`, to the sum.
    void add(RunSummary run, const std::string& name);

    /// Every run added without its histograms (configuration, target, host, start, counters): what
    /// shard_set_problems and start_offset_problem read.
    const std::vector<RunSummary>& runs() const { return facts_; }
    const std::vector<std::string>& names() const { return names_; }

    /// The sum: the first run's configuration, flagged as merged, with every run's counts and histograms
    /// added exactly, the widest time span, and every shard's record. Call once, after the last add.
    RunSummary merged() &&;

private:
    std::optional<RunSummary> sum_;
    std::vector<RunSummary> facts_;
    std::vector<std::string> names_;
    std::vector<nlohmann::json> shard_configurations_;
    std::vector<MergedShard> records_;
};

/// Writes `directory`/`name`, the interval log `name` of every run in `folders` added second by second:
/// the intervals that began in the same second after the earliest (the runs started within the merge's
/// --max-start-offset of each other) and have the same tag become one, as one generator would have
/// written it. The logs are read side by side, one second at a time, so memory grows neither with the
/// number of runs nor with their length (every log is open at once: a thousand shards, a thousand files).
/// False when no run has the log (a capacity search); the error names the file.
Result<bool, std::string> sum_interval_logs(const std::vector<std::string>& folders, const std::string& directory,
                                            const char* name);

}  // namespace dockside::load
