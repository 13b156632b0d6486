#include "harness/load/capacity.h"

#include <algorithm>
#include <cstdio>
#include <sstream>

namespace dockside::load {

CapacityStep judge_step(double rate, const RunResult& result, const std::vector<Threshold>& slo, double min_achieved) {
    CapacityStep step;
    step.rate = rate;
    step.achieved_rate = result.requests_per_second();
    step.achieved_ratio = result.achieved_ratio().value_or(0);
    const auto latency = result.total_latency();
    step.p50_ms = static_cast<double>(latency.value_at_percentile(50)) / 1000;
    step.p99_ms = static_cast<double>(latency.value_at_percentile(99)) / 1000;
    step.p999_ms = static_cast<double>(latency.value_at_percentile(99.9)) / 1000;
    const auto counters = result.total_counters();
    step.requests = counters.requests();
    step.warmup_s = result.warmup_s;
    step.warmup_requests = result.warmup_sent;
    step.error_ratio = counters.attempted() > 0
                           ? static_cast<double>(counters.errors_total()) / static_cast<double>(counters.attempted())
                           : 0;
    for (const auto& outcome : evaluate(slo, result))
        if (!outcome.passed) step.crossed.push_back(outcome.threshold.expression + " (actual " + outcome.actual_text + ")");
    if (step.achieved_ratio < min_achieved) {
        char text[96];
        std::snprintf(text, sizeof text, "achieved/requested %.3f < %.2f", step.achieved_ratio, min_achieved);
        step.crossed.emplace_back(text);
    }
    step.passed = step.crossed.empty();
    return step;
}

CapacityResult find_capacity(const CapacityOptions& o, const std::vector<Threshold>& slo,
                             const std::function<std::optional<RunResult>(double)>& run_step,
                             const std::function<void(const CapacityStep&)>& on_step) {
    CapacityResult out;
    double pass = 0;   // highest passing rate so far
    double failed = 0; // lowest failing rate so far (0: none yet)
    double rate = std::min(o.start_rate, o.max_rate);
    for (int steps = 0; steps < o.max_steps; ++steps) {
        auto result = run_step(rate);
        if (!result) {
            out.interrupted = true;
            out.stopped_because = "interrupted";
            break;
        }
        auto step = judge_step(rate, *result, slo, o.min_achieved);
        out.curve.push_back(step);
        if (on_step) on_step(step);
        if (step.passed) pass = std::max(pass, rate);
        else failed = failed == 0 ? rate : std::min(failed, rate);
        if (failed == 0) {
            if (rate >= o.max_rate) {
                out.stopped_because = "every step up to --max-rate passed";
                break;
            }
            rate = std::min(rate * o.growth, o.max_rate);
            continue;
        }
        const double lower = pass;
        if (lower > 0 && (failed - lower) / lower <= o.precision) {
            out.stopped_because = "bisected to within the precision";
            break;
        }
        if (lower == 0 && failed < o.start_rate / 64) {
            out.stopped_because = "no rate passed, down to 1/64 of the start rate";
            break;
        }
        rate = (lower + failed) / 2;
    }
    if (out.stopped_because.empty()) out.stopped_because = "reached the step limit";
    if (pass > 0) out.capacity = pass;
    return out;
}

nlohmann::json capacity_json(const CapacityResult& result, const std::vector<Threshold>& slo) {
    nlohmann::json curve = nlohmann::json::array();
    for (const auto& s : result.curve)
        curve.push_back({{"rate", s.rate},
                         {"achieved_rate", s.achieved_rate},
                         {"achieved_ratio", s.achieved_ratio},
                         {"p50_ms", s.p50_ms},
                         {"p99_ms", s.p99_ms},
                         {"p99.9_ms", s.p999_ms},
                         {"error_ratio", s.error_ratio},
                         {"passed", s.passed},
                         {"requests", s.requests},
                         {"warmup_s", s.warmup_s},
                         {"warmup_requests", s.warmup_requests},
                         {"crossed", s.crossed}});
    std::vector<std::string> expressions;
    for (const auto& t : slo) expressions.push_back(t.expression);
    return {{"capacity_rate", result.capacity ? nlohmann::json(*result.capacity) : nlohmann::json(nullptr)},
            {"slo", expressions},
            {"stopped_because", result.stopped_because},
            {"interrupted", result.interrupted},
            {"curve", curve}};
}

std::string capacity_csv(const CapacityResult& result) {
    std::ostringstream out;
    out << "rate,achieved_rate,achieved_ratio,p50_ms,p99_ms,p99.9_ms,error_ratio,passed,requests,warmup_s,"
           "warmup_requests\n";
    for (const auto& s : result.curve) {
        char line[256];
        std::snprintf(line, sizeof line, "%.6g,%.6g,%.6f,%.3f,%.3f,%.3f,%.6f,%s,%lld,%.3f,%lld\n", s.rate,
                      s.achieved_rate, s.achieved_ratio, s.p50_ms, s.p99_ms, s.p999_ms, s.error_ratio,
                      s.passed ? "true" : "false", static_cast<long long>(s.requests), s.warmup_s,
                      static_cast<long long>(s.warmup_requests));
        out << line;
    }
    return out.str();
}

}  // namespace dockside::load
