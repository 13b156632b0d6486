#include "harness/load/merge_runs.h"

#include <malloc.h>
#include <sys/resource.h>

#include <filesystem>
#include <fstream>
#include <ostream>

#include "core/exit_codes.h"
#include "harness/load/interval_counts.h"
#include "harness/load/merge_fold.h"
#include "harness/load/result_files.h"
#include "harness/load/run_recorder.h"
#include "harness/load/run_report.h"
#include "harness/load/shard_set.h"
#include "harness/load/start_instant.h"

namespace dockside::load {
namespace {

namespace fs = std::filesystem;

std::string folder_of(const std::string& run) {
    return fs::is_directory(run) ? run : fs::path(run).parent_path().string();
}

}  // namespace

std::optional<std::string> start_offset_problem(const std::vector<RunSummary>& runs,
                                                const std::vector<std::string>& names, Nanos max_offset,
                                                std::vector<std::string>& warnings) {
    std::size_t earliest = runs.size(), latest = runs.size();
    for (std::size_t i = 0; i < runs.size(); ++i) {
        const std::int64_t at = runs[i].result.measured_start_unix_ns;
        if (at == 0) {
            warnings.push_back(names[i] + " does not record when it started: whether it ran beside the others is not known");
            continue;
        }
        if (earliest == runs.size() || at < runs[earliest].result.measured_start_unix_ns) earliest = i;
        if (latest == runs.size() || at > runs[latest].result.measured_start_unix_ns) latest = i;
    }
    if (earliest == runs.size()) return std::nullopt;
    const Nanos offset(runs[latest].result.measured_start_unix_ns - runs[earliest].result.measured_start_unix_ns);
    if (offset <= max_offset) return std::nullopt;
    const auto when = [&](std::size_t i) {
        return names[i] + " at " + format_utc(from_unix_ns(runs[i].result.measured_start_unix_ns));
    };
    return "the runs' measured schedules started " + format_duration(offset) + " apart (" + when(earliest) +
           ", " + when(latest) + "), more than --max-start-offset " + format_duration(max_offset) +
           ": their sum is not a load one generator sent. Start shards with a common --start-at, or pass a "
           "larger --max-start-offset to add runs that did not run side by side";
}

Result<RunSummary, std::string> read_run(const std::string& run) {
    const std::string path = fs::is_directory(run) ? run + "/" + RunFileNames::kSummary : run;
    std::ifstream in(path);
    if (!in) return fail("cannot read " + path);
    auto document = nlohmann::json::parse(in, nullptr, false);
    if (document.is_discarded()) return fail(path + " is not JSON");
    auto summary = summary_from_json(document);
    if (!summary) return fail(path + ": " + summary.error());
    return std::move(summary.value());
}

namespace {

/// Each run's summary decodes about 26 histograms of 190 KiB that are freed once added. glibc would hand
/// that memory back to the kernel after every run and fault it in again for the next: with a thousand
/// shards, three quarters of the merge's time (tools/bench/merge/run: 13.8 s against 3.6 s). And every
/// run's interval log is open at once (merge_fold.h): a thousand shards need more files than the usual
/// soft limit of 1024 leaves, so take what the hard limit allows.
void prepare_process_for_many_runs() {
    ::mallopt(M_MMAP_THRESHOLD, 64 << 20);
    ::mallopt(M_TRIM_THRESHOLD, 256 << 20);
    if (rlimit files{}; ::getrlimit(RLIMIT_NOFILE, &files) == 0 && files.rlim_cur < files.rlim_max) {
        files.rlim_cur = files.rlim_max;
        ::setrlimit(RLIMIT_NOFILE, &files);
    }
}

/// Each run's per-second counts are timed from its own start: moved by that start's distance from the
/// earliest (in seconds), so shards started a moment apart add up in the second they shared.
std::vector<double> start_offsets_from_earliest(const std::vector<RunSummary>& runs) {
    std::int64_t earliest_ns = 0;
    for (const auto& run : runs)
        if (const auto at = run.result.measured_start_unix_ns; at != 0 && (earliest_ns == 0 || at < earliest_ns)) earliest_ns = at;
    std::vector<double> offsets;
    for (const auto& run : runs) {
        const auto at = run.result.measured_start_unix_ns;
        offsets.push_back(at == 0 || earliest_ns == 0 ? 0.0 : static_cast<double>(at - earliest_ns) / 1e9);
    }
    return offsets;
}

/// Makes `dir` the merge's folder (an earlier run's files removed, with a note) and writes into it the
/// runs' interval logs and per-second counts summed; names the logs written in `merged.files`. The error,
/// if any.
std::optional<std::string> join_time_series(const std::vector<std::string>& folders, const std::vector<double>& start_offsets_s,
                                           const std::string& dir, RunSummary& merged, std::ostream& out) {
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec) return "--out " + dir + ": " + ec.message();
    const auto cleared = clear_previous_run(dir);
    if (!cleared) return "--out " + dir + ": " + cleared.error();
    if (*cleared > 0) out << "dockside merge: note: removed the " << *cleared << " files of an earlier run from " << dir << "\n";
    for (const auto& [key, name] : {std::pair{"latency_hlog", IntervalLogs::kLatencyFile},
                                    std::pair{"service_time_hlog", IntervalLogs::kServiceFile},
                                    std::pair{"send_lag_hlog", IntervalLogs::kSendLagFile}}) {
        auto joined = sum_interval_logs(folders, dir, name);
        if (!joined) return joined.error();
        if (*joined) merged.files[key] = name;
    }
    if (auto counts = sum_interval_counts(folders, start_offsets_s, dir); !counts) return counts.error();
    return std::nullopt;
}

}  // namespace

