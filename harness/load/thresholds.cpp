#include "harness/load/thresholds.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <sstream>

#include "core/text.h"
#include "harness/load/duration_text.h"

namespace dockside::load {
namespace {

bool is_latency(Metric m) {
    return m == Metric::latency_percentile || m == Metric::service_percentile || m == Metric::latency_mean ||
           m == Metric::latency_max;
}

std::string number_text(double v, int precision = 4) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.*g", precision, v);
    return buffer;
}

std::string percent_text(double ratio) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.3g%%", ratio * 100);
    return buffer;
}

/// "p99" → 99, "p99.9" → 99.9, "p999" → 99.9 (HdrHistogram's habit); nullopt when not a percentile.
std::optional<double> percentile_of(const std::string& name) {
    if (name.size() < 2 || name[0] != 'p') return std::nullopt;
    const std::string digits = name.substr(1);
    char* end = nullptr;
    double p = std::strtod(digits.c_str(), &end);
    if (end != digits.c_str() + digits.size()) return std::nullopt;
    if (digits.find('.') == std::string::npos && digits.size() > 2) p = p / std::pow(10, digits.size() - 2);
    if (!(p > 0 && p <= 100)) return std::nullopt;
    return p;
}

Result<Metric, std::string> metric_of(const std::string& name, bool service, double& percentile) {
    if (auto p = percentile_of(name)) {
        percentile = *p;
        return service ? Metric::service_percentile : Metric::latency_percentile;
    }
    if (service) return fail(std::string("service: takes a percentile (service:p99)"));
    if (name == "mean" || name == "avg") return Metric::latency_mean;
    if (name == "max") return Metric::latency_max;
    if (name == "errors") return Metric::error_ratio;
    if (name == "rate") return Metric::achieved_ratio;
    if (name == "rps") return Metric::throughput;
    if (name == "substituted") return Metric::substituted_ratio;
    if (name == "rate_limited") return Metric::rate_limited_ratio;
    return fail("unknown metric \"" + name +
                "\" (use pNN, service:pNN, mean, max, errors, rate, rps, substituted or rate_limited)");
}

/// The limit in the metric's unit: µs for latencies, a ratio, a count or req/s.
Result<double, std::string> limit_of(const std::string& text, Threshold& t) {
    char* end = nullptr;
    const double value = std::strtod(text.c_str(), &end);
    const std::string unit(trim(end, kBlanks));
    if (end == text.c_str() || !std::isfinite(value) || value < 0)
        return fail("\"" + text + "\" is not a number >= 0");
    if (is_latency(t.metric)) {
        if (unit.empty()) return fail("latency limit \"" + text + "\" needs a unit (us, ms or s)");
        auto d = parse_duration(text);
        if (!d) return fail(d.error());
        return static_cast<double>(d->count()) / 1e3;
    }
    if (t.metric == Metric::error_ratio || t.metric == Metric::achieved_ratio || t.metric == Metric::substituted_ratio ||
        t.metric == Metric::rate_limited_ratio) {
        if (unit == "%") return value / 100;
        if (!unit.empty()) return fail("\"" + text + "\": use a percentage (0.1%) or a plain number");
        if (t.metric == Metric::error_ratio) {
            t.metric = Metric::error_count;  // errors<10 counts errors
            return value;
        }
        if (t.metric == Metric::substituted_ratio) {
            t.metric = Metric::substituted_count;
            return value;
        }
        if (t.metric == Metric::rate_limited_ratio) {
            t.metric = Metric::rate_limited_count;
            return value;
        }
        if (value > 1) return fail(std::string("rate is achieved ÷ requested: a ratio up to 1 (0.99) or a percentage (99%)"));
        return value;
    }
    if (!unit.empty()) return fail(std::string("rps takes a plain number of requests per second"));
    return value;
}

bool compare(double actual, Comparison c, double limit) {
    switch (c) {
        case Comparison::less: return actual < limit;
        case Comparison::less_equal: return actual <= limit;
        case Comparison::greater: return actual > limit;
        case Comparison::greater_equal: return actual >= limit;
    }
    return false;
}

std::string value_text(Metric m, double v) {
    if (is_latency(m)) return format_micros(v);
    if (m == Metric::error_ratio || m == Metric::achieved_ratio || m == Metric::substituted_ratio ||
        m == Metric::rate_limited_ratio)
        return percent_text(v);
    if (m == Metric::throughput) return number_text(v, 6) + "/s";
    return number_text(v, 10);
}

