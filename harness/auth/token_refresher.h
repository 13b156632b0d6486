#pragma once
/// Keeps an OAuth access token usable through a long run (a load run, a conformance run). A background
/// thread renews it (token_renewal.h) shortly before it expires, and at once when the current token has
/// been refused (a 401 met it: the server's clock may have moved on, or it revoked the token), and hands
/// each new token to whoever sends requests. It is the only party that spends the refresh token: a
/// refresh token is good once, so two parties refreshing with it would leave all but one without a
/// token. Nothing here knows where the token goes (load's Credential, conform's SharedToken) or where
/// the refresh token is kept (a RefreshTokenFile): the hooks say.

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "harness/auth/token_renewal.h"
#include "core/result.h"

namespace dockside::auth {

struct RefresherHooks {
    /// Takes each new access token (required). Called on the renewing thread.
    std::function<void(const std::string& access_token)> publish;
    /// Takes each new refresh token, to keep it where the configuration says; the error is counted and
    /// shown, and the run goes on (the token in memory still works). May be empty.
    std::function<Result<bool, std::string>(const std::string& refresh_token)> rotated;
    /// Polled every `demand_poll`: true when the token last published has been refused and a new one is
    /// wanted now. May be empty (renewal on schedule only).
    std::function<bool()> demanded;
    /// Told when a renewal failed (it is tried again later), so that whoever waits for a new token can stop
    /// waiting. May be empty.
    std::function<void(const std::string& error)> failed;
    std::chrono::milliseconds demand_poll{20};
    /// A renewal on demand waits this long after the one before it, so a target that refuses every token
    /// costs one renewal a second at most, not one per refused request.
    std::chrono::milliseconds demand_gap{1000};
};

/// What the refresher did, for the run's results.
struct RenewalCounts {
    int renewals = 0;            ///< access tokens obtained, the first renewal at start included
    int on_demand = 0;           ///< of them, renewed because a request met a refused token
    int failures = 0;            ///< renewals that failed (tried again later)
    int store_failures = 0;      ///< rotated refresh tokens that could not be stored
    std::string last_error;      ///< of a failed renewal or store; empty when none failed
};

class TokenRefresher {
public:
    /// `contract_lifetime`: assumed for a token whose answer gave no expires_in.
    TokenRefresher(OAuthRefresh grant, std::chrono::seconds contract_lifetime, RefresherHooks hooks);
    ~TokenRefresher();
    TokenRefresher(const TokenRefresher&) = delete;
    TokenRefresher& operator=(const TokenRefresher&) = delete;

    /// Renews at once on the calling thread and publishes the token: before a run, this proves that
    /// renewing works (a failure is the run's configuration error, not 401s an hour in) and learns the
    /// server's own expires_in.
    Result<std::string, std::string> renew_now();
    /// Renews in the background from now on, each time renew_after() a token's issue, and on demand; a
    /// failed renewal is counted and tried again (every eighth of the lifetime, 250 ms to 5 s apart).
    void start();
    /// Stops the background thread (idempotent). A renewal under way ends first.
    void stop();

    RenewalCounts counts() const;
    /// Every access token obtained, so results can be searched for them and redacted.
    std::vector<std::string> issued() const;

private:
    void loop();
    /// One renewal, counted, published and its refresh token stored; false when it failed.
    bool renew(bool on_demand);

    std::mutex renewing_;  ///< one renewal at a time: a refresh token spent twice is lost
    mutable std::mutex mutex_;
    std::condition_variable wake_;
    OAuthRefresh grant_;
    std::chrono::seconds contract_lifetime_;
    RefresherHooks hooks_;
    std::vector<std::string> issued_;
    RenewalCounts counts_;
    std::chrono::steady_clock::time_point last_attempt_{};
    bool stopping_ = false;
    std::thread thread_;
};

}  // namespace dockside::auth
