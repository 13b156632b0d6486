#include "refserver/core/rate_limit.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace dockside::refserver {

RateLimit::RateLimit(double per_second)
    : per_second_(per_second), capacity_(std::max(1.0, per_second)), tokens_(capacity_), refilled_(Clock::now()) {}

Result<double, std::string> RateLimit::parse(const std::string& text) {
    const std::string accepted = "give requests per second as N/s or per minute as N/m, N at least 1; got '" + text + "'";
    const auto slash = text.find('/');
    const std::string number = text.substr(0, slash);
    const std::string unit = slash == std::string::npos ? "s" : text.substr(slash + 1);
    char* end = nullptr;
    const double n = number.empty() ? 0 : std::strtod(number.c_str(), &end);
    if (number.empty() || *end != '\0' || !std::isfinite(n)) return fail(accepted);
    const double per_second = unit == "s" ? n : unit == "m" ? n / 60.0 : -1;
    if (n < 1 || per_second <= 0) return fail(accepted);
    return per_second;
}

std::optional<std::chrono::milliseconds> RateLimit::admit(Clock::time_point now) {
    std::lock_guard lock(mutex_);
    const double elapsed = std::chrono::duration<double>(now - refilled_).count();
    if (elapsed > 0) {
        tokens_ = std::min(capacity_, tokens_ + elapsed * per_second_);
        refilled_ = now;
    }
    if (tokens_ >= 1.0) {
        tokens_ -= 1.0;
        return std::nullopt;
    }
    const double wait = (1.0 - tokens_) / per_second_;
    return std::chrono::milliseconds(static_cast<long long>(std::ceil(wait * 1000.0)));
}

}  // namespace dockside::refserver
