#pragma once
/// Text that came from a server is not necessarily text. Whatever Dockside quotes from a response (body
/// excerpts in findings, reports, results.json) goes through here first, because JSON writers refuse
/// invalid UTF-8 and a hostile target must not be able to crash the run that is testing it.

#include <cstddef>
#include <string>
#include <string_view>

namespace dockside {

/// `bytes` with every sequence that is not well-formed UTF-8 (stray continuation bytes, overlong forms,
/// surrogates, code points past U+10FFFF, truncated sequences) replaced by U+FFFD, one per bad byte.
std::string to_valid_utf8(std::string_view bytes);

/// The first `max_chars` code points of `bytes` (never splitting a UTF-8 sequence) made valid, plus "…"
/// when cut: what a report quotes of a body.
std::string excerpt(std::string_view bytes, std::size_t max_chars);

}  // namespace dockside
