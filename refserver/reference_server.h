#pragma once
/// The reference server: an in-memory, stateful implementation of the Fulfillment API 2025-07.
/// `handle` is a pure function of (request, store) and thread-safe; the socket transport is
/// separate (harness/server/http_server.h takes `[&](const Request& r) { return server.handle(r); }`).

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <shared_mutex>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/result.h"
#include "harness/http/message.h"
#include "refserver/core/clock.h"
#include "refserver/core/limits.h"
#include "refserver/core/rate_limit.h"
#include "refserver/core/router.h"
#include "refserver/faults/answer_delay.h"
#include "refserver/faults/fault.h"
#include "refserver/store/store.h"

namespace dockside::spec {
class Spec;
}

namespace dockside::refserver {

class WebhookDispatcher;  // refserver/webhooks/dispatcher.h

struct Options {
    /// The run's contract, whose documented limits the server enforces; read during create() only, so it
    /// need not outlive the server. The process's default contract (specs/loader/spec_location.h) when null.
    const spec::Spec* spec = nullptr;
    /// The full-access personal access token; generated with OpenSSL RAND when empty.
    std::string pat;
    /// The seed document; the built-in default (seed/default_seed.json) when absent.
    std::optional<nlohmann::json> seed;
    /// Whether the simulation area (`/_sim/`, api/simulation.cpp) may move state on its own.
    bool simulation_enabled = false;
    /// Names from fault_catalog() to switch on.
    std::set<std::string> faults;
    /// Latency faults, "getOrder:+2ms" or "*:+1ms" (faults/answer_delay.h). handle() does not wait: the
    /// transport holds each answer for answer_delay() (EmbeddedServer does).
    std::vector<std::string> delays;
    /// Time source; a SystemClock when null.
    std::shared_ptr<Clock> clock;
    /// Base for next/prev URLs ("http://127.0.0.1:8080"). Never taken from the request's Host header
    /// (a client could point other clients' links anywhere); links are relative when it is empty.
    /// EmbeddedServer fills it with its own address.
    std::string public_base_url;
    /// Records the store may hold (refserver/store/record_budget.h, NS-RECORD-LIMIT); past it, `retention`
    /// says whether the oldest finished records are forgotten or writes that add records are refused.
    std::size_t max_records = kDefaultMaxRecords;
    Retention retention = Retention::Evict;
    /// Called once, the first time retention forgets records, with a line for the server's log; a server
    /// left running for days should say that it has started forgetting, and not again on every write.
    std::function<void(const std::string&)> notice;
    /// Deliver webhooks without verifying the receiver's certificate (self-signed test receivers).
    bool webhook_insecure = false;
    /// Wait before the first webhook retry; doubles per retry (NS-WH-RETRY: 1 s, scaled down in tests).
    std::chrono::milliseconds webhook_backoff{1000};
    /// Requests a second beyond which the server answers 429 rate_limited with Retry-After (NS-RATE-LIMITS);
    /// none when empty (the default: the document shows no limit).
    std::optional<double> rate_limit_per_second;
    /// Whether webhook deliveries leave the process at all. Off only where nothing may be dialled out
    /// (the fuzz target, which would otherwise call whatever URL the fuzzer subscribes).
    bool deliver_webhooks = true;
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
    /// Lines to print at start: tokens, channels, OAuth client, faults. Secrets the user supplied (the
    /// PAT of Options::pat, the client secret of a seed given in Options::seed) are never printed;
    /// the ones the server generated are printed only when `show_generated_secrets`.
    std::string banner(bool show_generated_secrets = true) const;
    /// Every credential a client needs, as JSON text (for a file only its owner can read):
    /// {"pat", "read_only_token", "write_channel_id", "read_only_channel_id", "oauth_client"}.
    std::string credentials_json() const;
    /// Records the store holds now (see refserver/store/record_budget.h).
    std::size_t stored_records() const;
    const FaultSet& faults() const { return faults_; }
    const AnswerDelays& delays() const { return delays_; }
    /// How long the transport should hold the answer to `request`: the delay of the operation it routes to
    /// (the `*` one for a request no route matches); zero without latency faults.
    std::chrono::microseconds answer_delay(const http::Request& request) const;
    const Clock& clock() const { return *clock_; }

private:
    explicit ReferenceServer(Options options);
    /// The personal access token with every scope and channel, and the read-only one, in the token store.
    void grant_tokens();
    http::Response dispatch(const http::Request& request);
    /// The stance faults that change a success's answer (list order, members left out, headers).
    void apply_answer_stance_faults(const http::Request& request, http::Response& response) const;
    /// Whether a write may add a record: below --max-records, or once retention has forgotten enough
    /// finished records. Under the exclusive lock.
    bool room_for_a_record();
    std::string base_url() const;

    Options options_;
    std::shared_ptr<Clock> clock_;
    FaultSet faults_;
    std::unique_ptr<RateLimit> rate_limit_;  ///< null: no limit
    AnswerDelays delays_;
    Router router_;
    Store store_;
    mutable std::shared_mutex mutex_;
    std::atomic<std::uint64_t> request_count_{0};
    bool retention_announced_ = false;  ///< guarded by mutex_ (written under the exclusive lock)
    std::string pat_;
    std::string read_only_token_;
    std::int32_t write_channel_id_ = 0;
    std::int32_t read_only_channel_id_ = 0;
    /// Webhook delivery worker (refserver/webhooks); last, so it stops before anything else goes.
    std::shared_ptr<WebhookDispatcher> webhooks_;
};

}  // namespace dockside::refserver
