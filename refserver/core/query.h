#pragma once
/// Query strings (and application/x-www-form-urlencoded bodies): decoding, and typed reads of
/// parameters that name the parameter when a value is wrong. The document writes names PascalCase
/// ("Limit", "IDs"); another spelling of an operation's documented name is refused before its handler
/// runs (misspelled_parameter), so the reads here only ever meet the document's.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "refserver/core/clock.h"
#include "refserver/core/errors.h"

namespace dockside::refserver {

/// Decoded name/value pairs in the order sent.
class QueryParams {
public:
    /// Splits on '&', decodes %XX and '+'; malformed escapes or invalid UTF-8 are a 400.
    static Result<QueryParams, ApiError> parse(std::string_view raw);

    /// First value of the parameter, if present.
    std::optional<std::string> get(std::string_view name) const;
    bool has(std::string_view name) const { return get(name).has_value(); }
    const std::vector<std::pair<std::string, std::string>>& items() const { return items_; }

private:
    std::vector<std::pair<std::string, std::string>> items_;
};

/// A 400 (CONV-CASE) for the first parameter whose name is one of `documented` spelled otherwise ("limit"
/// for "Limit"): NS-QUERY-NAME-CASE of specs/rules.yaml. Names the operation does not document are left alone.
std::optional<ApiError> misspelled_parameter(const QueryParams& params, const std::vector<std::string>& documented);

/// Typed reads that keep the first error: read everything, then check error() once.
class QueryReader {
public:
    explicit QueryReader(const QueryParams& params) : params_(params) {}

    /// An integer in [min, max]; "abc", "1.5" or out of range is a 400 naming the parameter.
    std::optional<std::int32_t> int32(std::string_view name, std::int64_t min, std::int64_t max,
                                      const std::string& rule = "ERR-4XX");
    /// "true" or "false" (any case), nothing else.
    std::optional<bool> boolean(std::string_view name, const std::string& rule = "ERR-4XX");
    /// An ISO 8601 date or date-time.
    std::optional<TimePoint> datetime(std::string_view name, const std::string& rule = "ERR-4XX");
    /// Comma-separated integers, each in [min, max].
    std::optional<std::vector<std::int64_t>> int_list(std::string_view name, std::int64_t min,
                                                      std::int64_t max, const std::string& rule = "ERR-4XX");
    /// Comma-separated non-empty strings (surrounding spaces trimmed).
    std::optional<std::vector<std::string>> string_list(std::string_view name,
                                                        const std::string& rule = "ERR-4XX");
    /// The raw value.
    std::optional<std::string> string(std::string_view name);
    /// One of the given values (case-insensitive); the canonical spelling is returned.
    std::optional<std::string> one_of(std::string_view name, const std::vector<std::string>& allowed,
                                      const std::string& rule = "ERR-4XX");

    const std::optional<ApiError>& error() const { return error_; }

private:
    void fail_once(ApiError e);

    const QueryParams& params_;
    std::optional<ApiError> error_;
};

/// Parses a whole decimal integer (optional leading '-'); nullopt on anything else or overflow.
std::optional<std::int64_t> parse_int64(std::string_view text);

}  // namespace dockside::refserver
