#pragma once
/// Percent-encoding of URL pieces (RFC 3986), one codec for every layer: the harness's requests, the reference
/// server's links and query parsing, and the matching of a path to the contract's templates.

#include <optional>
#include <string>
#include <string_view>

namespace dockside {

/// Every byte but the unreserved ones (ALPHA, DIGIT and "-._~") as %XX, upper-case hex.
std::string percent_encode(std::string_view text);

/// The bytes `text` escapes, and '+' as a space when `plus_is_space` (a query's form encoding). Nothing when
/// an escape is malformed: a '%' not followed by two hex digits.
std::optional<std::string> percent_decode(std::string_view text, bool plus_is_space);

}  // namespace dockside
