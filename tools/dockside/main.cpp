// The `dockside` executable: parses the command line and runs one subcommand. Words it does not
// understand are reported by name, with the nearest flag or the list of subcommands.

#include <algorithm>
#include <csignal>
#include <iostream>
#include <vector>

#include "core/exit_codes.h"
#include "specs/loader/edit_distance.h"
#include "specs/loader/spec_location.h"
#include "tools/dockside/command.h"
#include "tools/dockside/held_interrupts.h"

namespace {

using namespace dockside::cli;

/// The flag of `command` nearest to `word` ("--cses" → "--cases"), empty when none is close.
std::string nearest_flag(const CLI::App& command, const std::string& word) {
    const std::string given = word.substr(0, word.find('='));
    std::string best;
    std::size_t best_distance = 4;  // further than 3 edits is not a typo
    for (const CLI::Option* option : command.get_options()) {
        for (const auto& name : option->get_lnames()) {
            const std::string flag = "--" + name;
            if (const auto d = dockside::spec::edit_distance(given, flag); d < best_distance) {
                best_distance = d;
                best = flag;
            }
        }
    }
    return best;
}

/// Every word `command` did not understand, with a suggestion; empty when there is none.
std::vector<std::string> extras_problems(const CLI::App& command, const std::string& where) {
    std::vector<std::string> problems;
    for (const auto& word : command.remaining()) {
        if (word.size() > 1 && word[0] == '-') {
            const std::string near = nearest_flag(command, word);
            problems.push_back("unknown option " + word + " for `" + where + "`" +
                               (near.empty() ? "; see `" + where + " --help`" : "; did you mean " + near + "?"));
        } else {
            problems.push_back("unexpected argument '" + word + "' for `" + where + "`; see `" + where + " --help`");
        }
    }
    return problems;
}

const char* kExitCodes =
    "Exit codes: 0 everything ran and passed; 1 the run completed and found violations; 2 the run could not be\n"
    "done (bad configuration, unreachable target, refused token, nothing selected, or a load run interrupted);\n"
    "130/143 conform interrupted by SIGINT/SIGTERM.\n"
    "`dockside SUBCOMMAND --help` explains each subcommand.";

}  // namespace

int dockside::cli::cannot_run(const char* command, const std::string& message) {
    std::cerr << "dockside " << command << ": " << message << "\n";
    return kExitCannotRun;
}

int main(int argc, char** argv) {
    hold_interrupts();  // a Ctrl-C during start-up still ends in a record that says so
    CLI::App app{"Dockside: contract conformance and load testing for the Fulfillment Service API 2025-07"};
    app.set_version_flag("--version", "dockside 0.1.0 (API 2025-07)");
    app.footer(kExitCodes);
    // Unknown words are reported here, by name and with a suggestion, instead of CLI11's generic message.
    app.allow_extras();

    CommandContext context;
    app.add_option("--spec-dir", context.global.spec_dir,
                   "Folder holding the contract data (default: share/dockside/specs beside the installed binary)")
        ->envname("DOCKSIDE_SPEC_DIR")
        ->check(CLI::ExistingDirectory);

    register_spec_command(app, context);
    register_serve_command(app, context);
    register_conform_command(app, context);
    register_load_command(app, context);
    register_merge_command(app, context);
    register_diff_command(app, context);
    register_learn_command(app, context);
    register_compare_command(app, context);
    register_report_command(app, context);
    register_env_command(app, context);
    register_cleanup_command(app, context);

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        const int code = app.exit(e);
        // CLI11 answers --help with 0 and parse errors with its own codes; ours say "could not run".
        return code == 0 ? kExitOk : kExitCannotRun;
    }
    const auto chosen = app.get_subcommands();
    std::vector<std::string> problems;
    if (chosen.empty()) {
        std::string names;
        for (const CLI::App* sub : app.get_subcommands({})) names += (names.empty() ? "" : ", ") + sub->get_name();
        const auto extras = app.remaining();
        const auto word = std::find_if(extras.begin(), extras.end(), [](const std::string& w) { return w.empty() || w[0] != '-'; });
        if (word != extras.end())
            problems.push_back("unknown subcommand '" + *word + "'; the subcommands are: " + names);
        else if (!extras.empty())
            problems = extras_problems(app, "dockside");
        else
            problems.push_back("name a subcommand: " + names + " (dockside --help explains them)");
    } else {
        problems = extras_problems(app, "dockside");
        for (const CLI::App* sub : chosen)
            for (auto& p : extras_problems(*sub, "dockside " + sub->get_name())) problems.push_back(std::move(p));
    }
    if (!problems.empty()) {
        for (const auto& p : problems) std::cerr << "dockside: " << p << "\n";
        return kExitCannotRun;
    }
    // Looked for only when none is named, so a --spec-dir run touches no other spec folder; what reads the
    // contract without being handed it (the reference server, the generators) reads this one.
    if (context.global.spec_dir.empty()) context.global.spec_dir = dockside::spec::default_spec_dir();
    dockside::spec::use_spec_dir(context.global.spec_dir);
    if (!context.claims_interrupts)
        if (const int held = claim_interrupts()) std::raise(held);
    return context.action ? context.action() : kExitCannotRun;
}
