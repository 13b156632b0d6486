#include "harness/compare/load_diff.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <deque>
#include <functional>
#include <map>
#include <set>

#include "harness/compare/compare_text.h"
#include "harness/compare/machine_state.h"
#include "harness/compare/side_figures.h"
#include "harness/compare/statistics.h"
#include "harness/load/thresholds.h"

namespace dockside::compare {
namespace {

/// Past this many runs per side a decision is not worth estimating: the change sits on the threshold.
constexpr int kMostRunsWorthSaying = 200;
/// Power aimed at when estimating the runs a decision needs.
constexpr double kPower = 0.8;

/// What the judging rules need of one metric, on the oriented scale where a positive value is worse: the
/// log ratio (errors: the difference in fraction) and its bounds at any one-sided level.
struct Evidence {
    bool usable = false;
    std::string method;
    double estimate = 0;                   ///< oriented change of the pooled figures (Welch: of the runs' mean)
    std::function<Bounds(double)> bounds;  ///< one-sided level a on each side → the interval at 1 − 2a
    double per_run_sd = 0;                 ///< of one run's oriented figure, for the runs-needed estimate
    std::string reason;                    ///< when not usable
};

/// The smallest number of requests behind a latency metric for it to be judged at all (load's rule).
std::int64_t requests_needed(Metric metric) { return load::requests_to_judge(percentile_of(metric).value_or(100.0)); }

double orient(Metric metric, double value) {
    if (in_points(metric)) return value;
    const double logged = std::log(std::max(value, 1e-12));
    return higher_is_worse(metric) ? logged : -logged;
}

/// The threshold on the oriented scale.
double oriented_threshold(Metric metric, double share) { return in_points(metric) ? share : std::log1p(share); }

/// The change in the metric's own terms (ratio, or difference in fraction) from an oriented value.
double natural(Metric metric, double oriented) {
    if (in_points(metric)) return oriented;
    return std::exp(higher_is_worse(metric) ? oriented : -oriented);
}

/// Binomial standard error of the difference of two error rates; half an error added so that a clean
/// side still has a spread.
double binomial_se(const load::OperationCounters& a, const load::OperationCounters& b) {
    const auto variance = [](const load::OperationCounters& c) {
        const double n = static_cast<double>(c.attempted());
        const double p = (static_cast<double>(c.errors_total()) + 0.5) / (n + 1);
        return p * (1 - p) / (n + 1);
    };
    return std::sqrt(variance(a) + variance(b));
}

std::function<Bounds(double)> t_bounds(double estimate, double se, double df) {
    return [=](double a) {
        const double half = student_quantile(1 - a, df) * se;
        return Bounds{estimate, estimate - half, estimate + half};
    };
}

Evidence across_runs(Metric metric, const SideFigures& a, const SideFigures& b, bool paired) {
    Evidence e;
    std::vector<double> worse, base;
    for (double v : b.run_figures(metric)) worse.push_back(orient(metric, v));
    for (double v : a.run_figures(metric)) base.push_back(orient(metric, v));
    // Pairs only when every run of both sides has the operation: a pair missing one half is no pair.
    paired = paired && worse.size() == base.size();
    e.usable = true;
    if (paired && metric != Metric::Errors) {
        // Pairs are judged by their signs and ranks: a pair the machine threw far out weighs as one rank.
        std::vector<double> d;
        for (std::size_t i = 0; i < worse.size(); ++i) d.push_back(worse[i] - base[i]);
        e.method = "signed-rank";
        e.estimate = signed_rank_bounds(d, 0.5).estimate;
        e.bounds = [d](double level) { return signed_rank_bounds(d, level); };
        e.per_run_sd = standard_deviation(d) / std::sqrt(2.0);
        return e;
    }
    e.method = paired ? "paired" : "welch";
    auto w = paired ? paired_difference(worse, base) : welch(worse, base);
    // Repeats whose error rates all agree (all clean) still hold only so many requests.
    if (metric == Metric::Errors) w.se = std::max(w.se, binomial_se(a.counters, b.counters));
    e.estimate = w.estimate;
    e.bounds = t_bounds(w.estimate, w.se, w.df);
    // Of one run's figure on each side; for pairs, the one that makes runs_to_decide's two-sample formula
    // the paired one (n = (z·sd of the differences / distance)²).
    e.per_run_sd = paired ? w.se * std::sqrt(static_cast<double>(worse.size()) / 2)
                          : std::hypot(standard_deviation(worse), standard_deviation(base)) / std::sqrt(2.0);
    return e;
}

Evidence within_runs(Metric metric, const SideFigures& a, const SideFigures& b) {
    Evidence e;
    e.estimate = orient(metric, b.figure(metric)) - orient(metric, a.figure(metric));
    if (metric == Metric::Errors) {
        e.method = "binomial";
        e.bounds = t_bounds(e.estimate, binomial_se(a.counters, b.counters), INFINITY);
    } else if (metric == Metric::Max) {
        // Nothing in a run says how high its maximum might have gone: the next run's may be anywhere above.
        e.reason = "the maximum of one run has no spread its own requests can measure: compare repeated runs";
        return e;
    } else {
        const auto p = percentile_of(metric);
        const auto da = p ? percentile_dispersion(a, *p) : rate_dispersion(a);
        const auto db = p ? percentile_dispersion(b, *p) : rate_dispersion(b);
        if (!da || !db) {
            e.reason = std::string("no interval log to measure the ") + (da ? "candidate" : "baseline") +
                       "'s noise (the notes say why it has none): compare repeated runs instead";
            return e;
        }
        e.method = p ? "order-statistic" : "counts";
        e.bounds = [&a, &b, p, da = *da, db = *db](double level) {
            if (p) return mover_difference(percentile_bounds(b, *p, db, level), percentile_bounds(a, *p, da, level));
            return mover_difference(rate_bounds(a, da, level), rate_bounds(b, db, level));  // a lower rate is worse
        };
    }
    // One standard error of the change, shared by the two runs: what one run's figure might move by.
    const auto sigma = e.bounds(0.158655);
    e.per_run_sd = (sigma.high - sigma.low) / 2 / std::sqrt(2.0);
    e.usable = true;
    return e;
}

/// Widens a within-run latency interval by `noise_ms` on both sides: the candidate's figure may be off by
/// that much for the run it was, the baseline's figure standing still (`baseline_ms`).
void widen_by_run_noise(Evidence& e, double noise_ms, double baseline_ms) {
    const double share = noise_ms / baseline_ms;
    e.bounds = [inner = std::move(e.bounds), share](double a) {
        auto b = inner(a);
        const double low = std::exp(b.low) - share;
        b.low = low > 0 ? std::log(low) : -INFINITY;
        b.high = std::log(std::exp(b.high) + share);
        return b;
    };
}

/// The runs per side likely to decide (80% power) with intervals at one-sided level `a`, or nullopt.
std::optional<int> runs_to_decide(const Evidence& e, double threshold, double a, int runs_now) {
    const double distance = std::abs(std::abs(e.estimate) - threshold);
    if (distance <= 1e-9 || !(e.per_run_sd > 0) || !std::isfinite(e.per_run_sd)) return std::nullopt;
    const double z = normal_quantile(1 - a) + normal_quantile(kPower);
    double n = std::ceil(2 * std::pow(z * e.per_run_sd / distance, 2));
    n = std::max({n, 3.0, static_cast<double>(runs_now + 1)});  // two a side leave Welch one degree of freedom
    if (e.method == "signed-rank") n = std::max(n, static_cast<double>(signed_rank_fewest_pairs(a)));
    if (n > kMostRunsWorthSaying) return std::nullopt;
    return static_cast<int>(n) - runs_now;
}

std::string runs_text(int more) {
    return "about " + std::to_string(more) + " more run" + (more == 1 ? "" : "s") + " per side would be needed";
}

std::string share_text(double share) {
    char text[32];
    std::snprintf(text, sizeof text, "%+.1f%%", share * 100);
    return text;
}

/// Everything but the verdict, for one metric of one operation.
MetricComparison prepare(const std::string& name, Metric metric, const SideFigures& a, const SideFigures& b,
                         const CompareSettings& settings, bool across, Evidence& e) {
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
    m.can_fail = settings.gates.empty() || !m.gate.empty();
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
    e = across ? across_runs(metric, a, b, settings.paired) : within_runs(metric, a, b);
    m.method = e.usable ? e.method : "none";
    if (!e.usable) m.reason = e.reason;
    return m;
}

/// The verdict of one tested metric from its interval at one-sided level `a` (1 − 2a two-sided).
void judge(MetricComparison& m, const Evidence& e, double a, const MachineState& machine, int runs_now) {
    const auto b = e.bounds(a);
    m.confidence = 1 - 2 * a;
    m.change = natural(m.metric, e.estimate);
    const double low = natural(m.metric, b.low), high = natural(m.metric, b.high);
    m.change_low = std::min(low, high);
    m.change_high = std::max(low, high);
    const double threshold = oriented_threshold(m.metric, m.margin);
    // A generator that got less CPU in one run sends later there, and intended-time latency counts that
    // lateness: a change is the target's only beyond what the difference could add. The achieved rate
    // is the generator's as much as the target's, so it is not judged at all.
    // The allowance is signed: the side whose generator was later can only have looked slower for it.
    double worse_beyond = threshold, better_beyond = threshold;
    const bool machine_rate = !machine.text.empty() && m.metric == Metric::Rate;
    if (m.machine_allowance && *m.machine_allowance > 0)
        worse_beyond = std::max(threshold, oriented_threshold(m.metric, *m.machine_allowance));
    if (m.machine_allowance && *m.machine_allowance < 0)
        better_beyond = std::max(threshold, oriented_threshold(m.metric, -*m.machine_allowance));
    if (machine_rate) worse_beyond = better_beyond = INFINITY;
    if (b.low > worse_beyond) {
        m.verdict = Verdict::Regressed;
    } else if (b.high < -better_beyond) {
        m.verdict = Verdict::Improved;
    } else if (b.low > -threshold && b.high < threshold) {
        m.verdict = Verdict::Same;
    } else {
        m.verdict = Verdict::Inconclusive;
        char level[16];
        std::snprintf(level, sizeof level, "%.4g%%", m.confidence * 100);
        if (machine_rate && (b.low > threshold || b.high < -threshold)) {
            m.reason = "the achieved rate depends on the generator's CPU, and the machine was not in the same state (" +
                       machine.text + "): repeat the runs";
            return;
        }
        if (m.machine_allowance && ((b.low > threshold && *m.machine_allowance > 0) ||
                                    (b.high < -threshold && *m.machine_allowance < 0))) {
            m.reason = "beyond the threshold, but within the " + share_text(*m.machine_allowance) +
                       " the machine's state could explain (" + machine.text + "): repeat the runs";
            return;
        }
        if (e.estimate > threshold)
            m.reason = "looks worse (" + change_text(m.metric, *m.change) + ") but its " + level +
                       " interval reaches back within the threshold";
        else if (e.estimate < -threshold)
            m.reason = std::string("looks better but its ") + level + " interval reaches back within the threshold";
        else
            m.reason = std::string("inside the threshold, but its ") + level + " interval reaches beyond it";
        m.more_runs_needed = runs_to_decide(e, threshold, a, runs_now);
        m.reason += m.more_runs_needed ? ": " + runs_text(*m.more_runs_needed)
                                       : ": no feasible number of runs (" + std::to_string(kMostRunsWorthSaying) +
                                             " a side) would likely decide it, the change is too close to the threshold";
    }
}

std::vector<std::string> operation_order(const std::vector<const LoadRun*>& runs) {
    std::vector<std::string> names;
    std::set<std::string> seen;
    for (const auto* run : runs)
        for (const auto& op : run->summary.result.operations)
            if (seen.insert(op.name).second) names.push_back(op.name);
    return names;
}

/// The gate a metric kind would have without --fail-on: its noise threshold ("p50:+5%", "rate:-5%").
std::string noise_gate(Metric metric, const CompareSettings& settings) {
    char text[48];
    if (in_points(metric)) std::snprintf(text, sizeof text, "%s:+%gpp", to_string(metric), settings.noise_errors * 100);
    else std::snprintf(text, sizeof text, "%s:%c%g%%", to_string(metric), higher_is_worse(metric) ? '+' : '-', settings.noise * 100);
    return text;
}

/// One line on what would decide the undecided metrics that can fail: more runs a side, or a gate on
/// fewer metrics (those these runs decided, or the kind that needs the fewest runs).
std::string what_would_decide(const LoadDiff& d, const CompareSettings& settings) {
    constexpr int kNever = 1 << 30;
    std::vector<std::string> groups;
    std::map<std::string, int> needs;  // by gate (or the noise gate of the metric's kind): more runs a side
    for (const auto& m : d.metrics) {
        if (!m.can_fail) continue;
        const std::string group = m.gate.empty() ? noise_gate(m.metric, settings) : m.gate;
        if (needs.emplace(group, 0).second) groups.push_back(group);
        if (m.verdict == Verdict::Inconclusive) needs[group] = std::max(needs[group], m.more_runs_needed.value_or(kNever));
    }
    if (d.undecided() == 0) return {};
    const int runs = std::min(d.baseline_runs, d.candidate_runs);
    int most = 0;
    std::string decided, fewest;
    for (const auto& g : groups) {
        most = std::max(most, needs[g]);
        if (needs[g] == 0) decided += (decided.empty() ? "" : ",") + g;
        else if (fewest.empty() || needs[g] < needs[fewest]) fewest = g;
    }
    std::string text = most < kNever ? "about " + std::to_string(runs + most) + " runs a side"
                                     : "more runs a side than can be estimated (" + std::string(runs < 2 ? "a maximum needs repeats; " : "") +
                                           "see the lines without an estimate)";
    if (!decided.empty()) text += "; or a gate on what these runs decide: --fail-on '" + decided + "'";
    else if (groups.size() > 1 && needs[fewest] < kNever)
        text += "; or about " + std::to_string(runs + needs[fewest]) + " a side with only --fail-on '" + fewest + "'";
    return text;
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

bool MetricComparison::looks_worse() const {
    return change && orient(metric, *change) > oriented_threshold(metric, margin);
}

int LoadDiff::count(Verdict verdict) const {
    return static_cast<int>(std::count_if(metrics.begin(), metrics.end(), [verdict](const MetricComparison& m) { return m.verdict == verdict; }));
}

int LoadDiff::failures() const {
    return static_cast<int>(std::count_if(metrics.begin(), metrics.end(), [](const MetricComparison& m) { return m.fails; }));
}

int LoadDiff::undecided() const {
    return static_cast<int>(std::count_if(metrics.begin(), metrics.end(), [](const MetricComparison& m) {
        return m.can_fail && m.verdict == Verdict::Inconclusive;
    }));
}

LoadDiff diff_load(const std::vector<const LoadRun*>& baseline, const std::vector<const LoadRun*>& candidate,
                   const CompareSettings& settings) {
    LoadDiff diff;
    diff.baseline_runs = static_cast<int>(baseline.size());
    diff.candidate_runs = static_cast<int>(candidate.size());
    const bool across = baseline.size() >= 2 && candidate.size() >= 2;
    // Pairs are judged as pairs only when every run has its partner (as `load --ab` makes them).
    const bool paired = across && settings.paired && baseline.size() == candidate.size();
    diff.method = !across ? "within-run" : paired ? "across-pairs" : "across-runs";
    // Repeats carry the machine's run-to-run variation in their spread; one run a side does not.
    const MachineState machine = across ? MachineState{} : machine_difference(baseline, candidate);
    diff.machine_differs = machine.text;
    diff.run_noise_ms = across ? 0 : settings.run_noise_ms;
    const auto names_a = operation_order(baseline), names_b = operation_order(candidate);
    const std::set<std::string> set_a(names_a.begin(), names_a.end()), set_b(names_b.begin(), names_b.end());
    std::vector<std::string> groups{kAllOperations};
    for (const auto& name : names_a)
        if (set_b.count(name)) groups.push_back(name);
        else diff.operations_vanished.push_back(name);
    for (const auto& name : names_b)
        if (!set_a.count(name)) diff.operations_appeared.push_back(name);

    std::deque<SideFigures> sides;  // the evidence reads them until every metric is judged
    std::vector<Evidence> evidence;
    for (const auto& name : groups) {
        const bool all = name == kAllOperations;
        const auto& a = sides.emplace_back(gather_side(baseline, name, all));
        const auto& b = sides.emplace_back(gather_side(candidate, name, all));
        for (Metric metric : kAllMetrics) {
            Evidence e;
            auto& m = diff.metrics.emplace_back(prepare(name, metric, a, b, settings, across, e));
            if (!across && e.usable && percentile_of(metric) && m.baseline > 0 && settings.run_noise_ms > 0)
                widen_by_run_noise(e, settings.run_noise_ms, m.baseline);
            if (!machine.text.empty() && percentile_of(metric) && m.baseline > 0)
                m.machine_allowance = machine_allowance(machine, m.baseline);
            evidence.push_back(std::move(e));
        }
    }
    // Two families, each with its own Bonferroni level: the metrics that can fail the comparison, and the
    // rest, reported only. A gate on a few metrics is not diluted by the many it ignores.
    const int runs_now = std::min(diff.baseline_runs, diff.candidate_runs);
    for (const bool can_fail : {true, false}) {
        std::vector<std::size_t> tested;
        for (std::size_t i = 0; i < diff.metrics.size(); ++i)
            if (evidence[i].usable && diff.metrics[i].can_fail == can_fail) tested.push_back(i);
        const double a = settings.alpha / static_cast<double>(std::max<std::size_t>(tested.size(), 1));
        if (can_fail) {
            diff.family = static_cast<int>(tested.size());
            diff.confidence = 1 - 2 * a;
        }
        for (std::size_t i : tested) judge(diff.metrics[i], evidence[i], a, machine, runs_now);
    }
    for (auto& m : diff.metrics)
        m.fails = m.can_fail && (m.verdict == Verdict::Regressed ||
                                 (settings.fail_on_inconclusive && m.verdict == Verdict::Inconclusive));
    diff.to_decide = what_would_decide(diff, settings);
    for (const auto* side : {&baseline, &candidate})
        for (const auto* run : *side)
            for (const auto& note : run->notes) diff.notes.push_back(note);
    return diff;
}

}  // namespace dockside::compare
