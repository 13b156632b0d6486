#pragma once
/// Internal to the suite API: the made-up token and how an exchange is written as a shell snippet.

#include <cstdint>
#include <string>

#include "harness/http/message.h"
#include "harness/http/url.h"

namespace dockside::conform {

/// A token no server issued: well-formed, so a server that only checks the shape is caught. Shown as it
/// is in curl lines, since it proves nothing and is needed to reproduce a 401.
inline constexpr const char* kBadToken = "dockside-never-issued-0000000000000000000000000000";

/// `request` (sent as number `sequence` of the running test to `origin`) as a runnable shell snippet: see
/// curl_of. The writes before it that it depends on went to the base URL.
std::string reproduce(const http::Request& request, std::uint64_t sequence, const http::Url& origin);

}  // namespace dockside::conform
