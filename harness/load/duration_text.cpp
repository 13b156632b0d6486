#include "harness/load/duration_text.h"

#include <cmath>
#include <cstdio>

namespace dockside::load {
namespace {

/// Nanoseconds per unit, or 0 when `unit` is not one.
double unit_nanos(std::string_view unit) {
    if (unit == "us" || unit == "\xC2\xB5s") return 1e3;
    if (unit == "ms") return 1e6;
    if (unit == "s" || unit.empty()) return 1e9;
    if (unit == "m") return 60e9;
    if (unit == "h") return 3600e9;
    return 0;
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

}  // namespace

Result<Nanos, std::string> parse_duration(std::string_view text) {
    const std::string quoted = "\"" + std::string(text) + "\"";
    if (text.empty()) return fail(std::string("empty duration (expected e.g. 30s, 500ms, 1m30s)"));
    double total = 0;
    std::size_t i = 0;
    while (i < text.size()) {
        const std::size_t start = i;
        while (i < text.size() && (is_digit(text[i]) || text[i] == '.')) ++i;
        if (i == start) return fail(quoted + " is not a duration (expected e.g. 30s, 500ms, 1m30s)");
        const std::string number(text.substr(start, i - start));
        if (number.find('.') != number.rfind('.')) return fail(quoted + " has a malformed number");
        const std::size_t unit_start = i;
        while (i < text.size() && !is_digit(text[i]) && text[i] != '.') ++i;
        const double scale = unit_nanos(text.substr(unit_start, i - unit_start));
        if (scale == 0)
            return fail(quoted + ": unknown unit \"" + std::string(text.substr(unit_start, i - unit_start)) +
                        "\" (use us, ms, s, m or h)");
        if (unit_start == text.size() && start != 0)
            return fail(quoted + ": a number without unit may only stand alone (seconds)");
        total += std::stod(number) * scale;
    }
    if (!std::isfinite(total) || total > 1e9 * 3600 * 24 * 365)
        return fail(quoted + " is longer than a year");
    return Nanos(static_cast<std::int64_t>(std::llround(total)));
}

std::string format_duration(Nanos duration) {
    std::int64_t ns = duration.count();
    if (ns == 0) return "0s";
    char buffer[64];
    // From a minute up, "%g" would turn to exponents (2.17803e+08s): hours and minutes, then the seconds to
    // the millisecond.
    if (ns >= 60'000'000'000 && ns % 1'000'000'000 != 0) {
        const std::int64_t ms = (ns + 500'000) / 1'000'000;
        std::string out;
        if (ms >= 3'600'000) out += std::to_string(ms / 3'600'000) + "h";
        if (ms % 3'600'000 >= 60'000) out += std::to_string(ms % 3'600'000 / 60'000) + "m";
        std::snprintf(buffer, sizeof buffer, "%lld.%03lld", static_cast<long long>(ms % 60'000 / 1000),
                      static_cast<long long>(ms % 1000));
        std::string seconds = buffer;
        while (seconds.back() == '0') seconds.pop_back();
        if (seconds.back() == '.') seconds.pop_back();
        return out + seconds + "s";
    }
    if (ns % 1'000'000'000 != 0) {
        if (ns < 1'000'000'000 && ns % 1'000'000 == 0) return std::to_string(ns / 1'000'000) + "ms";
        if (ns < 1'000'000) return std::to_string(ns / 1000) + "us";
        std::snprintf(buffer, sizeof buffer, "%.6gs", static_cast<double>(ns) / 1e9);
        return buffer;
    }
    std::int64_t s = ns / 1'000'000'000;
    std::string out;
    if (s >= 3600) out += std::to_string(s / 3600) + "h", s %= 3600;
    if (s >= 60) out += std::to_string(s / 60) + "m", s %= 60;
    if (s > 0) out += std::to_string(s) + "s";
    return out;
}

std::string format_micros(double micros) {
    char buffer[32];
    if (micros < 1000) std::snprintf(buffer, sizeof buffer, "%.0f\xC2\xB5s", micros);
    else if (micros < 10'000) std::snprintf(buffer, sizeof buffer, "%.2fms", micros / 1e3);
    else if (micros < 1'000'000) std::snprintf(buffer, sizeof buffer, "%.1fms", micros / 1e3);
    else std::snprintf(buffer, sizeof buffer, "%.2fs", micros / 1e6);
    return buffer;
}

std::string format_percent(double ratio) {
    if (!(ratio > 0)) return "0%";
    const double percent = ratio * 100;
    // Neither end may round to what it is not: all, or none.
    if (ratio < 1 && percent > 99.9) return ">99.9%";
    if (percent < 0.01) return "<0.01%";
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, percent >= 10 ? "%.3g%%" : "%.2g%%", percent);
    return buffer;
}

}  // namespace dockside::load
