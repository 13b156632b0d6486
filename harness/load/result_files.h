#pragma once
/// The files of a load run's folder besides the interval logs: summary.json and the `.hgrm` percentile
/// distributions (all operations together, and one per operation), as HdrHistogram's plotters read them.

#include <string>

#include <nlohmann/json.hpp>

#include "core/result.h"
#include "core/text_file.h"
#include "harness/load/summary_json.h"

namespace dockside::load {

/// The names of a run's files (the interval logs' are IntervalLogs::k*File): written by the functions
/// below and by the capacity search, and recognised by is_run_file.
struct RunFileNames {
    static constexpr const char* kSummary = "summary.json";
    static constexpr const char* kCapacityJson = "capacity.json";
    static constexpr const char* kCapacityCsv = "capacity.csv";
    static constexpr const char* kLatencyHgrm = "latency.hgrm";
    static constexpr const char* kServiceHgrm = "service-time.hgrm";
    static constexpr const char* kSendLagHgrm = "send-lag.hgrm";
    /// Per operation: prefix + file_safe(name) + kHgrmSuffix.
    static constexpr const char* kLatencyPrefix = "latency-";
    static constexpr const char* kServicePrefix = "service-time-";
    static constexpr const char* kHgrmSuffix = ".hgrm";
};

/// "GET /2025-07/order/{id}" → "GET_2025-07_order_id": a name that is safe in a file name.
std::string file_safe(const std::string& name);

/// Writes latency.hgrm, service-time.hgrm, send-lag.hgrm (open loop) and latency-<operation>.hgrm /
/// service-time-<operation>.hgrm; returns the names written (for summary.json's `files`).
Result<nlohmann::json, std::string> write_histogram_files(const std::string& directory, const RunResult& result);


/// summary.json in `directory`.
Result<bool, std::string> write_summary(const std::string& directory, const RunSummary& summary);

/// Whether `name` is a file a load run, a capacity search or a merge writes: summary.json, capacity.json,
/// capacity.csv, the .hlog interval logs and interval-counts.jsonl, and the .hgrm files (overall and
/// latency-/service-time-<operation>).
bool is_run_file(const std::string& name);

/// Removes from `directory` the files an earlier run left there (is_run_file), so that a folder given
/// again holds only the new run's: an operation, or the send lag, that the new run does not have would
/// otherwise keep the old run's figures beside the new ones. Anything else in the folder is left alone.
/// Returns how many files were removed; the error names the file that could not be.
Result<int, std::string> clear_previous_run(const std::string& directory);

}  // namespace dockside::load
