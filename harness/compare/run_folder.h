#pragma once
/// A run's folder as `compare` and `report` read it: a conformance run (results.json), a load run, a
/// capacity search or a merge (summary.json, with the .hlog interval logs when the run wrote them), or a
/// comparison (compare.json), or a difference of two targets (diff.json). The load summary is read by the load harness's own reader, the interval
/// logs by the histogram harness's.

#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/result.h"
#include "harness/histogram/interval_log.h"
#include "harness/load/summary_json.h"

namespace dockside::compare {

enum class RunKind { Conform, Load, Comparison, Difference };

/// "conform", "load", "compare", "diff".
const char* to_string(RunKind kind);

/// The intervals of one .hlog, by tag ("" for the untagged intervals: all operations together).
using IntervalsByTag = std::map<std::string, std::vector<histogram::LogInterval>>;

struct LoadRun {
    load::RunSummary summary;
    nlohmann::json document;          ///< summary.json as written
    IntervalsByTag latency;           ///< latency.hlog; empty when the run has none (a merge)
    std::vector<std::string> notes;   ///< what could not be read and was left out ("latency.hlog: line 7: …")
    /// Why the folder has no latency.hlog, when it has none ("a merged run has none", "a capacity search
    /// writes none: each step is a run of its own", "the run wrote it, and it was lost", "the run wrote none").
    std::optional<std::string> latency_log_missing;
    /// interval-counts.jsonl, one object per interval (harness/load/interval_counts.h); empty when the run
    /// has none (a merge, or a run of a Dockside that did not write it).
    std::vector<nlohmann::json> counts{};
};

struct RunFolder {
    std::string path;
    RunKind kind = RunKind::Conform;
    nlohmann::json conform;           ///< results.json, for a conformance run
    std::optional<LoadRun> load;      ///< for a load run
    nlohmann::json comparison;        ///< compare.json, for a comparison
    nlohmann::json difference;        ///< diff.json, for a `dockside diff`
};

/// Reads the run in `path`; the error says what the folder lacks or which file is malformed.
Result<RunFolder, std::string> read_run_folder(const std::string& path);

/// Every interval of the .hlog at `path`, by tag; the error names the file.
Result<IntervalsByTag, std::string> read_interval_log_file(const std::string& path);

/// The .hlog tag of an operation name (histogram::log_tag).
std::string interval_tag(const std::string& operation);

}  // namespace dockside::compare