std::string comparison_text(Comparison c) {
    switch (c) {
        case Comparison::less: return "<";
        case Comparison::less_equal: return "<=";
        case Comparison::greater: return ">";
        case Comparison::greater_equal: return ">=";
    }
    return "?";
}

std::optional<double> actual_of(const Threshold& t, const RunResult& result) {
    OperationCounters counters;
    histogram::Histogram latency = make_latency_histogram();
    histogram::Histogram service = make_latency_histogram();
    if (t.operation.empty()) {
        counters = result.total_counters();
        latency = result.total_latency();
        service = result.total_service();
    } else {
        const OperationResult* op = result.find(t.operation);
        if (!op) return std::nullopt;
        counters = op->counters;
        latency = op->latency;
        service = op->service;
    }
    switch (t.metric) {
        case Metric::latency_percentile:
            if (latency.total_count() == 0) return std::nullopt;
            return static_cast<double>(latency.value_at_percentile(t.percentile));
        case Metric::service_percentile:
            if (service.total_count() == 0) return std::nullopt;
            return static_cast<double>(service.value_at_percentile(t.percentile));
        case Metric::latency_mean:
            if (latency.total_count() == 0) return std::nullopt;
            return latency.mean();
        case Metric::latency_max:
            if (latency.total_count() == 0) return std::nullopt;
            return static_cast<double>(latency.max());
        case Metric::error_ratio:
            if (counters.attempted() == 0) return std::nullopt;
            return static_cast<double>(counters.errors_total()) / static_cast<double>(counters.attempted());
        case Metric::error_count: return static_cast<double>(counters.errors_total());
        case Metric::achieved_ratio: {
            if (!t.operation.empty()) return std::nullopt;
            return result.achieved_ratio();
        }
        case Metric::throughput:
            if (result.duration_s <= 0) return std::nullopt;
            return static_cast<double>(counters.requests()) / result.duration_s;
        case Metric::substituted_ratio:
            if (counters.drawn() == 0) return std::nullopt;
            return static_cast<double>(counters.substituted) / static_cast<double>(counters.drawn());
        case Metric::substituted_count: return static_cast<double>(counters.substituted);
        case Metric::rate_limited_ratio:
            if (counters.attempted() == 0) return std::nullopt;
            return static_cast<double>(counters.status_count(429)) / static_cast<double>(counters.attempted());
        case Metric::rate_limited_count: return static_cast<double>(counters.status_count(429));
    }
    return std::nullopt;
}

}  // namespace

std::string Threshold::metric_name() const {
    switch (metric) {
        case Metric::latency_percentile: return "p" + number_text(percentile) + " latency";
        case Metric::service_percentile: return "p" + number_text(percentile) + " service time";
        case Metric::latency_mean: return "mean latency";
        case Metric::latency_max: return "max latency";
        case Metric::error_ratio: return "error ratio";
        case Metric::error_count: return "errors";
        case Metric::achieved_ratio: return "achieved/requested";
        case Metric::throughput: return "requests/s";
        case Metric::substituted_ratio: return "share sent as another operation";
        case Metric::substituted_count: return "requests sent as another operation";
        case Metric::rate_limited_ratio: return "share answered 429 (rate limited)";
        case Metric::rate_limited_count: return "answers 429 (rate limited)";
    }
    return "?";
}

Result<Threshold, std::string> parse_threshold(std::string_view text) {
    Threshold t;
    t.expression = trim(text, kBlanks);
    const std::string quoted = "threshold \"" + t.expression + "\": ";
    const auto at = t.expression.find_first_of("<>");
    if (at == std::string::npos) return fail(quoted + "no comparison (use <, <=, > or >=, e.g. p99<50ms)");
    const bool or_equal = at + 1 < t.expression.size() && t.expression[at + 1] == '=';
    t.comparison = t.expression[at] == '<' ? (or_equal ? Comparison::less_equal : Comparison::less)
                                           : (or_equal ? Comparison::greater_equal : Comparison::greater);
    std::string left(trim(std::string_view(t.expression).substr(0, at), kBlanks));
    const std::string right(trim(std::string_view(t.expression).substr(at + (or_equal ? 2 : 1)), kBlanks));
    if (left.empty() || right.empty()) return fail(quoted + "expected [operation:]metric OP value");
    // The metric is after the last ':'; operation names ("POST /2025-07/order:estimate") may hold colons.
    const auto colon = left.rfind(':');
    std::string name = colon == std::string::npos ? left : left.substr(colon + 1);
    std::string rest = colon == std::string::npos ? "" : left.substr(0, colon);
    bool service = false;
    if (rest == "service" || (rest.size() > 8 && rest.compare(rest.size() - 8, 8, ":service") == 0)) {
        service = true;
        rest = rest == "service" ? "" : rest.substr(0, rest.size() - 8);
    }
    t.operation = trim(rest, kBlanks);
    auto metric = metric_of(std::string(trim(name, kBlanks)), service, t.percentile);
    if (!metric) return fail(quoted + metric.error());
    t.metric = *metric;
    if (t.metric == Metric::achieved_ratio && !t.operation.empty())
        return fail(quoted + "rate is a property of the whole run, not of one operation");
    auto limit = limit_of(right, t);
    if (!limit) return fail(quoted + limit.error());
    t.limit = *limit;
    return t;
}

