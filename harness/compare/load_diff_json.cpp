// The load part of compare.json (specs/compare.schema.json, "load_diff").

#include "harness/compare/load_diff.h"

#include <cmath>

namespace dockside::compare {
namespace {

using nlohmann::json;

/// null when unset or unbounded (JSON has no infinity).
json optional_number(const std::optional<double>& value) { return value && std::isfinite(*value) ? json(*value) : json(nullptr); }

}  // namespace

json to_json(const MetricComparison& m) {
    return {{"operation", m.operation},
            {"metric", to_string(m.metric)},
            {"unit", in_points(m.metric) ? "fraction" : m.metric == Metric::Rate ? "requests/s" : "ms"},
            {"method", m.method},
            {"baseline", m.baseline},
            {"candidate", m.candidate},
            {"baseline_runs", m.baseline_runs},
            {"candidate_runs", m.candidate_runs},
            {"baseline_count", m.baseline_count},
            {"candidate_count", m.candidate_count},
            {"change", optional_number(m.change)},
            {"change_low", optional_number(m.change_low)},
            {"change_high", optional_number(m.change_high)},
            {"change_kind", in_points(m.metric) ? "difference" : "ratio"},
            {"confidence", m.change ? json(m.confidence) : json(nullptr)},
            {"margin", m.margin},
            {"machine_allowance", optional_number(m.machine_allowance)},
            {"verdict", to_string(m.verdict)},
            {"more_runs_needed", m.more_runs_needed ? json(*m.more_runs_needed) : json(nullptr)},
            {"reason", m.reason},
            {"gate", m.gate.empty() ? json(nullptr) : json(m.gate)},
            {"can_fail", m.can_fail},
            {"fails", m.fails}};
}

json to_json(const LoadDiff& d) {
    json metrics = json::array();
    for (const auto& m : d.metrics) metrics.push_back(to_json(m));
    return {{"baseline_runs", d.baseline_runs},
            {"candidate_runs", d.candidate_runs},
            {"method", d.method},
            {"family", d.family},
            {"confidence", d.confidence},
            {"counts",
             {{"regressed", d.count(Verdict::Regressed)},
              {"same", d.count(Verdict::Same)},
              {"improved", d.count(Verdict::Improved)},
              {"inconclusive", d.count(Verdict::Inconclusive)},
              {"failing", d.failures()},
              {"undecided", d.undecided()}}},
            {"metrics", metrics},
            {"operations_appeared", d.operations_appeared},
            {"operations_vanished", d.operations_vanished},
            {"notes", d.notes},
            {"machine_differs", d.machine_differs.empty() ? json(nullptr) : json(d.machine_differs)},
            {"run_noise_ms", d.run_noise_ms > 0 ? json(d.run_noise_ms) : json(nullptr)},
            {"to_decide", d.to_decide.empty() ? json(nullptr) : json(d.to_decide)}};
}

}  // namespace dockside::compare
