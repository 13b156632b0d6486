#pragma once
/// Renders a request as one runnable curl command line, so every finding in a report can be
/// replayed by hand. Credentials are redacted by default: reports are shared, credentials are not.
/// Each credential the caller knows gets its own environment variable (the full token, a read-only
/// token, …) or is shown as it is (a made-up token that proves nothing); literal pieces of the request
/// can be replaced by shell variables (a per-run tag that must be fresh on every replay).

#include <string>
#include <string_view>
#include <vector>

#include "harness/http/message.h"
#include "harness/http/url.h"

namespace dockside::http {

/// A bearer credential the report may name: by an environment variable, or shown literally.
struct CurlCredential {
    std::string value;     ///< the token as sent (without the "Bearer " scheme)
    std::string variable;  ///< environment variable to print instead; empty = print the value itself
};

/// A literal substring of the request (URL, header values, body) written as a shell variable.
struct CurlSubstitution {
    std::string literal;
    std::string variable;
};

struct CurlOptions {
    /// Keep every Authorization value verbatim instead of redacting it.
    bool reveal_authorization = false;
    /// Environment variable for an Authorization value `credentials` does not name.
    std::string token_variable = "DOCKSIDE_TOKEN";
    /// Add `-k` (skip TLS verification), matching a client run with `insecure`.
    bool insecure = false;
    /// Known credentials, each with its own variable or shown literally.
    std::vector<CurlCredential> credentials{};
    /// Literals written as "$VARIABLE" wherever they occur (never inside the Authorization header).
    std::vector<CurlSubstitution> substitutions{};
};

/// Quotes text for a POSIX shell: wrapped in single quotes, each `'` written as `'\''`.
std::string shell_quote(std::string_view text);

/// shell_quote, except that each substitution's literal becomes a double-quoted variable reference:
/// "ref-abc-1" with {abc → RUN} is `'ref-'"$RUN"'-1'`. One shell word either way.
std::string shell_quote(std::string_view text, const std::vector<CurlSubstitution>& substitutions);

/// `curl -sS -X 'POST' 'http://host/base/target' -H 'name: value' --data-binary 'body'`.
/// The request target is relative to `base` (its base path is prefixed). A GET without body omits
/// `-X`, HEAD uses `-I`. Content-Length is left to curl; an empty header value is written
/// `-H 'Name;'` (curl's way to send it empty); a body without Content-Type adds `-H 'Content-Type:'`
/// so curl does not invent a form type the request never had. Unless revealed, Authorization
/// credentials become a variable inside double quotes with the scheme kept ("Bearer abc" →
/// `-H "Authorization: Bearer $DOCKSIDE_TOKEN"`), or the literal value for a credential listed without
/// variable. A body containing NUL bytes cannot travel in a shell argument and is cut there by the shell.
std::string to_curl(const Url& base, const Request& request, const CurlOptions& options = {});

}  // namespace dockside::http
