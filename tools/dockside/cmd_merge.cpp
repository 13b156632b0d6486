// `dockside merge RUN...`: combines the results of `dockside load --shard i/N` runs (or any load runs)
// into one, adding counts and histograms exactly, and judges thresholds on the merged figures.
// Exit codes as `dockside load`; 2 also when the runs' measured starts lie further apart than
// --max-start-offset (refused rather than merged with a warning: the sum of runs that did not run side by
// side is a load no generator sent, and thresholds judged on it would pass or fail on fiction).

#include <iostream>

#include "core/exit_codes.h"
#include "harness/load/merge_runs.h"
#include "tools/dockside/command.h"

namespace dockside::cli {
namespace {

struct MergeOptions {
    std::vector<std::string> runs;
    std::string out;
    std::vector<std::string> thresholds;
    std::string max_start_offset;
};

}  // namespace

void register_merge_command(CLI::App& app, CommandContext& context) {
    auto options = std::make_shared<MergeOptions>();
    auto* merge = app.add_subcommand("merge", "Combine load runs (shards) exactly and judge thresholds on the result");
    merge->add_option("runs", options->runs, "Results folders (or their summary.json) of the runs to combine")->required();
    merge->add_option("--out", options->out, "Folder of the merged result (default: results/merge-<UTC timestamp>/)");
    // One value per --threshold: the runs may follow it (`merge --threshold X run-a run-b`).
    merge->add_option("--threshold", options->thresholds,
                      "Gate on the merged result, repeatable, or a comma-separated list as load's --slo takes "
                      "(default: the thresholds the runs were given)")
        ->allow_extra_args(false);
    merge->add_option("--max-start-offset", options->max_start_offset,
                      "Refuse runs whose measured schedules started further apart than this (default 100ms): "
                      "shards started with a common --start-at start at the same instant");
    merge->footer("Exit codes: 0 the merged run passed; 1 a threshold was crossed or a sampled response violated the\n"
                  "contract; 2 a run could not be read or written, or the runs did not start together.");
    merge->callback([&context, options] {
        context.action = [options] {
            auto offset = options->max_start_offset.empty() ? Result<load::Nanos, std::string>(load::kDefaultMaxStartOffset)
                                                            : load::parse_duration(options->max_start_offset);
            if (!offset) {
                std::cerr << "dockside merge: --max-start-offset: " << offset.error() << "\n";
                return kExitCannotRun;
            }
            return load::run_merge(options->runs, options->out, options->thresholds, std::cout, std::cerr, *offset);
        };
    });
}

}  // namespace dockside::cli
