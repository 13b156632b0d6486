#pragma once
/// Durations and rates as people type them on a load command line ("30s", "500ms", "1m30s", "2h") and
/// as reports print them.

#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/result.h"

namespace dockside::load {

using Nanos = std::chrono::nanoseconds;

/// Parses a non-negative duration: one or more `<number><unit>` parts, units us (or µs), ms, s, m, h;
/// a bare number is seconds. "1m30s", "0.5s", "250ms", "10". The error says what was expected.
Result<Nanos, std::string> parse_duration(std::string_view text);

/// "30s", "1m30s", "250ms", "1.5s": the shortest exact rendering parse_duration reads back.
std::string format_duration(Nanos duration);

/// A latency in microseconds as a person reads it: "850µs", "12.3ms", "1.25s".
std::string format_micros(double micros);

/// A ratio as a percentage a person reads at a glance, never in exponent form: "100%", "52%", "3.8%",
/// "0.12%", "<0.01%" (above 0 but below that), "0%".
std::string format_percent(double ratio);

}  // namespace dockside::load
