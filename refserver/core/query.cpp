#include "refserver/core/query.h"

#include <cctype>
#include <charconv>

#include "core/text.h"
#include "core/url_escapes.h"
#include "refserver/core/datetime.h"
#include "refserver/core/text.h"

namespace dockside::refserver {
namespace {

std::vector<std::string_view> split_commas(std::string_view s) {
    std::vector<std::string_view> out;
    std::size_t start = 0;
    while (true) {
        std::size_t comma = s.find(',', start);
        out.push_back(trim(s.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start), kBlanks));
        if (comma == std::string_view::npos) break;
        start = comma + 1;
    }
    return out;
}

}  // namespace

std::optional<std::int64_t> parse_int64(std::string_view text) {
    if (text.empty()) return std::nullopt;
    std::int64_t v = 0;
    auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || ptr != text.data() + text.size()) return std::nullopt;
    return v;
}

Result<QueryParams, ApiError> QueryParams::parse(std::string_view raw) {
    QueryParams q;
    std::size_t start = 0;
    while (start <= raw.size() && !raw.empty()) {
        std::size_t amp = raw.find('&', start);
        std::string_view part = raw.substr(start, amp == std::string_view::npos ? std::string_view::npos : amp - start);
        if (!part.empty()) {
            std::size_t eq = part.find('=');
            auto name = percent_decode(part.substr(0, eq), true);
            auto value = percent_decode(eq == std::string_view::npos ? std::string_view{} : part.substr(eq + 1), true);
            if (!name || !value)
                return fail(validation_error(std::string(part.substr(0, eq)), "malformed percent-encoding in query"));
            if (!utf8_length(*name) || !utf8_length(*value))
                return fail(validation_error("query", "query string is not valid UTF-8"));
            q.items_.emplace_back(std::move(*name), std::move(*value));
        }
        if (amp == std::string_view::npos) break;
        start = amp + 1;
    }
    return q;
}

std::optional<std::string> QueryParams::get(std::string_view name) const {
    for (const auto& [n, v] : items_)
        if (http::iequals(n, name)) return v;
    return std::nullopt;
}

std::optional<ApiError> misspelled_parameter(const QueryParams& params, const std::vector<std::string>& documented) {
    for (const auto& item : params.items())
        for (const auto& spelled : documented)
            if (const auto& name = item.first; name != spelled && http::iequals(name, spelled))
                return validation_error(name, "query parameter " + name + " is spelled " + spelled +
                                                  " (names are as the document spells them)", "CONV-CASE");
    return std::nullopt;
}

void QueryReader::fail_once(ApiError e) {
    if (!error_) error_ = std::move(e);
}

std::optional<std::int32_t> QueryReader::int32(std::string_view name, std::int64_t min, std::int64_t max,
                                               const std::string& rule) {
    auto raw = params_.get(name);
    if (!raw) return std::nullopt;
    auto v = parse_int64(trim(*raw, kBlanks));
    if (!v || *v < min || *v > max) {
        fail_once(validation_error(std::string(name),
                                   std::string(name) + " must be an integer from " + std::to_string(min) + " to " +
                                       std::to_string(max) + ", got " + quoted_excerpt(*raw),
                                   rule));
        return std::nullopt;
    }
    return static_cast<std::int32_t>(*v);
}

std::optional<bool> QueryReader::boolean(std::string_view name, const std::string& rule) {
    auto raw = params_.get(name);
    if (!raw) return std::nullopt;
    if (http::iequals(*raw, "true")) return true;
    if (http::iequals(*raw, "false")) return false;
    fail_once(validation_error(std::string(name), std::string(name) + " must be true or false, got " + quoted_excerpt(*raw), rule));
    return std::nullopt;
}

std::optional<TimePoint> QueryReader::datetime(std::string_view name, const std::string& rule) {
    auto raw = params_.get(name);
    if (!raw) return std::nullopt;
    auto t = parse_iso8601(trim(*raw, kBlanks));
    if (!t)
        fail_once(validation_error(std::string(name),
                                   std::string(name) + " must be an ISO 8601 date-time, got " + quoted_excerpt(*raw), rule));
    return t;
}

std::optional<std::vector<std::int64_t>> QueryReader::int_list(std::string_view name, std::int64_t min,
                                                               std::int64_t max, const std::string& rule) {
    auto raw = params_.get(name);
    if (!raw) return std::nullopt;
    std::vector<std::int64_t> out;
    for (auto item : split_commas(*raw)) {
        auto v = parse_int64(item);
        if (!v || *v < min || *v > max) {
            fail_once(validation_error(std::string(name),
                                       std::string(name) + " must be comma-separated integers, got " + quoted_excerpt(*raw),
                                       rule));
            return std::nullopt;
        }
        out.push_back(*v);
    }
    return out;
}

std::optional<std::vector<std::string>> QueryReader::string_list(std::string_view name, const std::string& rule) {
    auto raw = params_.get(name);
    if (!raw) return std::nullopt;
    std::vector<std::string> out;
    for (auto item : split_commas(*raw)) {
        if (item.empty()) {
            fail_once(validation_error(std::string(name), std::string(name) + " has an empty list item", rule));
            return std::nullopt;
        }
        out.emplace_back(item);
    }
    return out;
}

std::optional<std::string> QueryReader::string(std::string_view name) { return params_.get(name); }

std::optional<std::string> QueryReader::one_of(std::string_view name, const std::vector<std::string>& allowed,
                                               const std::string& rule) {
    auto raw = params_.get(name);
    if (!raw) return std::nullopt;
    for (const auto& a : allowed)
        if (http::iequals(a, *raw)) return a;
    std::string list;
    for (const auto& a : allowed) list += (list.empty() ? "" : ", ") + a;
    fail_once(validation_error(std::string(name), std::string(name) + " must be one of " + list + ", got " + quoted_excerpt(*raw),
                               rule));
    return std::nullopt;
}

}  // namespace dockside::refserver
