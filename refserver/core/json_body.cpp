#include "refserver/core/json_body.h"

#include <algorithm>
#include <cctype>

#include "harness/http/json_bounds.h"
#include "refserver/core/datetime.h"
#include "refserver/core/text.h"

namespace dockside::refserver {

bool is_json_media_type(std::string_view ct) {
    ct = ct.substr(0, ct.find(';'));
    while (!ct.empty() && std::isspace(static_cast<unsigned char>(ct.back()))) ct.remove_suffix(1);
    while (!ct.empty() && std::isspace(static_cast<unsigned char>(ct.front()))) ct.remove_prefix(1);
    if (http::iequals(ct, "application/json")) return true;
    return ct.size() > 17 && http::iequals(ct.substr(0, 12), "application/") &&
           http::iequals(ct.substr(ct.size() - 5), "+json");
}

Result<nlohmann::json, ApiError> parse_json_body(const http::Request& request) {
    if (request.body.empty()) return fail(validation_error("body", "a JSON request body is required"));
    auto ct = request.headers.get("Content-Type");
    if (!ct || !is_json_media_type(*ct)) return fail(unsupported_media_type(ct ? std::string(*ct) : ""));
    if (!utf8_length(request.body)) return fail(validation_error("body", "request body is not valid UTF-8"));
    if (auto excess = http::check_json_bounds(request.body, {kMaxJsonDepth, kMaxArrayItems}))
        return fail(validation_error("body", "request body " + excess->describe() + ", past the reference server's limit",
                                     "NS-REQUEST-LIMITS"));
    auto parsed = nlohmann::json::parse(request.body, nullptr, /*allow_exceptions=*/false);
    if (parsed.is_discarded()) return fail(validation_error("body", "request body is not well-formed JSON"));
    return parsed;
}

std::optional<ApiError> check_text(const std::string& field, const std::string& value, const TextLimit& limit) {
    auto n = utf8_length(value);
    if (!n) return validation_error(field, field + " is not valid UTF-8");
    if (*n < limit.min || *n > limit.max) {
        std::string range = limit.max == std::numeric_limits<std::size_t>::max()
                                ? "at least " + std::to_string(limit.min)
                                : std::to_string(limit.min) + " to " + std::to_string(limit.max);
        return validation_error(field, field + " must be " + range + " characters, got " + std::to_string(*n),
                                limit.rule);
    }
    return std::nullopt;
}

BodyReader::BodyReader(const nlohmann::json& object, std::string path, std::string missing_rule)
    : BodyReader(object, std::move(path), std::move(missing_rule), nullptr) {}

BodyReader::BodyReader(const nlohmann::json& object, std::string path, std::string missing_rule,
                       std::optional<ApiError>* sink)
    : object_(object), path_(std::move(path)), missing_rule_(std::move(missing_rule)), sink_(sink ? sink : &own_error_) {
    if (!object_.is_object()) fail(validation_error(path_.empty() ? "body" : path_, (path_.empty() ? std::string("body") : path_) + " must be a JSON object", "CONV-TYPES"));
}

BodyReader BodyReader::nested(const nlohmann::json& object, const std::string& name) const {
    return BodyReader(object, field(name), missing_rule_, sink_);
}

std::string BodyReader::field(const std::string& key) const {
    if (path_.empty()) return key;
    if (!key.empty() && key.front() == '[') return path_ + key;
    return path_ + "." + key;
}

void BodyReader::fail(ApiError error) const {
    if (!*sink_) *sink_ = std::move(error);
}

void BodyReader::type_error(const std::string& key, const char* expected) const {
    fail(validation_error(field(key), field(key) + " must be " + expected, "CONV-TYPES"));
}

bool BodyReader::present(const std::string& key) const {
    if (!object_.is_object()) return false;
    auto it = object_.find(key);
    return it != object_.end() && !it->is_null();
}

const nlohmann::json* BodyReader::lookup(const std::string& key, Need need) const {
    if (!object_.is_object()) return nullptr;
    auto it = object_.find(key);
    if (it == object_.end() || it->is_null()) {
        if (need == Need::Required) fail(validation_error(field(key), field(key) + " is required", missing_rule_));
        return nullptr;
    }
    return &*it;
}

std::optional<std::string> BodyReader::string(const std::string& key, Need need, const TextLimit& limit) {
    auto* v = lookup(key, need);
    if (!v) return std::nullopt;
    if (!v->is_string()) { type_error(key, "a string"); return std::nullopt; }
    const auto& s = v->get_ref<const std::string&>();
    if (auto e = check_text(field(key), s, limit)) { fail(*e); return std::nullopt; }
    return s;
}

std::optional<std::int32_t> BodyReader::int32(const std::string& key, Need need, std::int64_t min, std::int64_t max,
                                              const std::string& range_rule) {
    auto v = int64(key, need);
    if (!v) return std::nullopt;
    if (*v < min || *v > max) {
        fail(validation_error(field(key), field(key) + " must be an integer from " + std::to_string(min) + " to " +
                                              std::to_string(max),
                              range_rule));
        return std::nullopt;
    }
    return static_cast<std::int32_t>(*v);
}

std::optional<std::int64_t> BodyReader::int64_at_least(const std::string& key, Need need, std::int64_t min,
                                                       const std::string& range_rule) {
    auto v = int64(key, need);
    if (v && *v < min) {
        fail(validation_error(field(key), field(key) + " must be an integer of at least " + std::to_string(min), range_rule));
        return std::nullopt;
    }
    return v;
}

std::optional<std::int64_t> BodyReader::int64(const std::string& key, Need need) {
    auto* v = lookup(key, need);
    if (!v) return std::nullopt;
    if (v->is_number_integer() && !v->is_number_unsigned()) return v->get<std::int64_t>();
    if (v->is_number_unsigned() && v->get<std::uint64_t>() <= static_cast<std::uint64_t>(INT64_MAX))
        return static_cast<std::int64_t>(v->get<std::uint64_t>());
    type_error(key, "an integer");
    return std::nullopt;
}

std::optional<double> BodyReader::number(const std::string& key, Need need) {
    auto* v = lookup(key, need);
    if (!v) return std::nullopt;
    if (!v->is_number()) { type_error(key, "a number"); return std::nullopt; }
    return v->get<double>();
}

std::optional<bool> BodyReader::boolean(const std::string& key, Need need) {
    auto* v = lookup(key, need);
    if (!v) return std::nullopt;
    if (!v->is_boolean()) { type_error(key, "a boolean"); return std::nullopt; }
    return v->get<bool>();
}

std::optional<TimePoint> BodyReader::datetime(const std::string& key, Need need) {
    auto* v = lookup(key, need);
    if (!v) return std::nullopt;
    std::optional<TimePoint> t;
    if (v->is_string()) t = parse_iso8601(v->get_ref<const std::string&>());
    if (!t) type_error(key, "an ISO 8601 date-time string");
    return t;
}

std::optional<std::string> BodyReader::enumeration(const std::string& key, Need need,
                                                   const std::vector<std::string>& allowed, const std::string& rule) {
    auto v = string(key, need);
    if (!v) return std::nullopt;
    if (std::find(allowed.begin(), allowed.end(), *v) != allowed.end()) return v;
    std::string list;
    for (const auto& a : allowed) list += (list.empty() ? "" : ", ") + a;
    fail(validation_error(field(key), field(key) + " must be one of " + list + ", got " + quoted_excerpt(*v), rule));
    return std::nullopt;
}

const nlohmann::json* BodyReader::object(const std::string& key, Need need) {
    auto* v = lookup(key, need);
    if (!v) return nullptr;
    if (!v->is_object()) { type_error(key, "an object"); return nullptr; }
    return v;
}

const nlohmann::json* BodyReader::array(const std::string& key, Need need, std::size_t min_items,
                                        const std::string& min_rule) {
    auto* v = lookup(key, need);
    if (!v) return nullptr;
    if (!v->is_array()) { type_error(key, "an array"); return nullptr; }
    if (v->size() < min_items) {
        fail(validation_error(field(key), field(key) + " must have at least " + std::to_string(min_items) + " item(s)",
                              min_rule));
        return nullptr;
    }
    return v;
}

}  // namespace dockside::refserver
