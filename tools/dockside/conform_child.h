#pragma once
/// A `dockside conform` of this executable run as a child (`dockside diff` records with it, `dockside learn`
/// learns from it): its console in a log file, the environment as it is but for the variables given, so a
/// token reaches it in its environment and never on a command line.

#include <sys/types.h>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>

#include "core/result.h"

namespace dockside::cli {

/// What a child conform run is asked to run, as conform takes it.
struct ChildSelection {
    std::uint64_t seed = 0;  ///< 0: a fresh one, chosen by the parent and printed
    std::string only;        ///< --only, empty for every area
    int cases = 0;           ///< --cases, 0 for conform's default
};

/// --seed, --only and --cases for `selection` on `cmd`, each help text led by `lead` ("With --against: ").
void add_selection_options(CLI::App& cmd, ChildSelection& selection, const std::string& lead);
/// The child's arguments for `selection` run with `seed`.
std::vector<std::string> selection_args(const ChildSelection& selection, std::uint64_t seed);

struct ConformChild {
    std::vector<std::string> args;                          ///< after `dockside conform`
    std::vector<std::pair<std::string, std::string>> env;   ///< set (an empty value: removed)
    std::vector<std::pair<int, int>> descriptors;           ///< (this process's fd, the number the child has it at)
    std::string log;                                        ///< the child's stdout and stderr
};

/// Starts the child; its pid.
Result<pid_t, std::string> spawn_conform(const ConformChild& child);

/// Waits for the child: its exit code, 128 + the signal that ended it.
int wait_exit(pid_t pid);

}  // namespace dockside::cli
