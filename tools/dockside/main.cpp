// The `dockside` executable: parses the command line and runs one subcommand.

#include <iostream>

#include "tools/dockside/command.h"
#include "tools/dockside/exit_codes.h"

int main(int argc, char** argv) {
    using namespace dockside::cli;
    CLI::App app{"Dockside: contract conformance and load testing for the Fulfillment Service API 2025-07"};
    app.set_version_flag("--version", "dockside 0.1.0 (API 2025-07)");
    app.require_subcommand(1);

    CommandContext context;
    context.global.spec_dir = DOCKSIDE_SPECS_DIR;
    app.add_option("--spec-dir", context.global.spec_dir, "Folder holding the contract data")
        ->envname("DOCKSIDE_SPEC_DIR")
        ->check(CLI::ExistingDirectory);

    register_spec_command(app, context);
    register_serve_command(app, context);
    register_conform_command(app, context);
    register_load_command(app, context);
    register_merge_command(app, context);

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        const int code = app.exit(e);
        // CLI11 answers --help with 0 and parse errors with its own codes; ours say "could not run".
        return code == 0 ? kExitOk : kExitCannotRun;
    }
    return context.action ? context.action() : kExitCannotRun;
}
