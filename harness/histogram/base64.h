#pragma once
/// Standard base64 (RFC 4648, with padding), the text form of encoded histograms in interval logs.

#include <string>
#include <string_view>

#include "core/result.h"

namespace dockside::histogram {

/// Base64 of `bytes`, padded with '='.
std::string base64_encode(std::string_view bytes);

/// Bytes of padded base64 text; surrounding whitespace is ignored. An invalid character or length is
/// an error naming its position.
Result<std::string, std::string> base64_decode(std::string_view text);

}  // namespace dockside::histogram
