#pragma once
/// Turns shipment changes into webhook deliveries. After every write the server calls
/// emit_webhook_events: while at least one subscription exists it compares each shipment with what
/// it saw after the previous write and queues one delivery per (event, subscribed subscription).
/// Events: status becomes Completed -> order.shipped, Cancelled -> order.shipment.cancelled,
/// Exception -> order.shipment.exception, OnHold -> order.shipment.on_hold; a delivery_date appears
/// -> order.shipment.delivered. Payload (NS-WH-PAYLOAD): {type, timestamp, data: {order_id, shipment_id, order}}.

#include <chrono>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "refserver/core/clock.h"
#include "refserver/faults/fault.h"
#include "refserver/store/store.h"
#include "refserver/webhooks/dispatcher.h"

namespace dockside::refserver {

/// Creates the server's dispatcher and wires it into the store; called once by ReferenceServer::create.
std::shared_ptr<WebhookDispatcher> start_webhook_delivery(Store& store, const FaultSet& faults, bool insecure,
                                                         std::chrono::milliseconds backoff);

/// One start-up problem per topic the server publishes that the contract's topic list lacks.
std::vector<std::string> unsubscribable_topics(const WebhookLimits& documented);

/// Records the current shipment states without emitting anything (on the first subscription).
void watch_shipments(Store& store);
/// Stops watching (no subscription left), so writes cost nothing.
void unwatch_shipments(Store& store);

/// Queues deliveries for shipment changes since the previous call. Runs under the store's write lock.
void emit_webhook_events(Store& store, const FaultSet& faults, TimePoint now);

/// Whether a write of this operation can create a shipment or change one's status or delivery: only those
/// need emit_webhook_events, which compares every shipment. Other writes (products, returns, receiving,
/// subscriptions…) skip it, so their cost does not grow with the orders a server holds.
bool may_change_shipments(std::string_view operation_id);

}  // namespace dockside::refserver
