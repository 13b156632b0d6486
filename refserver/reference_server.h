#pragma once
/// The reference server: an in-memory, stateful implementation of the Fulfillment API 2025-07.
/// `handle` is a pure function of (request, store) and thread-safe; the socket transport is
/// separate (harness/server/http_server.h takes `[&](const Request& r) { return server.handle(r); }`).

#include <atomic>
#include <chrono>
#include <memory>
#include <optional>
#include <set>
#include <shared_mutex>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/core/result.h"
#include "harness/http/message.h"
#include "refserver/core/clock.h"
#include "refserver/core/router.h"
#include "refserver/faults/fault.h"
#include "refserver/store/store.h"

namespace dockside::refserver {

class WebhookDispatcher;  // refserver/webhooks/dispatcher.h

struct Options {
    /// The full-access personal access token; generated with OpenSSL RAND when empty.
    std::string pat;
    /// The seed document; the built-in default (seed/default_seed.json) when absent.
    std::optional<nlohmann::json> seed;
    /// Whether the simulation area (added by the returns/billing/webhooks engineer) may move state on its own.
    bool simulation_enabled = false;
    /// Names from fault_catalog() to switch on.
    std::set<std::string> faults;
    /// Time source; a SystemClock when null.
    std::shared_ptr<Clock> clock;
    /// Base for next/prev URLs ("http://127.0.0.1:8080"); taken from the Host header when empty.
    std::string public_base_url;
    /// Deliver webhooks without verifying the receiver's certificate (self-signed test receivers).
    bool webhook_insecure = false;
    /// Wait before the first webhook retry; doubles per retry (NS-WH-RETRY: 1 s, scaled down in tests).
    std::chrono::milliseconds webhook_backoff{1000};
};

class ReferenceServer {
public:
    /// The server, or every configuration problem at once (unknown fault names, a bad seed,
    /// malformed routes, operations missing from the scope table).
    static Result<std::unique_ptr<ReferenceServer>, std::vector<std::string>> create(Options options);

    ReferenceServer(const ReferenceServer&) = delete;
    ReferenceServer& operator=(const ReferenceServer&) = delete;

    /// Answers one request. Thread-safe; never throws (a 500 is the last resort).
    http::Response handle(const http::Request& request);

    /// The full-access PAT.
    const std::string& pat() const { return pat_; }
    /// A PAT whose only channel lacks _write scopes (for 403 tests).
    const std::string& read_only_token() const { return read_only_token_; }
    std::int32_t write_channel_id() const { return write_channel_id_; }
    std::int32_t read_only_channel_id() const { return read_only_channel_id_; }
    /// The registered OAuth client, when the seed has one.
    std::optional<OAuthClient> oauth_client() const;
    /// Lines to print at start: tokens, channels, OAuth client, faults.
    std::string banner() const;
    const FaultSet& faults() const { return faults_; }
    const Clock& clock() const { return *clock_; }

private:
    explicit ReferenceServer(Options options);
    http::Response dispatch(const http::Request& request);
    std::string base_url(const http::Request& request) const;

    Options options_;
    std::shared_ptr<Clock> clock_;
    FaultSet faults_;
    Router router_;
    Store store_;
    mutable std::shared_mutex mutex_;
    std::atomic<std::uint64_t> request_count_{0};
    std::string pat_;
    std::string read_only_token_;
    std::int32_t write_channel_id_ = 0;
    std::int32_t read_only_channel_id_ = 0;
    /// Webhook delivery worker (refserver/webhooks); last, so it stops before anything else goes.
    std::shared_ptr<WebhookDispatcher> webhooks_;
};

}  // namespace dockside::refserver
