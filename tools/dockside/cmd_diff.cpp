// `dockside diff FIRST.har SECOND.har [--noise COPY.har]`: where two targets answer the same seeded run
// differently, though both may conform (the exact 4xx of a refused input, an error body, a list's order,
// the optional fields filled). The recordings are `dockside conform --har` runs with one --seed and one
// selection against each target (and against a second copy of the first, for --noise); --workers 1 keeps
// the order in which records are made, and so what each list holds, the same on both sides.
// Exit codes: 0 no difference but noise; 1 differences; 2 a recording could not be read or the two share
// no exchange.

#include <filesystem>
#include <fstream>
#include <iostream>

#include "core/exit_codes.h"
#include "harness/conform/results.h"
#include "harness/diff/har_diff.h"
#include "tools/dockside/command.h"

namespace dockside::cli {
namespace {

struct DiffOptions {
    std::string first;
    std::string second;
    std::string noise;
    std::string out;
};

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

int run_diff(const DiffOptions& o) {
    auto first = read_recording(o.first);
    auto second = read_recording(o.second);
    auto copy = o.noise.empty() ? Result<nlohmann::json, std::string>(nlohmann::json()) : read_recording(o.noise);
    for (const auto* read : {&first, &second, &copy})
        if (!*read) return cannot_run("diff", read->error());
    auto report = diff::diff_recordings(*first, *second, o.noise.empty() ? nullptr : &*copy);
    if (!report) return cannot_run("diff", report.error());
    const std::string out_dir = o.out.empty() ? "results/diff-" + conform::utc_timestamp(true) : o.out;
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
    cmd->add_option("first", options->first, "HAR of `dockside conform --har` against the first target (the baseline)")
        ->required();
    cmd->add_option("second", options->second, "HAR of the same run (--seed, selection) against the second target")->required();
    cmd->add_option("--noise", options->noise,
                    "HAR of the same run against a second copy of the first target: a place where the copies differ "
                    "about as often as the targets is noise");
    cmd->add_option("--out", options->out, "Folder for diff.json (default: results/diff-<UTC timestamp>/)");
    cmd->footer("Exit codes: 0 no difference but noise; 1 differences; 2 a recording could not be read, or the two share\n"
                "no exchange (not the same run).");
    cmd->callback([&context, options] { context.action = [options] { return run_diff(*options); }; });
}

}  // namespace dockside::cli
