#pragma once
/// Text that came from a server is not necessarily text. Whatever Dockside quotes from a response (body
/// excerpts in findings, reports, results.json) goes through here first, because JSON writers refuse
/// invalid UTF-8 and a hostile target must not be able to crash the run that is testing it.

#include <string>
#include <string_view>

namespace dockside {

/// `bytes` with every sequence that is not well-formed UTF-8 (stray continuation bytes, overlong forms,
/// surrogates, code points past U+10FFFF, truncated sequences) replaced by U+FFFD, one per bad byte.
std::string to_valid_utf8(std::string_view bytes);

}  // namespace dockside
