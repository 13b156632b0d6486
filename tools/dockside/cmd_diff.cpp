// `dockside diff --base-url A --against B [--noise A2]` or `dockside diff FIRST.har SECOND.har [--noise COPY.har]`:
// where two targets answer the same seeded run differently, though both may conform (the exact 4xx of a
// refused input, an error body, a list's order, the optional fields filled). The recordings are
// `dockside conform --har` runs with one --seed and one selection against each target (and against a second
// copy of the first, for --noise), made here at once and in lockstep (diff_runs.h) or given; one worker keeps
// the order in which records are made, and so what each list holds, the same on both sides.
// Exit codes: 0 no difference but noise; 1 differences; 2 a recording could not be read or the two share
// no exchange.

#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>

#include "core/exit_codes.h"
#include "harness/conform/results.h"
#include "harness/diff/har_diff.h"
#include "harness/conform/conform_run.h"
#include "tools/dockside/command.h"
#include "tools/dockside/diff_runs.h"

namespace dockside::cli {
namespace {

struct DiffOptions {
    std::string first;   ///< a recording (file mode)
    std::string second;
    std::string noise;   ///< a recording (file mode) or the second copy's base URL (with --against)
    std::string out;
    std::string base_url, token;            ///< the first target (empty: the embedded reference server)
    std::string against, against_token;     ///< the second target: recorded here
    std::string noise_token;
    ChildSelection selection;  ///< with --against
};

/// With --against: the run recorded against each target into `out`; the recordings' paths put in `o`.
std::optional<int> record_targets(DiffOptions& o, const std::string& out_dir) {
    const DiffRun run{conform::choose_seed(o.selection.seed), o.selection, out_dir};
    std::vector<DiffTarget> targets = {{"first", o.base_url, o.token}, {"second", o.against, o.against_token}};
    if (!o.noise.empty()) targets.push_back({"noise", o.noise, o.noise_token});
    auto recordings = record_runs(run, targets);
    if (!recordings) return cannot_run("diff", recordings.error());
    o.first = (*recordings)[0];
    o.second = (*recordings)[1];
    o.noise = targets.size() > 2 ? (*recordings)[2] : "";
    return std::nullopt;
}

Result<nlohmann::json, std::string> read_recording(const std::string& path) {
    std::ifstream in(path);
    if (!in) return fail("cannot read " + path);
    // A full run's recording is tens of megabytes: a second or two each, said before it is spent.
    std::error_code ec;
    const auto bytes = std::filesystem::file_size(path, ec);
    std::cerr << "diff: reading " << path << (ec ? "" : " (" + std::to_string(bytes / (1024 * 1024)) + " MiB)") << "\n";
    nlohmann::json document = nlohmann::json::parse(in, nullptr, false);
    if (document.is_discarded()) return fail(path + " is not JSON (a HAR file of `dockside conform --har`)");
    return document;
}

int run_diff(DiffOptions o) {
    const bool recording = !o.against.empty();
    if (recording == !o.first.empty() || (!recording && o.second.empty()))
        return cannot_run("diff", "give two recordings (FIRST.har SECOND.har), or --against the second target to record them");
    const std::string out_dir = o.out.empty() ? "results/diff-" + conform::utc_timestamp(true) : o.out;
    if (recording)
        if (auto failed = record_targets(o, out_dir)) return *failed;
    auto first = read_recording(o.first);
    auto second = read_recording(o.second);
    auto copy = o.noise.empty() ? Result<nlohmann::json, std::string>(nlohmann::json()) : read_recording(o.noise);
    for (const auto* read : {&first, &second, &copy})
        if (!*read) return cannot_run("diff", read->error());
    auto report = diff::diff_recordings(*first, *second, o.noise.empty() ? nullptr : &*copy);
    if (!report) return cannot_run("diff", report.error());
    std::error_code ec;
    std::filesystem::create_directories(out_dir, ec);
    const std::string path = out_dir + "/diff.json";
    nlohmann::json document = diff::to_json(*report);
    document["first"] = o.first;
    document["second"] = o.second;
    if (!o.noise.empty()) document["noise"] = o.noise;
    std::ofstream out(path, std::ios::trunc);
    out << document.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
    if (ec || !out) return cannot_run("diff", "cannot write " + path + (ec ? ": " + ec.message() : ""));
    std::cout << diff::render_text(*report) << "diff.json: " << path << "\n";
    return report->differs() ? kExitViolations : kExitOk;
}

}  // namespace

void register_diff_command(CLI::App& app, CommandContext& context) {
    auto options = std::make_shared<DiffOptions>();
    auto* cmd = app.add_subcommand("diff", "Where two targets answer one seeded run differently (two `conform --har` recordings)");
    cmd->add_option("first", options->first, "HAR of `dockside conform --har` against the first target (the baseline)");
    cmd->add_option("second", options->second, "HAR of the same run (--seed, selection) against the second target");
    cmd->add_option("--base-url", options->base_url, "With --against: the first target (default: the embedded reference server)");
    cmd->add_option("--token", options->token, "Its token")->envname("DOCKSIDE_TOKEN");
    cmd->add_option("--against", options->against,
                    "The second target's base URL: the run is recorded against both here at once, in lockstep, exchange "
                    "by exchange (conform --har, one worker); only then is latency judged");
    cmd->add_option("--against-token", options->against_token, "Its token")->envname("DOCKSIDE_AGAINST_TOKEN");
    cmd->add_option("--noise", options->noise,
                    "A second copy of the first target (with --against: its base URL; else the HAR of the same run against "
                    "it): a place where the copies differ about as often as the targets is noise");
    cmd->add_option("--noise-token", options->noise_token, "Its token (with --against)")->envname("DOCKSIDE_NOISE_TOKEN");
    add_selection_options(*cmd, options->selection, "With --against: ");
    cmd->add_option("--out", options->out, "Folder for diff.json and the recordings (default: results/diff-<UTC timestamp>/)");
    cmd->footer("Either two recordings, or --against (and --base-url) to record them here.\n"
                "Exit codes: 0 no difference but noise; 1 differences; 2 a run could not be recorded, a recording could not\n"
                "be read, or the two share no exchange (not the same run).");
    cmd->callback([&context, options] { context.action = [options] { return run_diff(*options); }; });
}

}  // namespace dockside::cli
