// The Markdown verdict of a load run: verdict, the headline figures, the thresholds with measured against
// asked, why the run did not pass, the sampled responses that broke the contract and the operations with
// errors by class; then where the whole record is.

#include <cstdio>

#include "harness/load/duration_text.h"
#include "harness/load/error_classes.h"
#include "harness/report/summary_markdown.h"

namespace dockside::report {
namespace {

std::string verdict_line(const load::RunSummary& s) {
    if (s.result.interrupted) return "## ⚠️ Dockside load: interrupted";
    if (s.passed) return "## ✅ Dockside load: passed";
    return s.exit_code == 2 ? "## ⚠️ Dockside load: could not measure" : "## ❌ Dockside load: failed";
}

std::string ms_text(const histogram::Histogram& h, double percentile) {
    if (h.total_count() == 0) return "—";
    return load::format_micros(static_cast<double>(percentile >= 100 ? h.max() : h.value_at_percentile(percentile)));
}

std::string figures_line(const load::RunSummary& s) {
    const auto& r = s.result;
    const auto totals = r.total_counters();
    const auto latency = r.total_latency();
    char rate[96];
    std::snprintf(rate, sizeof rate, "%.1f s: %.1f/s", r.duration_s, r.requests_per_second());
    std::string line = "**" + md_count(totals.requests()) + " requests** in " + rate;
    if (const auto ratio = r.achieved_ratio()) {
        char asked[64];
        std::snprintf(asked, sizeof asked, " (%.2f%% of the %.1f/s asked)", *ratio * 100, r.requested_rate());
        line += asked;
    }
    line += " · " + md_count(totals.errors_total()) + " errors";
    if (totals.attempted() > 0)
        line += " (" + load::format_percent(static_cast<double>(totals.errors_total()) / static_cast<double>(totals.attempted())) + ")";
    return line + " · latency p50 " + ms_text(latency, 50) + ", p99 " + ms_text(latency, 99) + ", max " + ms_text(latency, 100);
}

std::string setup_line(const load::RunSummary& s) {
    const auto& c = s.configuration;
    std::string how = c.value("model", std::string("?"));
    if (c.contains("schedule") && c["schedule"].is_object()) how += " " + c["schedule"].value("description", std::string());
    std::string line = md_text(how);
    if (c.contains("mix") && c["mix"].is_object()) line += " · mix " + md_code(c["mix"].value("name", std::string()), 120);
    return line + " · " + md_count(static_cast<long long>(s.result.operations.size())) + " operations · target " +
           md_code(s.target + (s.embedded ? " (embedded)" : ""), 200) + " · seed " + std::to_string(s.seed);
}

/// "Capacity: 450/s within p99<100ms, errors<0.1% (bisected to within the precision)"; empty for a run
/// that was no capacity search.
std::string capacity_line(const load::RunSummary& s) {
    const auto& c = s.configuration;
    if (!c.contains("capacity") || !c["capacity"].contains("result")) return {};
    const auto& found = c["capacity"]["result"];
    std::string slo;
    for (const auto& t : found.value("slo", nlohmann::json::array())) slo += (slo.empty() ? "" : ", ") + t.get<std::string>();
    std::string line = "Capacity: ";
    if (found.contains("capacity_rate") && found["capacity_rate"].is_number()) {
        char rate[48];
        std::snprintf(rate, sizeof rate, "%.6g/s", found["capacity_rate"].get<double>());
        line += std::string("**") + rate + "** within " + md_code(slo, 200);
    } else {
        line += "no rate tried held " + md_code(slo, 200);
    }
    return line + " (" + md_text(found.value("stopped_because", std::string()), 120) + ")";
}

std::vector<std::string> threshold_rows(const load::RunSummary& s) {
    std::vector<std::string> rows;
    for (const auto& t : s.thresholds)
        rows.push_back("| " + md_code(t.threshold.expression, 120, true) + " | " + md_text(t.actual_text, 40) + " | " +
                       md_text(t.limit_text, 40) + " | " + md_text(t.margin_text, 60) + " | " +
                       (t.passed ? "held" : "**crossed**") + " |");
    return rows;
}

std::vector<std::string> reason_lines(const load::RunSummary& s) {
    std::vector<std::string> lines;
    for (const auto& reason : s.reasons) lines.push_back("- " + md_text(reason, 300));
    return lines;
}

/// Per operation whose sampled responses broke the contract: each rule and pointer with its count and example.
std::vector<std::string> violation_lines(const load::RunSummary& s) {
    std::vector<std::string> lines;
    for (const auto& op : s.result.operations) {
        const auto& v = op.sampling;
        if (v.failed == 0) continue;
        std::string line = "- " + md_code(op.name, 120) + ": " + md_count(v.failed) + " of " + md_count(v.validated) +
                           " validated responses broke the contract";
        for (std::size_t i = 0; i < v.violations.size() && i < 3; ++i) {
            const auto& x = v.violations[i];
            line += (i ? "; " : ": ") + std::string("**") + md_text(x.rule, 60) + "** at " +
                    md_code(x.pointer.empty() ? "(response)" : x.pointer, 120) + " × " + md_count(x.count) +
                    ", e.g. HTTP " + std::to_string(x.status) + " " + md_text(x.message, 160);
        }
        if (v.violations.size() > 3) line += "; " + md_count(static_cast<long long>(v.violations.size() - 3)) + " more rules";
        lines.push_back(std::move(line));
    }
    return lines;
}

std::vector<std::string> error_lines(const load::RunSummary& s) {
    std::vector<std::string> lines;
    for (const auto& op : s.result.operations) {
        const auto classes = load::error_classes(op.counters);
        if (classes.empty()) continue;
        std::string line = "- " + md_code(op.name, 120) + ": " + md_count(op.counters.errors_total()) + " of " +
                           md_count(op.counters.attempted()) + ":";
        for (const auto& [name, n] : classes) line += " " + name + " " + md_count(n);
        lines.push_back(std::move(line));
    }
    return lines;
}

}  // namespace

std::string load_summary_markdown(const load::RunSummary& summary, const std::string& folder, std::size_t limit) {
    BoundedMarkdown md(limit);
    md.line(verdict_line(summary));
    md.line(figures_line(summary));
    md.line(setup_line(summary));
    if (const auto capacity = capacity_line(summary); !capacity.empty()) md.line(capacity);
    const std::string where = everything_at(folder, "summary.json");
    if (const auto rows = threshold_rows(summary); !rows.empty()) {
        md.line("");
        md.line("| threshold | measured | limit | margin | verdict |");
        md.line("|---|--:|--:|---|---|");
        md.items(rows, "thresholds", where, 4 * kMarkdownPartReserve);
    }
    md.sections({{"Why it did not pass", summary.passed ? std::vector<std::string>{} : reason_lines(summary)},
                 {"Sampled responses that broke the contract", violation_lines(summary)},
                 {"Operations with errors", error_lines(summary)}},
                where);
    md.line("");
    md.line(record_pointer(folder, "summary.json"));
    return md.text();
}

}  // namespace dockside::report
