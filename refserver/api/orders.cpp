// The orders area: routes, get, cancel (ORD-CANCEL), estimate (ORD-ESTIMATE, ORD-ESTIMATE-METHODS),
// an order's shipment (ORD-SHIPMENT-GET) and store-order-json. Create and list live in their own files.

#include <utility>

#include "refserver/api/order_handlers.h"
#include "refserver/api/order_model.h"
#include "refserver/core/area.h"
#include "refserver/core/context.h"

namespace dockside::refserver {

std::vector<std::string> load_order_seed(const nlohmann::json& seed, Store& store);

namespace {

Result<const OrderRecord*, ApiError> find_order(RequestContext& ctx) {
    auto id = static_cast<std::int32_t>(ctx.path.integer("orderId"));
    const OrderRecord* order = std::as_const(ctx.store.orders).find(id);
    if (!order) return fail(not_found("no order with id " + std::to_string(id), "orderId"));
    return order;
}

/// The order of the path, to change it (writes only).
Result<OrderRecord*, ApiError> change_order(RequestContext& ctx) {
    auto id = static_cast<std::int32_t>(ctx.path.integer("orderId"));
    OrderRecord* order = ctx.store.orders.change_order(id);
    if (!order) return fail(not_found("no order with id " + std::to_string(id), "orderId"));
    return order;
}

Reply get_order(RequestContext& ctx) {
    auto order = find_order(ctx);
    if (!order) return fail(order.error());
    if (ctx.faults.on(Fault::OrderGetWrongRecord)) {
        // Answers a neighbouring order: the nearest other id that exists (after, then before), in a bounded window.
        for (std::int32_t step = 1; step <= 1000; ++step)
            for (std::int32_t id : {(*order)->id + step, (*order)->id - step})
                if (const OrderRecord* other = ctx.store.orders.find(id))
                    return json_response(200, order_json(*other, ctx.store, ctx.faults));
    }
    return json_text_response(200, *order_text(**order, ctx.store, ctx.faults));
}

Reply cancel_order(RequestContext& ctx) {
    auto order = change_order(ctx);
    if (!order) return fail(order.error());
    const TimePoint now = ctx.clock.now();
    nlohmann::json results = nlohmann::json::array();
    std::size_t succeeded = 0;
    for (auto id : (*order)->shipment_ids) {
        ShipmentRecord* s = ctx.store.orders.change_shipment(id);
        if (!s) continue;
        auto result = cancel_shipment(ctx.store, *s, now, ctx.faults);
        if (result["is_success"].get<bool>()) ++succeeded;
        results.push_back(std::move(result));
    }
    refresh_order_status(ctx.store, **order, now);
    std::string status = succeeded == results.size() ? "Success" : succeeded == 0 ? "Failure" : "PartialSuccess";
    return json_response(200, {{"canceled_shipment_results", results},
                               {"order", order_json(**order, ctx.store, ctx.faults)},
                               {"order_id", (*order)->id},
                               {"status", status}});
}

Reply get_order_shipment(RequestContext& ctx) {
    auto order = find_order(ctx);
    if (!order) return fail(order.error());
    auto sid = static_cast<std::int32_t>(ctx.path.integer("shipmentId"));
    const ShipmentRecord* s = ctx.store.orders.find_shipment(sid);
    if (!s || (s->order_id != (*order)->id && !ctx.faults.on(Fault::OrderShipmentIgnoresOrderId)))
        return fail(not_found("order " + std::to_string((*order)->id) + " has no shipment " + std::to_string(sid),
                              "shipmentId"));
    return json_response(200, shipment_json(*s, ctx.store, ctx.faults));
}

struct MethodPrice {
    std::string name;
    double base, per_oz;
};

Reply estimate_order(RequestContext& ctx) {
    auto body = parse_json_body(ctx.request);
    if (!body) return fail(body.error());
    BodyReader r(*body, "", "ORD-ESTIMATE");
    const nlohmann::json* address =
        r.object("address", ctx.faults.on(Fault::OrderEstimateAddressOptional) ? Need::Optional : Need::Required);
    // Required, but not said to be non-empty: no products is an empty parcel (NS-CREATE-OPTIONAL-FIELDS).
    const nlohmann::json* items = r.array("products", Need::Required, 0, "ORD-ESTIMATE");
    const nlohmann::json* methods = r.array("shipping_methods", Need::Optional);
    if (address) {
        BodyReader a = r.nested(*address, "address");
        for (const char* f : {"address1", "address2", "city", "company_name", "country", "state", "zip_code"})
            a.string(f, Need::Optional);
    }
    double weight = 0;
    for (std::size_t i = 0; items && i < items->size() && !r.error(); ++i) {
        const std::string name = "products[" + std::to_string(i) + "]";
        BodyReader p = r.nested((*items)[i], name);
        auto id = p.int64("id", Need::Optional);
        auto ref = p.string("reference_id", Need::Optional);
        auto qty = p.int64_at_least("quantity", Need::Optional, 1, "ORD-ESTIMATE").value_or(1);
        if (p.error()) break;
        if (!id && !ref) {
            p.fail(validation_error(name, name + " needs an id or a reference_id", "ORD-ESTIMATE"));
            break;
        }
        const nlohmann::json* v = nullptr;
        if (id) {
            auto named = variant_for_line_id(ctx.store.catalog, *id, p.field("id"), "ORD-ESTIMATE");
            if (!named) {
                p.fail(named.error());
                break;
            }
            v = *named;
        } else {
            v = ctx.store.catalog.variant_by_reference(*ref);
        }
        double each = v && v->contains("weight") && (*v)["weight"].is_object() ? (*v)["weight"].value("weight", 8.0) : 8.0;
        weight += each * qty;
    }
    std::vector<std::string> names;
    for (std::size_t i = 0; methods && i < methods->size(); ++i) {
        const auto& m = (*methods)[i];
        if (!m.is_string() || m.get<std::string>().empty()) {
            r.fail(validation_error("shipping_methods[" + std::to_string(i) + "]", "must be a non-empty string", "CONV-TYPES"));
            break;
        }
        names.push_back(m.get<std::string>());
    }
    if (r.error()) return fail(*r.error());
    if (!methods || ctx.faults.on(Fault::OrderEstimateMethodsIgnored)) {
        names.clear();
        for (const auto& m : ctx.store.catalog.shipping_methods) names.push_back(m.value("name", ""));
    }
    const auto& fcs = ctx.store.catalog.fulfillment_centers;
    nlohmann::json fc = fcs.empty() ? nlohmann::json{{"id", 0}, {"name", ""}}
                                    : nlohmann::json{{"id", fcs[0].value("id", 0)}, {"name", fcs[0].value("name", "")}};
    nlohmann::json estimates = nlohmann::json::array();
    for (const auto& name : names) {
        double base = 5.0, per_oz = 0.1;
        for (const auto& m : ctx.store.catalog.shipping_methods) {
            if (m.value("name", "") == name) {
                base = m.value("estimate_base_price", base);
                per_oz = m.value("estimate_price_per_oz", per_oz);
            }
        }
        double price = static_cast<double>(static_cast<std::int64_t>((base + per_oz * weight) * 100 + 0.5)) / 100;
        estimates.push_back({{"estimated_currency_code", "USD"},
                             {"estimated_price", price},
                             {"fulfillment_center", fc},
                             {"shipping_method", name},
                             {"total_weight_oz", weight}});
    }
    return json_response(200, {{"estimates", estimates}});
}

Reply get_store_order_json(RequestContext& ctx) {
    auto order = find_order(ctx);
    if (!order) return fail(order.error());
    nlohmann::json stored = (*order)->store_order_json.value();
    return json_response(200, stored.is_null() ? nlohmann::json::object() : std::move(stored));
}

Reply post_store_order_json(RequestContext& ctx) {
    auto order = change_order(ctx);
    if (!order) return fail(order.error());
    // The document shows no body (NS-OTHER-OPS-SHAPES): a POST without one stores an empty object, as the GET
    // of an order that never had one answers; a body sent must be a JSON object.
    auto body = ctx.request.body.empty() ? Result<nlohmann::json, ApiError>(nlohmann::json::object()) : parse_json_body(ctx.request);
    if (!body) return fail(body.error());
    if (!body->is_object()) return fail(validation_error("body", "store order JSON must be a JSON object", "CONV-TYPES"));
    (*order)->store_order_json = *body;
    (*order)->last_update = ctx.clock.now();
    return json_response(200, *body);
}

void bind_orders(HandlerTable& table, const FaultSet& faults) {
    table.bind_reads({{"listOrders", list_orders}, {"getOrder", get_order}, {"estimateOrder", estimate_order},
                      {"getOrderShipment", get_order_shipment}, {"getStoreOrderJson", get_store_order_json}});
    table.bind_writes({{"createOrder", create_order}, {"cancelOrder", cancel_order},
                       {"postStoreOrderJson", post_store_order_json}});
    if (faults.on(Fault::ConvPathListOrdersUnversioned)) table.serve_unversioned("listOrders");
    if (faults.on(Fault::ConvOpsStoreOrderJsonPostUnserved)) table.leave_unserved("postStoreOrderJson");
}

}  // namespace

Area orders_area() { return {"orders", bind_orders, load_order_seed}; }

}  // namespace dockside::refserver
