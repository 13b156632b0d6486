// Simulation control under /_sim/ (Dockside's own shapes, documented in refserver/README.md): moves
// warehouse-side state that the API cannot (the stance transitions of rules.yaml state_machines).
// Answered only when Options.simulation_enabled is set, otherwise every /_sim/ path is a 404.
// No bearer token is needed: the control plane is for test setups, never for a production-like run.
//   POST /_sim/return/{id}:advance        AwaitingArrival -> Arrived -> Processing -> Completed; 200 list-shape return
//   POST /_sim/shipment/{id}:ship         Processing | LabeledCreated -> Completed (order.shipped)
//   POST /_sim/shipment/{id}:deliver      Completed without delivery_date -> delivery_date set (order.shipment.delivered)
//   POST /_sim/shipment/{id}:hold         Processing -> OnHold (order.shipment.on_hold)
//   POST /_sim/shipment/{id}:fail         Processing | OnHold -> Exception (order.shipment.exception)
//   POST /_sim/wro/{id}:advance           Awaiting -> Arrived -> Processing -> Completed; 200 Wro
//   POST /_sim/clock:advance {"seconds"}  moves the server clock forward; 200 {"now"}
//   GET  /_sim/webhook-deliveries         the delivery log {"deliveries": [...]}
// A move the state does not allow is 409 invalid_state; an unknown id 404.

#include "refserver/api/order_model.h"
#include "refserver/api/receiving_model.h"
#include "refserver/api/returns_model.h"
#include "refserver/api/simulation_clock.h"
#include "refserver/core/area.h"
#include "refserver/core/context.h"
#include "refserver/core/datetime.h"
#include "refserver/core/json_body.h"
#include "refserver/store/webhooks_store.h"
#include "refserver/webhooks/dispatcher.h"

