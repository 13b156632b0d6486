// `dockside cleanup --run DIR`: undoes what the conformance run recorded in DIR created on its target (what
// `--keep` left, or what an earlier cleanup could not undo), and writes DIR/cleanup.json. Credentials are
// never in the run folder: the target is named as for conform (--env, or --base-url with a token).
// Exit 0 everything undone, 1 some record could not be undone (each listed with its reason), 2 could not run.

#include <filesystem>
#include <fstream>
#include <iostream>

#include "core/exit_codes.h"
#include "harness/validate/response_validator.h"
#include "tools/dockside/command.h"
#include "tools/dockside/conform_target.h"
#include "tools/dockside/run_cleanup.h"
#include "tools/dockside/spec_files.h"

namespace dockside::cli {
namespace {

struct CleanupOptions {
    std::string run_dir;
    config::RawTargetOptions target;
    RemoteAccess access;
    WriteSafety safety;
};

/// The target the run's results.json names, for a message that asks for it.
std::string recorded_target(const std::string& run_dir) {
    std::ifstream in(std::filesystem::path(run_dir) / "results.json");
    const auto results = nlohmann::json::parse(in, nullptr, false);
    if (!results.is_object()) return "(results.json unreadable)";
    return results.value("target", results.contains("meta") ? results["meta"].value("target", "") : "");
}

int run_cleanup_command(const GlobalOptions& global, const CleanupOptions& options) {
    const std::string log = created_log_of(options.run_dir);
    if (!std::filesystem::exists(log))
        return cannot_run("cleanup", options.run_dir + " holds no created.jsonl: it is not a conform run's folder, or the run "
                          "created nothing it could note (a --dry-run, --list or embedded run)");
    auto spec = load_spec(global.spec_dir);
    if (!spec) return cannot_run("cleanup", spec.error().to_string());
    auto target = config::resolve(options.target, profile_names(global.spec_dir), version_segment(*spec));
    if (!target) {
        for (const auto& p : target.error()) std::cerr << "dockside cleanup: " << p.to_string() << "\n";
        return kExitCannotRun;
    }
    print_target_notes("cleanup", *target);
    if (target->embedded())
        return cannot_run("cleanup", "name the run's target (it was " + recorded_target(options.run_dir) +
                          ") with --env, or --base-url and --token: its credentials are not kept in the run folder");
    if (const auto refused = writes_refused_reason(*target, options.safety); !refused.empty())
        return cannot_run("cleanup", refused + ": cleanup cancels and deletes, which are writes");
    const validate::ResponseValidator validator(*spec);
    auto prepared = prepare_remote(*target, options.access, *spec, validator);
    if (!prepared) return cannot_run("cleanup", prepared.error());
    const CleanupTarget where{prepared->info.base_url, prepared->info.token, prepared->info.write_channel,
                              target->channel_header, client_options_for(*target)};
    const CleanupReport report = undo_created(log, where, *spec);
    if (!report.error.empty()) return cannot_run("cleanup", report.error);
    std::cout << report.render();
    if (!write_cleanup_report(report, options.run_dir))
        return cannot_run("cleanup", "cannot write " + (std::filesystem::path(options.run_dir) / "cleanup.json").string());
    std::cout << "report: " << (std::filesystem::path(options.run_dir) / "cleanup.json").string() << "\n";
    return report.count(CleanupOutcome::State::Failed) == 0 ? kExitOk : kExitViolations;
}

}  // namespace

void register_cleanup_command(CLI::App& app, CommandContext& context) {
    auto options = std::make_shared<CleanupOptions>();
    auto* cleanup = app.add_subcommand("cleanup", "Undo what a conform run created on its target, from the run's folder");
    cleanup->add_option("--run", options->run_dir, "The conform run's results folder")->required()->check(CLI::ExistingDirectory);
    add_target_options(*cleanup, options->target);
    cleanup->add_flag("--allow-production-writes", options->safety.allow_production_writes,
                      "Let the cleanup cancel and delete on an environment marked production");
    cleanup->footer("Exit codes: 0 everything left was undone; 1 some record could not be undone (listed, with why, "
                    "in cleanup.json); 2 could not run.");
    cleanup->callback([&context, options] {
        context.action = [&context, options] { return run_cleanup_command(context.global, *options); };
    });
}

}  // namespace dockside::cli
