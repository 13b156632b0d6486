#pragma once
/// The engine threads' clock: steady nanoseconds as plain integers (intended times, deadlines, stamps).
/// Internal to the engine.

#include <chrono>
#include <cstdint>

namespace dockside::load::detail {

inline std::int64_t now_ns() {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}
inline constexpr std::int64_t kNever = INT64_MAX;

}  // namespace dockside::load::detail
