#pragma once
/// ISO 8601 date-times as the API writes them ("2025-07-01T12:00:00Z") and reads them: RFC 3339's
/// date-time, with or without fractional seconds, with Z or a numeric offset; never a bare date.

#include <optional>
#include <string>
#include <string_view>

#include "refserver/core/clock.h"

namespace dockside::refserver {

/// "YYYY-MM-DDTHH:MM:SSZ" in UTC.
std::string format_iso8601(TimePoint t);
/// Years a date-time may name (TimePoint holds 1678 to 2262; the margin leaves room for arithmetic).
inline constexpr int kMinYear = 1900;
inline constexpr int kMaxYear = 2199;

/// The parsed instant, or nullopt when the text is not an RFC 3339 date-time (a bare date, a time without
/// seconds or offset are not), or names a year outside kMinYear..kMaxYear.
std::optional<TimePoint> parse_iso8601(std::string_view text);
/// "MM/DD/YYYY HH:MM:SS": deliberately not ISO 8601, used only by the CONV-TYPES.bad-datetime fault.
std::string format_us_style(TimePoint t);

}  // namespace dockside::refserver
