#include "harness/http/har.h"

#include <algorithm>
#include <cctype>
#include <optional>

#include "core/utc_time.h"
#include "harness/http/url.h"

namespace dockside::http {
namespace {

using nlohmann::json;

bool lower_equals(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
           });
}

/// `nested`: a member inside a body's top-level object, where "code" is an error's code ({"error": {"code":
/// "not_found"}}) and not an OAuth authorization code, which is sent and answered at the top level only.
bool names_a_secret(std::string_view name, bool nested = false) {
    std::string lower(name);
    for (auto& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (lower == "authorization" || lower == "proxy-authorization" || lower == "cookie" || lower == "set-cookie" ||
        (lower == "code" && !nested))
        return true;
    for (const char* word : {"secret", "token", "password"})
        if (lower.find(word) != std::string::npos) return true;
    return false;
}

/// A query or form text parsed by the URL module, the values of secret names replaced; nullopt for text
/// it cannot parse (a malformed escape a test sent on purpose), which then stays as sent.
std::optional<QueryParams> hidden_pairs(std::string_view text, bool keep) {
    auto parsed = parse_query(text);
    if (!parsed) return std::nullopt;
    if (!keep)
        for (auto& [name, value] : *parsed)
            if (names_a_secret(name)) value = kHarSecretMarker;
    return std::move(*parsed);
}

/// A URL with the values of its secret query names replaced (an authorization redirect's `code`).
std::string hidden_url(std::string_view url, bool keep) {
    const auto question = url.find('?');
    if (keep || question == std::string_view::npos) return std::string(url);
    const auto pairs = hidden_pairs(url.substr(question + 1), keep);
    if (!pairs) return std::string(url);
    return std::string(url.substr(0, question)) + (pairs->empty() ? "" : "?" + encode_query(*pairs));
}

/// Headers with the values of secret names replaced, and a Location's secret query values.
json name_values(const Headers& headers, bool keep) {
    json out = json::array();
    for (const auto& h : headers) {
        std::string value = !keep && names_a_secret(h.name) ? std::string(kHarSecretMarker) : h.value;
        if (lower_equals(h.name, "location")) value = hidden_url(value, keep);
        out.push_back({{"name", h.name}, {"value", std::move(value)}});
    }
    return out;
}

void hide_members(json& value, bool nested = false) {
    if (value.is_array())
        for (auto& item : value) hide_members(item, true);
    if (!value.is_object()) return;
    for (auto& [name, member] : value.items()) {
        if (names_a_secret(name, nested) && !member.is_object() && !member.is_array()) member = kHarSecretMarker;
        else hide_members(member, true);
    }
}

/// A body as HAR text: JSON and form bodies with their secret members replaced, cut at kHarBodyCap.
std::string body_text(const std::string& body, const std::string& media, bool keep, std::string& comment) {
    std::string text = body;
    if (!keep && media == "application/json") {
        json parsed = json::parse(body, nullptr, false);
        if (!parsed.is_discarded()) {
            hide_members(parsed);
            text = parsed.dump(-1, ' ', false, json::error_handler_t::replace);
        }
    } else if (!keep && media == "application/x-www-form-urlencoded") {
        if (auto pairs = hidden_pairs(body, keep)) text = encode_query(*pairs);
    }
    if (text.size() > kHarBodyCap) {
        comment += "body cut to " + std::to_string(kHarBodyCap) + " of " + std::to_string(text.size()) + " bytes; ";
        text.resize(kHarBodyCap);
    }
    return text;
}

void replace_literals(json& value, const std::vector<std::string>& literals) {
    if (value.is_string()) {
        std::string text = value.get<std::string>();
        bool changed = false;
        for (const auto& literal : literals) {
            if (literal.size() < 6) continue;
            for (auto at = text.find(literal); at != std::string::npos; at = text.find(literal, at + kHarSecretMarker.size())) {
                text.replace(at, literal.size(), kHarSecretMarker);
                changed = true;
            }
        }
        if (changed) value = text;
    }
    if (value.is_structured())
        for (auto& member : value) replace_literals(member, literals);
}

/// The URL with every byte a URI may not hold percent-encoded (a marker's spaces, raw UTF-8 a test sent):
/// HAR's url is a URI.
std::string uri_safe(const std::string& url) {
    static constexpr std::string_view kAllowed = "-._~:/?#@!$&'()*+,;=%";
    std::string out;
    for (const char c : url) {
        const auto byte = static_cast<unsigned char>(c);
        if (std::isalnum(byte) || kAllowed.find(c) != std::string_view::npos) {
            out += c;
            continue;
        }
        static constexpr char kHex[] = "0123456789ABCDEF";
        out += '%';
        out += kHex[byte >> 4];
        out += kHex[byte & 0xF];
    }
    return out;
}

}  // namespace

