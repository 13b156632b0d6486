#pragma once
/// The per-second counts a run's interval logs cannot hold (the .hlog files carry latency histograms
/// only): each interval's requests asked for and errors by class (error_classes.h), for all operations
/// together and per operation, one JSON line per interval in interval-counts.jsonl, so a report can draw
/// errors by class over time and an error-rate threshold against them:
///   {"t":3.0,"length_s":1.0,"attempted":500,"errors":{"5xx":2,"timeout":1},
///    "operations":{"getOrder":{"attempted":300,"errors":{"5xx":2}},…}}
/// `t` is seconds since the measured start; classes with no error are left out, operations with no
/// request too.

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/result.h"
#include "harness/load/run_stats.h"

namespace dockside::load {

/// One interval as its line (without the newline).
std::string interval_counts_line(const StatsSet& interval, const std::vector<std::string>& names);

/// Every line of an interval-counts.jsonl text, in order; the error names the line that is not one.
Result<std::vector<nlohmann::json>, std::string> read_interval_counts(const std::string& text);

/// The interval counts of several runs added second by second into `directory`/interval-counts.jsonl, as
/// the merge adds their interval logs: each run's `t` moved by its start's distance from the earliest run's
/// (`start_offsets_s`, one per folder), then each second's requests and errors by class summed, all together
/// and per operation. Runs are read one at a time, so memory grows with the run's seconds, not with the
/// number of runs. False when no run has the file (written by a build before it existed); the error names
/// the file that cannot be read.
Result<bool, std::string> sum_interval_counts(const std::vector<std::string>& folders,
                                              const std::vector<double>& start_offsets_s, const std::string& directory);

}  // namespace dockside::load
