#include "harness/compare/machine_state.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace dockside::compare {
namespace {

/// The generator's own send lag (its lateness while a connection was free, not the target's) of every run
/// of a side: how much CPU the generator got, i.e. the state of the machine it ran on.
histogram::Histogram own_send_lag(const std::vector<const LoadRun*>& runs) {
    auto lag = load::make_latency_histogram();
    for (const auto* run : runs) lag.add(run->summary.result.own_send_lag);
    return lag;
}

}  // namespace

MachineState machine_difference(const std::vector<const LoadRun*>& baseline, const std::vector<const LoadRun*>& candidate) {
    MachineState state;
    state.baseline_lag = own_send_lag(baseline);
    state.candidate_lag = own_send_lag(candidate);
    const auto& a = state.baseline_lag;
    const auto& b = state.candidate_lag;
    if (a.total_count() == 0 || b.total_count() == 0) return state;
    // Floors: a quiet generator's own p50 is about 5 us here and a busy one's 15 us; its p99 is milliseconds.
    for (const auto& [p, floor_us] : {std::pair{50.0, 5.0}, std::pair{99.0, 1000.0}}) {
        const double x = static_cast<double>(a.value_at_percentile(p)), y = static_cast<double>(b.value_at_percentile(p));
        if (state.text.empty() && std::max(x, y) > 2 * std::min(x, y) && std::abs(x - y) > floor_us) {
            char text[200];
            std::snprintf(text, sizeof text, "the generator's own send lag p%g was %.3fms in the baseline and %.3fms in the candidate",
                          p, x / 1000, y / 1000);
            state.text = text;
        }
    }
    return state;
}

double machine_allowance(const MachineState& machine, double baseline_ms) {
    double worse = 0, better = 0;
    for (double at : {50.0, 99.0}) {
        const double d = static_cast<double>(machine.candidate_lag.value_at_percentile(at)) -
                         static_cast<double>(machine.baseline_lag.value_at_percentile(at));
        worse = std::max(worse, d), better = std::max(better, -d);
    }
    return (worse >= better ? worse : -better) / 1000 / baseline_ms;
}

}  // namespace dockside::compare
