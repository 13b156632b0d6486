#include "harness/compare/run_folder.h"

#include <filesystem>
#include <fstream>
#include <tuple>

#include "core/text_file.h"
#include "harness/load/interval_counts.h"
#include "harness/load/result_files.h"
#include "harness/load/run_recorder.h"

namespace dockside::compare {
namespace {

namespace fs = std::filesystem;

Result<nlohmann::json, std::string> read_json_file(const fs::path& path) {
    std::ifstream in(path);
    if (!in) return fail("cannot read " + path.string());
    auto document = nlohmann::json::parse(in, nullptr, false);
    if (document.is_discarded()) return fail(path.string() + " is not JSON");
    return document;
}

/// Why a load run's folder holds no latency.hlog, from what its summary says it is.
std::string why_no_latency_log(const load::RunSummary& summary) {
    if (!summary.merged_from.empty()) return "a merged run has none";
    if (summary.configuration.contains("capacity")) return "a capacity search writes none: each step is a run of its own";
    if (summary.files.contains("latency_hlog")) return "the run wrote it, and it was lost";
    return "the run wrote none";
}

}  // namespace

const char* to_string(RunKind kind) {
    switch (kind) {
        case RunKind::Conform: return "conform";
        case RunKind::Load: return "load";
        case RunKind::Comparison: return "compare";
        case RunKind::Difference: return "diff";
    }
    return "?";
}

std::string interval_tag(const std::string& operation) { return histogram::log_tag(operation); }

Result<IntervalsByTag, std::string> read_interval_log_file(const std::string& path) {
    std::ifstream in(path);
    if (!in) return fail("cannot read " + path);
    auto intervals = histogram::read_interval_log(in);
    if (!intervals) return fail(path + ": " + intervals.error());
    IntervalsByTag out;
    for (auto& interval : intervals.value()) out[interval.tag].push_back(std::move(interval));
    return out;
}

Result<RunFolder, std::string> read_run_folder(const std::string& path) {
    const fs::path dir(path);
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) return fail(path + ": not a folder");
    RunFolder run;
    run.path = path;
    if (fs::exists(dir / "results.json", ec)) {
        auto document = read_json_file(dir / "results.json");
        if (!document) return fail(document.error());
        if (!document->is_object() || !document->contains("tests") || !(*document)["tests"].is_array())
            return fail((dir / "results.json").string() + " is not a Dockside conformance record (no \"tests\")");
        run.kind = RunKind::Conform;
        run.conform = std::move(document.value());
        return run;
    }
    if (fs::exists(dir / load::RunFileNames::kSummary, ec)) {
        auto document = read_json_file(dir / load::RunFileNames::kSummary);
        if (!document) return fail(document.error());
        auto summary = load::summary_from_json(*document);
        if (!summary) return fail((dir / load::RunFileNames::kSummary).string() + ": " + summary.error());
        LoadRun load_run{std::move(summary.value()), std::move(document.value()), {}, {}, std::nullopt};
        const auto log = dir / load::IntervalLogs::kLatencyFile;
        if (fs::exists(log, ec)) {
            auto intervals = read_interval_log_file(log.string());
            if (intervals) load_run.latency = std::move(intervals.value());
            else load_run.notes.push_back(intervals.error());
        } else {
            load_run.latency_log_missing = why_no_latency_log(load_run.summary);
            load_run.notes.push_back(log.string() + " is missing (" + *load_run.latency_log_missing +
                                     "): within-run noise is unknown");
        }
        if (const auto counts = dir / load::IntervalLogs::kCountsFile; fs::exists(counts, ec)) {
            const auto text = read_text_file(counts.string());
            if (!text) load_run.notes.push_back(text.error());
            else if (auto lines = load::read_interval_counts(*text)) load_run.counts = std::move(lines.value());
            else load_run.notes.push_back(counts.string() + ": " + lines.error());
        }
        run.kind = RunKind::Load;
        run.load = std::move(load_run);
        return run;
    }
    // Records of one JSON file each, kept as written.
    for (const auto& [file, kind, record] : {std::tuple{"compare.json", RunKind::Comparison, &RunFolder::comparison},
                                             std::tuple{"diff.json", RunKind::Difference, &RunFolder::difference}}) {
        if (!fs::exists(dir / file, ec)) continue;
        auto document = read_json_file(dir / file);
        if (!document) return fail(document.error());
        run.kind = kind;
        run.*record = std::move(document.value());
        return run;
    }
    return fail(path + ": no results.json (conform), summary.json (load), compare.json (compare) or diff.json (diff) in it");
}

}  // namespace dockside::compare
