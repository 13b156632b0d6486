#pragma once
/// Exit codes of every dockside subcommand, documented in the README (k6-style named constants).

namespace dockside::cli {

inline constexpr int kExitOk = 0;          ///< everything ran and everything passed
inline constexpr int kExitViolations = 1;  ///< the run completed and found violations or problems
inline constexpr int kExitCannotRun = 2;   ///< bad configuration, unreadable spec, unreachable target

}  // namespace dockside::cli