Result<std::vector<Threshold>, std::vector<std::string>> parse_threshold_list(std::string_view text) {
    std::vector<Threshold> out;
    std::vector<std::string> problems;
    std::size_t start = 0;
    while (start <= text.size()) {
        std::size_t comma = text.find(',', start);
        if (comma == std::string_view::npos) comma = text.size();
        const std::string piece(trim(text.substr(start, comma - start), kBlanks));
        if (!piece.empty()) {
            auto t = parse_threshold(piece);
            if (t) out.push_back(*t);
            else problems.push_back(t.error());
        }
        start = comma + 1;
    }
    if (out.empty() && problems.empty()) problems.push_back("no threshold given");
    if (!problems.empty()) return fail(std::move(problems));
    return out;
}

Result<std::vector<Threshold>, std::vector<std::string>> parse_threshold_lists(const std::vector<std::string>& texts) {
    std::vector<Threshold> out;
    std::vector<std::string> problems;
    for (const auto& text : texts) {
        auto list = parse_threshold_list(text);
        if (list) out.insert(out.end(), list->begin(), list->end());
        else problems.insert(problems.end(), list.error().begin(), list.error().end());
    }
    if (!problems.empty()) return fail(std::move(problems));
    return out;
}

std::int64_t requests_to_judge(double percentile) {
    if (percentile >= 100) return 20;
    return static_cast<std::int64_t>(std::ceil(10.0 / (1.0 - percentile / 100.0) - 1e-6));  // 99.9 is inexact
}

std::int64_t requests_to_judge(const Threshold& t) {
    if (t.metric != Metric::latency_percentile && t.metric != Metric::service_percentile) return 0;
    return requests_to_judge(t.percentile);
}

std::vector<ThresholdOutcome> evaluate(const std::vector<Threshold>& thresholds, const RunResult& result) {
    std::vector<ThresholdOutcome> outcomes;
    for (const auto& t : thresholds) {
        ThresholdOutcome o;
        o.threshold = t;
        o.actual = actual_of(t, result);
        o.limit_text = comparison_text(t.comparison) + " " + value_text(t.metric, t.limit);
        if (!o.actual) {
            o.passed = false;
            o.actual_text = "-";
            o.margin_text = t.metric == Metric::achieved_ratio ? "only an open-loop run has a requested rate"
                                                                : "no data to judge";
        } else {
            o.passed = compare(*o.actual, t.comparison, t.limit);
            o.actual_text = value_text(t.metric, *o.actual);
            const double diff = std::abs(*o.actual - t.limit);
            const bool upper = t.comparison == Comparison::less || t.comparison == Comparison::less_equal;
            o.margin_text = o.passed ? value_text(t.metric, diff) + " to spare"
                                     : value_text(t.metric, diff) + (upper ? " over" : " under");
        }
        outcomes.push_back(o);
    }
    return outcomes;
}

std::string render_thresholds(const std::vector<ThresholdOutcome>& outcomes) {
    std::size_t width = 9;
    for (const auto& o : outcomes) width = std::max(width, o.threshold.expression.size());
    std::ostringstream out;
    char line[512];
    std::snprintf(line, sizeof line, "  %-*s  %-12s  %-14s  %-6s  %s\n", static_cast<int>(width), "threshold", "actual",
                  "limit", "result", "margin");
    out << line;
    for (const auto& o : outcomes) {
        std::snprintf(line, sizeof line, "  %-*s  %-12s  %-14s  %-6s  %s\n", static_cast<int>(width),
                      o.threshold.expression.c_str(), o.actual_text.c_str(), o.limit_text.c_str(),
                      o.passed ? "pass" : "FAIL", o.margin_text.c_str());
        out << line;
    }
    return out.str();
}

}  // namespace dockside::load
