#include "harness/http/retry_after.h"

#include <algorithm>
#include <cctype>
#include <ctime>
#include <string>

namespace dockside::http {

std::optional<std::chrono::milliseconds> retry_after(const Response& response, std::chrono::system_clock::time_point now) {
    const auto value = response.headers.get("Retry-After");
    if (!value) return std::nullopt;
    std::string text(*value);
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.pop_back();
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.erase(0, 1);
    if (!text.empty() && std::all_of(text.begin(), text.end(), [](unsigned char c) { return std::isdigit(c); })) {
        if (text.size() > 9) return std::chrono::milliseconds(std::chrono::hours(24 * 365));  // absurdly far: never
        return std::chrono::milliseconds(std::stoll(text) * 1000);
    }
    std::tm tm{};  // IMF-fixdate, the form RFC 9110 requires senders to use
    const char* end = ::strptime(text.c_str(), "%a, %d %b %Y %H:%M:%S GMT", &tm);
    if (!end || *end != '\0') return std::nullopt;
    const auto when = std::chrono::system_clock::from_time_t(::timegm(&tm));
    if (when <= now) return std::chrono::milliseconds(0);
    return std::chrono::duration_cast<std::chrono::milliseconds>(when - now);
}

std::chrono::milliseconds backoff_wait(int attempt, std::uint64_t jitter) {
    const long long base = 1000LL << std::clamp(attempt, 0, 5);  // 1 s … 32 s
    const long long capped = std::min(base, 30000LL);
    // splitmix64's finaliser spreads any input over the range; 0.8 to 1.2 of the wait.
    std::uint64_t z = jitter + 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    z ^= z >> 31;
    const double factor = 0.8 + 0.4 * static_cast<double>(z % 10001) / 10000.0;
    return std::chrono::milliseconds(static_cast<long long>(static_cast<double>(capped) * factor));
}

}  // namespace dockside::http
