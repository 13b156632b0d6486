// Seed orders: the same readers as create, plus the fields only history can set (ids, dates,
// statuses, tracking). A malformed seed order is reported, never fatal.

#include "refserver/api/order_model.h"
#include "refserver/core/datetime.h"

namespace dockside::refserver {
namespace {

std::string describe(const ApiError& e) { return e.field + ": " + e.message; }

void apply_shipment_seed(BodyReader& r, ShipmentRecord& s, const Lifecycle& shipments) {
    if (auto v = r.enumeration("status", Need::Optional, shipments.states(), "SHP-ENUMS")) s.status = *v;
    if (auto v = r.string("estimated_fulfillment_date_status", Need::Optional)) s.estimated_fulfillment_date_status = *v;
    if (auto v = r.datetime("created_date", Need::Optional)) s.created = *v;
    if (auto v = r.datetime("last_update_at", Need::Optional)) s.last_update_at = v;
    if (auto v = r.datetime("actual_fulfillment_date", Need::Optional)) s.actual_fulfillment_date = v;
    if (auto v = r.datetime("estimated_fulfillment_date", Need::Optional)) s.estimated_fulfillment_date = v;
    if (auto v = r.datetime("delivery_date", Need::Optional)) s.delivery_date = v;
    if (auto v = r.datetime("last_tracking_update_at", Need::Optional)) s.last_tracking_update_at = v;
    if (auto v = r.boolean("is_tracking_uploaded", Need::Optional)) s.is_tracking_uploaded = *v;
    auto echoed = s.echoed.value();
    if (auto v = r.boolean("require_signature", Need::Optional)) echoed["require_signature"] = *v;
    if (auto v = r.string("package_material_type", Need::Optional)) echoed["package_material_type"] = *v;
    if (auto v = r.string("ship_option", Need::Optional)) echoed["ship_option"] = *v;
    if (auto v = r.number("insurance_value", Need::Optional)) echoed["insurance_value"] = *v;
    if (auto v = r.number("invoice_amount", Need::Optional)) echoed["invoice_amount"] = *v;
    if (auto v = r.string("invoice_currency_code", Need::Optional)) echoed["invoice_currency_code"] = *v;
    if (const auto* cartons = r.array("parent_cartons", Need::Optional)) echoed["parent_cartons"] = *cartons;
    if (const auto* details = r.array("status_details", Need::Optional)) echoed["status_details"] = *details;
    s.echoed = echoed;
    if (const auto* tracking = r.object("tracking", Need::Optional)) {
        BodyReader t = r.nested(*tracking, "tracking");
        auto fields = s.tracking.value();
        for (const char* f : {"bol", "carrier", "carrier_service", "pro_number", "scac", "tracking_number", "tracking_url"})
            if (auto v = t.string(f, Need::Optional)) fields[f] = *v;
        s.tracking = fields;
        s.shipping_date = t.datetime("shipping_date", Need::Optional);
    }
}

/// A seed order's own fields into `o`; answers its echoed fields, unpacked (make_shipment reads them).
nlohmann::json read_seed_order(BodyReader& r, Store& store, OrderRecord& o) {
    o.id = r.int32("id", Need::Required, 1).value_or(0);
    o.channel_id = r.int32("channel_id", Need::Required).value_or(0);
    o.created = r.datetime("created_date", Need::Required).value_or(TimePoint{});
    o.last_update = r.datetime("last_update", Need::Optional).value_or(o.created);
    o.purchase_date = r.datetime("purchase_date", Need::Optional);
    o.reference_id = r.string("reference_id", Need::Optional, text_limit(store.limits.orders.reference_id, "ORD-REF-1-300"));
    nlohmann::json echoed = nlohmann::json::object();
    auto order_number = r.string("order_number", Need::Optional);
    echoed["order_number"] = or_null(order_number ? order_number : o.reference_id);
    echoed["gift_message"] =
        or_null(r.string("gift_message", Need::Optional, text_limit(store.limits.orders.gift_message, "ORD-GIFT-500")));
    echoed["shipping_method"] = or_null(r.string("shipping_method", Need::Optional));
    o.status = r.enumeration("status", Need::Optional, store.states.orders.states(), "ORD-STATUS")
                   .value_or(store.states.orders.initial());
    echoed["type"] = r.enumeration("type", Need::Optional, kOrderTypes, "ORD-TYPE").value_or("DTC");
    echoed["recipient"] = normalize_recipient(r.object("recipient", Need::Required), r);
    echoed["retailer_program_data"] = normalize_retailer_program_data(r.object("retailer_program_data", Need::Optional), r);
    echoed["shipping_terms"] = nlohmann::json{{"carrier_type", ""}, {"payment_term", ""}};
    const auto* tags = r.array("tags", Need::Optional);
    echoed["tags"] = tags ? *tags : nlohmann::json();
    const auto* items = r.array("products", Need::Required, 1);
    echoed["products"] = items ? resolve_order_products(*items, r, store.catalog, store.orders.next_adhoc_product_id)
                               : nlohmann::json::array();
    double sum = 0;
    for (const auto& p : echoed["products"]) sum += p["unit_price"].get<double>() * p["quantity"].get<double>();
    echoed["financials"] = nlohmann::json{{"total_price", sum}};
    return echoed;
}

}  // namespace

std::vector<std::string> load_order_seed(const nlohmann::json& seed, Store& store) {
    std::vector<std::string> problems;
    auto it = seed.find("orders");
    if (it == seed.end()) return problems;
    if (!it->is_array()) return {"orders must be an array"};
    for (std::size_t i = 0; i < it->size(); ++i) {
        BodyReader r((*it)[i], "orders[" + std::to_string(i) + "]", "seed");
        OrderRecord o;
        nlohmann::json echoed = read_seed_order(r, store, o);
        if (store.orders.find(o.id)) r.fail(validation_error(r.field("id"), "duplicate order id"));
        if (!store.channel(o.channel_id)) r.fail(validation_error(r.field("channel_id"), "unknown channel"));
        std::vector<ShipmentRecord> shipments;
        if (const auto* seeds = r.array("shipments", Need::Required, 1)) {
            for (std::size_t k = 0; k < seeds->size(); ++k) {
                BodyReader sr = r.nested((*seeds)[k], "shipments[" + std::to_string(k) + "]");
                auto sid = sr.int32("id", Need::Required, 1).value_or(0);
                auto loc = sr.int32("location_id", Need::Required).value_or(0);
                if (!store.catalog.fulfillment_center(loc)) sr.fail(validation_error(sr.field("location_id"), "unknown fulfillment center"));
                if (store.orders.find_shipment(sid)) sr.fail(validation_error(sr.field("id"), "duplicate shipment id"));
                ShipmentRecord s = make_shipment(o, echoed, sid, loc, store, o.created);
                apply_shipment_seed(sr, s, store.states.shipments);
                shipments.push_back(std::move(s));
            }
        }
        if (r.error()) {
            problems.push_back("seed " + describe(*r.error()));
            continue;
        }
        o.echoed = packed_order_fields(std::move(echoed));
        store.orders.insert(std::move(o), std::move(shipments));
    }
    return problems;
}

}  // namespace dockside::refserver
