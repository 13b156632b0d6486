#pragma once
/// Keeps an OAuth access token usable through a long load run. The document gives an access token one
/// hour and says expired tokens are the client's to renew by refresh (Authentication > OAuth 2.0, step 4;
/// Errors): a run longer than that would otherwise answer 401 to every later request. A background
/// thread renews the token shortly before it expires (the refresh grant, or the authorization-code flow
/// again when no refresh token was issued) and publishes it to the engine's Credential, which each
/// worker takes at its next tick: nothing on the per-request path waits for it.

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "harness/core/result.h"
#include "harness/http/client.h"
#include "harness/load/credential.h"
#include "specs/loader/spec.h"

namespace dockside::loadtool {

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
/// new token's lifetime (its expires_in, else `fallback_lifetime`) and issue time; returns the access
/// token. The error says which exchange failed and how; it never contains a secret.
Result<std::string, std::string> renew_token(OAuthRefresh& grant, std::chrono::seconds fallback_lifetime);

class TokenRefresher {
public:
    /// `contract_lifetime`: assumed for a token whose answer gave no expires_in.
    TokenRefresher(OAuthRefresh grant, std::shared_ptr<load::Credential> credential,
                   std::chrono::seconds contract_lifetime);
    ~TokenRefresher();
    TokenRefresher(const TokenRefresher&) = delete;
    TokenRefresher& operator=(const TokenRefresher&) = delete;

    /// Renews at once on the calling thread and publishes the token: before a run, this proves that
    /// renewing works (a failure is the run's configuration error, not 401s an hour in) and learns the
    /// server's own expires_in.
    Result<std::string, std::string> renew_now();
    /// Renews in the background from now on, each time renew_after() a token's issue; a failed renewal is
    /// counted and tried again (every eighth of the lifetime, 250 ms to 5 s apart).
    void start();
    /// Stops the background thread (idempotent).
    void stop();

    int renewals() const { return renewals_.load(); }
    int failures() const { return failures_.load(); }
    std::string last_error() const;
    /// Every access token obtained, so results can be searched for them and redacted.
    std::vector<std::string> issued() const;

private:
    void loop();
    bool renew();  ///< one renewal, counted and published; false when it failed

    mutable std::mutex mutex_;
    std::condition_variable wake_;
    OAuthRefresh grant_;
    std::shared_ptr<load::Credential> credential_;
    std::chrono::seconds contract_lifetime_;
    std::vector<std::string> issued_;
    std::string last_error_;
    std::atomic<int> renewals_{0};
    std::atomic<int> failures_{0};
    bool stopping_ = false;
    std::thread thread_;
};

}  // namespace dockside::loadtool
