#include "harness/compare/side_figures.h"

#include <cmath>

#include "harness/compare/statistics.h"

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

std::size_t index_of(Metric metric) {
    for (std::size_t i = 0; i < std::size(kAllMetrics); ++i)
        if (kAllMetrics[i] == metric) return i;
    return 0;
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
        auto& samples = side.intervals.emplace_back();
        if (auto it = run->latency.find(tag); it != run->latency.end())
            for (const auto& interval : it->second) samples.push_back({&interval.histogram, interval.length_s});
        if (samples.empty()) side.intervals_complete = false;
    }
    return side;
}

SideSpread bootstrap_spread(const SideFigures& side, int replicates, std::uint64_t seed) {
    SideSpread spread;
    if (!side.intervals_complete || side.intervals.empty()) return spread;
    const IntervalResampler resampler(side.intervals);
    if (resampler.empty()) return spread;
    for (const auto& run : side.intervals) {
        const auto block = IntervalResampler::block_length(run.size());
        spread.blocks += (run.size() + block - 1) / block;
    }
    static const std::vector<double> percentiles = {50.0, 90.0, 99.0, 99.9};
    const auto resamples = resampler.resample(replicates, percentiles, seed);
    for (Metric metric : kAllMetrics) {
        if (metric == Metric::Errors) continue;  // the logs hold latency only; error rates use their counts
        std::vector<double> logs;
        for (const auto& r : resamples) {
            double value = 0;
            if (metric == Metric::Rate) value = r.seconds > 0 ? static_cast<double>(r.count) / r.seconds : 0;
            else if (metric == Metric::Max) value = static_cast<double>(r.max);
            else value = static_cast<double>(r.percentiles[index_of(metric)]);
            if (value > 0) logs.push_back(std::log(value));
        }
        // The bootstrap spread of k blocks understates the run's by about k / (k - 1) in variance (as the
        // plug-in variance of a mean of k does); a 10-second run has five blocks, so it matters.
        const double k = static_cast<double>(spread.blocks);
        if (logs.size() >= 2) spread.log_sd[index_of(metric)] = standard_deviation(logs) * (k > 1 ? std::sqrt(k / (k - 1)) : 1.0);
    }
    return spread;
}

}  // namespace dockside::compare
