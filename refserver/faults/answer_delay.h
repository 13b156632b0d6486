#pragma once
/// Latency faults: answers of chosen operations held back by a fixed time before they are written, so a
/// gate or a comparison can be rehearsed against a server that got slower by a known amount.
///
///     getOrder:+2ms      every getOrder answer 2 ms later
///     *:+1ms             every answer 1 ms later (an operation named on its own keeps its own delay)
///
/// The delay is added by the transport after the handler has answered: from 1 ms up on a timer on the
/// connection, not a sleep on a server thread, so it changes what a client measures and not how many
/// requests the server can serve at once; below 1 ms spun on the server's thread, because a timer wakes
/// tens of microseconds late of its own and a +20 % fault on a 0.3 ms answer would be tested as +60 %. Only absolute delays exist: the handler's own time is microseconds, so a share of
/// it ("+20%") would not be the change a client sees.

#include <chrono>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"

namespace dockside::refserver {

/// Longest delay one answer may be given: well inside the transport's 30 s write and idle timeouts.
inline constexpr std::chrono::microseconds kMaxAnswerDelay{10'000'000};

class AnswerDelays {
public:
    /// The delays these texts name ("getOrder:+2ms", "*:+1ms"; units us, ms, s; the '+' is optional),
    /// or every problem at once: a malformed text, a relative delay, one out of range, an operation
    /// named twice, an operation not in `operation_ids` (with the nearest one; not checked when empty).
    static Result<AnswerDelays, std::vector<std::string>> parse(const std::vector<std::string>& texts,
                                                                const std::vector<std::string>& operation_ids = {});

    /// The delay of an answer to `operation_id` ("" for a request no route matched): its own when named,
    /// else the `*` one, else zero.
    std::chrono::microseconds for_operation(std::string_view operation_id) const;

    bool empty() const { return per_operation_.empty() && !all_; }
    /// "getOrder +2ms, * +1ms" (named first, alphabetically), for the banner.
    std::string describe() const;

private:
    std::map<std::string, std::chrono::microseconds, std::less<>> per_operation_;
    std::optional<std::chrono::microseconds> all_;
};

/// "2ms", "1.5ms", "250us", "1s" as a duration; nullopt when the text is not one.
std::optional<std::chrono::microseconds> parse_delay_amount(std::string_view text);

/// "+2ms", "+250us", "+1.5s": the shortest exact spelling.
std::string format_delay(std::chrono::microseconds delay);

}  // namespace dockside::refserver
