// `dockside merge RUN...`: combines the results of `dockside load --shard i/N` runs (or any load runs)
// into one, adding counts and histograms exactly, and judges thresholds on the merged figures.
// Exit codes as `dockside load`.

#include <iostream>

#include "tools/dockside/command.h"
#include "tools/load/merge_runs.h"

namespace dockside::cli {
namespace {

struct MergeOptions {
    std::vector<std::string> runs;
    std::string out;
    std::vector<std::string> thresholds;
};

}  // namespace

void register_merge_command(CLI::App& app, CommandContext& context) {
    auto options = std::make_shared<MergeOptions>();
    auto* merge = app.add_subcommand("merge", "Combine load runs (shards) exactly and judge thresholds on the result");
    merge->add_option("runs", options->runs, "Results folders (or their summary.json) of the runs to combine")->required();
    merge->add_option("--out", options->out, "Folder of the merged result (default: results/merge-<UTC timestamp>/)");
    merge->add_option("--threshold", options->thresholds,
                      "Gate on the merged result, repeatable (default: the thresholds the runs were given)");
    merge->callback([&context, options] {
        context.action = [options] {
            return loadtool::run_merge(options->runs, options->out, options->thresholds, std::cout, std::cerr);
        };
    });
}

}  // namespace dockside::cli
