#pragma once
/// `dockside merge RUN...`: shard results combined into the result one generator would have recorded.
/// Counts and histograms are added exactly (histograms decoded from each summary.json, never averaged
/// percentiles), the interval logs are added second by second (merge_fold.h), thresholds are judged on
/// the merged figures.

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "harness/load/duration_text.h"
#include "harness/load/summary_json.h"

namespace dockside::load {

/// Reads RUN (a results folder or its summary.json) into a summary; errors name the file and field.
Result<RunSummary, std::string> read_run(const std::string& run);

/// How far apart the runs' measured starts may be. Shards that share a --start-at (and warm-up) start at
/// the same recorded instant; runs started by hand are seconds apart.
inline constexpr Nanos kDefaultMaxStartOffset = std::chrono::milliseconds(100);

/// Why these runs cannot be added as shards of one schedule: their measured starts lie further apart
/// than `max_offset` (then their sum is a load no generator sent: side by side they would have sent
/// faster than either did). Runs that did not record their start are let through with a warning.
std::optional<std::string> start_offset_problem(const std::vector<RunSummary>& runs,
                                                const std::vector<std::string>& names, Nanos max_offset,
                                                std::vector<std::string>& warnings);

/// The whole command: exit code of the merged judgement, 2 when a run cannot be read or written, the runs
/// are not the complete shards of one run (shard_set.h) or did not start together. A folder without a
/// summary.json stands for the runs in its subfolders (expand_runs). Thresholds: `threshold_texts` when given, else every threshold the runs
/// were given.
int run_merge(const std::vector<std::string>& runs, const std::string& out_dir,
              const std::vector<std::string>& threshold_texts, std::ostream& out, std::ostream& err,
              Nanos max_start_offset = kDefaultMaxStartOffset);

}  // namespace dockside::load
