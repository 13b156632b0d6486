#include "harness/compare/side_figures.h"

#include <algorithm>
#include <cmath>


namespace dockside::compare {
namespace {

double latency_ms(const histogram::Histogram& h, Metric metric) {
    const double p = percentile_of(metric).value_or(100.0);
    const auto micros = p >= 100.0 ? h.max() : h.value_at_percentile(p);
    return static_cast<double>(micros) / 1000.0;
}

double error_rate(const load::OperationCounters& c) {
    const auto attempted = c.attempted();
    return attempted > 0 ? static_cast<double>(c.errors_total()) / static_cast<double>(attempted) : 0.0;
}

double rate(const load::OperationCounters& c, double seconds) {
    return seconds > 0 ? static_cast<double>(c.requests()) / seconds : 0.0;
}

}  // namespace

double SideFigures::figure(Metric metric) const {
    if (metric == Metric::Errors) return error_rate(counters);
    if (metric == Metric::Rate) return rate(counters, seconds);
    return latency_ms(latency, metric);
}

std::vector<double> SideFigures::run_figures(Metric metric) const {
    std::vector<double> out;
    for (std::size_t i = 0; i < run_latency.size(); ++i) {
        if (metric == Metric::Errors) out.push_back(error_rate(run_counters[i]));
        else if (metric == Metric::Rate) out.push_back(rate(run_counters[i], run_seconds[i]));
        else out.push_back(latency_ms(run_latency[i], metric));
    }
    return out;
}

std::int64_t SideFigures::count(Metric metric) const {
    if (metric == Metric::Errors) return counters.attempted();
    if (metric == Metric::Rate) return counters.requests();
    return latency.total_count();
}

SideFigures gather_side(const std::vector<const LoadRun*>& runs, const std::string& operation, bool all_operations) {
    SideFigures side;
    const std::string tag = all_operations ? "" : interval_tag(operation);
    for (const LoadRun* run : runs) {
        const auto& result = run->summary.result;
        histogram::Histogram latency = load::make_latency_histogram();
        load::OperationCounters counters;
        if (all_operations) {
            latency = result.total_latency();
            counters = result.total_counters();
        } else if (const auto* op = result.find(operation)) {
            latency = op->latency;
            counters = op->counters;
        } else {
            continue;
        }
        ++side.runs;
        side.latency.add(latency);
        side.counters.add(counters);
        side.seconds += result.duration_s;
        side.run_latency.push_back(std::move(latency));
        side.run_counters.push_back(counters);
        side.run_seconds.push_back(result.duration_s);
        const auto it = run->latency.find(tag);
        if (it == run->latency.end() || it->second.empty()) side.intervals_complete = false;
        else
            for (const auto& interval : it->second) side.intervals.push_back(&interval);
    }
    return side;
}

std::optional<Dispersion> percentile_dispersion(const SideFigures& side, double percentile) {
    if (!side.intervals_complete || side.intervals.size() < 2) return std::nullopt;
    const auto quantile = side.latency.value_at_percentile(percentile);
    std::vector<std::int64_t> below, requests;
    for (const auto* interval : side.intervals) {
        std::int64_t hits = 0;
        interval->histogram.for_each_recorded([&](std::int64_t low, std::int64_t, std::int64_t count) {
            if (low <= quantile) hits += count;
        });
        below.push_back(hits);
        requests.push_back(interval->histogram.total_count());
    }
    return Dispersion{std::max(1.0, binomial_dispersion(below, requests)), static_cast<double>(side.intervals.size()) - 1};
}

std::optional<Dispersion> rate_dispersion(const SideFigures& side) {
    if (!side.intervals_complete || side.intervals.size() < 2) return std::nullopt;
    std::vector<std::int64_t> counts;
    std::vector<double> lengths;
    for (const auto* interval : side.intervals) {
        counts.push_back(interval->histogram.total_count());
        lengths.push_back(interval->length_s);
    }
    // Not raised to 1: an open-loop schedule sends steadier counts than independent arrivals would.
    return Dispersion{poisson_dispersion(counts, lengths), static_cast<double>(side.intervals.size()) - 1};
}

Bounds percentile_bounds(const SideFigures& side, double percentile, const Dispersion& d, double a) {
    const auto& h = side.latency;
    const auto log_ms = [](std::int64_t micros) { return std::log(static_cast<double>(std::max<std::int64_t>(micros, 1)) / 1000.0); };
    const double p = percentile / 100, n = static_cast<double>(h.total_count());
    const double half = student_quantile(1 - a, d.df) * std::sqrt(d.factor * p * (1 - p) / n);
    Bounds b;
    b.estimate = log_ms(h.value_at_percentile(percentile));
    b.low = p - half <= 0 ? log_ms(h.lowest_equivalent_value(h.min()))
                          : log_ms(h.lowest_equivalent_value(h.value_at_percentile(100 * (p - half))));
    b.high = p + half >= 1 ? INFINITY : log_ms(h.value_at_percentile(100 * (p + half)));
    return b;
}

Bounds rate_bounds(const SideFigures& side, const Dispersion& d, double a) {
    const double requests = static_cast<double>(side.counters.requests());
    const double half = student_quantile(1 - a, d.df) * std::sqrt(d.factor / std::max(requests, 1.0));
    const double estimate = std::log(std::max(side.figure(Metric::Rate), 1e-12));
    return {estimate, estimate - half, estimate + half};
}

}  // namespace dockside::compare
