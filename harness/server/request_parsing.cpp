#include "harness/server/request_parsing.h"

#include <algorithm>
#include <cctype>

namespace dockside::server::detail {

namespace bhttp = boost::beast::http;
using error_code = boost::system::error_code;

namespace {

bool is_parse_error(const error_code& ec) {
    return ec.category() == bhttp::make_error_code(bhttp::error::bad_version).category() &&
           ec != bhttp::error::end_of_stream && ec != bhttp::error::partial_message;
}

bool is_host_char(unsigned char c) {
    // RFC 3986 reg-name: unreserved, pct-encoded and sub-delims; IP literals add ':' inside brackets.
    static const std::string_view extra = "-._~%!$&'()*+,;=";
    return std::isalnum(c) || extra.find(static_cast<char>(c)) != std::string_view::npos;
}

/// RFC 9112 section 3.2: Host = uri-host [ ":" port ].
bool is_valid_host(std::string_view host) {
    std::string_view name = host;
    std::string_view port;
    if (!host.empty() && host.front() == '[') {
        const auto close = host.find(']');
        if (close == std::string_view::npos) return false;
        for (char c : host.substr(1, close - 1))
            if (!is_host_char(static_cast<unsigned char>(c)) && c != ':') return false;
        name = {};
        port = host.substr(close + 1);
        if (!port.empty() && port.front() != ':') return false;
    } else if (const auto colon = host.find(':'); colon != std::string_view::npos) {
        name = host.substr(0, colon);
        port = host.substr(colon);
    }
    if (!port.empty()) port.remove_prefix(1);
    return std::all_of(name.begin(), name.end(), [](char c) { return is_host_char(static_cast<unsigned char>(c)); }) &&
           std::all_of(port.begin(), port.end(), [](char c) { return c >= '0' && c <= '9'; });
}

}  // namespace

std::optional<std::string> host_problem(const BeastRequest& message) {
    auto [first, last] = message.equal_range(bhttp::field::host);
    const auto count = std::distance(first, last);
    if (count > 1) return "the request has more than one Host header (RFC 9112 section 3.2)";
    if (count == 0)
        return message.version() >= 11 ? std::optional<std::string>("an HTTP/1.1 request needs a Host header (RFC 9112 section 3.2)")
                                        : std::nullopt;
    if (!is_valid_host(std::string_view(first->value().data(), first->value().size())))
        return std::string("the Host header is not a host[:port] (RFC 9112 section 3.2)");
    return std::nullopt;
}

http::Request to_request(BeastRequest& message) {
    http::Request request;
    request.method = std::string(message.method_string());
    request.target = std::string(message.target());
    for (const auto& field : message) request.headers.add(std::string(field.name_string()), std::string(field.value()));
    request.body = std::move(message.body());
    return request;
}

void configure_parser(BeastRequestParser& parser, const ServerOptions& options) {
    parser.body_limit(options.body_limit);
    parser.header_limit(static_cast<std::uint32_t>(options.header_limit));
}

std::optional<Rejection> rejection_for(const error_code& ec, const ServerOptions& options) {
    if (ec == bhttp::error::body_limit)
        return Rejection{413, "payload_too_large",
                         "request body exceeds the " + std::to_string(options.body_limit) + "-byte limit"};
    if (ec == bhttp::error::header_limit)
        return Rejection{431, "header_too_large",
                         "request head exceeds the " + std::to_string(options.header_limit) + "-byte limit"};
    if (is_parse_error(ec)) return Rejection{400, "bad_request", "unparsable request: " + ec.message()};
    return std::nullopt;
}

ParsedRequest parse_request_bytes(std::string_view bytes, const ServerOptions& options) {
    BeastRequestParser parser;
    configure_parser(parser, options);
    error_code ec;
    std::size_t used = 0;
    while (!ec && used < bytes.size() && !parser.is_done()) {
        // Header first, then the body, as the session reads them (see Session::do_read).
        parser.eager(parser.is_header_done());
        const std::size_t n = parser.put(boost::asio::buffer(bytes.data() + used, bytes.size() - used), ec);
        used += n;
        if (ec == bhttp::error::need_more) {
            ec = {};
            break;
        }
        if (n == 0) break;
    }
    if (!ec && !parser.is_done()) {
        parser.put_eof(ec);  // what a closing client does; completes a body framed by the connection's end
        if (!ec && !parser.is_done()) ec = bhttp::error::partial_message;
    }
    if (ec) {
        if (auto rejection = rejection_for(ec, options)) return {std::nullopt, rejection};
        return {std::nullopt, Rejection{400, "bad_request", "incomplete request: " + ec.message()}};
    }
    auto& message = parser.get();
    if (auto problem = host_problem(message)) return {std::nullopt, Rejection{400, "bad_request", *problem}};
    return {to_request(message), std::nullopt};
}

}  // namespace dockside::server::detail
