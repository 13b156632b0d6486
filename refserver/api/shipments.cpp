// The shipment operations (SHP-CANCEL) and the shipping-method and fulfillment-center lists.
// Shapes the document does not show (documented in refserver/README.md):
//   cancel one shipment -> 200 CanceledShipmentResult {action, is_success, reason, shipment_id}
//   batch cancel        <- {shipment_ids: int[1..kMaxItemsPerWrite]}  -> 200 {results: [CanceledShipmentResult]}
//   tracking upload     <- {shipment_ids: int[1..kMaxItemsPerWrite], is_tracking_uploaded: bool}
//                       -> 200 {results: [{shipment_id, is_success, reason}]}

#include "refserver/api/order_model.h"
#include "refserver/core/area.h"
#include "refserver/core/context.h"
#include "refserver/core/limits.h"

namespace dockside::refserver {
namespace {

Reply cancel_one(RequestContext& ctx, std::optional<std::int32_t> order_id) {
    auto sid = static_cast<std::int32_t>(ctx.path.integer("shipmentId"));
    if (order_id && !ctx.store.orders.find(*order_id))
        return fail(not_found("no order with id " + std::to_string(*order_id), "orderId"));
    ShipmentRecord* s = ctx.store.orders.change_shipment(sid);
    if (!s || (order_id && s->order_id != *order_id))
        return fail(not_found("no shipment with id " + std::to_string(sid), "shipmentId"));
    return json_response(200, cancel_shipment(ctx.store, *s, ctx.clock.now(), ctx.faults));
}

Reply cancel_order_shipment(RequestContext& ctx) {
    return cancel_one(ctx, static_cast<std::int32_t>(ctx.path.integer("orderId")));
}

Reply cancel_shipment_by_id(RequestContext& ctx) { return cancel_one(ctx, std::nullopt); }

/// The shipment_ids array of a batch body, each an int32.
Result<std::vector<std::int32_t>, ApiError> read_batch_ids(BodyReader& r) {
    std::vector<std::int32_t> ids;
    const nlohmann::json* list = r.array("shipment_ids", Need::Required, 1, "SHP-CANCEL");
    if (list && list->size() > kMaxItemsPerWrite)
        r.fail(validation_error("shipment_ids", "at most " + std::to_string(kMaxItemsPerWrite) + " shipment ids per call",
                                "NS-REQUEST-LIMITS"));
    for (std::size_t i = 0; list && i < list->size() && !r.error(); ++i) {
        const auto& v = (*list)[i];
        if (!v.is_number_integer() || v.get<std::int64_t>() < INT32_MIN || v.get<std::int64_t>() > INT32_MAX)
            r.fail(validation_error("shipment_ids[" + std::to_string(i) + "]", "must be an int32 shipment id", "CONV-TYPES"));
        else
            ids.push_back(v.get<std::int32_t>());
    }
    if (r.error()) return fail(*r.error());
    return ids;
}

Reply batch_cancel(RequestContext& ctx) {
    auto body = parse_json_body(ctx.request);
    if (!body) return fail(body.error());
    BodyReader r(*body, "", "SHP-CANCEL");
    auto ids = read_batch_ids(r);
    if (!ids) return fail(ids.error());
    nlohmann::json results = nlohmann::json::array();
    for (auto id : *ids) {
        if (ShipmentRecord* s = ctx.store.orders.change_shipment(id))
            results.push_back(cancel_shipment(ctx.store, *s, ctx.clock.now(), ctx.faults));
        else
            results.push_back({{"action", "Cancel"}, {"is_success", false}, {"reason", "no such shipment"}, {"shipment_id", id}});
    }
    return json_response(200, {{"results", results}});
}

Reply batch_tracking_upload(RequestContext& ctx) {
    auto body = parse_json_body(ctx.request);
    if (!body) return fail(body.error());
    BodyReader r(*body, "", "ERR-4XX");
    auto ids = read_batch_ids(r);
    if (!ids) return fail(ids.error());
    auto uploaded = r.boolean("is_tracking_uploaded", Need::Required);
    if (r.error()) return fail(*r.error());
    nlohmann::json results = nlohmann::json::array();
    const TimePoint now = ctx.clock.now();
    for (auto id : *ids) {
        ShipmentRecord* s = ctx.store.orders.change_shipment(id);
        if (!s) {
            results.push_back({{"shipment_id", id}, {"is_success", false}, {"reason", "no such shipment"}});
            continue;
        }
        s->is_tracking_uploaded = *uploaded;
        s->last_update_at = now;
        results.push_back({{"shipment_id", id}, {"is_success", true}, {"reason", ""}});
    }
    return json_response(200, {{"results", results}});
}

Reply list_shipping_methods(RequestContext& ctx) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& m : ctx.store.catalog.shipping_methods)
        out.push_back({{"id", m.value("id", 0)}, {"name", m.value("name", "")}, {"is_active", m.value("is_active", true)}});
    return json_response(200, out);
}

Reply list_fulfillment_centers(RequestContext& ctx) {
    return json_response(200, ctx.store.catalog.fulfillment_centers);
}

void bind_shipments(HandlerTable& table, const FaultSet& faults) {
    table.bind_reads({{"listShippingMethods", list_shipping_methods},
                      {"listFulfillmentCenters", list_fulfillment_centers}});
    table.bind_writes({{"cancelOrderShipment", cancel_order_shipment}, {"cancelShipment", cancel_shipment_by_id},
                       {"batchCancelShipments", batch_cancel}, {"batchUpdateTrackingUpload", batch_tracking_upload}});
    if (faults.on(Fault::ShipmentCancelUnserved)) table.leave_unserved("cancelShipment");
}

}  // namespace

Area shipments_area() { return {"shipments", bind_shipments, nullptr}; }

}  // namespace dockside::refserver
