#pragma once
/// Internal to the server transport: what turns bytes into a request for the handler, or into the
/// error the transport answers itself. The session applies it to bytes from a socket; the fuzz target
/// (tools/fuzz) applies parse_request_bytes() to bytes from the fuzzer, so both see the same parser,
/// the same limits and the same Host rules. Includes Beast; not part of the public API.

#include <optional>
#include <string>
#include <string_view>

#include <boost/beast/http.hpp>

#include "harness/http/message.h"
#include "harness/server/http_server.h"

namespace dockside::server::detail {

using BeastRequest = boost::beast::http::request<boost::beast::http::string_body>;
using BeastRequestParser = boost::beast::http::request_parser<boost::beast::http::string_body>;

/// A status the transport answers without calling the handler, with its error code and message.
struct Rejection {
    int status;
    std::string code;
    std::string message;
};

/// A fresh parser with the server's body and header limits.
void configure_parser(BeastRequestParser& parser, const ServerOptions& options);

/// The rejection for a read error that is the client's fault (413, 431, 400), or nullopt for errors
/// that only end the connection (end of stream, reset, timeout).
std::optional<Rejection> rejection_for(const boost::system::error_code& ec, const ServerOptions& options);

/// Why a request's Host header is unacceptable (RFC 9112 section 3.2: an HTTP/1.1 request without one,
/// with two, or with one that is not host[:port]), or nullopt.
std::optional<std::string> host_problem(const BeastRequest& message);

/// The plain request the handler sees (moves the body out of `message`).
http::Request to_request(BeastRequest& message);

/// One complete request from `bytes`, as a session would parse it, or the transport's own answer
/// (a rejection; also 400 for bytes that end before the request does).
struct ParsedRequest {
    std::optional<http::Request> request;
    std::optional<Rejection> rejection;
};
ParsedRequest parse_request_bytes(std::string_view bytes, const ServerOptions& options);

}  // namespace dockside::server::detail
