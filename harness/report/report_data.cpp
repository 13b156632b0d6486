#include "harness/report/report_data.h"

#include <filesystem>
#include <set>

#include "harness/compare/load_diff.h"
#include "harness/conform/areas.h"
#include "harness/conform/results.h"
#include "harness/conform/schema_coverage.h"
#include "harness/histogram/percentiles_text.h"
#include "harness/load/error_classes.h"
#include "harness/load/run_recorder.h"

namespace dockside::report {
namespace {

using nlohmann::json;

double ms(std::int64_t micros) { return static_cast<double>(micros) / 1000.0; }

/// [[percentile, ms], …] as HdrHistogram's percentile distribution walks it (the .hgrm rows).
json percentile_curve(const histogram::Histogram& h) {
    json points = json::array();
    for (const auto& tick : histogram::percentile_ticks(h)) points.push_back({tick.percentile, ms(tick.value)});
    return points;
}

/// One row per interval of the log: its start (seconds after the first interval), length, request
/// count and percentiles, read from the interval's own histogram.
json interval_series(const std::vector<histogram::LogInterval>& intervals, double origin_s) {
    json rows = json::array();
    for (const auto& interval : intervals) {
        const auto& h = interval.histogram;
        json row{{"t", interval.start_s - origin_s}, {"length_s", interval.length_s}, {"count", h.total_count()}};
        if (h.total_count() > 0)
            row.update({{"p50", ms(h.value_at_percentile(50))}, {"p90", ms(h.value_at_percentile(90))},
                        {"p99", ms(h.value_at_percentile(99))}, {"p99.9", ms(h.value_at_percentile(99.9))},
                        {"max", ms(h.max())}});
        rows.push_back(std::move(row));
    }
    return rows;
}

/// Errors by class per interval (interval-counts.jsonl), all together and for each operation that had an
/// error: {"all":[{"t","length_s","attempted","errors":{class:n}}],"getOrder":[…]}; `t` from the first
/// interval, as the latency series count it.
json error_series(const std::vector<json>& counts) {
    json series = json::object();
    if (counts.empty()) return series;
    const double origin = counts.front().value("t", 0.0);
    std::set<std::string> erring;
    for (const auto& line : counts) {
        const json ops = line.value("operations", json::object());  // held: items() does not keep it alive
        for (const auto& [op, c] : ops.items())
            if (!c.value("errors", json::object()).empty()) erring.insert(op);
    }
    for (const auto& line : counts) {
        const double t = line.value("t", 0.0) - origin, length = line.value("length_s", 0.0);
        series[compare::kAllOperations].push_back({{"t", t}, {"length_s", length}, {"attempted", line.value("attempted", std::int64_t{0})},
                                                   {"errors", line.value("errors", json::object())}});
        const json ops = line.value("operations", json::object());
        for (const auto& op : erring) {
            const json c = ops.value(op, json::object());
            series[op].push_back({{"t", t}, {"length_s", length}, {"attempted", c.value("attempted", std::int64_t{0})},
                                  {"errors", c.value("errors", json::object())}});
        }
    }
    return series;
}

std::vector<std::string> operations_of_test(const json& test, const ReportContext& context) {
    std::set<std::string> ops;
    for (const auto& f : test.value("findings", json::array()))
        if (!f.value("operation", "").empty()) ops.insert(f.value("operation", ""));
    if (ops.empty()) {
        const auto rule = conform::rule_of_test(test.value("name", ""));
        if (auto it = context.rule_operations.find(rule); it != context.rule_operations.end())
            ops.insert(it->second.begin(), it->second.end());
    }
    if (ops.empty()) ops.insert("(no single operation)");
    return {ops.begin(), ops.end()};
}

/// Area × operation: how many tests of each status touched each operation (a test counts under every
/// operation its findings, or else its rule, name).
json matrix(const json& results, const ReportContext& context) {
    std::map<std::pair<std::string, std::string>, std::map<std::string, int>> cells;
    for (const auto& test : results.value("tests", json::array()))
        for (const auto& op : operations_of_test(test, context))
            ++cells[{test.value("area", ""), op}][test.value("status", "")];
    json rows = json::array();
    for (const auto& [where, counts] : cells) rows.push_back({{"area", where.first}, {"operation", where.second}, {"counts", counts}});
    return rows;
}

/// For a self-test (faults switched on): each fault, its rule, and the tests whose findings name it.
json fault_table(const json& results) {
    json rows = json::array();
    for (const auto& fault : results.value("faults", json::array())) {
        const std::string name = fault.get<std::string>();
        const std::string rule = name.substr(0, name.find('.'));
        std::set<std::string> tests;
        for (const auto& test : results.value("tests", json::array()))
            for (const auto& f : test.value("findings", json::array()))
                if (f.value("rule", "") == rule) tests.insert(test.value("name", ""));
        rows.push_back({{"fault", name}, {"rule", rule}, {"caught", !tests.empty()}, {"tests", tests}});
    }
    return rows;
}

/// The schema phase's per-operation table as read back from the record: absent when the run has none,
/// an error note when the record's section cannot be read (the rest of the page still draws).
void add_schema_phase(json& view, const json& results) {
    auto rows = conform::coverage_from_results(results);
    if (!rows) view["schema_phase_error"] = rows.error();
    else if (!rows->empty()) view["schema_phase"] = conform::coverage_json(*rows);
}

/// The reader's notes, but for a missing latency.hlog what the page misses for it, with the reader's reason.
json load_notes(const compare::RunFolder& run) {
    const auto& load = *run.load;
    json notes = json::array();
    if (load.latency_log_missing)
        notes.push_back("No latency.hlog (" + *load.latency_log_missing + "): the charts of the run over time are not drawn.");
    const auto log = (std::filesystem::path(run.path) / load::IntervalLogs::kLatencyFile).string();
    for (const auto& note : load.notes)
        if (!load.latency_log_missing || note.rfind(log, 0) != 0) notes.push_back(note);
    return notes;
}

}  // namespace

json conform_view(const compare::RunFolder& run, const ReportContext& context) {
    json view = {{"kind", "conform"},
                 {"path", run.path},
                 {"results", run.conform},
                 {"matrix", matrix(run.conform, context)},
                 {"faults", fault_table(run.conform)}};
    add_schema_phase(view, run.conform);
    return view;
}

json load_view(const compare::RunFolder& run) {
    const auto& load = *run.load;
    const auto& result = load.summary.result;
    json curves = json::object();
    curves[compare::kAllOperations] = {{"latency", percentile_curve(result.total_latency())},
                                           {"service", percentile_curve(result.total_service())},
                                           {"send_lag", percentile_curve(result.send_lag)}};
    for (const auto& op : result.operations)
        curves[op.name] = {{"latency", percentile_curve(op.latency)}, {"service", percentile_curve(op.service)}};
    double origin = 0;
    bool first = true;
    for (const auto& [tag, intervals] : load.latency)
        for (const auto& interval : intervals)
            if (first || interval.start_s < origin) origin = interval.start_s, first = false;
    json series = json::object();
    if (auto it = load.latency.find(""); it != load.latency.end())
        series[compare::kAllOperations] = interval_series(it->second, origin);
    for (const auto& op : result.operations)
        if (auto it = load.latency.find(compare::interval_tag(op.name)); it != load.latency.end())
            series[op.name] = interval_series(it->second, origin);
    // The errors' classes as the CI summary lists them: the status classes of summary.json hold every
    // answer, the 2xx among them, and are no table of errors.
    json classes = json::array();
    for (const auto& [name, count] : load::error_classes(result.total_counters())) classes.push_back({name, count});
    return {{"kind", "load"}, {"path", run.path}, {"summary", load.document}, {"curves", curves},
            {"series", series}, {"errors", error_series(load.counts)}, {"error_classes", classes}, {"notes", load_notes(run)}};
}

json report_data(const std::vector<compare::RunFolder>& runs, const ReportContext& context) {
    json views = json::array();
    for (const auto& run : runs) {
        switch (run.kind) {
            case compare::RunKind::Conform: views.push_back(conform_view(run, context)); break;
            case compare::RunKind::Load: views.push_back(load_view(run)); break;
            case compare::RunKind::Difference:
                views.push_back({{"kind", "diff"}, {"path", run.path}, {"difference", run.difference}});
                break;
            case compare::RunKind::Comparison:
                views.push_back({{"kind", "compare"}, {"path", run.path}, {"comparison", run.comparison}});
                break;
        }
    }
    return {{"format", kReportFormat}, {"generated_at", context.generated_at}, {"runs", views}};
}

}  // namespace dockside::report
