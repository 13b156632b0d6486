#include "refserver/webhooks/events.h"

#include <algorithm>
#include <vector>

#include "refserver/api/order_model.h"
#include "refserver/core/datetime.h"
#include "refserver/core/text.h"
#include "refserver/store/webhooks_store.h"

namespace dockside::refserver {
namespace {

/// The topic published when a shipment enters `status`: each topic names what happened to the shipment,
/// and the state that happening enters is the shipment lifecycle's (rules.yaml state_machines.shipment).
const char* topic_for_status(const Lifecycle& shipments, const std::string& status) {
    if (status.empty()) return nullptr;
    if (status == shipments.entered_on(shipment_event::kShipped)) return kTopicShipped;
    if (status == shipments.cancelled()) return kTopicCancelled;
    if (status == shipments.entered_on(shipment_event::kException)) return kTopicException;
    if (status == shipments.entered_on(shipment_event::kHold)) return kOnHoldTopic;
    return nullptr;
}

void publish(Store& store, WebhookState& state, const FaultSet& faults, const std::string& topic,
             const ShipmentRecord& shipment, TimePoint now) {
    if (!state.dispatcher) return;
    const bool wanted = std::any_of(state.subscriptions.begin(), state.subscriptions.end(), [&](const auto& entry) {
        return std::find(entry.second.topics.begin(), entry.second.topics.end(), topic) != entry.second.topics.end();
    });
    if (!wanted) return;  // the payload renders the whole order: only for someone who will receive it
    const OrderRecord* order = store.orders.find(shipment.order_id);
    const nlohmann::json payload{{"type", topic},
                                 {"timestamp", format_iso8601(now)},
                                 {"data",
                                  {{"order_id", shipment.order_id},
                                   {"shipment_id", shipment.id},
                                   {"order", order ? order_json(*order, store, faults) : nlohmann::json(nullptr)}}}};
    const std::string body = payload.dump();
    for (const auto& [id, sub] : state.subscriptions) {
        if (std::find(sub.topics.begin(), sub.topics.end(), topic) == sub.topics.end()) continue;
        state.dispatcher->enqueue({"msg_" + random_hex(12), std::to_string(id), topic, sub.url, sub.secret, body});
    }
}

}  // namespace

std::shared_ptr<WebhookDispatcher> start_webhook_delivery(Store& store, const FaultSet& faults, bool insecure,
                                                         std::chrono::milliseconds backoff) {
    DispatcherOptions options;
    options.insecure = insecure;
    options.wrong_signature = faults.on(Fault::WebhookWrongSignature);
    options.wrong_content_type = faults.on(Fault::WebhookDeliveryWrongContentType);
    options.backoff = backoff;
    auto dispatcher = std::make_shared<WebhookDispatcher>(options);
    store.areas.get<WebhookState>().dispatcher = dispatcher.get();
    return dispatcher;
}

std::vector<std::string> unsubscribable_topics(const WebhookLimits& documented) {
    std::vector<std::string> problems;
    for (const auto& topic : kPublishedTopics)
        if (std::find(documented.topics.begin(), documented.topics.end(), topic) == documented.topics.end())
            problems.push_back("contract limits: WebhookCreateRequest.topics does not list " + topic +
                               ", a topic the reference server publishes");
    return problems;
}

void emit_webhook_events(Store& store, const FaultSet& faults, TimePoint now) {
    auto& state = store.areas.get<WebhookState>();
    std::vector<std::int32_t> touched;
    touched.swap(store.orders.touched);
    std::sort(touched.begin(), touched.end());
    touched.erase(std::unique(touched.begin(), touched.end()), touched.end());
    for (const auto id : touched) {
        const ShipmentRecord* found = store.orders.find_shipment(id);
        if (!found) continue;
        const ShipmentRecord& s = *found;
        auto [it, fresh] = state.seen.try_emplace(id, WebhookState::Seen{s.status, s.delivery_date.has_value()});
        if (fresh) continue;  // created by this write: nothing happened to it yet
        WebhookState::Seen& before = it->second;
        if (s.status != before.status)
            if (const char* topic = topic_for_status(store.states.shipments, s.status)) publish(store, state, faults, topic, s, now);
        if (s.delivery_date && !before.delivered) publish(store, state, faults, kTopicDelivered, s, now);
        before = {s.status, s.delivery_date.has_value()};
    }
}

}  // namespace dockside::refserver
