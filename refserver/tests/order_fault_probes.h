#pragma once
// Probes for the order, shipment and order-borne conventions faults (used by faults_test.cpp). Each returns true when the violation is observable on `h`.

#include <algorithm>
#include <string>
#include <vector>

#include "refserver/tests/test_support.h"

namespace dockside::refserver::testing::order_probes {

inline bool created_ok(const http::Response& r) { return r.status == 201 || r.status == 200; }

inline nlohmann::json order_with(const std::string& ref, const std::string& key, nlohmann::json value) {
    nlohmann::json body = valid_order(ref);
    body[key] = std::move(value);
    return body;
}

inline bool order_number_camel_case(Harness& h) {
    auto o = body_of(h.get("/2025-07/order/5001"));
    return o.contains("orderNumber") && !o.contains("order_number");
}

inline bool store_order_json_post_unserved(Harness& h) {
    const int status = h.post("/2025-07/order/5001/store-order-json", {{"k", "v"}}).status;
    return status == 404 || status == 405;
}

inline bool list_orders_unversioned(Harness& h) {
    // The versioned path keeps POST (createOrder), so GET there answers 405.
    const int versioned = h.get("/2025-07/order").status;
    return (versioned == 404 || versioned == 405) && h.get("/order").status == 200;
}

inline bool rejected_create_stored(Harness& h) {
    auto r = h.post("/2025-07/order", order_with("F-NOSIDE", "gift_message", repeat("g", 501)));
    return r.status == 400 && body_of(h.get("/2025-07/order?ReferenceIds=F-NOSIDE")).size() == 1;
}

inline bool created_id_only(Harness& h) {
    auto r = h.post("/2025-07/order", valid_order("F-IDONLY"));
    auto o = body_of(r);
    return r.status == 201 && o.is_object() && o.contains("id") && !o.contains("recipient");
}

inline bool estimate_without_address(Harness& h) {
    return h.post("/2025-07/order:estimate", {{"products", {{{"id", 3001}, {"quantity", 1}}}}}).status == 200;
}

inline bool get_wrong_record(Harness& h) { return body_of(h.get("/2025-07/order/5001"))["id"] != 5001; }

inline bool list_wrapped(Harness& h) { return body_of(h.get("/2025-07/order")).is_object(); }

inline bool location_ignored(Harness& h) {
    const auto centers = body_of(h.get("/2025-07/fulfillment-center"));
    if (!centers.is_array() || centers.size() < 2) return false;
    const auto wanted = centers.back()["id"];
    auto o = body_of(h.post("/2025-07/order", order_with("F-LOC", "location_id", wanted)));
    return o["shipments"][0]["location"]["id"] != wanted;
}

inline bool unnamed_unknown_reference(Harness& h) {
    nlohmann::json body = valid_order("F-PNAME");
    body["products"] = {{{"reference_id", "NO-SUCH-SKU"}, {"quantity", 1}}};
    return created_ok(h.post("/2025-07/order", body));
}

inline bool empty_shipping_method(Harness& h) {
    return created_ok(h.post("/2025-07/order", order_with("F-SM", "shipping_method", "")));
}

inline bool undocumented_type(Harness& h) {
    return created_ok(h.post("/2025-07/order", order_with("F-TYPE", "type", "Wholesale")));
}

inline bool cancel_shipment_unserved(Harness& h) {
    auto o = body_of(h.post("/2025-07/order", valid_order("F-SHPCANCEL")));
    const int status = h.send("POST", "/2025-07/shipment/" + o["shipments"][0]["id"].dump() + ":cancel").status;
    return status == 404 || status == 405;
}

inline bool shipment_gift_501(Harness& h) {
    auto o = body_of(h.post("/2025-07/order", order_with("F-SHPGIFT", "gift_message", repeat("h", 500))));
    auto s = body_of(h.get("/2025-07/order/" + o["id"].dump() + "/shipment/" + o["shipments"][0]["id"].dump()));
    return s["gift_message"].is_string() && s["gift_message"].get<std::string>().size() > 500;
}

}  // namespace dockside::refserver::testing::order_probes
