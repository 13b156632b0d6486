#pragma once
/// A run's verdict as Markdown for a CI job summary or a pull-request comment (`--summary-md FILE` of
/// `dockside conform` and `dockside load`): the verdict and its counts first, so a clean run reads in a
/// dozen lines; what failed after it, grouped by cause; never more than `limit` bytes however much was
/// found (a list that does not fit ends "… N more" and names the record and the report that hold it all).

#include <cstddef>
#include <string>

#include "harness/conform/results.h"
#include "harness/load/summary_json.h"
#include "harness/report/markdown_budget.h"

namespace dockside::report {

/// A conformance run whose record (results.json, junit.xml) is in `folder`.
std::string conform_summary_markdown(const conform::RunResults& results, const std::string& folder,
                                     std::size_t limit = kSummaryMarkdownLimit);

/// A load run (or capacity search) whose record (summary.json, junit.xml) is in `folder`.
std::string load_summary_markdown(const load::RunSummary& summary, const std::string& folder,
                                  std::size_t limit = kSummaryMarkdownLimit);

/// The summary's last line: where the whole record is and the command that draws its report.
std::string record_pointer(const std::string& folder, const char* record_file);

/// What a cut list says after "… N more entries: ": where every entry is.
std::string everything_at(const std::string& folder, const char* record_file);

}  // namespace dockside::report
