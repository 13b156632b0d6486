#pragma once
/// Delivers webhook notifications from one background thread, never from a request thread.
/// Each delivery is a signed HTTPS POST (Standard Webhooks headers); anything but a 2xx within the
/// attempt timeout is retried with exponential back-off (base, 2x, 4x, ...) keeping its webhook-id,
/// up to max_attempts, then dropped and recorded as failed (NS-WH-RETRY). Destruction stops the
/// thread promptly: waits are interrupted; an attempt in flight ends within its timeout.

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "core/result.h"

namespace dockside::refserver {

struct WebhookDelivery {
    std::string webhook_id;  ///< "msg_<hex>", the same on every attempt
    std::string subscription_id;
    std::string topic;
    std::string url;
    std::string secret;  ///< empty: the webhook-signature header is omitted
    std::string body;    ///< the JSON payload
};

struct DeliveryAttempt {
    int status = 0;     ///< HTTP status, 0 when no response
    std::string error;  ///< transport error, empty when a response came
};

struct DeliveryRecord {
    enum class State { Pending, Delivered, Failed };
    WebhookDelivery delivery;
    std::vector<DeliveryAttempt> attempts;
    State state = State::Pending;
};

/// "pending", "delivered", "failed".
const char* to_string(DeliveryRecord::State state);

struct DispatcherOptions {
    /// Skip certificate verification (self-signed receivers in tests; Options.webhook_insecure).
    bool insecure = false;
    /// Sign with a key other than the secret (fault WH-SIGNED.wrong-signature).
    bool wrong_signature = false;
    /// Label deliveries text/plain (fault WH-DELIVERY.wrong-content-type).
    bool wrong_content_type = false;
    /// Wait before the first retry; doubles on each further retry.
    std::chrono::milliseconds backoff{1000};
    /// First attempt plus retries.
    int max_attempts = 6;
    /// Connect plus the whole exchange, per attempt.
    std::chrono::milliseconds attempt_timeout{5000};
};

class WebhookDispatcher {
public:
    explicit WebhookDispatcher(DispatcherOptions options);
    ~WebhookDispatcher();
    WebhookDispatcher(const WebhookDispatcher&) = delete;
    WebhookDispatcher& operator=(const WebhookDispatcher&) = delete;

    /// Queues a delivery for its first attempt now; starts the worker on first use. Never blocks on I/O.
    void enqueue(WebhookDelivery delivery);
    /// Every delivery still remembered (the newest 1000), oldest first.
    std::vector<DeliveryRecord> records() const;
    /// Waits until no delivery is pending; false when `timeout` passed first.
    bool wait_until_settled(std::chrono::milliseconds timeout) const;

private:
    void run();
    DeliveryAttempt attempt(const WebhookDelivery& delivery) const;
    void trim_locked();

    DispatcherOptions options_;
    mutable std::mutex mutex_;
    mutable std::condition_variable wake_;
    mutable std::condition_variable settled_;
    std::map<std::uint64_t, DeliveryRecord> records_;
    /// Sequence numbers of the records no longer pending, oldest first: what trimming may forget. Kept apart
    /// so a trim never walks past the pending ones (thousands, while receivers are down and retries wait).
    std::set<std::uint64_t> finished_;
    /// Pending deliveries by due time (sequence numbers into records_).
    std::multimap<std::chrono::steady_clock::time_point, std::uint64_t> due_;
    std::uint64_t next_seq_ = 1;
    std::size_t pending_ = 0;
    bool stopping_ = false;
    std::thread worker_;
};

}  // namespace dockside::refserver
