#pragma once
/// The instant a run starts its schedule, as `--start-at` gives it: shards started apart (by hand, by a
/// CI matrix) each wait for the same instant on their system clock and then send their share of one
/// schedule that starts there, so together they send what one generator would have sent.

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/result.h"

namespace dockside::load {

using WallTime = std::chrono::system_clock::time_point;

/// How far in the past a start may be and still be taken: the time from reading the command line to
/// the first request. Further back, the first requests of the schedule would all be late.
inline constexpr std::chrono::milliseconds kStartTolerance{1000};
/// How far ahead a start may be: beyond this it is more likely a mistyped date than a plan.
inline constexpr std::chrono::hours kStartHorizon{24};

/// "2026-11-23T14:00:00Z", "2026-11-23T15:00:00.25+01:00" (RFC 3339: date, time, fraction, and an
/// offset, which is required), or "+10s" (any duration after `now`, as --duration reads it).
Result<WallTime, std::string> parse_start_instant(std::string_view text, WallTime now);

/// Why a run starting now cannot start at `at`: more than kStartTolerance past, more than
/// kStartHorizon ahead; nullopt when it can.
std::optional<std::string> start_instant_problem(WallTime at, WallTime now);

/// UTC, RFC 3339 with microseconds: "2026-11-23T14:00:00.000000Z"; parse_start_instant reads it back.
std::string format_utc(WallTime at);

/// Nanoseconds since the Unix epoch.
std::int64_t unix_ns(WallTime at);
WallTime from_unix_ns(std::int64_t ns);

}  // namespace dockside::load
