#pragma once
/// What a report page shows, as the JSON embedded in it: for each run its own record as written
/// (results.json, summary.json, compare.json, diff.json) untouched, so every number on the page is one of the
/// record's, plus the views the record does not hold ready-made: percentile curves from the histograms,
/// per-second figures rebuilt from the .hlog intervals, the area × operation matrix of a conformance run
/// and its schema phase's table read back from results.json ("schema_phase", only when the run has one).

#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/compare/run_folder.h"

namespace dockside::report {

inline constexpr const char* kReportFormat = "dockside-report/1";

/// What the report needs to know of the contract and cannot read from a run: the operations each rule
/// is about (rules.yaml), to place a conformance test whose name starts with its rule id.
struct ReportContext {
    std::map<std::string, std::vector<std::string>> rule_operations;
    std::string generated_at;  ///< RFC 3339 UTC
};

/// {"format","generated_at","runs":[{"kind":"conform","path","results","matrix","faults","schema_phase"?,
///  "schema_phase_error"?} |
///  {"kind":"load","path","summary","curves","series","errors","error_classes","notes"} |
///  {"kind":"compare","path","comparison"} | {"kind":"diff","path","difference"}]}
/// ("errors": per second, the requests asked for and the errors by class, from interval-counts.jsonl;
/// "error_classes": the whole run's [[class, count], …] as load/error_classes.h names them, errors only)
nlohmann::json report_data(const std::vector<compare::RunFolder>& runs, const ReportContext& context);

/// The view parts of one run (exposed for tests).
nlohmann::json conform_view(const compare::RunFolder& run, const ReportContext& context);
nlohmann::json load_view(const compare::RunFolder& run);

}  // namespace dockside::report
