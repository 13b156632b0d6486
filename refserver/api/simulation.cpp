// The simulation control: moves warehouse-side state that the API cannot (the stance transitions of
// rules.yaml state_machines), the clock, and shows what the store holds. Its operations, paths and bodies
// are those of specs/simulation-control.openapi.yaml; this file binds a handler to each of its ids.
// Served only when Options.simulation_enabled is set (`dockside serve --sim`; otherwise no /_sim/ route
// exists), and only to the server's full-access PAT (Authorization: Bearer <PAT>, compared in constant
// time), otherwise 401: the control moves time and state for everyone. The shipment moves are
// state_machines.shipment.stance's; the order then takes state_machines.order.stance's move for what its
// shipments now are. A move the state does not allow is 409 invalid_state; an unknown id 404.

#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "refserver/api/order_model.h"
#include "refserver/api/receiving_model.h"
#include "refserver/api/returns_model.h"
#include "refserver/api/simulation_clock.h"
#include "refserver/api/variants_model.h"
#include "refserver/core/area.h"
#include "refserver/core/context.h"
#include "refserver/core/datetime.h"
#include "refserver/core/json_body.h"
#include "refserver/seed/seed.h"
#include "refserver/store/record_budget.h"
#include "refserver/store/webhooks_store.h"
#include "refserver/webhooks/dispatcher.h"

