#pragma once
/// What a client does with an answer that asks it to come back later (429, or 503 with Retry-After): how
/// long the answer asks it to wait (RFC 9110 10.2.3: delta-seconds or an HTTP-date), and how long to wait
/// when it does not say (an exponential back-off with jitter, so that clients refused together do not
/// return together).

#include <chrono>
#include <cstdint>
#include <optional>

#include "harness/http/message.h"

namespace dockside::http {

/// The wait the answer's Retry-After asks for, measured from `now`; nullopt when there is no such header
/// or it reads as neither form. A date in the past asks for no wait.
std::optional<std::chrono::milliseconds> retry_after(const Response& response,
                                                     std::chrono::system_clock::time_point now = std::chrono::system_clock::now());

/// The wait before retry number `attempt` (0 for the first) when the answer named none: 1 s, 2 s, 4 s …
/// up to 30 s, each scaled by a factor between 0.8 and 1.2 drawn from `jitter` (any number; a hash of
/// something the caller varies).
std::chrono::milliseconds backoff_wait(int attempt, std::uint64_t jitter);

}  // namespace dockside::http
