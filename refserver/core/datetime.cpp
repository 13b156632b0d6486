#include "refserver/core/datetime.h"

#include <cstdio>

namespace dockside::refserver {
namespace {

// Howard Hinnant's civil-date algorithms: exact for the proleptic Gregorian calendar.
std::int64_t days_from_civil(std::int64_t y, unsigned m, unsigned d) {
    y -= m <= 2;
    const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
    const unsigned yoe = static_cast<unsigned>(y - era * 400);
    const unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + static_cast<std::int64_t>(doe) - 719468;
}

struct Civil {
    std::int64_t year;
    unsigned month, day, hour, minute, second;
};

Civil to_civil(TimePoint t) {
    std::int64_t secs = std::chrono::duration_cast<std::chrono::seconds>(t.time_since_epoch()).count();
    std::int64_t z = secs >= 0 ? secs / 86400 : (secs - 86399) / 86400;
    std::int64_t rem = secs - z * 86400;
    z += 719468;
    const std::int64_t era = (z >= 0 ? z : z - 146096) / 146097;
    const unsigned doe = static_cast<unsigned>(z - era * 146097);
    const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const unsigned mp = (5 * doy + 2) / 153;
    const unsigned d = doy - (153 * mp + 2) / 5 + 1;
    const unsigned m = mp < 10 ? mp + 3 : mp - 9;
    return {static_cast<std::int64_t>(yoe) + era * 400 + (m <= 2), m, d,
            static_cast<unsigned>(rem / 3600), static_cast<unsigned>(rem % 3600 / 60),
            static_cast<unsigned>(rem % 60)};
}

bool digits(std::string_view s, std::size_t pos, std::size_t n, int& out) {
    if (pos + n > s.size()) return false;
    out = 0;
    for (std::size_t i = pos; i < pos + n; ++i) {
        if (s[i] < '0' || s[i] > '9') return false;
        out = out * 10 + (s[i] - '0');
    }
    return true;
}

bool valid_day(int y, int m, int d) {
    static const int days[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (m < 1 || m > 12 || d < 1) return false;
    bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    return d <= days[m - 1] + (m == 2 && leap ? 1 : 0);
}

}  // namespace

std::string format_iso8601(TimePoint t) {
    Civil c = to_civil(t);
    char buf[40];
    std::snprintf(buf, sizeof buf, "%04lld-%02u-%02uT%02u:%02u:%02uZ", static_cast<long long>(c.year),
                  c.month, c.day, c.hour, c.minute, c.second);
    return buf;
}

std::string format_us_style(TimePoint t) {
    Civil c = to_civil(t);
    char buf[40];
    std::snprintf(buf, sizeof buf, "%02u/%02u/%04lld %02u:%02u:%02u", c.month, c.day,
                  static_cast<long long>(c.year), c.hour, c.minute, c.second);
    return buf;
}

std::optional<TimePoint> parse_iso8601(std::string_view s) {
    // RFC 3339's date-time, as NS-DATETIME-PROFILE (specs/rules.yaml) records the server accepts it: the time
    // and its offset are required. A bare date, a time without seconds or without an offset is refused: the
    // document types these fields datetime, and a client must not learn from here that the service fills in
    // what was left out.
    int y, mo, d, h, mi, sec;
    if (!digits(s, 0, 4, y) || s.size() < 20 || s[4] != '-' || !digits(s, 5, 2, mo) || s[7] != '-' ||
        !digits(s, 8, 2, d) || !valid_day(y, mo, d))
        return std::nullopt;
    // TimePoint counts nanoseconds from 1970 in 64 bits (years 1678 to 2262); a date outside the years
    // below would overflow it, here or in the arithmetic handlers do with it (found by fuzzing).
    if (y < kMinYear || y > kMaxYear) return std::nullopt;
    if ((s[10] != 'T' && s[10] != 't') || !digits(s, 11, 2, h) || s[13] != ':' || !digits(s, 14, 2, mi) ||
        s[16] != ':' || !digits(s, 17, 2, sec))
        return std::nullopt;
    if (h > 23 || mi > 59 || sec > 60) return std::nullopt;
    std::size_t pos = 19;
    if (pos < s.size() && s[pos] == '.') {
        const std::size_t start = ++pos;
        while (pos < s.size() && s[pos] >= '0' && s[pos] <= '9') ++pos;
        if (pos == start) return std::nullopt;
    }
    int offset_seconds = 0;
    if (pos < s.size() && (s[pos] == 'Z' || s[pos] == 'z')) {
        ++pos;
    } else if (pos < s.size() && (s[pos] == '+' || s[pos] == '-')) {
        int oh, om;
        if (!digits(s, pos + 1, 2, oh) || pos + 3 >= s.size() || s[pos + 3] != ':' || !digits(s, pos + 4, 2, om))
            return std::nullopt;
        if (oh > 23 || om > 59) return std::nullopt;
        offset_seconds = (s[pos] == '+' ? 1 : -1) * (oh * 3600 + om * 60);
        pos += 6;
    } else {
        return std::nullopt;
    }
    if (pos != s.size()) return std::nullopt;
    std::int64_t days = days_from_civil(y, static_cast<unsigned>(mo), static_cast<unsigned>(d));
    std::int64_t secs = days * 86400 + h * 3600 + mi * 60 + sec - offset_seconds;
    return TimePoint(std::chrono::seconds(secs));
}

}  // namespace dockside::refserver
