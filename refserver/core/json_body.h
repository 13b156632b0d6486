#pragma once
/// Request-body parsing shared by every area: content type, size, UTF-8 and JSON syntax checks, then
/// typed field reads that name the offending field ("products[0].quantity") in the error.

#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "refserver/core/clock.h"
#include "refserver/core/errors.h"
#include "refserver/core/limits.h"

namespace dockside::refserver {

/// True for application/json and any application/<x>+json, parameters ignored.
bool is_json_media_type(std::string_view content_type);

/// The body as JSON: 415 for a non-JSON Content-Type, 400 for an empty body, invalid UTF-8, malformed
/// JSON, or a body past the shape limits of refserver/core/limits.h (nesting deeper than kMaxJsonDepth,
/// an array of more than kMaxArrayItems items), which is refused before any tree is built.
Result<nlohmann::json, ApiError> parse_json_body(const http::Request& request);

enum class Need { Optional, Required };

/// Character (code point) bounds of a text field and the rule that states them.
struct TextLimit {
    std::size_t min = 0;
    std::size_t max = std::numeric_limits<std::size_t>::max();
    std::string rule = "ERR-4XX";
};

/// Typed reads of one JSON object's fields. The first error is kept (shared with nested readers);
/// read everything, then check error() once. A null value counts as absent.
class BodyReader {
public:
    /// `path` prefixes field names in errors; `missing_rule` is the rule cited for missing required fields.
    BodyReader(const nlohmann::json& object, std::string path, std::string missing_rule);
    BodyReader(const BodyReader&) = delete;
    BodyReader& operator=(const BodyReader&) = delete;

    /// A reader for a nested object that reports into this reader's error slot.
    BodyReader nested(const nlohmann::json& object, const std::string& name) const;

    bool present(const std::string& key) const;
    std::optional<std::string> string(const std::string& key, Need need, const TextLimit& limit = {});
    std::optional<std::int32_t> int32(const std::string& key, Need need,
                                      std::int64_t min = std::numeric_limits<std::int32_t>::min(),
                                      std::int64_t max = std::numeric_limits<std::int32_t>::max(),
                                      const std::string& range_rule = "CONV-TYPES");
    std::optional<std::int64_t> int64(const std::string& key, Need need);
    /// An integer of any width the JSON holds, at least `min` (an "integer" the document gives no format).
    std::optional<std::int64_t> int64_at_least(const std::string& key, Need need, std::int64_t min, const std::string& range_rule);
    std::optional<double> number(const std::string& key, Need need);
    std::optional<bool> boolean(const std::string& key, Need need);
    std::optional<TimePoint> datetime(const std::string& key, Need need);
    /// A string that must be one of `allowed` (exact spelling).
    std::optional<std::string> enumeration(const std::string& key, Need need, const std::vector<std::string>& allowed,
                                           const std::string& rule);
    /// The nested object, or nullptr when absent (or wrong type, which is recorded).
    const nlohmann::json* object(const std::string& key, Need need);
    /// The array, or nullptr when absent (or wrong type / too few items, which is recorded).
    const nlohmann::json* array(const std::string& key, Need need, std::size_t min_items = 0,
                                const std::string& min_rule = "ERR-4XX");

    /// Full name of a field of this object, for errors raised by the caller.
    std::string field(const std::string& key) const;
    /// Records an error unless one is already held.
    void fail(ApiError error) const;
    const std::optional<ApiError>& error() const { return *sink_; }

private:
    BodyReader(const nlohmann::json& object, std::string path, std::string missing_rule,
               std::optional<ApiError>* sink);
    const nlohmann::json* lookup(const std::string& key, Need need) const;
    void type_error(const std::string& key, const char* expected) const;

    const nlohmann::json& object_;
    std::string path_;
    std::string missing_rule_;
    std::optional<ApiError> own_error_;
    std::optional<ApiError>* sink_;
};

/// Checks a string against character limits; the error names `field` and cites the limit's rule.
std::optional<ApiError> check_text(const std::string& field, const std::string& value, const TextLimit& limit);

}  // namespace dockside::refserver
