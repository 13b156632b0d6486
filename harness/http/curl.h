#pragma once
/// Renders a request as one runnable curl command line, so every finding in a report can be
/// replayed by hand. Tokens are redacted by default: reports are shared, credentials are not.

#include <string>
#include <string_view>

#include "harness/http/message.h"
#include "harness/http/url.h"

namespace dockside::http {

struct CurlOptions {
    /// Keep the Authorization value verbatim instead of redacting it.
    bool reveal_authorization = false;
    /// Environment variable the redacted credentials refer to.
    std::string token_variable = "DOCKSIDE_TOKEN";
    /// Add `-k` (skip TLS verification), matching a client run with `insecure`.
    bool insecure = false;
};

/// Quotes text for a POSIX shell: wrapped in single quotes, each `'` written as `'\''`.
std::string shell_quote(std::string_view text);

/// `curl -sS -X 'POST' 'http://host/base/target' -H 'name: value' --data-binary 'body'`.
/// The request target is relative to `base` (its base path is prefixed). A GET without body omits
/// `-X`, HEAD uses `-I`. Content-Length is left to curl; an empty header value is written
/// `-H 'Name;'` (curl's way to send it empty); a body without Content-Type adds `-H 'Content-Type:'`
/// so curl does not invent a form type the request never had. Unless revealed, the Authorization
/// credentials become `$DOCKSIDE_TOKEN` inside double quotes (so the shell expands them) with the
/// scheme kept: "Bearer abc" → `-H "Authorization: Bearer $DOCKSIDE_TOKEN"`. A body containing
/// NUL bytes cannot travel in a shell argument and is cut there by the shell.
std::string to_curl(const Url& base, const Request& request, const CurlOptions& options = {});

}  // namespace dockside::http
