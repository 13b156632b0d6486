#pragma once
/// RFC 3339 date-times and full-dates as the receiving and billing suites compare them (whole seconds,
/// UTC). Header-only because suites/CMakeLists.txt compiles only `*_suite.cpp`; GCC 12 has neither
/// std::format for chrono nor std::chrono::parse, hence the hand-written reading.

#include <cctype>
#include <chrono>
#include <cstdio>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

namespace dockside::suites::times {

using Seconds = std::chrono::sys_seconds;

/// `2025-07-01T12:00:00Z`, `2025-07-01T12:00:00.123+02:00` → UTC seconds (fraction dropped); or a
/// full-date `2025-07-01` → its midnight UTC. Nothing for anything else.
inline std::optional<Seconds> parse(const std::string& text) {
    int y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0, used = 0;
    if (std::sscanf(text.c_str(), "%4d-%2d-%2d%n", &y, &mo, &d, &used) != 3 || used != 10) return std::nullopt;
    const std::chrono::year_month_day ymd{std::chrono::year(y), std::chrono::month(static_cast<unsigned>(mo)),
                                          std::chrono::day(static_cast<unsigned>(d))};
    if (!ymd.ok()) return std::nullopt;
    Seconds day{std::chrono::sys_days(ymd)};
    if (text.size() == 10) return day;
    if (text.size() < 20 || (text[10] != 'T' && text[10] != 't')) return std::nullopt;
    if (std::sscanf(text.c_str() + 11, "%2d:%2d:%2d", &h, &mi, &s) != 3 || h > 23 || mi > 59 || s > 60) return std::nullopt;
    std::size_t i = 19;
    if (i < text.size() && text[i] == '.')
        for (++i; i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])); ++i) {
        }
    Seconds t = day + std::chrono::hours(h) + std::chrono::minutes(mi) + std::chrono::seconds(s);
    if (i < text.size() && (text[i] == 'Z' || text[i] == 'z') && i + 1 == text.size()) return t;
    int oh = 0, om = 0;
    if (i + 6 == text.size() && (text[i] == '+' || text[i] == '-') &&
        std::sscanf(text.c_str() + i + 1, "%2d:%2d", &oh, &om) == 2) {
        const auto offset = std::chrono::hours(oh) + std::chrono::minutes(om);
        return text[i] == '+' ? t - offset : t + offset;
    }
    return std::nullopt;
}

/// A JSON string value parsed as above.
inline std::optional<Seconds> of(const nlohmann::json& value) {
    if (!value.is_string()) return std::nullopt;
    return parse(value.get<std::string>());
}

/// `2025-07-01T12:00:00Z`.
inline std::string iso(Seconds t) {
    const auto day = std::chrono::floor<std::chrono::days>(t);
    const std::chrono::year_month_day ymd{day};
    const std::chrono::hh_mm_ss hms{t - day};
    char buf[32];
    std::snprintf(buf, sizeof buf, "%04d-%02u-%02uT%02d:%02d:%02dZ", static_cast<int>(ymd.year()),
                  static_cast<unsigned>(ymd.month()), static_cast<unsigned>(ymd.day()), static_cast<int>(hms.hours().count()),
                  static_cast<int>(hms.minutes().count()), static_cast<int>(hms.seconds().count()));
    return buf;
}

/// Now on this machine, whole seconds.
inline Seconds now() { return std::chrono::floor<std::chrono::seconds>(std::chrono::system_clock::now()); }

}  // namespace dockside::suites::times
