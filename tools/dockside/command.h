#pragma once
/// How subcommands plug into the `dockside` executable: each registers itself on the CLI11 app and sets
/// the action to run once parsing succeeded, so main() knows no subcommand by name.

#include <CLI/CLI.hpp>

#include <functional>
#include <string>

namespace dockside::cli {

/// Options every subcommand shares.
struct GlobalOptions {
    std::string spec_dir;  ///< --spec-dir / DOCKSIDE_SPEC_DIR; defaults to spec::default_spec_dir()
};

/// Set by the chosen subcommand's callback; main() runs it after parsing.
using Action = std::function<int()>;

struct CommandContext {
    GlobalOptions global;
    Action action;
    /// The chosen command takes over interrupts held during start-up (held_interrupts.h); otherwise main
    /// hands them back with their default action before running it.
    bool claims_interrupts = false;
};

/// Prints "dockside COMMAND: MESSAGE" on stderr and returns the exit code of a run that could not run.
int cannot_run(const char* command, const std::string& message);

void register_spec_command(CLI::App& app, CommandContext& context);
void register_serve_command(CLI::App& app, CommandContext& context);
void register_conform_command(CLI::App& app, CommandContext& context);
void register_load_command(CLI::App& app, CommandContext& context);
void register_merge_command(CLI::App& app, CommandContext& context);
void register_compare_command(CLI::App& app, CommandContext& context);
void register_diff_command(CLI::App& app, CommandContext& context);
void register_learn_command(CLI::App& app, CommandContext& context);
void register_report_command(CLI::App& app, CommandContext& context);
void register_env_command(CLI::App& app, CommandContext& context);
void register_cleanup_command(CLI::App& app, CommandContext& context);

}  // namespace dockside::cli
