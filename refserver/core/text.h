#pragma once
/// Text limits in the API count characters (Unicode code points), not bytes.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace dockside::refserver {

/// Number of code points in well-formed UTF-8; nullopt when the bytes are not valid UTF-8
/// (overlong forms, surrogates, code points beyond U+10FFFF, truncated sequences).
std::optional<std::size_t> utf8_length(std::string_view text);

/// Random bytes from OpenSSL's CSPRNG as lower-case hex (2 characters per byte).
std::string random_hex(std::size_t bytes);

}  // namespace dockside::refserver
