#include "harness/load/capacity.h"

#include <algorithm>
#include <cstdio>
#include <sstream>

#include "harness/load/summary_json.h"

namespace dockside::load {
namespace {

/// The first example of each error status and kind over every operation.
std::vector<StepErrorExample> step_examples(const RunResult& result) {
    std::vector<StepErrorExample> out;
    for (const auto& op : result.operations)
        for (const auto& e : op.error_examples) {
            const bool seen = std::any_of(out.begin(), out.end(), [&](const auto& o) { return o.example.what == e.what; });
            if (!seen) out.push_back({op.name, e});
        }
    return out;
}

/// A CSV field: quoted, inner quotes doubled, line breaks as spaces (one step stays one line).
std::string csv_field(std::string text) {
    for (char& c : text)
        if (c == '\n' || c == '\r') c = ' ';
    std::string out = "\"";
    for (char c : text) out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

std::string status_codes_text(const OperationCounters& c) {
    std::string out;
    for (int code = kMinStatus; code <= kMaxStatus; ++code)
        if (const auto n = c.status_count(code); n > 0) out += (out.empty() ? "" : " ") + std::to_string(code) + ":" + std::to_string(n);
    if (c.other_status > 0) out += (out.empty() ? "" : " ") + std::string("other:") + std::to_string(c.other_status);
    return out;
}

std::string error_kinds_text(const OperationCounters& c) {
    std::string out;
    for (auto kind : all_error_kinds())
        if (const auto n = c.errors[static_cast<std::size_t>(kind)]; n > 0)
            out += (out.empty() ? "" : " ") + std::string(to_string(kind)) + ":" + std::to_string(n);
    return out;
}

std::string examples_text(const std::vector<StepErrorExample>& examples) {
    std::string out;
    for (const auto& e : examples)
        out += (out.empty() ? "" : " | ") + e.example.what + " (" + e.operation + "): " + e.example.detail.substr(0, 160);
    return out;
}

/// The requests behind a threshold's figure in `result`: the run's, or its operation's.
std::int64_t requests_behind(const Threshold& t, const RunResult& result) {
    const bool service = t.metric == Metric::service_percentile;
    if (t.operation.empty()) return (service ? result.total_service() : result.total_latency()).total_count();
    const OperationResult* op = result.find(t.operation);
    return op ? (service ? op->service : op->latency).total_count() : 0;
}

}  // namespace

double step_seconds(double rate, double asked_s, const std::vector<Threshold>& slo,
                    const std::map<std::string, double>& shares) {
    double seconds = asked_s;
    for (const auto& t : slo) {
        const auto needed = requests_to_judge(t);
        if (needed == 0 || rate <= 0) continue;
        const auto share = t.operation.empty() ? shares.end() : shares.find(t.operation);
        const double its_rate = rate * (share == shares.end() || share->second <= 0 ? 1.0 : share->second);
        seconds = std::max(seconds, static_cast<double>(needed) / its_rate * 1.05);
    }
    return seconds;
}

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
    step.counters = counters;
    step.examples = step_examples(result);
    step.error_ratio = counters.attempted() > 0
                           ? static_cast<double>(counters.errors_total()) / static_cast<double>(counters.attempted())
                           : 0;
    for (const auto& outcome : evaluate(slo, result)) {
        const auto needed = requests_to_judge(outcome.threshold);
        if (const auto behind = requests_behind(outcome.threshold, result); behind < needed)
            step.unjudged.push_back(outcome.threshold.expression + ": " + std::to_string(behind) + " requests, " +
                                    std::to_string(needed) + " needed");
        else if (!outcome.passed)
            step.crossed.push_back(outcome.threshold.expression + " (actual " + outcome.actual_text + ")");
    }
    if (step.achieved_ratio < min_achieved) {
        char text[96];
        std::snprintf(text, sizeof text, "achieved/requested %.3f < %.2f", step.achieved_ratio, min_achieved);
        step.crossed.emplace_back(text);
    }
    step.passed = step.crossed.empty() && step.unjudged.empty();
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
        if (step.crossed.empty() && !step.unjudged.empty()) {
            char rate_text[32];
            std::snprintf(rate_text, sizeof rate_text, "%.6g", rate);
            out.stopped_because = std::string("the step at ") + rate_text + "/s had too few requests to judge " +
                                  step.unjudged.front() + ": lengthen --step-duration";
            break;
        }
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

std::vector<std::string> step_error_lines(const CapacityStep& step) {
    std::vector<std::string> lines;
    const auto add = [&](const std::string& what, std::int64_t count) {
        std::string line = what + ": " + std::to_string(count);
        for (const auto& e : step.examples)
            if (e.example.what == what) {
                std::string detail = e.example.detail.substr(0, 120);
                for (char& c : detail)
                    if (c == '\n' || c == '\r') c = ' ';
                line += ", e.g. " + e.operation + ": " + detail;
                break;
            }
        lines.push_back(line);
    };
    for (int code = 400; code <= kMaxStatus; ++code)
        if (const auto n = step.counters.status_count(code); n > 0) add("HTTP " + std::to_string(code), n);
    for (auto kind : all_error_kinds())
        if (const auto n = step.counters.errors[static_cast<std::size_t>(kind)]; n > 0) add(std::string(to_string(kind)), n);
    return lines;
}

nlohmann::json capacity_json(const CapacityResult& result, const std::vector<Threshold>& slo) {
    nlohmann::json curve = nlohmann::json::array();
    for (const auto& s : result.curve) {
        const auto counts = counters_json(s.counters);
        nlohmann::json examples = nlohmann::json::array();
        for (const auto& e : s.examples)
            examples.push_back({{"operation", e.operation}, {"what", e.example.what}, {"detail", e.example.detail}});
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
                         {"crossed", s.crossed},
                         {"unjudged", s.unjudged},
                         {"status", counts["status"]},
                         {"status_classes", counts["status_classes"]},
                         {"error_kinds", counts["error_kinds"]},
                         {"substituted", s.counters.substituted},
                         {"error_examples", examples}});
    }
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
           "warmup_requests,status_codes,error_kinds,error_examples\n";
    for (const auto& s : result.curve) {
        char line[256];
        std::snprintf(line, sizeof line, "%.6g,%.6g,%.6f,%.3f,%.3f,%.3f,%.6f,%s,%lld,%.3f,%lld,", s.rate,
                      s.achieved_rate, s.achieved_ratio, s.p50_ms, s.p99_ms, s.p999_ms, s.error_ratio,
                      s.passed ? "true" : "false", static_cast<long long>(s.requests), s.warmup_s,
                      static_cast<long long>(s.warmup_requests));
        out << line << csv_field(status_codes_text(s.counters)) << "," << csv_field(error_kinds_text(s.counters)) << ","
            << csv_field(examples_text(s.examples)) << "\n";
    }
    return out.str();
}

}  // namespace dockside::load
