#pragma once
/// Every error the reference server answers is built here, so all of them share one body shape:
/// {"error":{"code":"...","message":"...","field":"...","rule":"RULE-ID"}} with Content-Type
/// application/json. The API document shows no error codes; the status stances are:
/// validation 400, bad/missing token 401, scope or foreign channel 403, unknown resource 404,
/// wrong method 405, conflict 409, body too large 413, non-JSON body 415.

#include <chrono>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "core/result.h"
#include "harness/http/message.h"

namespace dockside::refserver {

/// An error on its way to becoming a response. `field` names the offending body field, query or
/// path parameter or header ("products[0].quantity", "Limit", "orderId", "service_channel_id").
struct ApiError {
    int status = 400;
    std::string code;
    std::string message;
    std::string field;
    std::string rule;
    http::Headers headers;  ///< extra headers, e.g. WWW-Authenticate or Allow
};

/// What a handler answers: a response, or an error the dispatcher turns into one.
using Reply = Result<http::Response, ApiError>;

ApiError validation_error(std::string field, std::string message, std::string rule = "ERR-4XX");
ApiError not_found(std::string what, std::string field = {});
ApiError unauthorized(std::string message);
ApiError forbidden(std::string message, std::string field = {}, std::string rule = "AUTH-FORBID");
ApiError conflict(std::string field, std::string message, std::string rule);
ApiError method_not_allowed(const std::string& allow);
ApiError payload_too_large(std::size_t limit);
ApiError unsupported_media_type(std::string got);
ApiError internal_error(std::string message);
/// 507: the store holds `limit` records (--max-records) and the write would add more.
ApiError record_limit_reached(std::size_t limit);
/// 429 rate_limited with Retry-After: the whole seconds of `wait`, at least one (NS-RATE-LIMITS).
ApiError rate_limited(std::chrono::milliseconds wait);

/// The one place that turns an ApiError into a response.
http::Response error_response(const ApiError& error);
/// A JSON response with Content-Type application/json.
http::Response json_response(int status, const nlohmann::json& body);
/// The same for a body already serialised (a cached rendering).
http::Response json_text_response(int status, std::string body);
/// JSON serialisation that never throws (invalid UTF-8 is replaced, not fatal).
std::string dump_json(const nlohmann::json& body);

/// A JSON array body written element by element from elements already serialised: a 250-order page never
/// holds 250 order trees at once (their allocation and release were most of a page's cost), and an element
/// the render cache holds is copied, not rendered.
class JsonArrayText {
public:
    void push(std::string_view element_text);
    /// `[…]`, or `{"<member>":[…]}` when `member` is given.
    std::string take(std::string_view member = {}) &&;

private:
    std::string text_;
};

/// Client text for an error message: in single quotes, cut after kMaxEchoChars characters (marked
/// with "…"). Messages never carry an unbounded client value.
std::string quoted_excerpt(std::string_view client_text);
/// A client JSON value for an error message: a string quoted as above, a number, boolean or null as
/// written, an array or object only by its kind ("an array of 3 items"), never rendered recursively.
std::string describe_value(const nlohmann::json& value);

}  // namespace dockside::refserver
