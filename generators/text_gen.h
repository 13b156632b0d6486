#pragma once
/// Text, date and identifier generators shared by every resource generator. Text mixes ASCII with
/// 2-, 3- and 4-byte UTF-8 characters so limits are probed under more than one reading of "character".

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include <rapidcheck.h>

namespace dockside::generators {

/// Which counting of "characters" a text relies on. The document says "characters" without a unit
/// (specs/rules.yaml not_shown NS-TEXT-LENGTH-UNIT); the rules data records code points.
enum class TextReading {
    AnyReading,  ///< holds however characters are counted (ASCII text)
    CodePoints,  ///< holds when characters are Unicode code points, not bytes (multi-byte text)
};

/// Unicode code points in valid UTF-8 (every byte that is not a continuation byte starts one).
std::size_t code_points(std::string_view utf8);

/// One printable ASCII character (letters, digits, space and a little punctuation).
rc::Gen<std::string> gen_ascii_char();
/// One printable character of 2 to 4 UTF-8 bytes ("é", "漢", "😀", …); never a control character.
rc::Gen<std::string> gen_multibyte_char();
/// Mostly ASCII, sometimes multi-byte.
rc::Gen<std::string> gen_char();

/// Text of `min`..`max` characters (code points), mostly ASCII; `max` is inclusive.
rc::Gen<std::string> gen_text(std::size_t min, std::size_t max);
/// Exactly `count` characters: all ASCII for AnyReading, all multi-byte for CodePoints (so the byte
/// length exceeds `count` whenever count > 0).
rc::Gen<std::string> gen_text_exactly(std::size_t count, TextReading reading);
/// Readable words joined by spaces ("north harbor supply"), for names and descriptions.
rc::Gen<std::string> gen_words(std::size_t min_words, std::size_t max_words);
/// An upstream-style identifier: prefix plus digits and letters, e.g. "ORD-7F3K29".
rc::Gen<std::string> gen_identifier(std::string prefix);

/// RFC 3339 date-time with real calendar dates, `Z` or a numeric offset, sometimes fractional seconds.
rc::Gen<std::string> gen_date_time();
/// RFC 3339 full-date.
rc::Gen<std::string> gen_date();
/// A plausible email address.
rc::Gen<std::string> gen_email();
/// An https URL on an example domain, e.g. "https://hooks.shop-12.example.com/fulfillment/ab3".
rc::Gen<std::string> gen_https_url();

/// An integer in [min, max], both inclusive, with the two ends drawn more often than chance.
rc::Gen<std::int64_t> gen_int_in(std::int64_t min, std::int64_t max);

/// Lengths for "any length in a range" properties, from the end at a limit: exactly `nearest` at size 0
/// (a property's first case), reaching toward `farthest` (either side) as the size grows. Past a maximum
/// (`nearest` = max + 1) a failure shrinks to the first length a server lets through.
rc::Gen<std::int64_t> gen_length_from(std::int64_t nearest, std::int64_t farthest);

}  // namespace dockside::generators
