#pragma once
/// Renewing an OAuth access token: the refresh grant, or the authorization-code flow again when no refresh
/// token is held or the refresh grant fails. The document gives an access token one hour, a refresh token
/// thirty days, and issues a new refresh token with every access token (Authentication > OAuth 2.0, step
/// 4): a refresh token is good once, so only one party may ever spend it (see token_refresher.h).
/// Nothing here knows the API beyond OAuth's own /connect/ endpoints.

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "harness/http/client.h"
#include "specs/loader/spec.h"

namespace dockside::auth {

/// What renewing an access token needs, and the state of the current one.
struct OAuthRefresh {
    std::string auth_url;       ///< origin of /connect/token (and /connect/authorize)
    std::string client_id;
    std::string client_secret;
    std::string redirect_uri;
    std::vector<std::string> scopes;  ///< asked for again when the code flow is repeated
    std::string refresh_token;        ///< empty: each renewal is a new authorization-code exchange
    std::chrono::seconds lifetime{0};  ///< of the current access token (0: the contract's)
    std::chrono::steady_clock::time_point issued_at{};
    http::ClientOptions client{};
};

/// The access-token lifetime the contract documents (rules data AUTH-LIFETIME, access_token_seconds);
/// nullopt when it states none.
std::optional<std::chrono::seconds> documented_access_lifetime(const spec::Spec& spec);

/// How long after its issue a token living `lifetime` is renewed: a minute before it expires, or halfway
/// through a lifetime shorter than two minutes.
std::chrono::nanoseconds renew_after(std::chrono::seconds lifetime);

/// One renewal: POST {auth_url}/connect/token with grant_type=refresh_token when a refresh token is held
/// (the rotated one replaces it), else, or when the refresh grant fails (a refresh token is good once,
/// and its answer may have been lost), the authorization-code flow again. On success `grant` holds the
/// new token's lifetime (its expires_in, else `fallback_lifetime`), issue time and refresh token; returns
/// the access token. The error says which exchange failed and how; it never contains a secret.
Result<std::string, std::string> renew_token(OAuthRefresh& grant, std::chrono::seconds fallback_lifetime);

}  // namespace dockside::auth
