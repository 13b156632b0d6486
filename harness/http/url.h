#pragma once
/// Base URLs, request targets and query strings. The harness talks to a service through a base URL
/// (`https://api.example.com/sandbox`) and builds every request target relative to it; the reference
/// server parses query strings with the same code so both sides agree on encoding.

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/result.h"

namespace dockside::http {

/// A parsed base URL: scheme, host, port and an optional base path (no query, no fragment).
struct Url {
    std::string scheme;     ///< "http" or "https", lower case
    std::string host;       ///< host name or IP literal; IPv6 without brackets
    std::uint16_t port = 0; ///< explicit port, or 80/443 from the scheme
    std::string base_path;  ///< "" or "/segment/…" without a trailing slash

    bool tls() const { return scheme == "https"; }
    /// True when the port is the scheme's default (80 for http, 443 for https).
    bool default_port() const;
    /// The value for a Host header: host (bracketed when IPv6) plus ":port" unless default.
    std::string host_header() const;
    /// "scheme://host[:port]" without the base path.
    std::string origin() const;
    /// The whole base URL as text, "scheme://host[:port]/base".
    std::string to_string() const;
};

/// Parses a base URL. Errors name the input and the problem, e.g.
/// `"ftp://x": scheme must be http or https`.
Result<Url, std::string> parse_url(std::string_view text);

/// Joins the base path with an operation path and an optional query (without '?') into an
/// origin-form request target: ("/api", "/2025-07/order", "Limit=5") → "/api/2025-07/order?Limit=5".
/// A path that already carries a query gets the extra query appended with '&'.
std::string join_target(const Url& base, std::string_view path, std::string_view query = {});

/// The absolute URL of a target that is relative to the base URL (the base path is prefixed).
std::string absolute_url(const Url& base, std::string_view target);

/// Ordered query parameters; duplicates are kept as sent.
using QueryParams = std::vector<std::pair<std::string, std::string>>;

/// Builds "a=1&b=x%20y" from parameters, encoding names and values.
std::string encode_query(const QueryParams& params);

/// Parses a query string (without the leading '?'), decoding %XX and '+'. Empty pieces
/// ("a=1&&b=2") are skipped; a piece without '=' is a name with an empty value.
Result<QueryParams, std::string> parse_query(std::string_view query);

}  // namespace dockside::http
