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

/// The five topics of the document (NS-WH-TOPIC-LIST: the reference server knows exactly these).
inline const std::vector<std::string> kWebhookTopics = {"order.shipped", "order.shipment.cancelled",
                                                        "order.shipment.delivered", "order.shipment.exception",
                                                        "order.shipment.on_hold"};

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
