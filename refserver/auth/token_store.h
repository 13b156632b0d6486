#pragma once
/// Issued credentials: PATs, OAuth access and refresh tokens, authorization codes and the one
/// registered OAuth client. Lives inside the Store, so it is guarded by the store's lock.

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "refserver/auth/principal.h"
#include "refserver/auth/secret_map.h"

namespace dockside::refserver {

/// An OAuth app as registered in the dashboard (one, from the seed).
struct OAuthClient {
    std::string client_id;
    std::string client_secret;
    std::string name;
    std::vector<std::string> redirect_uris;
    std::set<std::string> scopes;  ///< scopes the app was granted; requests may ask for a subset
};

struct AuthorizationCode {
    std::string client_id;
    std::string redirect_uri;
    std::set<std::string> scopes;
    std::string nonce;
    TimePoint expires_at;
    bool used = false;
};

struct RefreshGrant {
    std::string client_id;
    std::set<std::string> scopes;
    TimePoint expires_at;
    bool revoked = false;  ///< set when rotated: a refresh token works once
};

/// The access and refresh token lifetimes are the contract's (ContractLimits::auth, AUTH-LIFETIME); how
/// long an authorization code stays usable the document does not say: this is the server's own.
inline constexpr std::chrono::seconds kAuthorizationCodeLifetime{300};

struct TokenStore {
    /// Bearer token -> grant (PATs and access tokens). Secrets are looked up in constant time.
    SecretMap<TokenRecord> tokens;
    SecretMap<RefreshGrant> refresh_tokens;
    SecretMap<AuthorizationCode> codes;
    std::optional<OAuthClient> client;
    std::vector<std::int32_t> account_channels;  ///< channels OAuth tokens may use
    std::string primary_pat;                     ///< the full-access PAT (Options.pat or generated)
    std::string signing_key;                     ///< HMAC key of id_tokens, random per server
    std::vector<std::string> scopes;             ///< every scope name of the contract (spec.scope_names()), sorted
    std::string channel_header;                  ///< the contract's channel header (spec.channel_header())

    /// The grant of a bearer token valid at `now`; nullopt when unknown or expired.
    std::shared_ptr<const Principal> authenticate(const std::string& token, TimePoint now, bool ignore_expiry) const;
};

}  // namespace dockside::refserver