namespace dockside::refserver {
namespace {

inline constexpr std::int64_t kMaxClockStepSeconds = 10LL * 365 * 24 * 3600;

ApiError invalid_state(const std::string& field, const std::string& message) {
    return {409, "invalid_state", message, field, "SIM", {}};
}

/// Wraps a handler so that it exists only on simulation-enabled servers.
Handler gated(Reply (*fn)(RequestContext&)) {
    return [fn](RequestContext& ctx) -> Reply {
        if (!ctx.store.simulation_enabled) return fail(not_found("no such path (simulation control is off)"));
        return fn(ctx);
    };
}

Reply advance_return(RequestContext& ctx) {
    const auto id = static_cast<std::int32_t>(ctx.path.integer("id"));
    ReturnRecord* r = returns_state(ctx.store).find(id);
    if (!r) return fail(not_found("no return with id " + std::to_string(id), "id"));
    auto next = next_return_status(r->status);
    if (!next) return fail(invalid_state("id", "return " + std::to_string(id) + " is " + r->status + " and cannot advance"));
    r->enter(*next, ctx.clock.now());
    return json_response(200, return_list_json(*r, ctx.store, ctx.faults));
}

/// Order status after warehouse moves (rules.yaml state_machines.order.stance).
void refresh_order_after_warehouse(Store& store, std::int32_t order_id, TimePoint now) {
    OrderRecord* o = store.orders.find(order_id);
    if (!o) return;
    int active = 0, completed = 0, exception = 0;
    for (auto sid : o->shipment_ids) {
        const ShipmentRecord* s = store.orders.find_shipment(sid);
        if (!s || s->status == "Cancelled") continue;
        ++active;
        completed += s->status == "Completed";
        exception += s->status == "Exception";
    }
    if (exception > 0) o->status = "Exception";
    else if (active > 0 && completed == active) o->status = "Fulfilled";
    else if (completed > 0) o->status = "PartiallyFulfilled";
    o->last_update = now;
}

enum class ShipmentMove { Ship, Deliver, Hold, Fail };

Reply move_shipment(RequestContext& ctx, ShipmentMove move) {
    const auto id = static_cast<std::int32_t>(ctx.path.integer("shipmentId"));
    ShipmentRecord* s = ctx.store.orders.find_shipment(id);
    if (!s) return fail(not_found("no shipment with id " + std::to_string(id), "shipmentId"));
    const TimePoint now = ctx.clock.now();
    auto refuse = [&](const char* what) {
        return fail(invalid_state("shipmentId", "shipment " + std::to_string(id) + " is " + s->status + "; cannot " + what));
    };
    switch (move) {
        case ShipmentMove::Ship:
            if (s->status != "Processing" && s->status != "LabeledCreated") return refuse("ship");
            s->status = "Completed";
            s->actual_fulfillment_date = now;
            s->shipping_date = now;
            s->last_tracking_update_at = now;
            if (!s->has_tracking()) s->tracking["tracking_number"] = "1ZSIM" + std::to_string(id);
            s->estimated_fulfillment_date_status = "FulfilledOnTime";
            break;
        case ShipmentMove::Deliver:
            if (s->status != "Completed" || s->delivery_date) return refuse("deliver");
            s->delivery_date = now;
            break;
        case ShipmentMove::Hold:
            if (s->status != "Processing") return refuse("hold");
            s->status = "OnHold";
            break;
        case ShipmentMove::Fail:
            if (s->status != "Processing" && s->status != "OnHold") return refuse("fail");
            s->status = "Exception";
            break;
    }
    s->last_update_at = now;
    refresh_order_after_warehouse(ctx.store, s->order_id, now);
    return json_response(200, shipment_json(*s, ctx.store, ctx.faults));
}

Reply ship(RequestContext& ctx) { return move_shipment(ctx, ShipmentMove::Ship); }
Reply deliver(RequestContext& ctx) { return move_shipment(ctx, ShipmentMove::Deliver); }
Reply hold(RequestContext& ctx) { return move_shipment(ctx, ShipmentMove::Hold); }
Reply fail_shipment(RequestContext& ctx) { return move_shipment(ctx, ShipmentMove::Fail); }

Reply advance_wro(RequestContext& ctx) {
    const auto id = static_cast<std::int32_t>(ctx.path.integer("id"));
    auto& state = ctx.store.areas.get<ReceivingState>();
    auto it = state.wros.find(id);
    if (it == state.wros.end()) return fail(not_found("no WRO with id " + std::to_string(id), "id"));
    WroRecord& w = it->second;
    std::string next;
    if (w.status == "Awaiting") next = "Arrived";
    else if (w.status == "Arrived") next = "Processing";
    else if (w.status == "Processing") next = "Completed";
    else return fail(invalid_state("id", "WRO " + std::to_string(id) + " is " + w.status + " and cannot advance"));
    const TimePoint now = ctx.clock.now();
    w.status = next;
    w.last_updated_date = now;
    w.status_history.push_back({state.next_history_id++, next, now});
    if (next == "Completed")
        for (auto& q : w.inventory_quantities) {
            q["received_quantity"] = q.value("expected_quantity", 0);
            q["stowed_quantity"] = q.value("expected_quantity", 0);
        }
    return json_response(200, wro_json(w, ctx.store, ctx.faults));
}

Reply advance_clock(RequestContext& ctx) {
    auto* clock = dynamic_cast<const SimulatedClock*>(&ctx.clock);
    if (!clock) return fail(internal_error("the simulation clock is not installed"));
    auto body = parse_json_body(ctx.request);
    if (!body) return fail(body.error());
    if (!body->is_object()) return fail(validation_error("", "the body must be a JSON object", "SIM"));
    BodyReader r(*body, "", "SIM");
    auto seconds = r.int64("seconds", Need::Required);
    if (!r.error() && (*seconds < 1 || *seconds > kMaxClockStepSeconds))
        r.fail(validation_error("seconds", "seconds must be 1.." + std::to_string(kMaxClockStepSeconds), "SIM"));
    if (r.error()) return fail(*r.error());
    clock->advance(std::chrono::seconds(*seconds));
    return json_response(200, {{"now", format_iso8601(ctx.clock.now())}});
}

Reply webhook_deliveries(RequestContext& ctx) {
    nlohmann::json out = nlohmann::json::array();
    if (const WebhookDispatcher* d = ctx.store.areas.get<WebhookState>().dispatcher)
        for (const auto& rec : d->records()) {
            nlohmann::json attempts = nlohmann::json::array();
            for (const auto& a : rec.attempts) attempts.push_back({{"status", a.status}, {"error", a.error}});
            out.push_back({{"webhook_id", rec.delivery.webhook_id},
                           {"subscription_id", rec.delivery.subscription_id},
                           {"topic", rec.delivery.topic},
                           {"url", rec.delivery.url},
                           {"state", to_string(rec.state)},
                           {"body", nlohmann::json::parse(rec.delivery.body, nullptr, false)},
                           {"attempts", attempts}});
        }
    return json_response(200, {{"deliveries", out}});
}

void add_routes(Router& router, const FaultSet&) {
    router.add("POST", "/_sim/return/{id:int32}:advance", "simAdvanceReturn", gated(advance_return));
    router.add("POST", "/_sim/shipment/{shipmentId:int32}:ship", "simShipShipment", gated(ship));
    router.add("POST", "/_sim/shipment/{shipmentId:int32}:deliver", "simDeliverShipment", gated(deliver));
    router.add("POST", "/_sim/shipment/{shipmentId:int32}:hold", "simHoldShipment", gated(hold));
    router.add("POST", "/_sim/shipment/{shipmentId:int32}:fail", "simFailShipment", gated(fail_shipment));
    router.add("POST", "/_sim/wro/{id:int32}:advance", "simAdvanceWro", gated(advance_wro));
    router.add("POST", "/_sim/clock:advance", "simAdvanceClock", gated(advance_clock));
    router.add("GET", "/_sim/webhook-deliveries", "simWebhookDeliveries", gated(webhook_deliveries));
}

}  // namespace

Area simulation_area() { return {"simulation", add_routes, nullptr}; }

}  // namespace dockside::refserver
