// `dockside compare BASELINE CANDIDATE` (or `--baseline a1 a2 … --candidate b1 b2 …` for repeated runs):
// conformance findings new, fixed, still failing or not observed; load figures regressed, same, improved
// or inconclusive with the runs' noise accounted for. Prints a table, writes compare.json. Exit 0 no
// regression (every metric that can fail shown within its threshold), 1 a regression (a new finding, a
// metric regressed or a --fail-on gate crossed), 2 cannot compare (unreadable runs, runs of different
// kinds, or of a different spec version, profile, mix, rate or histogram configuration without --force),
// 3 inconclusive (nothing shown worse, but not everything that can fail shown within its threshold; with
// --fail-on-inconclusive that is 1).

#include <charconv>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "core/exit_codes.h"
#include "harness/compare/compare_text.h"
#include "harness/compare/comparison.h"
#include "harness/conform/results.h"
#include "harness/load/duration_text.h"
#include "tools/dockside/command.h"

namespace dockside::cli {
namespace {

struct CompareOptions {
    std::vector<std::string> positional;
    std::vector<std::string> baseline, candidate;
    std::string noise = "5%";
    std::string noise_errors = "0.1pp";
    std::string run_noise = "500us";
    std::vector<std::string> fail_on;
    bool fail_on_inconclusive = false;
    bool paired = false;
    bool force = false;
    bool all_rows = false;
    std::string out;
};

/// "5%" or "0.05" → 0.05; "0.1pp" → 0.001 (with `points`); nullopt when malformed or negative.
std::optional<double> parse_share(std::string text, bool points) {
    double scale = 1;
    if (points && text.size() > 2 && text.substr(text.size() - 2) == "pp") {
        text.resize(text.size() - 2);
        scale = 0.01;
    } else if (!text.empty() && text.back() == '%') {
        text.pop_back();
        scale = 0.01;
    }
    double value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc{} || end != text.data() + text.size() || value < 0 || value * scale >= 1)
        return std::nullopt;
    return value * scale;
}

int run_compare(const CompareOptions& o) {
    std::vector<std::string> problems;
    auto baseline = o.baseline, candidate = o.candidate;
    if (!o.positional.empty()) {
        if (o.positional.size() != 2 || !baseline.empty() || !candidate.empty())
            problems.push_back("give BASELINE CANDIDATE, or --baseline RUN… --candidate RUN…, not both");
        else
            baseline = {o.positional[0]}, candidate = {o.positional[1]};
    }
    if (problems.empty() && (baseline.empty() || candidate.empty()))
        problems.push_back("name a baseline and a candidate: dockside compare BASELINE CANDIDATE");
    compare::CompareSettings settings;
    settings.fail_on_inconclusive = o.fail_on_inconclusive;
    settings.paired = o.paired;
    if (o.paired && (baseline.size() != candidate.size() || baseline.size() < 2))
        problems.push_back("--paired needs as many baseline runs as candidate runs, two a side at least (run i of each "
                           "side made beside the other), not " + std::to_string(baseline.size()) + " and " +
                           std::to_string(candidate.size()));
    if (auto noise = parse_share(o.noise, false)) settings.noise = *noise;
    else problems.push_back("--noise '" + o.noise + "': expected a share such as 5% or 0.05");
    if (auto noise = parse_share(o.noise_errors, true)) settings.noise_errors = *noise;
    else problems.push_back("--noise-errors '" + o.noise_errors + "': expected percentage points such as 0.1pp");
    if (auto run_noise = load::parse_duration(o.run_noise))
        settings.run_noise_ms = std::chrono::duration<double, std::milli>(run_noise.value()).count();
    else problems.push_back("--run-noise '" + o.run_noise + "': " + run_noise.error());
    for (const auto& text : o.fail_on) {
        auto gates = compare::parse_gates(text);
        if (gates) settings.gates.insert(settings.gates.end(), gates->begin(), gates->end());
        else problems.insert(problems.end(), gates.error().begin(), gates.error().end());
    }
    std::vector<compare::RunFolder> a, b;
    for (auto* side : {&baseline, &candidate})
        for (const auto& path : *side) {
            auto run = compare::read_run_folder(path);
            if (run) (side == &baseline ? a : b).push_back(std::move(run.value()));
            else problems.push_back(run.error());
        }
    const std::string out_dir = o.out.empty() ? "results/compare-" + conform::utc_timestamp(true) : o.out;
    std::error_code ec;
    std::filesystem::create_directories(out_dir, ec);
    if (ec) problems.push_back("--out " + out_dir + ": " + ec.message());
    if (!problems.empty()) {
        for (const auto& p : problems) std::cerr << "dockside compare: " << p << "\n";
        return kExitCannotRun;
    }
    const auto comparison = compare::compare_runs(a, b, settings, o.force);
    compare::TextOptions text;
    text.all_rows = o.all_rows;
    compare::print_comparison(std::cout, comparison, text);
    const auto path = (std::filesystem::path(out_dir) / "compare.json").string();
    std::ofstream file(path, std::ios::trunc);
    file << compare::to_json(comparison).dump(2) << "\n";
    if (!file) {
        std::cerr << "dockside compare: cannot write " << path << "\n";
        return kExitCannotRun;
    }
    std::cout << "compare.json: " << path << "\n";
    return comparison.exit_code;
}

}  // namespace

void register_compare_command(CLI::App& app, CommandContext& context) {
    auto options = std::make_shared<CompareOptions>();
    auto* cmd = app.add_subcommand("compare", "Compare a candidate run with a baseline: new findings, latency and "
                                              "throughput regressions beyond the runs' noise");
    cmd->add_option("runs", options->positional, "BASELINE CANDIDATE: two run folders (conform or load)");
    cmd->add_option("--baseline", options->baseline, "Run folders of the baseline (repeats of one configuration)")
        ->expected(1, CLI::detail::expected_max_vector_size);
    cmd->add_option("--candidate", options->candidate, "Run folders of the candidate (repeats)")
        ->expected(1, CLI::detail::expected_max_vector_size);
    cmd->add_option("--noise", options->noise, "Relative change never judged a regression (or an improvement)")
        ->capture_default_str();
    cmd->add_option("--noise-errors", options->noise_errors, "Error-rate change, in percentage points, never judged one")
        ->capture_default_str();
    cmd->add_option("--run-noise", options->run_noise,
                    "One run a side: the latency two runs of one build can differ by, which one run cannot measure; "
                    "every latency interval includes it (repeats measure it instead)")
        ->capture_default_str();
    cmd->add_option("--fail-on", options->fail_on,
                    "Only these metrics fail the comparison, each beyond its amount: 'p99:+10%,errors:+0.1pp,getOrder:p50:+5%,rate:-5%'");
    cmd->add_flag("--fail-on-inconclusive", options->fail_on_inconclusive,
                  "An inconclusive metric fails the comparison (exit 1) instead of leaving it inconclusive (exit 3)");
    cmd->add_flag("--paired", options->paired,
                  "The runs are pairs in the order given (each baseline run made beside its candidate run, as load "
                  "--ab makes them): judge the pairs' differences, so the machine's drift between pairs falls out");
    cmd->add_flag("--force", options->force, "Compare runs of a different spec version, profile, mix, rate or histogram configuration");
    cmd->add_flag("--all", options->all_rows, "Print every metric and still-failing finding, not only the changes");
    cmd->add_option("--out", options->out, "Folder for compare.json (default: results/compare-<UTC timestamp>/)");
    cmd->callback([&context, options] { context.action = [options] { return run_compare(*options); }; });
}

}  // namespace dockside::cli
