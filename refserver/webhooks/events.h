#pragma once
/// Turns shipment changes into webhook deliveries. After every write that touched a shipment (created one
/// or took one for change, OrderBook::touched) the server calls emit_webhook_events: it compares each
/// touched shipment with what it saw after the previous write and queues one delivery per (event,
/// subscribed subscription). A shipment seen for the first time was created by that write: no event.
/// Events: status becomes Completed -> order.shipped, Cancelled -> order.shipment.cancelled,
/// Exception -> order.shipment.exception, OnHold -> order.shipment.on_hold; a delivery_date appears
/// -> order.shipment.delivered. Payload (NS-WH-PAYLOAD): {type, timestamp, data: {order_id, shipment_id, order}}.

#include <chrono>
#include <memory>
#include <string>
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

/// Queues deliveries for the changes of the shipments touched since the previous call, and forgets them.
/// Runs under the store's write lock.
void emit_webhook_events(Store& store, const FaultSet& faults, TimePoint now);

}  // namespace dockside::refserver
