#pragma once
/// What `dockside conform` does with its accept file once the run is judged: says the entries that no
/// longer occur on the console, and writes --write-accept (harness/conform/accept_baseline.h).

#include <string>

#include "harness/conform/accept_baseline.h"

namespace dockside::cli {

/// The stale entries, one a line with why, and the command that prunes them unless `rewriting` already
/// does (results.json and --summary-md say them too). Nothing when there are none.
void print_accept_audit(const conform::AcceptAudit& audit, bool rewriting);

/// --write-accept `path`: this run's findings; with --accept (`accept_text` its text), that file without its
/// stale entries and with this run's new findings added, entries the run could not judge kept. False when
/// the file cannot be written.
bool write_accept_file(const conform::RunResults& results, const std::string& path, const std::string& accept_text);

}  // namespace dockside::cli
