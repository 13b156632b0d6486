#pragma once
/// An instant as ISO 8601 UTC with milliseconds ("2026-01-01T00:00:00.123Z"): the access log's and the
/// HAR's time stamps.

#include <chrono>
#include <string>

namespace dockside {

std::string utc_time_ms(std::chrono::system_clock::time_point t);

}  // namespace dockside
