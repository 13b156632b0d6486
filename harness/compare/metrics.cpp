#include "harness/compare/metrics.h"

#include <charconv>
#include <cmath>

#include "core/text.h"

namespace dockside::compare {
namespace {

/// "+10%" → 0.10 with unit "%", "+0.1pp" → 0.001 with unit "pp"; the sign is returned apart.
struct Amount {
    double value = 0;
    char sign = 0;  ///< '+', '-' or 0 when none was written
    bool points = false;
};

std::optional<Amount> parse_amount(std::string_view text) {
    Amount a;
    if (!text.empty() && (text.front() == '+' || text.front() == '-')) {
        a.sign = text.front();
        text.remove_prefix(1);
    }
    double scale = 0;
    if (text.size() > 2 && text.substr(text.size() - 2) == "pp") {
        a.points = true;
        scale = 0.01;
        text.remove_suffix(2);
    } else if (text.size() > 1 && text.back() == '%') {
        scale = 0.01;
        text.remove_suffix(1);
    } else {
        return std::nullopt;
    }
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), a.value);
    if (ec != std::errc{} || end != text.data() + text.size() || !std::isfinite(a.value) || a.value < 0) return std::nullopt;
    a.value *= scale;
    return a;
}

}  // namespace

const char* to_string(Metric metric) {
    switch (metric) {
        case Metric::P50: return "p50";
        case Metric::P90: return "p90";
        case Metric::P99: return "p99";
        case Metric::P999: return "p99.9";
        case Metric::Max: return "max";
        case Metric::Errors: return "errors";
        case Metric::Rate: return "rate";
    }
    return "?";
}

std::optional<Metric> metric_named(std::string_view name) {
    for (auto m : kAllMetrics)
        if (name == to_string(m)) return m;
    if (name == "p999") return Metric::P999;
    return std::nullopt;
}

std::optional<double> percentile_of(Metric metric) {
    switch (metric) {
        case Metric::P50: return 50.0;
        case Metric::P90: return 90.0;
        case Metric::P99: return 99.0;
        case Metric::P999: return 99.9;
        case Metric::Max: return 100.0;
        default: return std::nullopt;
    }
}

bool higher_is_worse(Metric metric) { return metric != Metric::Rate; }
bool in_points(Metric metric) { return metric == Metric::Errors; }

Result<std::vector<Gate>, std::vector<std::string>> parse_gates(std::string_view text) {
    std::vector<Gate> gates;
    std::vector<std::string> problems;
    std::size_t from = 0;
    while (from <= text.size()) {
        const auto comma = text.find(',', from);
        const auto entry = trim(text.substr(from, comma == std::string_view::npos ? std::string_view::npos : comma - from), kBlanks);
        from = comma == std::string_view::npos ? text.size() + 1 : comma + 1;
        if (entry.empty()) continue;
        const std::string where = "--fail-on '" + std::string(entry) + "'";
        Gate gate;
        gate.expression = std::string(entry);
        const auto last = entry.rfind(':');
        if (last == std::string_view::npos) {
            problems.push_back(where + ": expected [OPERATION:]METRIC:+N% (e.g. p99:+10%, errors:+0.1pp, getOrder:p50:+5%)");
            continue;
        }
        std::string_view head = entry.substr(0, last);
        if (const auto first = head.rfind(':'); first != std::string_view::npos) {
            gate.operation = std::string(head.substr(0, first));
            head = head.substr(first + 1);
        }
        const auto metric = metric_named(head);
        if (!metric) {
            problems.push_back(where + ": unknown metric '" + std::string(head) + "' (p50, p90, p99, p99.9, max, errors, rate)");
            continue;
        }
        gate.metric = *metric;
        const auto amount = parse_amount(entry.substr(last + 1));
        if (!amount) {
            problems.push_back(where + ": '" + std::string(entry.substr(last + 1)) + "' is not an amount (+10% or, for errors, +0.1pp)");
            continue;
        }
        if (amount->points != in_points(*metric)) {
            problems.push_back(where + (in_points(*metric) ? ": error rates change in percentage points (errors:+0.1pp)"
                                                            : ": give a relative change in % (pp is for errors)"));
            continue;
        }
        const char worse = higher_is_worse(*metric) ? '+' : '-';
        if (amount->sign != 0 && amount->sign != worse) {
            problems.push_back(where + ": " + to_string(*metric) + " gets worse as it " +
                               (worse == '+' ? "grows; write +N" : "falls; write -N") + (amount->points ? "pp" : "%"));
            continue;
        }
        gate.amount = amount->value;
        gates.push_back(std::move(gate));
    }
    if (!problems.empty()) return fail(std::move(problems));
    return gates;
}

}  // namespace dockside::compare
