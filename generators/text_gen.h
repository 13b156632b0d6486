#pragma once
/// Text, date and identifier generators shared by every resource generator. Text mixes ASCII with
/// 2-, 3- and 4-byte UTF-8 characters so limits are probed under more than one reading of "character".

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include <rapidcheck.h>

namespace dockside::generators {

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

}  // namespace dockside::generators
