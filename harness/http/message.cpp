#include "harness/http/message.h"

#include <algorithm>
#include <cctype>

#include "core/text.h"

namespace dockside::http {

bool iequals(std::string_view a, std::string_view b) {
    return a.size() == b.size() &&
           std::equal(a.begin(), a.end(), b.begin(), [](unsigned char x, unsigned char y) {
               return std::tolower(x) == std::tolower(y);
           });
}

bool varies_per_answer(std::string_view header) {
    for (std::string_view name : {"date", "content-length", "connection", "keep-alive", "transfer-encoding"})
        if (iequals(header, name)) return true;
    return false;
}

std::optional<std::string_view> Headers::get(std::string_view name) const {
    for (const auto& h : items_)
        if (iequals(h.name, name)) return std::string_view(h.value);
    return std::nullopt;
}

void Headers::set(std::string_view name, std::string value) {
    remove(name);
    items_.push_back({std::string(name), std::move(value)});
}

void Headers::add(std::string name, std::string value) {
    items_.push_back({std::move(name), std::move(value)});
}

void Headers::remove(std::string_view name) {
    std::erase_if(items_, [&](const Header& h) { return iequals(h.name, name); });
}

std::string_view Request::path() const {
    std::string_view t(target);
    return t.substr(0, t.find('?'));
}

std::string_view Request::query() const {
    std::string_view t(target);
    auto q = t.find('?');
    return q == std::string_view::npos ? std::string_view{} : t.substr(q + 1);
}

std::string media_type(std::string_view content_type) {
    return ascii_lower(trim(content_type.substr(0, content_type.find(';')), kBlanks));
}

std::string Response::media_type() const {
    auto ct = headers.get("Content-Type");
    return ct ? http::media_type(*ct) : std::string();
}

std::string_view reason_phrase(int status) {
    switch (status) {
        case 200: return "OK";
        case 201: return "Created";
        case 202: return "Accepted";
        case 204: return "No Content";
        case 301: return "Moved Permanently";
        case 302: return "Found";
        case 304: return "Not Modified";
        case 400: return "Bad Request";
        case 401: return "Unauthorized";
        case 403: return "Forbidden";
        case 404: return "Not Found";
        case 405: return "Method Not Allowed";
        case 406: return "Not Acceptable";
        case 408: return "Request Timeout";
        case 409: return "Conflict";
        case 413: return "Payload Too Large";
        case 415: return "Unsupported Media Type";
        case 431: return "Request Header Fields Too Large";
        case 422: return "Unprocessable Entity";
        case 429: return "Too Many Requests";
        case 500: return "Internal Server Error";
        case 502: return "Bad Gateway";
        case 503: return "Service Unavailable";
        case 504: return "Gateway Timeout";
        case 507: return "Insufficient Storage";
        default: return {};
    }
}

}  // namespace dockside::http
