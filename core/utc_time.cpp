#include "core/utc_time.h"

#include <cstdio>
#include <ctime>

namespace dockside {

std::string utc_time_ms(std::chrono::system_clock::time_point t) {
    const auto since = t.time_since_epoch();
    const std::time_t seconds = std::chrono::duration_cast<std::chrono::seconds>(since).count();
    const auto millis = std::chrono::duration_cast<std::chrono::milliseconds>(since).count() % 1000;
    std::tm tm{};
    gmtime_r(&seconds, &tm);
    char text[96];  // room for any int the compiler cannot rule out
    std::snprintf(text, sizeof text, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", tm.tm_year + 1900, tm.tm_mon + 1,
                  tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, static_cast<int>(millis));
    return text;
}

}  // namespace dockside
