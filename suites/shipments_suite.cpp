// Shipments: shipments brought into states a new order never shows, judged by the response validator
// (SHP-ENUMS, SHP-GIFT-500), GET /order/{orderId}/shipment/{shipmentId}, and refusals that must change
// nothing. That the cancel operations are served (their shapes are not shown: NS-OTHER-OPS-SHAPES) is
// SHP-CANCEL's served checks in the rules data (RuleChecks).

#include <algorithm>
#include <set>
#include <string>

#include <gtest/gtest.h>

#include "generators/run_spec.h"
#include "generators/text_gen.h"
#include "suites/orders_support.h"
#include "suites/refusal_stances.h"
#include "suites/suite.h"

namespace dockside::suites {
namespace {

using nlohmann::json;
using namespace orders_support;

/// A new order with a shipment; skips the test when the target creates none.
std::optional<json> order_with_shipment(const std::string& tag, json body = nullptr) {
    SetupStep setup("creating an order of the test's own");
    if (body.is_null()) body = valid_order_body(unique_ref(tag));
    auto order = create_order(body);
    if (order && shipments_of(*order).empty()) return std::nullopt;
    return order;
}

std::string sid_of(const json& order) { return shipments_of(order)[0]["id"].dump(); }

// The shipment's enums (SHP-ENUMS) and gift message limit (SHP-GIFT-500) are the response validator's,
// read from the schemas: these tests only bring shipments into what a new order never shows (shipped by
// the simulation control; a gift message at its limit) and have every answer that carries them judged.
TEST(Shipments, ShipmentsOfEveryStateShownConform) {
    // The test's own orders only: what other tests (or other clients) stored is not this test's to judge.
    std::vector<json> orders;
    {
        SetupStep setup("creating orders of the test's own");
        for (const char* tag : {"EN", "EN2"})
            if (auto order = order_with_shipment(tag)) orders.push_back(*order);
        // A shipped shipment exercises the states a new order never has.
        if (!orders.empty() && sim_available())
            needs_success(sim("simShipShipment", {{"shipmentId", sid_of(orders[0])}}));
    }
    if (orders.empty()) DOCKSIDE_SKIP("new orders have no shipments on this target");
    Exchange listed = send({.operation = "listOrders", .query = {{"IDs", csv(ids_of(json(orders)))}, {"Limit", std::to_string(max_orders_per_page())}, {"Page", "1"}}});
    if (!needs_success(listed)) return;
    const json read = listed.json().is_array() ? listed.json() : json::array();
    for (const auto& o : read)
        for (const auto& s : shipments_of(o)) {
            Exchange ex = send({.operation = "getOrderShipment",
                                .path = {{"orderId", o.value("id", json()).dump()}, {"shipmentId", s.value("id", json()).dump()}}});
            needs_success(ex);
        }
}

TEST(Shipments, ShipmentOfTheLongestGiftMessageConforms) {
    json body = valid_order_body(unique_ref("SG"));
    // The longest gift message both the order create and the shipment document (the two limits are stated apart).
    const auto longest = std::min(generators::max_length_of("OrderCreateRequest.gift_message"),
                                  generators::max_length_of("Shipment.gift_message"));
    body["gift_message"] = std::string(static_cast<std::size_t>(longest), 'h');
    auto order = order_with_shipment("SG", body);
    if (!order) DOCKSIDE_SKIP("new orders have no shipments on this target");
    Exchange ex = send({.operation = "getOrderShipment", .path = {{"orderId", (*order)["id"].dump()}, {"shipmentId", sid_of(*order)}}});
    needs_success(ex);
}

TEST(Shipments, ERR_4XX_UnknownShipmentRejected) {
    auto order = create_probe_order("SU");
    if (!order) return;
    expect_rejected(send({.operation = "getOrderShipment",
                          .path = {{"orderId", (*order)["id"].dump()}, {"shipmentId", "2147483000"}}}),
                    "ERR-4XX", kMissing);
    expect_rejected(send({.operation = "cancelShipment", .path = {{"shipmentId", "2147483000"}}}), "ERR-4XX", kMissing);
}

TEST(Shipments, AUTH_BEARER_ShipmentOperationsNeedValidTokenAndChangeNothing) {
    auto order = order_with_shipment("SA");
    if (!order) DOCKSIDE_SKIP("new orders have no shipments on this target");
    const std::string oid = (*order)["id"].dump(), sid = sid_of(*order);
    for (Auth auth : {Auth::None, Auth::Bad}) {
        expect_rejected(send({.operation = "getOrderShipment", .path = {{"orderId", oid}, {"shipmentId", sid}}, .auth = auth}),
                        "AUTH-BEARER", kUnauthenticated);
        expect_rejected(send({.operation = "cancelShipment", .path = {{"shipmentId", sid}}, .auth = auth}), "AUTH-BEARER", kUnauthenticated);
        expect_rejected(send({.operation = "cancelOrderShipment", .path = {{"orderId", oid}, {"shipmentId", sid}}, .auth = auth}),
                        "AUTH-BEARER", kUnauthenticated);
        expect_rejected(send({.operation = "batchCancelShipments",
                              .body = json{{"shipment_ids", json::array({std::stoll(sid)})}}, .auth = auth}),
                        "AUTH-BEARER", kUnauthenticated);
    }
    Exchange ex = send({.operation = "getOrderShipment", .path = {{"orderId", oid}, {"shipmentId", sid}}});
    if (needs_success(ex))
        expect_no_side_effect(ex.json().value("status", json()) != json("Cancelled"), ex, "unauthenticated cancels left the shipment Cancelled");
}

}  // namespace
}  // namespace dockside::suites
