#include "harness/load/start_instant.h"

#include <cctype>
#include <cstdio>

#include "harness/load/duration_text.h"

namespace dockside::load {
namespace {

using namespace std::chrono;

/// Reads exactly `digits` decimal digits at `pos`, moving past them.
std::optional<int> fixed_digits(std::string_view text, std::size_t& pos, int digits) {
    if (pos + static_cast<std::size_t>(digits) > text.size()) return std::nullopt;
    int value = 0;
    for (int i = 0; i < digits; ++i) {
        const char c = text[pos + static_cast<std::size_t>(i)];
        if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
        value = value * 10 + (c - '0');
    }
    pos += static_cast<std::size_t>(digits);
    return value;
}

bool expect(std::string_view text, std::size_t& pos, char c) {
    if (pos >= text.size() || std::toupper(static_cast<unsigned char>(text[pos])) != c) return false;
    ++pos;
    return true;
}

std::optional<WallTime> parse_rfc3339(std::string_view text) {
    std::size_t pos = 0;
    const auto y = fixed_digits(text, pos, 4);
    if (!y || !expect(text, pos, '-')) return std::nullopt;
    const auto mo = fixed_digits(text, pos, 2);
    if (!mo || !expect(text, pos, '-')) return std::nullopt;
    const auto d = fixed_digits(text, pos, 2);
    if (!d || !expect(text, pos, 'T')) return std::nullopt;
    const auto h = fixed_digits(text, pos, 2);
    if (!h || !expect(text, pos, ':')) return std::nullopt;
    const auto mi = fixed_digits(text, pos, 2);
    if (!mi || !expect(text, pos, ':')) return std::nullopt;
    const auto s = fixed_digits(text, pos, 2);
    if (!s) return std::nullopt;
    const year_month_day date{year{*y}, month{static_cast<unsigned>(*mo)}, day{static_cast<unsigned>(*d)}};
    if (!date.ok() || *h > 23 || *mi > 59 || *s > 59) return std::nullopt;
    std::int64_t fraction_ns = 0;
    if (pos < text.size() && text[pos] == '.') {
        ++pos;
        std::int64_t scale = 100'000'000;
        const std::size_t first = pos;
        for (; pos < text.size() && std::isdigit(static_cast<unsigned char>(text[pos])); ++pos, scale /= 10)
            fraction_ns += (text[pos] - '0') * scale;  // digits past nanoseconds add nothing
        if (pos == first) return std::nullopt;
    }
    seconds offset{0};
    if (expect(text, pos, 'Z')) {
    } else if (pos < text.size() && (text[pos] == '+' || text[pos] == '-')) {
        const int sign = text[pos++] == '-' ? -1 : 1;
        const auto oh = fixed_digits(text, pos, 2);
        if (!oh || !expect(text, pos, ':')) return std::nullopt;
        const auto om = fixed_digits(text, pos, 2);
        if (!om || *oh > 23 || *om > 59) return std::nullopt;
        offset = seconds(sign * (*oh * 3600 + *om * 60));
    } else {
        return std::nullopt;
    }
    if (pos != text.size()) return std::nullopt;
    const auto local = sys_days(date) + hours(*h) + minutes(*mi) + seconds(*s) + nanoseconds(fraction_ns);
    return time_point_cast<WallTime::duration>(local - offset);
}

}  // namespace

Result<WallTime, std::string> parse_start_instant(std::string_view text, WallTime now) {
    if (!text.empty() && text.front() == '+') {
        auto after = parse_duration(text.substr(1));
        if (!after) return fail("\"" + std::string(text) + "\": " + after.error());
        return now + duration_cast<WallTime::duration>(*after);
    }
    if (auto at = parse_rfc3339(text)) return *at;
    return fail("\"" + std::string(text) +
                "\": expected an RFC 3339 instant with its offset (2026-11-23T14:00:00Z, "
                "2026-11-23T15:00:00.5+01:00) or +DURATION from now (+10s)");
}

std::optional<std::string> start_instant_problem(WallTime at, WallTime now) {
    if (at + kStartTolerance < now)
        return format_utc(at) + " is " + format_duration(duration_cast<milliseconds>(now - at)) +
               " in the past (the start may be late by " + format_duration(kStartTolerance) + " at most)";
    if (at > now + kStartHorizon)
        return format_utc(at) + " is more than " + format_duration(kStartHorizon) + " ahead";
    return std::nullopt;
}

std::string format_utc(WallTime at) {
    const auto micros = duration_cast<microseconds>(at.time_since_epoch()).count();
    const std::int64_t whole = micros >= 0 ? micros / 1'000'000 : -((-micros + 999'999) / 1'000'000);
    const auto fraction = micros - whole * 1'000'000;
    const sys_seconds secs{seconds(whole)};
    const auto day_point = floor<days>(secs);
    const year_month_day date{day_point};
    const hh_mm_ss time{secs - day_point};
    char text[48];
    std::snprintf(text, sizeof text, "%04d-%02u-%02uT%02d:%02d:%02d.%06lldZ", static_cast<int>(date.year()),
                  static_cast<unsigned>(date.month()), static_cast<unsigned>(date.day()),
                  static_cast<int>(time.hours().count()), static_cast<int>(time.minutes().count()),
                  static_cast<int>(time.seconds().count()), static_cast<long long>(fraction));
    return text;
}

std::int64_t unix_ns(WallTime at) { return duration_cast<nanoseconds>(at.time_since_epoch()).count(); }

WallTime from_unix_ns(std::int64_t ns) { return WallTime(duration_cast<WallTime::duration>(nanoseconds(ns))); }

}  // namespace dockside::load