namespace dockside::refserver {
namespace {

inline constexpr std::int64_t kMaxClockStepSeconds = 10LL * 365 * 24 * 3600;

ApiError invalid_state(const std::string& field, const std::string& message) {
    return {409, "invalid_state", message, field, "SIM", {}};
}

/// Equal without an early exit, so the time taken says nothing about how much of a guess was right.
bool same_secret(std::string_view given, std::string_view secret) {
    unsigned char diff = given.size() == secret.size() ? 0 : 1;
    const std::size_t n = std::max(given.size(), secret.size());
    for (std::size_t i = 0; i < n; ++i) {
        const unsigned char a = i < given.size() ? static_cast<unsigned char>(given[i]) : 0;
        const unsigned char b = i < secret.size() ? static_cast<unsigned char>(secret[i]) : 0;
        diff |= static_cast<unsigned char>(a ^ b);
    }
    return diff == 0 && !secret.empty();
}

bool presents_pat(const RequestContext& ctx) {
    const auto header = ctx.request.headers.get("Authorization");
    constexpr std::string_view kScheme = "Bearer ";
    if (!header || header->size() <= kScheme.size() || header->substr(0, kScheme.size()) != kScheme) return false;
    return same_secret(header->substr(kScheme.size()), ctx.store.auth.primary_pat);
}

/// Wraps a handler so that it exists only on simulation-enabled servers, for the holder of the PAT.
Handler gated(Reply (*fn)(RequestContext&)) {
    return [fn](RequestContext& ctx) -> Reply {
        if (!ctx.store.simulation_enabled) return fail(not_found("no such path (simulation control is off)"));
        if (!presents_pat(ctx))
            return fail(unauthorized("the simulation control needs the server's personal access token "
                                     "(Authorization: Bearer <PAT>)"));
        return fn(ctx);
    };
}

Reply advance_return(RequestContext& ctx) {
    const auto id = static_cast<std::int32_t>(ctx.path.integer("id"));
    ReturnsState& held = returns_state(ctx.store);
    ReturnRecord* r = held.find(id);
    if (!r) return fail(not_found("no return with id " + std::to_string(id), "id"));
    auto next = ctx.store.states.returns.next(r->status);
    if (!next) return fail(invalid_state("id", "return " + std::to_string(id) + " is " + r->status + " and cannot advance"));
    held.enter(*r, *next, ctx.clock.now());
    return json_response(200, return_list_json(*r, ctx.store, ctx.faults));
}

/// Order status after warehouse moves: the order lifecycle's move, from the order's state, on the event its
/// shipments now amount to (rules.yaml state_machines.order.stance); none listed, the order keeps its state.
void refresh_order_after_warehouse(Store& store, std::int32_t order_id, TimePoint now) {
    OrderRecord* o = store.orders.change_order(order_id);
    if (!o) return;
    const Lifecycle& shipments = store.states.shipments;
    int active = 0, completed = 0, exception = 0;
    for (auto sid : o->shipment_ids) {
        const ShipmentRecord* s = store.orders.find_shipment(sid);
        if (!s || s->status == shipments.cancelled()) continue;
        ++active;
        completed += s->status == shipments.entered_on(shipment_event::kShipped);
        exception += s->status == shipments.entered_on(shipment_event::kException);
    }
    const char* event = exception > 0                      ? order_event::kShipmentException
                        : active > 0 && completed == active ? order_event::kAllShipped
                        : completed > 0                     ? order_event::kSomeShipped
                                                            : nullptr;
    if (event)
        if (auto move = store.states.orders.on_event(o->status, event)) o->status = move->to;
    o->last_update = now;
}

/// A simulation route's shipment move: the stance's warehouse event it plays, and the verb a refusal names.
struct ShipmentMove {
    const char* event;
    const char* verb;
};

Reply move_shipment(RequestContext& ctx, ShipmentMove move) {
    const auto id = static_cast<std::int32_t>(ctx.path.integer("shipmentId"));
    ShipmentRecord* s = ctx.store.orders.change_shipment(id);
    if (!s) return fail(not_found("no shipment with id " + std::to_string(id), "shipmentId"));
    const TimePoint now = ctx.clock.now();
    const std::string_view event = move.event;
    auto step = ctx.store.states.shipments.on_event(s->status, event);
    if (!step || (event == shipment_event::kDelivered && s->delivery_date))  // delivered once only
        return fail(invalid_state("shipmentId", "shipment " + std::to_string(id) + " is " + s->status + "; cannot " + move.verb));
    if (event == shipment_event::kShipped) {
        s->actual_fulfillment_date = now;
        s->shipping_date = now;
        s->last_tracking_update_at = now;
        if (!s->has_tracking()) {
            auto tracking = s->tracking.value();
            tracking["tracking_number"] = "1ZSIM" + std::to_string(id);
            s->tracking = tracking;
        }
        s->estimated_fulfillment_date_status = "FulfilledOnTime";
    }
    if (event == shipment_event::kDelivered) s->delivery_date = now;
    s->status = step->to;
    s->last_update_at = now;
    refresh_order_after_warehouse(ctx.store, s->order_id, now);
    return json_response(200, shipment_json(*s, ctx.store, ctx.faults));
}

Reply ship(RequestContext& ctx) { return move_shipment(ctx, {shipment_event::kShipped, "ship"}); }
Reply deliver(RequestContext& ctx) { return move_shipment(ctx, {shipment_event::kDelivered, "deliver"}); }
Reply hold(RequestContext& ctx) { return move_shipment(ctx, {shipment_event::kHold, "hold"}); }
Reply fail_shipment(RequestContext& ctx) { return move_shipment(ctx, {shipment_event::kException, "fail"}); }

Reply advance_wro(RequestContext& ctx) {
    const auto id = static_cast<std::int32_t>(ctx.path.integer("id"));
    auto& state = ctx.store.areas.get<ReceivingState>();
    auto it = state.wros.find(id);
    if (it == state.wros.end()) return fail(not_found("no WRO with id " + std::to_string(id), "id"));
    WroRecord& w = it->second;
    const Lifecycle& life = ctx.store.states.receiving;
    const auto step = life.next(w.status);
    if (!step) return fail(invalid_state("id", "WRO " + std::to_string(id) + " is " + w.status + " and cannot advance"));
    const std::string next = *step;
    const TimePoint now = ctx.clock.now();
    w.status = next;
    w.last_updated_date = now;
    w.status_history.push_back({state.next_history_id++, next, now});
    if (next == life.done())
        for (auto& q : w.inventory_quantities) {
            q["received_quantity"] = q.value("expected_quantity", 0);
            q["stowed_quantity"] = q.value("expected_quantity", 0);
        }
    return json_response(200, wro_json(w, ctx.store, ctx.faults));
}

/// A new WRO in Awaiting, as a merchant's portal would create one (the API has no create): warehouse-side
/// tests get fresh WROs however many earlier runs cancelled.
/// A create's body: none, or a JSON object.
Result<nlohmann::json, ApiError> create_body(RequestContext& ctx) {
    if (ctx.request.body.empty()) return nlohmann::json::object();
    auto parsed = parse_json_body(ctx.request);
    if (!parsed) return fail(parsed.error());
    if (!parsed->is_object()) return fail(validation_error("", "the body must be a JSON object", "SIM"));
    return std::move(parsed.value());
}

/// The `label` every create of the control takes, bounded as the control's OpenAPI file says.
std::optional<std::string> label_of(BodyReader& r, const Store& store) {
    return r.string("label", Need::Optional, text_limit(store.limits.simulation.label, "SIM"));
}

Reply create_wro(RequestContext& ctx) {
    auto body = create_body(ctx);
    if (!body) return fail(body.error());
    BodyReader r(*body, "", "SIM");
    const auto& centers = ctx.store.catalog.fulfillment_centers;
    std::int32_t center = centers.empty() ? 0 : centers[0].value("id", 0);
    if (auto given = r.int32("fulfillment_center_id", Need::Optional)) center = *given;
    auto po = r.string("purchase_order_number", Need::Optional,
                       text_limit(ctx.store.limits.simulation.purchase_order_number, "SIM"));
    if (!po) po = label_of(r, ctx.store);
    if (r.error()) return fail(*r.error());
    if (!ctx.store.catalog.fulfillment_center(center))
        return fail(validation_error("fulfillment_center_id", "no fulfillment center with id " + std::to_string(center), "SIM"));
    auto& state = ctx.store.areas.get<ReceivingState>();
    WroRecord w;
    w.id = state.wros.empty() ? 1 : state.wros.rbegin()->first + 1;
    w.fulfillment_center_id = center;
    w.purchase_order_number = po ? *po : "SIM-" + std::to_string(w.id);
    const TimePoint now = ctx.clock.now();
    w.insert_date = now;
    w.expected_arrival_date = now + std::chrono::hours(24 * 7);
    w.last_updated_date = now;
    w.status = ctx.store.states.receiving.initial();
    w.status_history.push_back({state.next_history_id++, w.status, now});
    const auto& inventory = ctx.store.catalog.inventory;
    if (!inventory.empty())
        w.inventory_quantities.push_back({{"expected_quantity", 10}, {"inventory_id", inventory[0].value("inventory_id", 0)},
                                          {"received_quantity", 0}, {"sku", inventory[0].value("sku", "")},
                                          {"stowed_quantity", 0}});
    const auto id = w.id;
    state.wros.emplace(id, std::move(w));
    return json_response(201, wro_json(state.wros.at(id), ctx.store, ctx.faults));
}

/// The store as the seed made it: orders, returns, WROs, subscriptions and the rest start over. What
/// belongs to the server itself stays: its tokens, its OAuth client and its webhook delivery worker.
Reply reset(RequestContext& ctx) {
    Store& store = ctx.store;
    Store fresh;
    fresh.limits = store.limits;
    fresh.states = store.states;
    fresh.auth.scopes = store.auth.scopes;
    std::vector<std::string> problems = load_core_seed(store.seed, fresh);
    for (const auto& area : all_areas())
        if (area.load_seed)
            for (auto& p : area.load_seed(store.seed, fresh)) problems.push_back(std::string(area.name) + ": " + p);
    if (!problems.empty()) return fail(internal_error("the seed no longer loads: " + problems.front()));
    WebhookDispatcher* dispatcher = store.areas.get<WebhookState>().dispatcher;
    store.channels = std::move(fresh.channels);
    store.catalog = std::move(fresh.catalog);
    store.orders = std::move(fresh.orders);
    store.areas.swap(fresh.areas);
    store.areas.get<WebhookState>().dispatcher = dispatcher;
    return json_response(200, {{"reset", true}, {"now", format_iso8601(ctx.clock.now())}});
}

Reply status(RequestContext& ctx) {
    nlohmann::json records = nlohmann::json::object();
    for (const auto& [kind, count] : stored_records_by_kind(ctx.store)) records[kind] = count;
    records["total"] = stored_records(ctx.store);
    nlohmann::json evicted = nlohmann::json::object();
    for (const auto& [kind, count] : ctx.store.evicted.by_kind()) evicted[kind] = count;
    evicted["total"] = ctx.store.evicted.total();
    return json_response(200, {{"simulation", "on"}, {"now", format_iso8601(ctx.clock.now())},
                               {"records", records}, {"evicted", evicted}});
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
    // Compared as the room left, in seconds: now + step itself would overflow the nanosecond time point.
    const auto room = std::chrono::duration_cast<std::chrono::seconds>(SimulatedClock::latest() - ctx.clock.now()).count();
    if (*seconds > room)
        return fail(validation_error("seconds", "the simulated clock cannot move past " +
                                                    format_iso8601(SimulatedClock::latest()) + "; it is now " +
                                                    format_iso8601(ctx.clock.now()), "SIM"));
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

/// A new product with one variant (its inventory item, and a channel metadata record on the default write
/// channel), as a merchant's catalog import would make one (the API has no product create): the schema phase
/// changes products of the run's own, never the target's.
Reply create_product(RequestContext& ctx) {
    auto body = create_body(ctx);
    if (!body) return fail(body.error());
    BodyReader given(*body, "", "SIM");
    const auto label = label_of(given, ctx.store);
    if (given.error()) return fail(*given.error());
    auto& state = ctx.store.areas.get<ProductsState>();
    const TimePoint now = ctx.clock.now();
    const std::int64_t id = state.next_product_id++;
    const std::string name = label ? *label : "Simulated product " + std::to_string(id);
    nlohmann::json variant = default_variant(now);
    variant["name"] = name;
    variant["sku"] = "SIM-" + std::to_string(id);
    const nlohmann::json listing = ctx.store.default_write_channel()
                                       ? nlohmann::json{{"channel_id", ctx.store.default_write_channel()->id}}
                                       : nlohmann::json::object();
    BodyReader r(listing, "", "PRD-META-ADD");
    variant["channel_metadata"] = nlohmann::json::array({channel_metadata_from_request(r, nullptr, ctx.store, false)});
    nlohmann::json product = {{"id", id}, {"name", name}, {"type", "Regular"}, {"user_id", state.user_id},
                              {"taxonomy", state.taxonomies.empty() ? nlohmann::json(nullptr) : state.taxonomies[0]},
                              {"created_on", format_iso8601(now)}, {"variants", nlohmann::json::array({variant})}};
    return product_reply(201, add_product(ctx.store.catalog, state, std::move(product), now), ctx.faults);
}

void bind_simulation(HandlerTable& table, const FaultSet&) {
    using Bound = std::pair<const char*, Reply (*)(RequestContext&)>;
    for (const auto& [id, handler] : {Bound{"simStatus", status}, Bound{"simWebhookDeliveries", webhook_deliveries}})
        table.bind_control(id, gated(handler), StoreLock::Shared);
    for (const auto& [id, handler] : {Bound{"simReset", reset}, Bound{"simCreateWro", create_wro},
                                      Bound{"simCreateProduct", create_product},
                                      Bound{"simAdvanceReturn", advance_return}, Bound{"simShipShipment", ship},
                                      Bound{"simDeliverShipment", deliver}, Bound{"simHoldShipment", hold},
                                      Bound{"simFailShipment", fail_shipment}, Bound{"simAdvanceWro", advance_wro},
                                      Bound{"simAdvanceClock", advance_clock}})
        table.bind_control(id, gated(handler), StoreLock::Exclusive);
}

}  // namespace

Area simulation_area() { return {"simulation", bind_simulation, nullptr}; }

}  // namespace dockside::refserver
