#include "harness/compare/load_diff.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>

#include "harness/compare/side_figures.h"
#include "harness/compare/statistics.h"

namespace dockside::compare {
namespace {

/// Past this many runs per side a decision is not worth estimating: the change sits on the threshold.
constexpr int kMostRunsWorthSaying = 200;
/// Power aimed at when estimating the runs a decision needs.
constexpr double kPower = 0.8;

/// What the judging rules need of one metric, on the oriented scale where a positive value is worse: the
/// log ratio (errors: the difference in fraction), and either a standard error (bootstrap, binomial) or
/// the per-run values (rank test).
struct Evidence {
    bool usable = false;
    std::string method;
    double estimate = 0;              ///< oriented change of the pooled figures
    double se = 0;                    ///< standard error of `estimate` (not for the rank test)
    /// Degrees of freedom of `se` (Welch-Satterthwaite over the sides' blocks): a short run's spread is
    /// itself uncertain, so its tests and intervals use Student's t, not the normal.
    double df = INFINITY;
    std::vector<double> worse, base;  ///< oriented per-run values (rank test): candidate, baseline
    double per_run_sd = 0;            ///< of one run's oriented figure, for the runs-needed estimate
    std::string reason;               ///< when not usable
};

/// The smallest number of requests behind a percentile for it to be judged at all: ten beyond it.
std::int64_t requests_needed(Metric metric) {
    const auto p = percentile_of(metric);
    if (!p || *p >= 100.0) return 20;
    return static_cast<std::int64_t>(std::ceil(10.0 / (1.0 - *p / 100.0) - 1e-6));  // 99.9 is not exact in binary
}

double orient(Metric metric, double value) {
    if (in_points(metric)) return value;
    const double logged = std::log(std::max(value, 1e-12));
    return higher_is_worse(metric) ? logged : -logged;
}

std::size_t index_of(Metric metric) {
    for (std::size_t i = 0; i < std::size(kAllMetrics); ++i)
        if (kAllMetrics[i] == metric) return i;
    return 0;
}

Evidence rank_evidence(Metric metric, const SideFigures& a, const SideFigures& b) {
    Evidence e;
    e.method = "mann-whitney";
    for (double v : b.run_figures(metric)) e.worse.push_back(orient(metric, v));
    for (double v : a.run_figures(metric)) e.base.push_back(orient(metric, v));
    e.estimate = hodges_lehmann(e.worse, e.base, 0.95).estimate;
    const double sa = standard_deviation(e.base), sb = standard_deviation(e.worse);
    e.per_run_sd = std::sqrt((sa * sa + sb * sb) / 2);
    e.usable = true;
    return e;
}

Evidence spread_evidence(Metric metric, const SideFigures& a, const SideFigures& b, const SideSpread& sa,
                         const SideSpread& sb) {
    Evidence e;
    e.estimate = orient(metric, b.figure(metric)) - orient(metric, a.figure(metric));
    if (metric == Metric::Errors) {
        // Binomial spread of each side's rate; half an error added so a clean side still has a spread.
        e.method = "binomial";
        const auto variance = [](const load::OperationCounters& c) {
            const double n = static_cast<double>(c.attempted());
            const double p = (static_cast<double>(c.errors_total()) + 0.5) / (n + 1);
            return p * (1 - p) / (n + 1);
        };
        const double va = variance(a.counters), vb = variance(b.counters);
        e.se = std::sqrt(va + vb);
        e.per_run_sd = std::sqrt((va * a.runs + vb * b.runs) / 2);
        e.usable = true;
        return e;
    }
    e.method = "block-bootstrap";
    if (metric == Metric::Max) {
        // A resample's maximum can never exceed the run's, so the bootstrap of a maximum shrinks its spread
        // toward nothing: one run's seconds cannot tell how high its maximum might have gone.
        e.reason = "the maximum of one run has no spread its own seconds can measure: compare repeated runs";
        return e;
    }
    const auto& da = sa.log_sd[index_of(metric)];
    const auto& db = sb.log_sd[index_of(metric)];
    if (!da || !db) {
        const bool baseline_lacks = !a.intervals_complete || !da;
        e.reason = std::string("no interval log to measure the ") + (baseline_lacks ? "baseline" : "candidate") +
                   "'s noise (a merged run has none): compare repeated runs instead";
        return e;
    }
    const double va = *da * *da, vb = *db * *db;
    e.se = std::sqrt(va + vb);
    const double dfa = std::max(1.0, static_cast<double>(sa.blocks) - 1), dfb = std::max(1.0, static_cast<double>(sb.blocks) - 1);
    if (va + vb > 0) e.df = (va + vb) * (va + vb) / (va * va / dfa + vb * vb / dfb);
    e.per_run_sd = std::sqrt((va * a.runs + vb * b.runs) / 2);
    e.usable = true;
    return e;
}

/// One-sided p-values of "worse by more than the margin" and "better by more than the margin".
void test(const Evidence& e, double margin, MetricComparison& m) {
    if (e.method == "mann-whitney") {
        m.p_regressed = mann_whitney_greater(e.worse, e.base, margin).p_greater;
        m.p_improved = mann_whitney_greater(e.base, e.worse, margin).p_greater;
        return;
    }
    const double se = std::max(e.se, 1e-12);
    m.p_regressed = 1 - student_cdf((e.estimate - margin) / se, e.df);
    m.p_improved = student_cdf((e.estimate + margin) / se, e.df);
}

/// Whether the change is shown to be inside ±margin: the 90% interval within it (two one-sided tests).
bool shown_same(const Evidence& e, double margin) {
    if (e.method == "mann-whitney") {
        const auto ci = hodges_lehmann(e.worse, e.base, 0.90);
        return ci.achieved_confidence >= 0.90 - 1e-9 && ci.low > -margin && ci.high < margin;
    }
    const double half = student_quantile(0.95, e.df) * e.se;
    return e.estimate - half > -margin && e.estimate + half < margin;
}

/// The runs per side likely to decide (80% power) at the family's corrected level, or nullopt.
std::optional<int> runs_to_decide(const Evidence& e, double margin, int family, double alpha, int runs_now) {
    const double distance = std::abs(e.estimate) > margin ? std::abs(e.estimate) - margin : margin - std::abs(e.estimate);
    if (distance <= 1e-9 || e.per_run_sd <= 0) return std::nullopt;
    const bool beyond = std::abs(e.estimate) > margin;
    const double level = beyond ? alpha / std::max(family, 1) : 0.05;
    const double z = normal_quantile(1 - level) + normal_quantile(kPower);
    double n = std::ceil(2 * std::pow(z * e.per_run_sd / distance, 2));
    n = std::max(n, 3.0);  // two per side give no rank test a chance; three the first 90% interval
    if (beyond)
        while (n <= kMostRunsWorthSaying && smallest_rank_p(static_cast<std::size_t>(n), static_cast<std::size_t>(n)) > level) ++n;
    n = std::max(n, static_cast<double>(runs_now + 1));
    if (n > kMostRunsWorthSaying) return std::nullopt;
    return static_cast<int>(n) - runs_now;
}

/// The change in the metric's own terms (ratio, or difference in fraction) from an oriented value.
double natural(Metric metric, double oriented) {
    if (in_points(metric)) return oriented;
    return std::exp(higher_is_worse(metric) ? oriented : -oriented);
}

void set_interval(Metric metric, const Evidence& e, MetricComparison& m) {
    double low = 0, high = 0;
    if (e.method == "mann-whitney") {
        const auto ci = hodges_lehmann(e.worse, e.base, 1 - 0.05);
        low = ci.low;
        high = ci.high;
    } else {
        const double half = student_quantile(0.975, e.df) * e.se;
        low = e.estimate - half;
        high = e.estimate + half;
    }
    m.change = natural(metric, e.estimate);
    const double a = natural(metric, low), b = natural(metric, high);
    m.change_low = std::min(a, b);
    m.change_high = std::max(a, b);
}

std::string runs_text(int more) {
    return "about " + std::to_string(more) + " more run" + (more == 1 ? "" : "s") + " per side would be needed";
}

/// Everything but the verdict, for one metric of one operation.
MetricComparison prepare(const std::string& name, Metric metric, const SideFigures& a, const SideFigures& b,
                         const SideSpread& sa, const SideSpread& sb, const CompareSettings& settings, Evidence& e) {
    MetricComparison m;
    m.operation = name;
    m.metric = metric;
    m.baseline = a.figure(metric);
    m.candidate = b.figure(metric);
    m.baseline_runs = a.run_figures(metric);
    m.candidate_runs = b.run_figures(metric);
    m.baseline_count = a.count(metric);
    m.candidate_count = b.count(metric);
    const double noise = in_points(metric) ? settings.noise_errors : settings.noise;
    double threshold = noise;
    for (const auto& gate : settings.gates)
        if (gate.covers(name, metric)) {
            m.gate = gate.expression;
            threshold = std::max(noise, gate.amount);  // below the noise, nothing is a regression
        }
    m.margin = threshold;
    const std::int64_t needed = requests_needed(metric);
    if (metric != Metric::Errors && metric != Metric::Rate && std::min(m.baseline_count, m.candidate_count) < needed) {
        const auto fewest = std::min(m.baseline_count, m.candidate_count);
        const int runs_now = std::min(a.runs, b.runs);
        const auto per_run = std::max<std::int64_t>(1, fewest / std::max(runs_now, 1));
        m.more_runs_needed = static_cast<int>((needed + per_run - 1) / per_run) - runs_now;
        m.method = "none";
        m.reason = "too few requests for " + std::string(to_string(metric)) + " (" + std::to_string(fewest) + ", at least " +
                   std::to_string(needed) + " needed): " + runs_text(*m.more_runs_needed) + ", or longer runs";
        return m;
    }
    if (m.baseline_count == 0 || m.candidate_count == 0) {
        m.method = "none";
        m.reason = "no requests on one side";
        return m;
    }
    e = a.runs >= 2 && b.runs >= 2 ? rank_evidence(metric, a, b) : spread_evidence(metric, a, b, sa, sb);
    m.method = e.usable ? e.method : "none";
    if (!e.usable) {
        m.reason = e.reason;
        return m;
    }
    set_interval(metric, e, m);
    test(e, in_points(metric) ? m.margin : std::log1p(m.margin), m);
    return m;
}

/// The generator's own send lag (its lateness while a connection was free, not the target's) of every run
/// of a side: how much CPU the generator got, i.e. the state of the machine it ran on.
histogram::Histogram own_send_lag(const std::vector<const LoadRun*>& runs) {
    auto lag = load::make_latency_histogram();
    for (const auto* run : runs) lag.add(run->summary.result.own_send_lag);
    return lag;
}

/// Why one run a side cannot be judged on latency: their machines' states differ (own send lag p50 or p99
/// apart by more than a factor of two and more than a floor, 5 µs and 1 ms). Empty when they agree or a
/// summary older than the own send lag lacks it.
std::string machine_difference(const std::vector<const LoadRun*>& baseline, const std::vector<const LoadRun*>& candidate) {
    const auto a = own_send_lag(baseline), b = own_send_lag(candidate);
    if (a.total_count() == 0 || b.total_count() == 0) return {};
    // Floors: a quiet generator's own p50 is about 5 us here and a busy one's 15 us; its p99 is milliseconds.
    for (const auto& [p, floor_us] : {std::pair{50.0, 5.0}, std::pair{99.0, 1000.0}}) {
        const double x = static_cast<double>(a.value_at_percentile(p)), y = static_cast<double>(b.value_at_percentile(p));
        if (std::max(x, y) > 2 * std::min(x, y) && std::abs(x - y) > floor_us) {
            char text[200];
            std::snprintf(text, sizeof text, "the generator's own send lag p%g was %.3fms in the baseline and %.3fms in the candidate",
                          p, x / 1000, y / 1000);
            return text;
        }
    }
    return {};
}

std::vector<std::string> operation_order(const std::vector<const LoadRun*>& runs) {
    std::vector<std::string> names;
    std::set<std::string> seen;
    for (const auto* run : runs)
        for (const auto& op : run->summary.result.operations)
            if (seen.insert(op.name).second) names.push_back(op.name);
    return names;
}

}  // namespace

const char* to_string(Verdict verdict) {
    switch (verdict) {
        case Verdict::Regressed: return "regressed";
        case Verdict::Same: return "same";
        case Verdict::Improved: return "improved";
        case Verdict::Inconclusive: return "inconclusive";
    }
    return "?";
}

int LoadDiff::count(Verdict verdict) const {
    return static_cast<int>(std::count_if(metrics.begin(), metrics.end(), [verdict](const MetricComparison& m) { return m.verdict == verdict; }));
}

int LoadDiff::failures() const {
    return static_cast<int>(std::count_if(metrics.begin(), metrics.end(), [](const MetricComparison& m) { return m.fails; }));
}

LoadDiff diff_load(const std::vector<const LoadRun*>& baseline, const std::vector<const LoadRun*>& candidate,
                   const CompareSettings& settings) {
    LoadDiff diff;
    diff.baseline_runs = static_cast<int>(baseline.size());
    diff.candidate_runs = static_cast<int>(candidate.size());
    diff.method = baseline.size() >= 2 && candidate.size() >= 2 ? "mann-whitney" : "block-bootstrap";
    // Repeats carry the machine's run-to-run variation in their spread; one run a side does not.
    if (diff.method == "block-bootstrap") diff.machine_differs = machine_difference(baseline, candidate);
    const auto names_a = operation_order(baseline), names_b = operation_order(candidate);
    const std::set<std::string> set_a(names_a.begin(), names_a.end()), set_b(names_b.begin(), names_b.end());
    std::vector<std::string> groups{kAllOperations};
    for (const auto& name : names_a)
        if (set_b.count(name)) groups.push_back(name);
        else diff.operations_vanished.push_back(name);
    for (const auto& name : names_b)
        if (!set_a.count(name)) diff.operations_appeared.push_back(name);

    std::vector<Evidence> evidence;
    std::uint64_t seed = settings.seed;
    for (const auto& name : groups) {
        const bool all = name == kAllOperations;
        const auto a = gather_side(baseline, name, all), b = gather_side(candidate, name, all);
        const auto sa = bootstrap_spread(a, settings.replicates, seed++);
        const auto sb = bootstrap_spread(b, settings.replicates, seed++);
        for (Metric metric : kAllMetrics) {
            Evidence e;
            diff.metrics.push_back(prepare(name, metric, a, b, sa, sb, settings, e));
            evidence.push_back(std::move(e));
        }
    }
    // Families for Holm, in each direction: the metrics that can fail the comparison (those --fail-on covers,
    // or all), and the rest, reported only. A gate on a few metrics is not diluted by the many it ignores.
    for (const bool gated_family : {true, false}) {
        std::vector<std::size_t> tested;
        std::vector<double> p_worse, p_better;
        for (std::size_t i = 0; i < diff.metrics.size(); ++i) {
            const bool can_fail = settings.gates.empty() || !diff.metrics[i].gate.empty();
            if (diff.metrics[i].p_regressed && can_fail == gated_family) {
                tested.push_back(i);
                p_worse.push_back(*diff.metrics[i].p_regressed);
                p_better.push_back(*diff.metrics[i].p_improved);
            }
        }
        if (gated_family) diff.family = static_cast<int>(tested.size());
        const auto holm_worse = holm_adjust(p_worse), holm_better = holm_adjust(p_better);
        const int family = static_cast<int>(tested.size());
        for (std::size_t k = 0; k < tested.size(); ++k) {
            auto& m = diff.metrics[tested[k]];
            const auto& e = evidence[tested[k]];
            m.p_regressed_holm = holm_worse[k];
            m.p_improved_holm = holm_better[k];
            const double margin = in_points(m.metric) ? m.margin : std::log1p(m.margin);
            const bool machine_only = !diff.machine_differs.empty() && m.metric != Metric::Errors;
            if (holm_worse[k] <= settings.alpha && !machine_only) {
                m.verdict = Verdict::Regressed;
            } else if (holm_better[k] <= settings.alpha && !machine_only) {
                m.verdict = Verdict::Improved;
            } else if (!diff.machine_differs.empty() && m.metric != Metric::Errors && !shown_same(e, margin)) {
                m.verdict = Verdict::Inconclusive;
                m.reason = "the runs' machine was not in the same state (" + diff.machine_differs + "): repeat the runs";
            } else if (shown_same(e, margin)) {
                m.verdict = Verdict::Same;
            } else {
                m.verdict = Verdict::Inconclusive;
                const int runs_now = std::min(diff.baseline_runs, diff.candidate_runs);
                m.more_runs_needed = runs_to_decide(e, margin, family, settings.alpha, runs_now);
                m.reason = m.more_runs_needed ? runs_text(*m.more_runs_needed)
                                              : "the change sits on the threshold: no feasible number of runs would decide it";
            }
        }
    }
    for (auto& m : diff.metrics) {
        const bool judged = settings.gates.empty() || !m.gate.empty();
        m.fails = judged && (m.verdict == Verdict::Regressed ||
                             (settings.fail_on_inconclusive && m.verdict == Verdict::Inconclusive));
    }
    for (const auto* side : {&baseline, &candidate})
        for (const auto* run : *side)
            for (const auto& note : run->notes) diff.notes.push_back(note);
    return diff;
}

}  // namespace dockside::compare