int run_merge(const std::vector<std::string>& given_runs, const std::string& out_dir,
              const std::vector<std::string>& threshold_texts, std::ostream& out, std::ostream& err,
              Nanos max_start_offset) {
    prepare_process_for_many_runs();
    const std::vector<std::string> runs = expand_runs(given_runs);
    RunFold fold;  // each run added as it is read: a thousand shards are not held at once
    std::vector<std::string> problems;
    std::vector<std::string> folders;
    for (const auto& run : runs) {
        auto summary = read_run(run);
        if (!summary) problems.push_back(summary.error());
        else fold.add(std::move(summary.value()), folder_of(run));
        folders.push_back(folder_of(run));
    }
    std::vector<Threshold> thresholds;
    if (auto list = parse_threshold_lists(threshold_texts); !list)
        for (const auto& p : list.error()) problems.push_back("--threshold: " + p);
    else thresholds = *list;
    if (runs.empty()) problems.push_back("name at least one run folder to merge");
    // The merged files have the runs' own names: written into one of the runs, they would replace it.
    for (const auto& folder : folders) {
        std::error_code ec;
        if (!out_dir.empty() && fs::equivalent(out_dir, folder, ec))
            problems.push_back("--out " + out_dir + " is one of the runs being merged (" + folder +
                               "): the merge would overwrite that run's files; give another folder");
    }
    std::vector<std::string> warnings;
    if (problems.empty()) {
        for (auto& p : shard_set_problems(fold.runs(), runs)) problems.push_back(std::move(p));
        if (auto offset = start_offset_problem(fold.runs(), runs, max_start_offset, warnings)) problems.push_back(*offset);
    }
    if (!problems.empty()) {
        for (const auto& p : problems) err << "dockside merge: " << p << "\n";
        return cli::kExitCannotRun;
    }
    for (const auto& w : warnings) err << "dockside merge: warning: " << w << "\n";
    const std::size_t merged_count = fold.runs().size();
    const std::vector<double> start_offsets_s = start_offsets_from_earliest(fold.runs());
    auto merged = std::move(fold).merged();
    if (threshold_texts.empty())
        for (const auto& e : merged.threshold_expressions)
            if (auto t = parse_threshold(e)) thresholds.push_back(*t);
    merged.threshold_expressions.clear();
    for (const auto& t : thresholds) merged.threshold_expressions.push_back(t.expression);

    const std::string dir = out_dir.empty() ? "results/merge-" + utc_now(true) : out_dir;
    if (const auto problem = join_time_series(folders, start_offsets_s, dir, merged, out)) {
        err << "dockside merge: " << *problem << "\n";
        return cli::kExitCannotRun;
    }
    out << "dockside merge: " << merged_count << " run" << (merged_count == 1 ? "" : "s") << " into " << dir
        << "\n";
    if (const auto note = shard_start_note(merged.shards); !note.empty()) out << "dockside merge: " << note << "\n";
    judge_run(merged, thresholds);
    if (auto written = write_run_files(dir, merged); !written) {
        err << "dockside merge: " << written.error() << "\n";
        return cli::kExitCannotRun;
    }
    print_report(out, merged, dir);
    return merged.exit_code;
}

}  // namespace dockside::load
