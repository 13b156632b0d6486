#include "tools/load/ab_trials.h"

#include <cstdio>
#include <filesystem>
#include <optional>
#include <ostream>
#include <random>
#include <sstream>

#include "core/exit_codes.h"
#include "harness/compare/compare_text.h"
#include "harness/compare/comparison.h"
#include "harness/load/duration_text.h"
#include "harness/load/result_files.h"
#include "harness/load/run_report.h"

namespace dockside::loadtool {
namespace {

/// "12 pairs of 10s at 300/s": what one slice sends, as a plain run would say it.
std::string slice_text(const LoadSettings& s) {
    const std::string pace = s.schedule ? s.schedule->describe() : "closed loop for " + load::format_duration(s.duration);
    return std::to_string(s.ab_pairs) + " pairs of slices, each " + pace;
}

/// "2,400 requests at 300.0/s, p50 0.412ms, p99 1.930ms, 0 errors": a slice's headline figures.
std::string slice_figures(const load::RunResult& result) {
    const auto latency = result.total_latency();
    const auto counters = result.total_counters();
    char line[160];
    std::snprintf(line, sizeof line, "%lld requests at %.1f/s, p50 %.3fms, p99 %.3fms, %lld errors",
                  static_cast<long long>(counters.requests()), result.requests_per_second(),
                  static_cast<double>(latency.value_at_percentile(50)) / 1000,
                  static_cast<double>(latency.value_at_percentile(99)) / 1000,
                  static_cast<long long>(counters.errors_total()));
    return line;
}

/// One slice: an ordinary run into `folder`, its output kept back (a line per slice is what the user
/// follows) and shown only when the slice could not run.
struct SliceOutcome {
    int code = cli::kExitCannotRun;
    std::optional<compare::RunFolder> run;
};

SliceOutcome run_slice(const LoadSettings& s, const LoadTarget& target, const std::string& folder,
                       const spec::Spec& spec, LoadIo& io) {
    LoadSettings slice = s;
    slice.out = folder;
    slice.ab_pairs = 0;
    std::ostringstream console;
    LoadIo slice_io{console, io.err, false, io.interrupt};
    SliceOutcome outcome;
    outcome.code = run_load(slice, target, spec, slice_io);
    if (io.interrupt && io.interrupt->load()) return outcome;
    if (outcome.code == cli::kExitCannotRun) {
        io.out << "could not run\n" << console.str();
        return outcome;
    }
    auto read = compare::read_run_folder(folder);
    if (!read) {
        io.out << "unreadable\n";
        io.err << "dockside load: " << read.error() << "\n";
        outcome.code = cli::kExitCannotRun;
        return outcome;
    }
    outcome.run = std::move(read.value());
    io.out << slice_figures(outcome.run->load->summary.result);
    if (outcome.code != cli::kExitOk) io.out << "; failed its own gate (" << folder << "/summary.json says why)";
    io.out << "\n";
    return outcome;
}

int compare_sides(const std::vector<compare::RunFolder>& baseline, const std::vector<compare::RunFolder>& candidate,
                  const std::string& dir, LoadIo& io) {
    // Slice i of each side ran in pair i, back to back: the pairs' differences carry no drift between pairs.
    compare::CompareSettings settings;
    settings.paired = true;
    const auto comparison = compare::compare_runs(baseline, candidate, settings, false);
    io.out << "\n";
    compare::print_comparison(io.out, comparison);
    const auto path = (std::filesystem::path(dir) / "compare.json").string();
    if (auto written = write_text_file(path, compare::to_json(comparison).dump(2) + "\n"); !written)
        return cannot_run(io, written.error());
    io.out << "compare.json: " << path << "\n";
    return comparison.exit_code;
}

}  // namespace

const char* to_string(AbSide side) { return side == AbSide::baseline ? "baseline" : "candidate"; }

std::vector<AbSide> interleaved_order(int pairs, std::uint64_t seed) {
    std::mt19937_64 coin(seed);  // its output is fixed by the standard, so an order repeats on any platform
    std::vector<AbSide> order;
    for (int pair = 0; pair < pairs; ++pair) {
        const bool baseline_first = (coin() >> 63) == 0;
        order.push_back(baseline_first ? AbSide::baseline : AbSide::candidate);
        order.push_back(baseline_first ? AbSide::candidate : AbSide::baseline);
    }
    return order;
}

int run_ab(const LoadSettings& s, const LoadTarget& baseline, const LoadTarget& candidate, const spec::Spec& spec,
           LoadIo& io) {
    const std::string dir = s.out.empty() ? "results/ab-" + load::utc_now(true) : s.out;
    const auto order = interleaved_order(s.ab_pairs, s.seed);
    std::string letters;
    for (const auto side : order) letters += side == AbSide::baseline ? "B" : "C";
    io.out << "dockside load --ab: baseline (B) " << baseline.base_url << ", candidate (C) " << candidate.base_url
           << "\n  " << slice_text(s) << ", mix " << s.mix.name << ", seed " << s.seed << ": order " << letters
           << "\n  (--seed " << s.seed << " repeats this order and these requests)\n";
    std::vector<compare::RunFolder> sides[2];
    bool gate_failed = false;
    for (std::size_t i = 0; i < order.size(); ++i) {
        const AbSide side = order[i];
        auto& runs = sides[static_cast<int>(side)];
        char name[32];
        std::snprintf(name, sizeof name, "slice-%02zu", runs.size() + 1);
        const std::string folder = dir + "/" + to_string(side) + "/" + name;
        io.out << "slice " << i + 1 << "/" << order.size() << ", pair " << i / 2 + 1 << ", " << to_string(side) << ": "
               << std::flush;
        auto slice = run_slice(s, side == AbSide::baseline ? baseline : candidate, folder, spec, io);
        if (io.interrupt && io.interrupt->load()) {
            io.out << "interrupted\ndockside load: interrupted: the slices run so far are in " << dir
                   << "; nothing was compared\n";
            return cli::kExitCannotRun;
        }
        if (!slice.run) return cli::kExitCannotRun;
        gate_failed = gate_failed || slice.code != cli::kExitOk;
        runs.push_back(std::move(*slice.run));
    }
    const int verdict = compare_sides(sides[0], sides[1], dir, io);
    if (verdict == cli::kExitOk && gate_failed) {
        io.out << "exit 1: no regression, but a slice failed its own gate (see its line above)\n";
        return cli::kExitViolations;
    }
    return verdict;
}

}  // namespace dockside::loadtool
