#pragma once
/// The reference server's optional rate limit (`dockside serve --rate-limit 'N/s'`), for rehearsing how a
/// client copes with a real server that throttles: the document does not show rate limits
/// (NS-RATE-LIMITS), so off by default; when on, a request beyond the rate is refused before anything is
/// done with it, 429 rate_limited with Retry-After in whole seconds. A token bucket over every request,
/// holding one second's worth (at least one request), refilled on the machine's steady clock (never the
/// simulated one).

#include <chrono>
#include <mutex>
#include <optional>
#include <string>

#include "core/result.h"

namespace dockside::refserver {

class RateLimit {
public:
    using Clock = std::chrono::steady_clock;

    /// `per_second` requests a second (above zero).
    explicit RateLimit(double per_second);

    /// "N/s", "N/m" (per minute) or a bare N (per second); the error says what is accepted.
    static Result<double, std::string> parse(const std::string& text);

    /// Takes one request's token: nullopt when it may go on, else how long to wait before one is there.
    std::optional<std::chrono::milliseconds> admit(Clock::time_point now = Clock::now());

    double per_second() const { return per_second_; }

private:
    double per_second_;
    double capacity_;
    std::mutex mutex_;
    double tokens_;
    Clock::time_point refilled_;
};

}  // namespace dockside::refserver
