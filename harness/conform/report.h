#pragma once
/// What `dockside conform` prints: a progress line per area, the summary table with its one-line verdict
/// ("N tests failed, M distinct findings, K blocked"), and the failures. A finding is printed in full the
/// first time its cause appears and as one line with a repeat count after that; tests blocked by the same
/// setup failure are listed under that one cause. Full detail is always in results.json.

#include <cstddef>
#include <string>

#include "harness/conform/results.h"

namespace dockside::conform {

enum class Detail {
    Quiet,    ///< the summary and the verdict only
    Normal,   ///< plus every failed test, each cause in full once
    Verbose,  ///< plus every finding in full, accepted tests and skip reasons
};

struct ReportStyle {
    Detail detail = Detail::Normal;
    bool colour = false;  ///< ANSI colours (only on a terminal)
    /// Findings printed in full per failed test at Normal detail; the rest are counted.
    std::size_t full_findings_per_test = 3;
    /// Causes of one rule printed in full in the whole report at Normal detail; later ones are one line:
    /// a fault that breaks one rule on every operation prints a few dozen lines, not one block per operation.
    std::size_t full_causes_per_rule = 2;
};

/// "returns      passed  12  failed   1  skipped   2   3.4 s" (blocked, timed out, accepted when present).
std::string render_progress_line(const AreaSummary& summary, bool colour = false);
/// The per-area table with a total row, then the verdict line. An area's seconds are its tests' times added
/// up; the total's are the run's wall time (meta.duration_seconds), with the tests' sum beside it when more. Without `area_rows` (the progress lines already
/// showed one line per area as it finished) the table is its total row alone.
std::string render_summary(const RunResults& results, bool colour = false, bool area_rows = true);
/// "3 tests failed, 2 distinct findings, 26 blocked" (and timed out, interrupted, not run when any).
std::string render_verdict(const RunResults& results);
/// One finding in full: operation, rule, section, result, curl, status, body excerpt, violations, replay,
/// shrunk input. `max_violations` bounds the violation list (0 = all).
std::string render_finding(const Finding& finding, std::size_t max_violations = 0);
/// Why tests were skipped, most common reason first: "13 skipped: 5 × the target lists no returnable inventory
/// item; 3 × …; 5 for 4 other reasons — `-v` lists each skipped test and its reason (so does results.json)".
/// "" when none was skipped.
std::string render_skip_reasons(const RunResults& results, std::size_t max_reasons = 3);
/// Failed, timed-out, interrupted and blocked tests (and at Verbose accepted and skipped ones).
std::string render_failures(const RunResults& results, const ReportStyle& style = {});

}  // namespace dockside::conform
