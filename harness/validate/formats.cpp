#include "harness/validate/formats.h"

#include <cmath>
#include <cstdint>
#include <limits>

namespace dockside::validate {

namespace {

bool digits(std::string_view text, size_t at, size_t count, int& value) {
    if (at + count > text.size()) return false;
    value = 0;
    for (size_t i = at; i < at + count; ++i) {
        if (text[i] < '0' || text[i] > '9') return false;
        value = value * 10 + (text[i] - '0');
    }
    return true;
}

bool leap(int year) { return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0; }

int days_in_month(int year, int month) {
    static constexpr int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    return month == 2 && leap(year) ? 29 : kDays[month - 1];
}

/// YYYY-MM-DD at the start of text; sets `end` past it.
bool full_date(std::string_view text, size_t& end) {
    int year, month, day;
    if (!digits(text, 0, 4, year) || text.size() < 10 || text[4] != '-' || !digits(text, 5, 2, month) ||
        text[7] != '-' || !digits(text, 8, 2, day))
        return false;
    if (month < 1 || month > 12 || day < 1 || day > days_in_month(year, month)) return false;
    end = 10;
    return true;
}

bool is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_hex(char c) { return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

}  // namespace

std::optional<Format> parse_format(std::string_view name) {
    if (name == "date-time") return Format::DateTime;
    if (name == "date") return Format::Date;
    if (name == "int32") return Format::Int32;
    if (name == "int64") return Format::Int64;
    if (name == "uri") return Format::Uri;
    return std::nullopt;
}

std::string describe(Format format) {
    switch (format) {
        case Format::DateTime: return "date-time (RFC 3339, e.g. 2025-07-01T12:00:00Z)";
        case Format::Date: return "date (RFC 3339 full-date, e.g. 2025-07-01)";
        case Format::Int32: return "int32 (-2147483648..2147483647)";
        case Format::Int64: return "int64 (-9223372036854775808..9223372036854775807)";
        case Format::Uri: return "uri (RFC 3986 absolute URI)";
    }
    return {};
}

bool is_date(std::string_view text) {
    size_t end = 0;
    return full_date(text, end) && end == text.size();
}

bool is_date_time(std::string_view text) {
    size_t i = 0;
    if (!full_date(text, i)) return false;
    if (i >= text.size() || (text[i] != 'T' && text[i] != 't')) return false;
    ++i;
    int hour, minute, second;
    if (!digits(text, i, 2, hour) || i + 2 >= text.size() || text[i + 2] != ':' ||
        !digits(text, i + 3, 2, minute) || i + 5 >= text.size() || text[i + 5] != ':' ||
        !digits(text, i + 6, 2, second))
        return false;
    if (hour > 23 || minute > 59 || second > 60) return false;  // 60: a leap second
    i += 8;
    if (i < text.size() && text[i] == '.') {
        size_t start = ++i;
        while (i < text.size() && is_digit(text[i])) ++i;
        if (i == start) return false;
    }
    if (i >= text.size()) return false;  // the offset is mandatory in RFC 3339
    if (text[i] == 'Z' || text[i] == 'z') return i + 1 == text.size();
    if (text[i] != '+' && text[i] != '-') return false;
    int off_hour, off_minute;
    if (!digits(text, i + 1, 2, off_hour) || i + 3 >= text.size() || text[i + 3] != ':' ||
        !digits(text, i + 4, 2, off_minute))
        return false;
    return off_hour <= 23 && off_minute <= 59 && i + 6 == text.size();
}

bool is_uri(std::string_view text) {
    if (text.empty() || !is_alpha(text[0])) return false;
    size_t colon = 1;
    while (colon < text.size() && (is_alpha(text[colon]) || is_digit(text[colon]) || text[colon] == '+' ||
                                   text[colon] == '-' || text[colon] == '.'))
        ++colon;
    if (colon >= text.size() || text[colon] != ':') return false;
    static constexpr std::string_view kAllowed = "-._~:/?#[]@!$&'()*+,;=";
    for (size_t i = colon + 1; i < text.size(); ++i) {
        char c = text[i];
        if (c == '%') {
            if (i + 2 >= text.size() || !is_hex(text[i + 1]) || !is_hex(text[i + 2])) return false;
            i += 2;
            continue;
        }
        if (!is_alpha(c) && !is_digit(c) && kAllowed.find(c) == std::string_view::npos) return false;
    }
    // "http:" alone or "http://" with no host is not a usable address.
    std::string_view rest = text.substr(colon + 1);
    if (rest.empty()) return false;
    if (rest.substr(0, 2) == "//" && (rest.size() == 2 || rest[2] == '/' || rest[2] == '?' || rest[2] == '#'))
        return false;
    return true;
}

bool fits_int32(const nlohmann::json& value) {
    if (value.is_number_unsigned()) return value.get<std::uint64_t>() <= 2147483647ull;
    if (value.is_number_integer()) {
        auto v = value.get<std::int64_t>();
        return v >= std::numeric_limits<std::int32_t>::min() && v <= std::numeric_limits<std::int32_t>::max();
    }
    return false;
}

bool fits_int64(const nlohmann::json& value) {
    if (value.is_number_unsigned())
        return value.get<std::uint64_t>() <= static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
    return value.is_number_integer();
}

bool conforms(Format format, const nlohmann::json& value) {
    switch (format) {
        case Format::DateTime: return !value.is_string() || is_date_time(value.get_ref<const std::string&>());
        case Format::Date: return !value.is_string() || is_date(value.get_ref<const std::string&>());
        case Format::Uri: return !value.is_string() || is_uri(value.get_ref<const std::string&>());
        case Format::Int32:
            if (value.is_number_float()) {  // 3e9 written as a float is still out of width
                double d = value.get<double>();
                return std::isfinite(d) && d >= -2147483648.0 && d <= 2147483647.0;
            }
            return !value.is_number() || fits_int32(value);
        case Format::Int64:
            if (value.is_number_float()) {
                double d = value.get<double>();
                return std::isfinite(d) && d >= -9223372036854775808.0 && d < 9223372036854775808.0;
            }
            return !value.is_number() || fits_int64(value);
    }
    return true;
}

}  // namespace dockside::validate
