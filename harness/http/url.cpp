#include "harness/http/url.h"

#include <algorithm>
#include <cctype>
#include <charconv>

#include "core/text.h"
#include "core/url_escapes.h"

namespace dockside::http {
namespace {

std::string quoted(std::string_view text) {
    return "\"" + std::string(text) + "\"";
}

Failure<std::string> url_error(std::string_view text, std::string_view problem) {
    return fail(quoted(text) + ": " + std::string(problem));
}

bool is_host_char(unsigned char c) {
    return std::isalnum(c) || c == '-' || c == '.' || c == '_';
}

std::uint16_t scheme_port(std::string_view scheme) {
    return scheme == "https" ? 443 : 80;
}

// Splits "host[:port]" or "[v6][:port]"; the port text is empty when absent.
Result<std::pair<std::string, std::string_view>, std::string> split_authority(
    std::string_view text, std::string_view authority) {
    if (authority.empty()) return url_error(text, "host is missing");
    if (authority.front() == '[') {
        auto close = authority.find(']');
        if (close == std::string_view::npos) return url_error(text, "unterminated IPv6 literal");
        std::string host(authority.substr(1, close - 1));
        if (host.empty()) return url_error(text, "host is missing");
        for (unsigned char c : host)
            if (!std::isxdigit(c) && c != ':' && c != '.')
                return url_error(text, "invalid character in IPv6 literal");
        std::string_view rest = authority.substr(close + 1);
        if (!rest.empty() && rest.front() != ':')
            return url_error(text, "unexpected text after IPv6 literal");
        return std::pair{host, rest.empty() ? rest : rest.substr(1)};
    }
    auto colon = authority.find(':');
    std::string host(authority.substr(0, colon));
    if (host.empty()) return url_error(text, "host is missing");
    for (unsigned char c : host)
        if (!is_host_char(c)) return url_error(text, "invalid character in host");
    std::string_view port = colon == std::string_view::npos ? std::string_view{}
                                                            : authority.substr(colon + 1);
    if (colon != std::string_view::npos && port.empty()) return url_error(text, "port is empty");
    return std::pair{ascii_lower(host), port};
}

Result<std::uint16_t, std::string> parse_port(std::string_view text, std::string_view port) {
    unsigned value = 0;
    auto [end, ec] = std::from_chars(port.data(), port.data() + port.size(), value);
    if (ec != std::errc{} || end != port.data() + port.size())
        return url_error(text, "port must be a number");
    if (value == 0 || value > 65535) return url_error(text, "port must be between 1 and 65535");
    return static_cast<std::uint16_t>(value);
}

}  // namespace

bool Url::default_port() const {
    return port == scheme_port(scheme);
}

std::string Url::host_header() const {
    std::string out = host.find(':') != std::string::npos ? "[" + host + "]" : host;
    if (!default_port()) out += ":" + std::to_string(port);
    return out;
}

std::string Url::origin() const {
    return scheme + "://" + host_header();
}

std::string Url::to_string() const {
    return origin() + base_path;
}

Result<Url, std::string> parse_url(std::string_view text) {
    auto sep = text.find("://");
    if (sep == std::string_view::npos) return url_error(text, "missing scheme (expected http:// or https://)");
    Url url;
    url.scheme = ascii_lower(text.substr(0, sep));
    if (url.scheme != "http" && url.scheme != "https")
        return url_error(text, "scheme must be http or https");
    std::string_view rest = text.substr(sep + 3);
    if (rest.find_first_of("?#") != std::string_view::npos)
        return url_error(text, "a base URL cannot carry a query or fragment");
    auto slash = rest.find('/');
    std::string_view authority = rest.substr(0, slash);
    if (authority.find('@') != std::string_view::npos)
        return url_error(text, "credentials in the URL are not supported");
    auto parts = split_authority(text, authority);
    if (!parts) return fail(parts.error());
    url.host = std::move(parts->first);
    if (parts->second.empty()) {
        url.port = scheme_port(url.scheme);
    } else {
        auto port = parse_port(text, parts->second);
        if (!port) return fail(port.error());
        url.port = *port;
    }
    if (slash != std::string_view::npos) {
        std::string_view path = rest.substr(slash);
        for (unsigned char c : path)
            if (c <= ' ' || c >= 0x7f) return url_error(text, "path contains a space or control character");
        while (!path.empty() && path.back() == '/') path.remove_suffix(1);
        url.base_path = std::string(path);
    }
    return url;
}

std::string join_target(const Url& base, std::string_view path, std::string_view query) {
    std::string out = base.base_path;
    if (path.empty() || path.front() != '/') out += '/';
    out += path;
    if (!query.empty()) {
        out += path.find('?') == std::string_view::npos ? '?' : '&';
        out += query;
    }
    return out;
}

std::string absolute_url(const Url& base, std::string_view target) {
    return base.origin() + join_target(base, target);
}

std::string encode_query(const QueryParams& params) {
    std::string out;
    for (const auto& [name, value] : params) {
        if (!out.empty()) out += '&';
        out += percent_encode(name);
        out += '=';
        out += percent_encode(value);
    }
    return out;
}

Result<QueryParams, std::string> parse_query(std::string_view query) {
    QueryParams params;
    while (!query.empty()) {
        auto amp = query.find('&');
        std::string_view piece = query.substr(0, amp);
        query = amp == std::string_view::npos ? std::string_view{} : query.substr(amp + 1);
        if (piece.empty()) continue;
        auto eq = piece.find('=');
        auto name = percent_decode(piece.substr(0, eq), true);
        auto value = percent_decode(eq == std::string_view::npos ? std::string_view{} : piece.substr(eq + 1), true);
        if (!name || !value) return fail(quoted(piece) + ": malformed percent escape");
        params.emplace_back(std::move(*name), std::move(*value));
    }
    return params;
}

}  // namespace dockside::http
