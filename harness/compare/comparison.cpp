#include "harness/compare/comparison.h"

#include <chrono>

namespace dockside::compare {
namespace {

using nlohmann::json;

void decide(Comparison& c) {
    if (!c.incompatibilities.empty() && !c.force) {
        c.exit_code = kCannotCompare;
        c.verdict = "cannot_compare";
        c.reasons = c.incompatibilities;
        c.reasons.push_back("compare anyway with --force");
        return;
    }
    if (c.conform && c.conform->regressions() > 0)
        c.reasons.push_back(std::to_string(c.conform->regressions()) + " new finding(s) in the candidate");
    if (c.load)
        for (const auto& m : c.load->metrics)
            if (m.fails)
                c.reasons.push_back(m.operation + " " + to_string(m.metric) + " " + to_string(m.verdict) +
                                    (m.gate.empty() ? "" : " (--fail-on " + m.gate + ")"));
    if (!c.reasons.empty()) {
        c.exit_code = kRegression;
        c.verdict = "regression";
        return;
    }
    // "No regression" is a claim about every metric that can fail: one left undecided leaves it unmade.
    if (c.load && c.load->undecided() > 0) {
        c.exit_code = kInconclusive;
        c.verdict = "inconclusive";
        int worse = 0;
        for (const auto& m : c.load->metrics)
            if (m.can_fail && m.verdict == Verdict::Inconclusive && m.looks_worse()) {
                if (worse++ < 5) c.reasons.push_back(m.operation + " " + to_string(m.metric) + ": " + m.reason);
            }
        c.reasons.push_back(std::to_string(c.load->undecided()) + " metric(s) that can fail neither shown beyond nor within their threshold" +
                            (worse > 5 ? " (" + std::to_string(worse - 5) + " more look worse)" : ""));
        c.to_decide = c.load->to_decide;
        return;
    }
    c.exit_code = kNoRegression;
    c.verdict = "no_regression";
}

json settings_json(const Comparison& c) {
    json gates = json::array();
    for (const auto& g : c.settings.gates)
        gates.push_back({{"expression", g.expression},
                         {"operation", g.operation.empty() ? json(nullptr) : json(g.operation)},
                         {"metric", to_string(g.metric)},
                         {"amount", g.amount}});
    return {{"noise", c.settings.noise},
            {"noise_errors", c.settings.noise_errors},
            {"alpha", c.settings.alpha},
            {"fail_on", gates},
            {"fail_on_inconclusive", c.settings.fail_on_inconclusive},
            {"force", c.force}};
}

}  // namespace

Comparison compare_runs(const std::vector<RunFolder>& baseline, const std::vector<RunFolder>& candidate,
                        const CompareSettings& settings, bool force) {
    const auto started = std::chrono::steady_clock::now();
    Comparison c;
    c.settings = settings;
    c.force = force;
    for (const auto& run : baseline) c.baseline_paths.push_back(run.path);
    for (const auto& run : candidate) c.candidate_paths.push_back(run.path);
    c.kind = baseline.empty() ? RunKind::Conform : baseline.front().kind;
    for (const auto* side : {&baseline, &candidate})
        for (const auto& run : *side)
            if (run.kind != c.kind || run.kind == RunKind::Comparison || run.kind == RunKind::Difference) {
                c.exit_code = kCannotCompare;
                c.verdict = "cannot_compare";
                c.reasons.push_back(run.path + " is a " + to_string(run.kind) + " result; " +
                                    (run.kind == RunKind::Comparison ? "a comparison is not compared again"
                                     : run.kind == RunKind::Difference
                                         ? "a difference of two targets is not compared (compare the runs it recorded)"
                                         : std::string("the first baseline is a ") + to_string(c.kind) + " run"));
                return c;
            }
    if (c.kind == RunKind::Conform) {
        std::vector<json> a, b;
        for (const auto& run : baseline) a.push_back(run.conform);
        for (const auto& run : candidate) b.push_back(run.conform);
        c.incompatibilities = conform_incompatibilities(a, b);
        if (c.incompatibilities.empty() || force) c.conform = diff_conform(a, b);
    } else {
        std::vector<const LoadRun*> a, b;
        for (const auto& run : baseline) a.push_back(&*run.load);
        for (const auto& run : candidate) b.push_back(&*run.load);
        c.incompatibilities = load_incompatibilities(a, b);
        if (c.incompatibilities.empty() || force) c.load = diff_load(a, b, settings);
    }
    decide(c);
    c.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return c;
}

json to_json(const Comparison& c) {
    return {{"format", kCompareFormat},
            {"kind", to_string(c.kind)},
            {"baseline", c.baseline_paths},
            {"candidate", c.candidate_paths},
            {"settings", settings_json(c)},
            {"incompatibilities", c.incompatibilities},
            {"conform", c.conform ? to_json(*c.conform) : json(nullptr)},
            {"load", c.load ? to_json(*c.load) : json(nullptr)},
            {"verdict", c.verdict},
            {"exit_code", c.exit_code},
            {"reasons", c.reasons},
            {"to_decide", c.to_decide.empty() ? json(nullptr) : json(c.to_decide)},
            {"seconds", c.seconds}};
}

}  // namespace dockside::compare
