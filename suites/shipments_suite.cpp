// Shipments: the documented value sets (SHP-ENUMS) and gift message limit (SHP-GIFT-500) of every
// shipment the target shows, GET /order/{orderId}/shipment/{shipmentId}, and the shipment operations
// whose shapes are not shown (SHP-CANCEL; NS-OTHER-OPS-SHAPES: served, success status, JSON only).
// That the batch operations are served (their request bodies are not shown, so only "not served" and
// 5xx are findings) is SHP-CANCEL's served checks in the rules data (RuleChecks).

#include <algorithm>
#include <set>
#include <string>

#include <gtest/gtest.h>

#include "generators/run_spec.h"
#include "generators/text_gen.h"
#include "suites/orders_support.h"
#include "suites/support/api.h"

namespace dockside::suites {
namespace {

using nlohmann::json;
using namespace orders_support;

/// The documented values of a Shipment enum field, read from the session's spec.
std::set<std::string> documented(const char* field) {
    const auto values = generators::enum_strings_of(std::string("Shipment.") + field);
    return {values.begin(), values.end()};
}

/// Findings for one shipment's enums and gift message; `where` says how it was read.
void check_shipment(const json& s, const Exchange& shown_by, const std::string& where) {
    const std::string id = s.value("id", json()).dump();
    auto in = [&](const char* field, const std::set<std::string>& values) {
        const json v = s.value(field, json());
        if (!v.is_string() || !values.count(v.get<std::string>()))
            record_failure("SHP-ENUMS", shown_by,
                           where + ": shipment " + id + " has " + field + " " + v.dump() + ", outside the documented set");
    };
    for (const char* field : {"status", "estimated_fulfillment_date_status", "package_material_type"}) in(field, documented(field));
    const json gift = s.value("gift_message", json());
    const auto limit = static_cast<std::size_t>(generators::max_length_of("Shipment.gift_message"));
    if (gift.is_string() && generators::code_points(gift.get<std::string>()) > limit)
        record_failure("SHP-GIFT-500", shown_by,
                       where + ": shipment " + id + " has a gift_message of " +
                           std::to_string(generators::code_points(gift.get<std::string>())) + " characters (at most " +
                           std::to_string(limit) + ")");
}

/// A new order with a shipment; skips the test when the target creates none.
std::optional<json> order_with_shipment(const std::string& tag, json body = nullptr) {
    SetupStep setup("creating an order of the test's own");
    if (body.is_null()) body = valid_order_body(unique_ref(tag));
    auto order = create_order(body);
    if (order && shipments_of(*order).empty()) return std::nullopt;
    return order;
}

std::string sid_of(const json& order) { return shipments_of(order)[0]["id"].dump(); }

TEST(Shipments, SHP_ENUMS_EveryShipmentShownUsesDocumentedValues) {
    // The test's own orders only: what other tests (or other clients) stored is not this test's to judge.
    std::vector<json> orders;
    {
        SetupStep setup("creating orders of the test's own");
        for (const char* tag : {"EN", "EN2"})
            if (auto order = order_with_shipment(tag)) orders.push_back(*order);
        // A shipped shipment exercises the states a new order never has.
        if (!orders.empty() && sim_available())
            expect_status(sim("/_sim/shipment/" + sid_of(orders[0]) + ":ship", json::object()), 200, "SHP-ENUMS");
    }
    if (orders.empty()) DOCKSIDE_SKIP("new orders have no shipments on this target");
    Exchange listed = send({.operation = "listOrders", .query = {{"IDs", csv(ids_of(json(orders)))}, {"Limit", std::to_string(max_orders_per_page())}, {"Page", "1"}}});
    if (!expect_status(listed, 200, "ORD-LIST-SHAPE")) return;
    const json read = listed.json().is_array() ? listed.json() : json::array();
    for (const auto& o : read)
        for (const auto& s : shipments_of(o)) {
            check_shipment(s, listed, "GET /order");
            Exchange ex = send({.operation = "getOrderShipment",
                                .path = {{"orderId", o.value("id", json()).dump()}, {"shipmentId", s.value("id", json()).dump()}}});
            if (expect_status(ex, 200, "ORD-SHIPMENT-GET")) {
                expect_conforms(ex);
                check_shipment(ex.json(), ex, "GET /order/{orderId}/shipment/{shipmentId}");
            }
        }
}

TEST(Shipments, SHP_GIFT_500_GiftMessageOfAShipmentWithinLimit) {
    json body = valid_order_body(unique_ref("SG"));
    // The longest gift message both the order create and the shipment document (the two limits are stated apart).
    const auto longest = std::min(generators::max_length_of("OrderCreateRequest.gift_message"),
                                  generators::max_length_of("Shipment.gift_message"));
    body["gift_message"] = std::string(static_cast<std::size_t>(longest), 'h');
    auto order = order_with_shipment("SG", body);
    if (!order) DOCKSIDE_SKIP("new orders have no shipments on this target");
    Exchange ex = send({.operation = "getOrderShipment", .path = {{"orderId", (*order)["id"].dump()}, {"shipmentId", sid_of(*order)}}});
    if (!expect_status(ex, 200, "ORD-SHIPMENT-GET")) return;
    expect_conforms(ex);
    check_shipment(ex.json(), ex, "GET /order/{orderId}/shipment/{shipmentId}");
}

TEST(Shipments, SHP_CANCEL_CancelOneShipmentServed) {
    auto order = order_with_shipment("SC");
    if (!order) DOCKSIDE_SKIP("new orders have no shipments on this target");
    Exchange ex = send({.operation = "cancelShipment", .path = {{"shipmentId", sid_of(*order)}}});
    expect_status(ex, 200, "SHP-CANCEL");
    expect_conforms(ex);
    auto other = order_with_shipment("SC");
    if (!other) return;
    Exchange by_order = send({.operation = "cancelOrderShipment",
                              .path = {{"orderId", (*other)["id"].dump()}, {"shipmentId", sid_of(*other)}}});
    expect_status(by_order, 200, "SHP-CANCEL");
    expect_conforms(by_order);
}

TEST(Shipments, ERR_4XX_UnknownShipmentRejected) {
    auto order = create_probe_order("SU");
    if (!order) return;
    expect_rejected(send({.operation = "getOrderShipment",
                          .path = {{"orderId", (*order)["id"].dump()}, {"shipmentId", "2147483000"}}}),
                    "ERR-4XX", 404);
    expect_rejected(send({.operation = "cancelShipment", .path = {{"shipmentId", "2147483000"}}}), "ERR-4XX", 404);
}

TEST(Shipments, AUTH_BEARER_ShipmentOperationsNeedValidTokenAndChangeNothing) {
    auto order = order_with_shipment("SA");
    if (!order) DOCKSIDE_SKIP("new orders have no shipments on this target");
    const std::string oid = (*order)["id"].dump(), sid = sid_of(*order);
    for (Auth auth : {Auth::None, Auth::Bad}) {
        expect_rejected(send({.operation = "getOrderShipment", .path = {{"orderId", oid}, {"shipmentId", sid}}, .auth = auth}),
                        "AUTH-BEARER", 401);
        expect_rejected(send({.operation = "cancelShipment", .path = {{"shipmentId", sid}}, .auth = auth}), "AUTH-BEARER", 401);
        expect_rejected(send({.operation = "cancelOrderShipment", .path = {{"orderId", oid}, {"shipmentId", sid}}, .auth = auth}),
                        "AUTH-BEARER", 401);
        expect_rejected(send({.operation = "batchCancelShipments",
                              .body = json{{"shipment_ids", json::array({std::stoll(sid)})}}, .auth = auth}),
                        "AUTH-BEARER", 401);
    }
    Exchange ex = send({.operation = "getOrderShipment", .path = {{"orderId", oid}, {"shipmentId", sid}}});
    if (expect_status(ex, 200, "ORD-SHIPMENT-GET"))
        expect_no_side_effect(ex.json().value("status", json()) != json("Cancelled"), ex, "unauthenticated cancels left the shipment Cancelled");
}

}  // namespace
}  // namespace dockside::suites
