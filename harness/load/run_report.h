#pragma once
/// The end of a load run: judging it (thresholds, sampled validation, a target that never answered,
/// an interrupt) into an exit code with reasons, and writing and printing what it found.

#include <iosfwd>
#include <string>

#include "core/result.h"
#include "harness/load/summary_json.h"

namespace dockside::load {

/// Fills thresholds, passed, exit_code and reasons of `summary` from its result.
void judge_run(RunSummary& summary, const std::vector<Threshold>& thresholds);

/// Replaces `secret` in what the target sent back (error examples, validation examples) with
/// "$DOCKSIDE_TOKEN": a server that echoes the Authorization header must not leak it into the results.
/// A secret shorter than 12 characters is replaced only where it stands as a whole token, so that
/// `--token t` does not garble every "t" of the messages.
void redact(RunSummary& summary, const std::string& secret);

/// The run's gate as JUnit XML, beside summary.json (load_junit.h).
inline constexpr const char* kJunitFile = "junit.xml";

/// Writes summary.json, junit.xml and the .hgrm files into `directory` (the .hlog files are written during
/// the run); the error names what could not be written.
Result<bool, std::string> write_run_files(const std::string& directory, RunSummary& summary);

/// Which operations of the mix went out as their fallback, how often and as what; empty when none did.
std::string substitution_note(const RunResult& result);

/// The percentile table, errors, validation findings, thresholds and where the results are.
void print_report(std::ostream& out, const RunSummary& summary, const std::string& directory);

/// "2025-07-01T12:00:00Z" (or "20250701-120000" for folder names when `compact`).
std::string utc_now(bool compact);

}  // namespace dockside::load
