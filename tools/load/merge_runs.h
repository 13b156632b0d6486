#pragma once
/// `dockside merge RUN...`: shard results combined into the result one generator would have recorded.
/// Counts and histograms are added exactly (histograms decoded from each summary.json, never averaged
/// percentiles), the interval logs are joined, thresholds are judged on the merged figures.

#include <iosfwd>
#include <string>
#include <vector>

#include "harness/core/result.h"
#include "harness/load/summary_json.h"

namespace dockside::loadtool {

/// Reads RUN (a results folder or its summary.json) into a summary; errors name the file and field.
Result<load::RunSummary, std::string> read_run(const std::string& run);

/// Adds the runs together (the first run's configuration, flagged as merged).
load::RunSummary merge_summaries(const std::vector<load::RunSummary>& runs, const std::vector<std::string>& names);

/// The whole command: exit code of the merged judgement, 2 when a run cannot be read or written.
/// Thresholds: `threshold_texts` when given, else every threshold the runs were given.
int run_merge(const std::vector<std::string>& runs, const std::string& out_dir,
              const std::vector<std::string>& threshold_texts, std::ostream& out, std::ostream& err);

}  // namespace dockside::loadtool