json har_entry(const HarExchange& exchange, const HarSecrets& secrets) {
    const Request& request = *exchange.request;
    const bool keep = secrets.keep;
    std::string comment;
    const std::string_view url = exchange.url;
    const auto question = url.find('?');
    const std::string url_text = hidden_url(url, keep);
    json query = json::array();
    if (question != std::string_view::npos)
        if (auto pairs = hidden_pairs(url.substr(question + 1), keep))
            for (auto& [name, value] : *pairs) query.push_back({{"name", name}, {"value", value}});
    json har_request{{"method", request.method},
                     {"url", url_text},
                     {"httpVersion", "HTTP/1.1"},
                     {"cookies", json::array()},
                     {"headers", name_values(request.headers, keep)},
                     {"queryString", query},
                     {"headersSize", -1},
                     {"bodySize", request.body.size()}};
    if (!request.body.empty()) {
        const std::string media = media_type(std::string(request.headers.get("Content-Type").value_or("")));
        har_request["postData"] = {{"mimeType", media}, {"text", body_text(request.body, media, keep, comment)}};
    }
    json har_response{{"status", 0},        {"statusText", ""},      {"httpVersion", "HTTP/1.1"},
                      {"cookies", json::array()}, {"headers", json::array()}, {"redirectURL", ""},
                      {"headersSize", -1},  {"bodySize", -1},
                      {"content", {{"size", 0}, {"mimeType", "x-unknown"}}}};
    Response::Timings timings;
    if (const Response* response = exchange.response) {
        timings = response->timings;
        const std::string media = response->media_type();
        har_response["status"] = response->status;
        har_response["statusText"] = std::string(reason_phrase(response->status));
        har_response["headers"] = name_values(response->headers, keep);
        har_response["redirectURL"] = hidden_url(response->headers.get("Location").value_or(""), keep);
        har_response["bodySize"] = response->body.size();
        har_response["content"] = {{"size", response->body.size()},
                                   {"mimeType", media.empty() ? "x-unknown" : media},
                                   {"text", body_text(response->body, media, keep, comment)}};
    } else {
        comment += "no response: " + exchange.transport_error + "; ";
    }
    json entry{{"startedDateTime", utc_time_ms(exchange.started)},
               {"time", timings.send_ms + timings.wait_ms + timings.receive_ms},
               {"request", std::move(har_request)},
               {"response", std::move(har_response)},
               {"cache", json::object()},
               {"timings", {{"send", timings.send_ms}, {"wait", timings.wait_ms}, {"receive", timings.receive_ms}}}};
    if (!comment.empty()) entry["comment"] = comment.substr(0, comment.size() - 2);
    if (!keep) replace_literals(entry, secrets.literals);
    entry["request"]["url"] = uri_safe(entry["request"]["url"].get<std::string>());
    return entry;
}

json har_document(json entries, const std::string& version) {
    return {{"log", {{"version", "1.2"},
                     {"creator", {{"name", "dockside"}, {"version", version}}},
                     {"pages", json::array()},
                     {"entries", std::move(entries)}}}};
}

}  // namespace dockside::http
