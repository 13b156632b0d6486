#include "refserver/core/errors.h"

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
            "request body must be application/json, got '" + got + "'", "Content-Type", "CONV-JSON", {}};
}

ApiError internal_error(std::string message) {
    return {500, "internal_error", std::move(message), "", "ERR-NO5XX", {}};
}

std::string dump_json(const nlohmann::json& body) {
    return body.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

http::Response json_response(int status, const nlohmann::json& body) {
    return json_text_response(status, dump_json(body));
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
