#pragma once
/// The string and integer formats the contract uses, checked exactly: the validator needs a definite
/// answer, not "valijson may or may not know this format".

#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace dockside::validate {

enum class Format { DateTime, Date, Int32, Int64, Uri };

/// The Format a schema's `format` value names; nothing for formats the harness does not check.
std::optional<Format> parse_format(std::string_view name);
/// What a conforming value looks like, for a violation's `expected` ("date-time (RFC 3339) …").
std::string describe(Format format);

/// RFC 3339 date-time (the ISO 8601 profile the document's "datetime" means): `2025-07-01T12:00:00Z`,
/// fractional seconds allowed, offset `Z` or `±hh:mm`, real calendar dates (leap years included).
bool is_date_time(std::string_view text);
/// RFC 3339 full-date: `2025-07-01`.
bool is_date(std::string_view text);
/// RFC 3986 absolute URI: a scheme, ':' and only characters a URI may hold (percent escapes well-formed).
bool is_uri(std::string_view text);
/// Whether an integer JSON value fits the width. Non-integers answer false.
bool fits_int32(const nlohmann::json& value);
bool fits_int64(const nlohmann::json& value);

/// Whether `value` conforms. Formats apply to their own JSON type only (a date-time format on a number
/// is the type keyword's business), so other types conform here.
bool conforms(Format format, const nlohmann::json& value);

}  // namespace dockside::validate
