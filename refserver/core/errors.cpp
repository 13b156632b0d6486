#include "refserver/core/errors.h"

#include <algorithm>

#include "core/utf8.h"
#include "refserver/core/limits.h"

namespace dockside::refserver {

ApiError validation_error(std::string field, std::string message, std::string rule) {
    return {400, "validation_failed", std::move(message), std::move(field), std::move(rule), {}};
}

ApiError not_found(std::string what, std::string field) {
    return {404, "not_found", std::move(what), std::move(field), "ERR-4XX", {}};
}

ApiError unauthorized(std::string message) {
    return {401, "unauthorized", std::move(message), "Authorization", "AUTH-BEARER",
            {{"WWW-Authenticate", "Bearer"}}};
}

ApiError forbidden(std::string message, std::string field, std::string rule) {
    return {403, "forbidden", std::move(message), std::move(field), std::move(rule), {}};
}

ApiError conflict(std::string field, std::string message, std::string rule) {
    return {409, "conflict", std::move(message), std::move(field), std::move(rule), {}};
}

ApiError method_not_allowed(const std::string& allow) {
    return {405, "method_not_allowed", "method not allowed on this path; allowed: " + allow, "", "ERR-4XX",
            {{"Allow", allow}}};
}

ApiError payload_too_large(std::size_t limit) {
    return {413, "payload_too_large", "request body exceeds " + std::to_string(limit) + " bytes", "",
            "ERR-4XX", {}};
}

ApiError unsupported_media_type(std::string got) {
    return {415, "unsupported_media_type",
            "request body must be application/json, got " + quoted_excerpt(got), "Content-Type", "CONV-JSON", {}};
}

ApiError internal_error(std::string message) {
    return {500, "internal_error", std::move(message), "", "ERR-NO5XX", {}};
}

ApiError record_limit_reached(std::size_t limit) {
    return {507, "record_limit_reached",
            "the reference server holds " + std::to_string(limit) +
                " records, its --max-records limit; writes that add records are refused until it restarts "
                "(reads, updates, cancels and deletes still work)",
            "", "NS-RECORD-LIMIT", {}};
}

ApiError rate_limited(std::chrono::milliseconds wait) {
    const auto seconds = std::max<long long>(1, (wait.count() + 999) / 1000);
    ApiError error{429, "rate_limited",
                   "more requests than the server's --rate-limit allows; retry after " + std::to_string(seconds) + " s",
                   "", "NS-RATE-LIMITS", {}};
    error.headers.set("Retry-After", std::to_string(seconds));
    return error;
}

std::string quoted_excerpt(std::string_view text) { return "'" + excerpt(text, kMaxEchoChars) + "'"; }

std::string describe_value(const nlohmann::json& value) {
    switch (value.type()) {
        case nlohmann::json::value_t::string: return quoted_excerpt(value.get_ref<const std::string&>());
        case nlohmann::json::value_t::array: return "an array of " + std::to_string(value.size()) + " items";
        case nlohmann::json::value_t::object: return "an object of " + std::to_string(value.size()) + " members";
        case nlohmann::json::value_t::binary: return "binary data";
        case nlohmann::json::value_t::discarded: return "a discarded value";
        default: return value.dump();  // null, boolean or number: a few characters
    }
}

std::string dump_json(const nlohmann::json& body) {
    return body.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

http::Response json_response(int status, const nlohmann::json& body) {
    return json_text_response(status, dump_json(body));
}

void JsonArrayText::push(std::string_view element_text) {
    text_ += text_.empty() ? '[' : ',';
    text_ += element_text;
}

std::string JsonArrayText::take(std::string_view member) && {
    if (text_.empty()) text_ = "[";
    text_ += ']';
    if (member.empty()) return std::move(text_);
    return "{\"" + std::string(member) + "\":" + text_ + "}";
}

http::Response json_text_response(int status, std::string body) {
    http::Response r;
    r.status = status;
    r.headers.set("Content-Type", "application/json");
    r.body = std::move(body);
    return r;
}

http::Response error_response(const ApiError& e) {
    nlohmann::json err{{"code", e.code}, {"message", e.message}};
    if (!e.field.empty()) err["field"] = e.field;
    if (!e.rule.empty()) err["rule"] = e.rule;
    http::Response r = json_response(e.status, {{"error", err}});
    for (const auto& h : e.headers) r.headers.set(h.name, h.value);
    return r;
}

}  // namespace dockside::refserver
