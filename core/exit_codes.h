#pragma once
/// Exit codes of every dockside subcommand, documented in the README (k6-style named constants). In core/
/// because the library code that judges a run (harness/load/run_report.h) and the main()s of tools/ both
/// return them.

namespace dockside::cli {

inline constexpr int kExitOk = 0;          ///< everything ran and everything passed
inline constexpr int kExitViolations = 1;  ///< the run completed and found violations or problems
inline constexpr int kExitCannotRun = 2;   ///< bad configuration, unreadable spec, unreachable target

}  // namespace dockside::cli
