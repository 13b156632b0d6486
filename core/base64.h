#pragma once
/// Base64 (RFC 4648), one codec for every layer: the histograms of interval logs and load summaries, the
/// Standard Webhooks signature, and the JWTs of the OAuth flow.

#include <string>
#include <string_view>

#include "core/result.h"

namespace dockside {

enum class Base64 {
    Standard,  ///< "+/" and '=' padding to whole groups of four (section 4)
    Url,       ///< "-_" and no padding, as JWTs write it (section 5)
};

std::string base64_encode(std::string_view bytes, Base64 kind = Base64::Standard);

/// The bytes of base64 text; surrounding whitespace is ignored. A character outside the alphabet, or a
/// length no encoding gives, is an error naming it.
Result<std::string, std::string> base64_decode(std::string_view text, Base64 kind = Base64::Standard);

}  // namespace dockside
