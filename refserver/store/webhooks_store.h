#pragma once
/// Webhook subscriptions and what event detection remembers between writes.

#include <cstdint>
#include <map>
#include <unordered_map>
#include <optional>
#include <string>
#include <vector>

#include "refserver/core/clock.h"

namespace dockside::refserver {

class WebhookDispatcher;

/// The topics this server publishes (webhooks/events.cpp says on which shipment change). The topics a
/// subscription may name are the contract's (ContractLimits::webhooks); ReferenceServer::create refuses
/// to start when the contract lacks one of these, which nobody could then subscribe to.
inline constexpr const char* kTopicShipped = "order.shipped";
inline constexpr const char* kTopicCancelled = "order.shipment.cancelled";
inline constexpr const char* kTopicDelivered = "order.shipment.delivered";
inline constexpr const char* kTopicException = "order.shipment.exception";
inline constexpr const char* kOnHoldTopic = "order.shipment.on_hold";
inline const std::vector<std::string> kPublishedTopics = {kTopicShipped, kTopicCancelled, kTopicDelivered,
                                                          kTopicException, kOnHoldTopic};

struct WebhookSubscriptionRecord {
    std::int64_t id = 0;
    std::string url;
    std::vector<std::string> topics;
    std::optional<std::string> description;
    std::string secret;  ///< "" when none was given
    TimePoint created_at;
};

struct WebhookState {
    std::map<std::int64_t, WebhookSubscriptionRecord> subscriptions;
    std::int64_t next_id = 1;
    /// Owned by the ReferenceServer, which outlives every request.
    WebhookDispatcher* dispatcher = nullptr;

    /// Shipment status and whether it was delivered, as of the last write that touched it.
    struct Seen {
        std::string status;
        bool delivered = false;
    };
    std::unordered_map<std::int32_t, Seen> seen;
};

}  // namespace dockside::refserver
