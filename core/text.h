#pragma once
/// Trimming and splitting text, one helper for every layer. Two sets are in use, and which one a caller
/// needs is part of its format: a header value or a command-line list separates its items with blanks
/// (a CR there is a wrong byte, not padding), a line read from a file may also end in a CR or LF.

#include <string>
#include <string_view>
#include <vector>

namespace dockside {

/// Spaces and tabs: the blanks between the items of a header value or a command-line list.
inline constexpr std::string_view kBlanks = " \t";
/// Blanks and line ends: the padding of a line read from a file.
inline constexpr std::string_view kWhitespace = " \t\r\n";

/// `text` without any of the characters of `strip` at its start and end: a view into `text` (empty when
/// nothing else is left).
std::string_view trim(std::string_view text, std::string_view strip = kWhitespace);

/// The pieces of `text` between `separator`s, as views into it, untrimmed: "a,,b" is {"a", "", "b"}, and ""
/// is {""}.
std::vector<std::string_view> split(std::string_view text, char separator);

/// `text` with its ASCII letters lower-cased and every other byte as it is (header names, media types,
/// search text: the comparisons the document makes without regard to case).
std::string ascii_lower(std::string_view text);

}  // namespace dockside
