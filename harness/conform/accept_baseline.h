#pragma once
/// The accept file as a baseline that is kept true: after a run, which of its entries no longer occur
/// (stale), and the file rewritten for --write-accept without them, its comments and the entries this run
/// could not judge kept.

#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "harness/conform/results.h"

namespace dockside::conform {

/// Keys of an accept file: one per line, blank lines and `#` comments (whole line or trailing) ignored,
/// surrounding white space trimmed.
std::set<std::string> parse_accept_file(std::string_view text);

/// The text of an accept file for these findings: a comment header, then one key per line, sorted.
std::string render_accept_file(const std::vector<Finding>& findings);

/// Judges each key of the accept file (`keys`, from `file`) against the run's tests. A key is stale when
/// its test ran to its end (passed, or failed only by accepted findings) without that finding, or when
/// `whole_suite` (no --only, no --filter) ran and no test of that name exists. A test that was not
/// selected, was skipped or blocked, timed out, was interrupted, or failed (an assertion may have ended it
/// before the accepted check) cannot say: its keys count as not judged and stay.
AcceptAudit audit_accept(const std::string& file, const std::set<std::string>& keys, const std::vector<TestOutcome>& tests,
                         bool whole_suite);

/// The accept file --write-accept writes, and what changed from the --accept file.
struct AcceptRewrite {
    std::string text;
    std::size_t dropped = 0;  ///< stale entries left out
    std::size_t added = 0;    ///< keys of this run's findings the previous file did not hold
    std::size_t total = 0;    ///< keys in `text`
};

/// `previous` (the --accept file's text; empty when there was none) line by line without the stale
/// entries, then the keys of `findings` it does not hold yet, under a comment `added_note`. With no
/// previous text, the header and the findings' keys alone (render_accept_file).
AcceptRewrite rewrite_accept_file(std::string_view previous, const std::vector<StaleAccept>& stale,
                                  const std::vector<Finding>& findings, const std::string& added_note);

}  // namespace dockside::conform
