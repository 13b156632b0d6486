#include "harness/compare/compare_text.h"

#include <cmath>
#include <cstdio>
#include <ostream>
#include <string>

namespace dockside::compare {
namespace {

std::string runs(int n, const char* side) {
    return std::to_string(n) + " " + side + " run" + (n == 1 ? "" : "s");
}

std::string figure_text(Metric metric, double value) {
    char text[48];
    if (in_points(metric)) std::snprintf(text, sizeof text, "%.3f%%", value * 100);
    else if (metric == Metric::Rate) std::snprintf(text, sizeof text, "%.1f/s", value);
    else std::snprintf(text, sizeof text, "%.3fms", value);
    return text;
}

/// `text` followed by spaces to `width` characters (UTF-8 continuation bytes take no column: "—", "→").
std::string pad(std::string text, std::size_t width) {
    std::size_t columns = 0;
    for (unsigned char c : text) columns += (c & 0xC0) != 0x80;
    if (columns < width) text.append(width - columns, ' ');
    return text;
}

void print_conform(std::ostream& out, const ConformDiff& d, const TextOptions& options) {
    out << "conformance: " << runs(d.baseline_runs, "baseline") << " vs " << runs(d.candidate_runs, "candidate")
        << "; findings keyed by rule|operation|test\n";
    for (const auto change : {FindingChange::New, FindingChange::Fixed, FindingChange::StillFailing, FindingChange::NotObserved}) {
        out << "  " << pad(std::string(to_string(change)) + ":", 15) << d.count(change);
        if (const auto rules = d.rules(change); !rules.empty()) {
            out << " (rule" << (rules.size() == 1 ? "" : "s");
            for (const auto& r : rules) out << " " << r;
            out << ")";
        }
        out << "\n";
        if (change == FindingChange::StillFailing && !options.all_rows) continue;  // known already; --all lists them
        std::size_t shown = 0;
        for (const auto& f : d.findings) {
            if (f.change != change) continue;
            if (shown++ == options.list_limit) {
                out << "      … " << d.count(change) - static_cast<int>(options.list_limit) << " more (compare.json)\n";
                break;
            }
            out << "      " << f.key << (f.accepted ? " [accepted]" : "") << ": " << f.title;
            if (change == FindingChange::NotObserved) out << " (test " << f.test_status_there << " in the " << f.not_observed_in << ")";
            if (d.baseline_runs > 1 || d.candidate_runs > 1)
                out << " (baseline " << f.baseline_runs << "/" << d.baseline_runs << ", candidate " << f.candidate_runs << "/"
                    << d.candidate_runs << " runs)";
            out << "\n";
        }
    }
    out << "  tests: " << d.tests_appeared.size() << " appeared, " << d.tests_vanished.size() << " vanished, "
        << d.status_changes.size() << " changed status\n";
    for (const auto& c : d.status_changes) out << "      " << c.test << ": " << c.baseline << " → " << c.candidate << "\n";
    for (const auto& note : d.notes) out << "  note: " << note << "\n";
}

std::string level_text(double confidence) {
    char text[24];
    std::snprintf(text, sizeof text, "%.4g%%", confidence * 100);
    return text;
}

void print_row(std::ostream& out, const MetricComparison& m) {
    std::string change = "—";
    if (m.change) {
        change = change_text(m.metric, *m.change) + " [" + change_text(m.metric, *m.change_low) + ", " +
                 change_text(m.metric, *m.change_high) + "]";
    }
    std::string verdict = to_string(m.verdict);
    if (m.verdict == Verdict::Regressed) verdict = "REGRESSED";
    if (m.fails) verdict += " (fails)";
    out << "  " << pad(m.operation, 28) << " " << pad(to_string(m.metric), 7) << " " << pad(figure_text(m.metric, m.baseline), 12)
        << " " << pad(figure_text(m.metric, m.candidate), 12) << " " << pad(change, 34) << " " << verdict;
    if (m.verdict == Verdict::Inconclusive && !m.reason.empty()) out << ": " << m.reason;
    out << "\n";
}

void print_load(std::ostream& out, const LoadDiff& d, const TextOptions& options) {
    out << "load: " << runs(d.baseline_runs, "baseline") << " vs " << runs(d.candidate_runs, "candidate") << "; "
        << (d.method == "across-runs"    ? "across the repeats (Welch's t of the runs' log figures)"
            : d.method == "across-pairs" ? "across the pairs (signed ranks of each pair's difference of log figures; error rates by the paired t)"
                                         : "within the runs (every request's order statistics, widened by the one-second intervals' dispersion)")
        << "\n  intervals at " << level_text(d.confidence) << " for the " << d.family << " metrics that can fail (Bonferroni: "
        << level_text((1 - d.confidence) / 2 * std::max(d.family, 1)) << " over " << d.family << "); a verdict is read from its interval\n";
    for (const auto& m : d.metrics)
        if (!m.can_fail && m.change) {
            out << "  the metrics --fail-on does not cover are reported only, at " << level_text(m.confidence) << "\n";
            break;
        }
    out << "  " << pad("operation", 28) << " " << pad("metric", 7) << " " << pad("baseline", 12) << " " << pad("candidate", 12)
        << " " << pad("change [" + level_text(d.confidence) + " interval]", 34) << " verdict\n";
    std::size_t shown = 0, hidden = 0;
    for (const auto& m : d.metrics) {
        const bool interesting = m.operation == kAllOperations || m.verdict == Verdict::Regressed ||
                                 m.verdict == Verdict::Improved || m.fails;
        const bool listed = options.all_rows || interesting || (m.verdict == Verdict::Inconclusive && shown < options.list_limit);
        if (!listed) {
            ++hidden;
            continue;
        }
        if (!interesting) ++shown;
        print_row(out, m);
    }
    out << "  " << d.metrics.size() << " metrics: " << d.count(Verdict::Regressed) << " regressed, " << d.count(Verdict::Same)
        << " same, " << d.count(Verdict::Improved) << " improved, " << d.count(Verdict::Inconclusive) << " inconclusive";
    if (hidden > 0) out << " (" << hidden << " rows not shown: --all shows them)";
    out << "\n";
    if (!d.operations_appeared.empty() || !d.operations_vanished.empty())
        out << "  operations: " << d.operations_appeared.size() << " only in the candidate, " << d.operations_vanished.size()
            << " only in the baseline (not compared)\n";
    for (const auto& note : d.notes) out << "  note: " << note << "\n";
    if (!d.machine_differs.empty())
        out << "  the runs' machine was not in the same state: " << d.machine_differs
            << "; a latency change counts only beyond what that lag could add to it, the rate not at all\n";
    if (d.run_noise_ms > 0)
        out << "  one run a side: each latency interval includes ±" << d.run_noise_ms
            << " ms that two runs of one build can differ by and one run cannot measure (--run-noise); repeats measure it\n";
}

}  // namespace

std::string change_text(Metric metric, double change) {
    if (std::isinf(change)) return change > 0 ? "+∞" : "-∞";
    char text[48];
    if (in_points(metric)) std::snprintf(text, sizeof text, "%+.3gpp", change * 100);
    else std::snprintf(text, sizeof text, "%+.1f%%", (change - 1) * 100);
    return text;
}

void print_comparison(std::ostream& out, const Comparison& c, const TextOptions& options) {
    out << "dockside compare: " << to_string(c.kind) << "\n";
    for (const auto& p : c.incompatibilities) out << "  " << (c.force ? "compared anyway (--force): " : "cannot compare: ") << p << "\n";
    if (c.conform) print_conform(out, *c.conform, options);
    if (c.load) print_load(out, *c.load, options);
    const char* verdict = c.exit_code == kNoRegression ? "no regression"
                          : c.exit_code == kRegression   ? "REGRESSION"
                          : c.exit_code == kInconclusive ? "INCONCLUSIVE"
                                                         : "cannot compare";
    out << "verdict: " << verdict << " (exit " << c.exit_code << ")";
    if (!c.reasons.empty()) out << ":";
    out << "\n";
    for (const auto& r : c.reasons) out << "  " << r << "\n";
    if (!c.to_decide.empty()) out << "  to decide: " << c.to_decide << "\n";
}

}  // namespace dockside::compare
