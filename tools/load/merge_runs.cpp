#include "tools/load/merge_runs.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <set>

#include "harness/histogram/interval_log.h"
#include "harness/load/result_files.h"
#include "harness/load/run_recorder.h"
#include "harness/load/start_instant.h"
#include "tools/dockside/exit_codes.h"
#include "tools/load/load_report.h"

namespace dockside::loadtool {
namespace {

namespace fs = std::filesystem;

std::string folder_of(const std::string& run) {
    return fs::is_directory(run) ? run : fs::path(run).parent_path().string();
}

/// Joins one interval log of every run into `directory`/`name`, intervals in time order.
Result<bool, std::string> merge_log(const std::vector<std::string>& folders, const std::string& directory,
                                    const char* name) {
    std::vector<histogram::LogInterval> all;
    for (const auto& folder : folders) {
        std::ifstream in(folder + "/" + name);
        if (!in) continue;  // a run without this log (capacity search) adds nothing
        auto intervals = histogram::read_interval_log(in);
        if (!intervals) return fail(folder + "/" + name + ": " + intervals.error());
        for (auto& i : *intervals) all.push_back(std::move(i));
    }
    if (all.empty()) return false;
    std::stable_sort(all.begin(), all.end(), [](const auto& a, const auto& b) { return a.start_s < b.start_s; });
    std::ofstream out(directory + "/" + name);
    histogram::IntervalLogWriter writer(out, all.front().start_s, all.front().start_s);
    writer.write_comment("Dockside merge of " + std::to_string(folders.size()) + " runs");
    writer.write_header();
    for (const auto& i : all) writer.write_interval(i.histogram, i.start_s, i.start_s + i.length_s, i.tag);
    out.close();
    if (!out) return fail("cannot write " + directory + "/" + name);
    return true;
}

}  // namespace

std::optional<std::string> start_offset_problem(const std::vector<load::RunSummary>& runs,
                                                const std::vector<std::string>& names, load::Nanos max_offset,
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
    const load::Nanos offset(runs[latest].result.measured_start_unix_ns - runs[earliest].result.measured_start_unix_ns);
    if (offset <= max_offset) return std::nullopt;
    const auto when = [&](std::size_t i) {
        return names[i] + " at " + load::format_utc(load::from_unix_ns(runs[i].result.measured_start_unix_ns));
    };
    return "the runs' measured schedules started " + load::format_duration(offset) + " apart (" + when(earliest) +
           ", " + when(latest) + "), more than --max-start-offset " + load::format_duration(max_offset) +
           ": their sum is not a load one generator sent. Start shards with a common --start-at, or pass a "
           "larger --max-start-offset to add runs that did not run side by side";
}

Result<load::RunSummary, std::string> read_run(const std::string& run) {
    const std::string path = fs::is_directory(run) ? run + "/" + load::RunFileNames::kSummary : run;
    std::ifstream in(path);
    if (!in) return fail("cannot read " + path);
    auto document = nlohmann::json::parse(in, nullptr, false);
    if (document.is_discarded()) return fail(path + " is not JSON");
    auto summary = load::summary_from_json(document);
    if (!summary) return fail(path + ": " + summary.error());
    return std::move(summary.value());
}

load::RunSummary merge_summaries(const std::vector<load::RunSummary>& runs, const std::vector<std::string>& names) {
    load::RunSummary merged = runs.front();
    merged.thresholds.clear();
    merged.files = nlohmann::json::object();
    std::set<std::string> expressions(merged.threshold_expressions.begin(), merged.threshold_expressions.end());
    for (std::size_t i = 1; i < runs.size(); ++i) {
        merged.result.add(runs[i].result);
        merged.started_at = std::min(merged.started_at, runs[i].started_at);
        merged.finished_at = std::max(merged.finished_at, runs[i].finished_at);
        if (runs[i].start_at != merged.start_at) merged.start_at.clear();  // only a start they all shared
        merged.token_renewals += runs[i].token_renewals;
        merged.token_renewal_failures += runs[i].token_renewal_failures;
        for (const auto& e : runs[i].threshold_expressions)
            if (expressions.insert(e).second) merged.threshold_expressions.push_back(e);
    }
    nlohmann::json shards = nlohmann::json::array();
    for (const auto& run : runs) shards.push_back(run.configuration.value("shard", nlohmann::json::object()));
    merged.configuration["shard"] = {{"merged", shards}};
    merged.merged_from = names;
    return merged;
}

int run_merge(const std::vector<std::string>& runs, const std::string& out_dir,
              const std::vector<std::string>& threshold_texts, std::ostream& out, std::ostream& err,
              load::Nanos max_start_offset) {
    std::vector<load::RunSummary> summaries;
    std::vector<std::string> problems;
    std::vector<std::string> folders;
    for (const auto& run : runs) {
        auto summary = read_run(run);
        if (!summary) problems.push_back(summary.error());
        else summaries.push_back(std::move(summary.value()));
        folders.push_back(folder_of(run));
    }
    std::vector<load::Threshold> thresholds;
    if (auto list = load::parse_threshold_lists(threshold_texts); !list)
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
    if (problems.empty())
        if (auto offset = start_offset_problem(summaries, runs, max_start_offset, warnings)) problems.push_back(*offset);
    if (!problems.empty()) {
        for (const auto& p : problems) err << "dockside merge: " << p << "\n";
        return cli::kExitCannotRun;
    }
    for (const auto& w : warnings) err << "dockside merge: warning: " << w << "\n";
    auto merged = merge_summaries(summaries, folders);
    if (threshold_texts.empty())
        for (const auto& e : merged.threshold_expressions)
            if (auto t = load::parse_threshold(e)) thresholds.push_back(*t);
    merged.threshold_expressions.clear();
    for (const auto& t : thresholds) merged.threshold_expressions.push_back(t.expression);

    const std::string dir = out_dir.empty() ? "results/merge-" + utc_now(true) : out_dir;
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec) {
        err << "dockside merge: --out " << dir << ": " << ec.message() << "\n";
        return cli::kExitCannotRun;
    }
    const auto cleared = load::clear_previous_run(dir);
    if (!cleared) {
        err << "dockside merge: --out " << dir << ": " << cleared.error() << "\n";
        return cli::kExitCannotRun;
    }
    if (*cleared > 0) out << "dockside merge: note: removed the " << *cleared << " files of an earlier run from " << dir << "\n";
    for (const auto& [key, name] : {std::pair{"latency_hlog", load::IntervalLogs::kLatencyFile},
                                    std::pair{"service_time_hlog", load::IntervalLogs::kServiceFile},
                                    std::pair{"send_lag_hlog", load::IntervalLogs::kSendLagFile}}) {
        auto joined = merge_log(folders, dir, name);
        if (!joined) {
            err << "dockside merge: " << joined.error() << "\n";
            return cli::kExitCannotRun;
        }
        if (*joined) merged.files[key] = name;
    }
    out << "dockside merge: " << summaries.size() << " run" << (summaries.size() == 1 ? "" : "s") << " into " << dir
        << "\n";
    judge_run(merged, thresholds);
    if (auto written = write_run_files(dir, merged); !written) {
        err << "dockside merge: " << written.error() << "\n";
        return cli::kExitCannotRun;
    }
    print_report(out, merged, dir);
    return merged.exit_code;
}

}  // namespace dockside::loadtool
