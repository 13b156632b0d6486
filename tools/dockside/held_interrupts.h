#pragma once
/// A Ctrl-C that comes while the process is still starting (before a command has set up its own handling)
/// is held, not lost: `dockside conform` then still writes a record that says it was interrupted, and
/// `dockside load` ends at once with its results marked interrupted. Commands without their own handling
/// get the signal back with its default action, exactly as if nothing had held it.

namespace dockside::cli {

/// Installed first thing in main(): SIGINT and SIGTERM are recorded, not acted on.
void hold_interrupts();

/// Gives SIGINT and SIGTERM their default action again and returns the signal held meanwhile (0: none).
/// The caller installs its own handling next and acts on what was held.
int claim_interrupts();

}  // namespace dockside::cli
