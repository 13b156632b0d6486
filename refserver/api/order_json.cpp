// Orders and shipments in response shape. Every documented field is written; faults that corrupt
// the shape (CONV-TYPES, CONV-FIELDS, ORD-STATUS, SHP-ENUMS) act here, where the shape is made.

#include "refserver/api/order_model.h"
#include "refserver/core/datetime.h"
#include "refserver/core/errors.h"

namespace dockside::refserver {

nlohmann::json time_json(const std::optional<TimePoint>& t, const FaultSet& faults) {
    if (!t) return nullptr;
    return faults.on(Fault::ConvTypesBadDatetime) ? format_us_style(*t) : format_iso8601(*t);
}

namespace {

nlohmann::json id_name(std::int64_t id, const std::string& name) { return {{"id", id}, {"name", name}}; }

// The document types these dates as datetime, not "or null": a date the client did not send is
// derived from the order's creation (stance NS-UNSET-DATETIME in specs/rules.yaml).
nlohmann::json retailer_json(const nlohmann::json& stored, TimePoint created, const FaultSet& faults) {
    using std::chrono::hours;
    const std::pair<const char*, TimePoint> defaults[] = {
        {"delivery_date", created + hours(24 * 5)},
        {"doNotShipBeforeDate", created},
        {"shipByDate", created + hours(48)},
    };
    nlohmann::json out = stored;
    for (const auto& [key, fallback] : defaults) {
        auto it = out.find(key);
        std::optional<TimePoint> t = it != out.end() && it->is_string()
                                         ? parse_iso8601(it->get<std::string>())
                                         : std::nullopt;
        out[key] = time_json(t.value_or(fallback), faults);
    }
    return out;
}

}  // namespace

nlohmann::json shipment_json(const ShipmentRecord& s, const Store& store, const FaultSet& faults) {
    const auto* fc = store.catalog.fulfillment_center(s.location_id);
    nlohmann::json tracking = s.tracking.value();
    // Not "or null" in the document: the planned date stands until the shipment ships.
    tracking["shipping_date"] =
        time_json(s.shipping_date ? s.shipping_date : s.estimated_fulfillment_date.value_or(s.created), faults);
    std::string status = s.status;
    if (status == store.states.shipments.entered_on(shipment_event::kShipped) && faults.on(Fault::ShipmentStatusOutsideSet))
        status = "Shipped";
    const auto* order = store.orders.find(s.order_id - (faults.on(Fault::OrderShipmentNamesAnotherOrder) ? 1 : 0));
    nlohmann::json out = s.echoed.value();
    if (auto& gift = out["gift_message"]; gift.is_string() && faults.on(Fault::ShipmentGiftMessage501))
        gift = gift.get<std::string>() + "!";
    out["id"] = s.id;
    out["order_id"] = s.order_id;
    out["reference_id"] = order ? or_null(order->reference_id) : nlohmann::json(nullptr);
    out["created_date"] = time_json(s.created, faults);
    out["last_update_at"] = time_json(s.last_update_at, faults);
    out["actual_fulfillment_date"] = time_json(s.actual_fulfillment_date, faults);
    out["estimated_fulfillment_date"] = time_json(s.estimated_fulfillment_date, faults);
    out["estimated_fulfillment_date_status"] = s.estimated_fulfillment_date_status;
    out["delivery_date"] = time_json(s.delivery_date, faults);
    out["is_tracking_uploaded"] = s.is_tracking_uploaded;
    out["last_tracking_update_at"] = time_json(s.last_tracking_update_at, faults);
    out["location"] = id_name(s.location_id, fc ? fc->value("name", "") : "");
    out["status"] = status;
    out["tracking"] = tracking;
    return out;
}

nlohmann::json order_json(const OrderRecord& o, const Store& store, const FaultSet& faults) {
    const Channel* channel = store.channel(o.channel_id);
    nlohmann::json shipments = nlohmann::json::array();
    for (auto id : o.shipment_ids)
        if (const auto* s = store.orders.find_shipment(id)) shipments.push_back(shipment_json(*s, store, faults));
    std::string status = o.status;
    if (status == store.states.orders.initial() && o.created_through_api && faults.on(Fault::OrderStatusOutsideSet)) status = "Open";
    nlohmann::json out = o.echoed.value();
    out["retailer_program_data"] = retailer_json(out["retailer_program_data"], o.created, faults);
    out["id"] = faults.on(Fault::ConvTypesOrderIdAsString) ? nlohmann::json(std::to_string(o.id)) : nlohmann::json(o.id);
    out["channel"] = id_name(o.channel_id, channel ? channel->name : "");
    out["created_date"] = time_json(o.created, faults);
    out["purchase_date"] = time_json(o.purchase_date, faults);
    out["reference_id"] = or_null(o.reference_id);
    out["shipments"] = std::move(shipments);
    out["status"] = status;
    if (faults.on(Fault::ConvFieldsOrderMissingCreatedDate)) out.erase("created_date");
    if (faults.on(Fault::ConvCaseOrderNumberCamelCase)) {
        out["orderNumber"] = out["order_number"];
        out.erase("order_number");
    }
    return out;
}

RenderCache::Text order_text(const OrderRecord& o, Store& store, const FaultSet& faults) {
    if (auto body = store.rendered_orders->find(o.id, o.revision)) return body;
    return store.rendered_orders->put(o.id, o.revision, dump_json(order_json(o, store, faults)));
}

}  // namespace dockside::refserver
