// Orders, actions: cancel (ORD-CANCEL), estimate (ORD-ESTIMATE, ORD-ESTIMATE-METHODS), an order's
// shipment (ORD-SHIPMENT-GET) and the channel header these writes need (AUTH-CHANNEL, AUTH-FORBID).
// The resulting order status of a cancel is not stated (NS-ORD-CANCEL-RESULT-STATUS), so only its
// membership and the consistency of each result with the order it returns are asserted.

#include <map>
#include <set>
#include <string>

#include <gtest/gtest.h>

#include "suites/orders_support.h"
#include "suites/refusal_stances.h"
#include "suites/suite.h"

namespace dockside::suites {
namespace {

using nlohmann::json;
using namespace orders_support;

std::string id_text(const json& order) { return order.value("id", json()).dump(); }

Exchange cancel(const json& order, std::optional<std::string> channel = std::nullopt, Auth auth = Auth::Token) {
    return send({.operation = "cancelOrder", .path = {{"orderId", id_text(order)}}, .auth = auth, .channel = channel});
}

/// A cancel answer's results agree with the order it carries: one result per shipment, and a result
/// that reports success names a shipment the returned order shows as Cancelled.
void expect_cancel_consistent(const Exchange& ex, const json& order) {
    json body = ex.json();
    if (!expect_that(body.is_object(), ex, "ORD-CANCEL", "cancel answers a JSON object")) return;
    expect_that(body.value("order_id", json()) == order["id"], ex, "ORD-CANCEL", "order_id is the cancelled order");
    const json returned = body.value("order", json::object());
    expect_that(returned.value("id", json()) == order["id"], ex, "ORD-CANCEL", "order is the cancelled order");
    std::map<std::string, std::string> shipment_status;
    for (const auto& s : shipments_of(returned)) shipment_status[s.value("id", json()).dump()] = s.value("status", "");
    std::set<std::string> result_ids;
    for (const auto& r : body.value("canceled_shipment_results", json::array())) {
        const std::string sid = r.value("shipment_id", json()).dump();
        result_ids.insert(sid);
        if (r.value("is_success", false) && shipment_status.count(sid) && shipment_status[sid] != "Cancelled")
            expect_that(false, ex, "ORD-CANCEL",
                        "the result for shipment " + sid + " reports is_success true, but the order shows it " +
                            shipment_status[sid]);
    }
    std::set<std::string> shipment_ids;
    for (const auto& [sid, status] : shipment_status) shipment_ids.insert(sid);
    expect_that(result_ids == shipment_ids, ex, "ORD-CANCEL", "one canceled_shipment_results entry per shipment");
}

/// No shipment of the order has become Cancelled (after a rejected cancel).
void expect_nothing_cancelled(const json& order) {
    Exchange got = send({.operation = "getOrder", .path = {{"orderId", id_text(order)}}});
    if (!needs_success(got)) return;
    for (const auto& s : shipments_of(got.json()))
        expect_no_side_effect(s.value("status", "") != "Cancelled", got, "a rejected cancel left shipment " + s.value("id", json()).dump() + " Cancelled");
}

TEST(Orders, ORD_CANCEL_AnswersOneResultPerShipment) {
    auto order = create_probe_order("X");
    if (!order) return;
    Exchange ex = cancel(*order);
    if (!needs_success(ex)) return;
    expect_cancel_consistent(ex, *order);
    Exchange got = send({.operation = "getOrder", .path = {{"orderId", id_text(*order)}}});
    if (needs_success(got) &&
        expect_that(got.json().value("id", json()) == (*order)["id"], got, "ORD-GET", "GET answers the order asked for")) {
        expect_that(got.json().value("reference_id", json()) == (*order)["reference_id"], got, "ORD-REF-UNIQUE",
                    "reference_id is unchanged by a cancel (immutable)");
    }
}

TEST(Orders, ORD_CANCEL_ShippedShipmentIsNotReportedCancelled) {
    if (!sim_available()) DOCKSIDE_SKIP("shipping a shipment needs the simulation control");
    auto order = create_probe_order("XS");
    if (!order) return;
    if (shipments_of(*order).empty()) DOCKSIDE_SKIP("the new order has no shipment to ship");
    Exchange shipped = sim("simShipShipment", {{"shipmentId", shipments_of(*order)[0]["id"]}});
    if (!expect_status(shipped, 200, "ORD-CANCEL")) return;
    Exchange ex = cancel(*order);
    // Whether a shipped shipment's order may be cancelled is not shown (NS-SHP-TRANSITIONS): a refusal is any
    // 4xx that cancels nothing; an answer must agree with the order it returns.
    if (ex.status() >= 400 && ex.status() < 500) return expect_nothing_cancelled(*order);
    if (!needs_success(ex)) return;
    expect_cancel_consistent(ex, *order);
}

TEST(Orders, ORD_CANCEL_UnknownOrderRejected) {
    expect_rejected(cancel(json{{"id", 2147483000}}), "ERR-4XX", kMissing);
}

TEST(Orders, AUTH_CHANNEL_CancelWithoutChannelRejectedAndNothingCancelled) {
    auto order = create_probe_order("XC");
    if (!order) return;
    expect_rejected(cancel(*order, std::string()), "AUTH-CHANNEL");
    expect_nothing_cancelled(*order);
}

TEST(Orders, AUTH_FORBID_ReadOnlyTokenCannotCancel) {
    if (!has_read_only_token()) DOCKSIDE_SKIP(no_read_only_token());
    auto order = create_probe_order("XR");
    if (!order) return;
    expect_status(cancel(*order, read_only_channel(), Auth::ReadOnly), 403, "AUTH-FORBID");
    expect_nothing_cancelled(*order);
}

json estimate_body() {
    return {{"address", valid_recipient()["address"]},
            {"products", json::array({{{"reference_id", unique_ref("E") + "-ITEM"}, {"quantity", 2}}})}};
}

Exchange estimate(const json& body, std::optional<std::string> channel = std::nullopt) {
    return send({.operation = "estimateOrder", .body = body, .channel = channel});
}

/// The shipping_method of every estimate.
std::set<std::string> methods_of(const json& response) {
    std::set<std::string> out;
    const json estimates = response.is_object() ? response.value("estimates", json::array()) : json::array();
    for (const auto& e : estimates.is_array() ? estimates : json::array()) out.insert(e.value("shipping_method", ""));
    return out;
}

TEST(Orders, ORD_ESTIMATE_OmittedMethodsEstimateEveryDefinedMethod) {
    Exchange ex = estimate(estimate_body());
    if (!needs_success(ex)) return;
    const auto methods = methods_of(ex.json());
    expect_that(!methods.empty(), ex, "ORD-ESTIMATE", "estimates are returned when shipping_methods is omitted");
    Exchange defined = send({.operation = "listShippingMethods"});
    const json list = defined.json();
    if (defined.status() != 200 || !list.is_array())
        DOCKSIDE_SKIP("GET /shipping-method's shape is not shown and this target's answer is not an array, so the "
                      "defined methods cannot be compared");
    for (const auto& m : list)
        if (m.is_object() && m.contains("name") && m["name"].is_string() && !methods.count(m["name"].get<std::string>()))
            expect_that(false, ex, "ORD-ESTIMATE",
                        "no estimate for the defined shipping method " + m["name"].dump() +
                            " although shipping_methods was omitted");
}

TEST(Orders, ORD_ESTIMATE_METHODS_GivenMethodsLimitTheEstimates) {
    Exchange all = estimate(estimate_body());
    if (!needs_success(all)) return;
    const auto methods = methods_of(all.json());
    if (methods.size() < 2) DOCKSIDE_SKIP("the target estimates fewer than two shipping methods; nothing to limit");
    const std::string chosen = *methods.begin();
    json body = estimate_body();
    body["shipping_methods"] = json::array({chosen});
    Exchange ex = estimate(body);
    if (!needs_success(ex)) return;
    for (const auto& m : methods_of(ex.json()))
        expect_that(m == chosen, ex, "ORD-ESTIMATE-METHODS",
                    "shipping_methods [" + chosen + "] answered an estimate for " + m);
}

// address and products left out are the schema phase's (the OpenAPI file's required, x-rule ORD-ESTIMATE);
// a product line naming neither id nor reference_id is its one_of_required check, which the registry cannot run.
TEST(Orders, ORD_ESTIMATE_ProductWithoutIdOrReferenceRejected) {
    json anonymous = estimate_body();
    anonymous["products"] = json::array({{{"quantity", 1}}});
    expect_rejected(estimate(anonymous), "ORD-ESTIMATE");
}

TEST(Orders, AUTH_CHANNEL_EstimateWithoutChannelHeaderRejected) {
    expect_rejected(estimate(estimate_body(), std::string()), "AUTH-CHANNEL");
}

/// Two new orders that each have a shipment, or nullopt (skipped or already failed).
std::optional<std::pair<json, json>> two_orders_with_shipments() {
    auto a = create_probe_order("SG");
    auto b = create_probe_order("SG");
    if (!a || !b) return std::nullopt;
    if (shipments_of(*a).empty() || shipments_of(*b).empty()) return std::nullopt;
    return std::make_pair(*a, *b);
}

TEST(Orders, ORD_SHIPMENT_GET_AnswersTheShipmentOfThatOrder) {
    auto pair = two_orders_with_shipments();
    if (!pair) DOCKSIDE_SKIP("new orders have no shipments on this target");
    const json& order = pair->first;
    const json sid = shipments_of(order)[0]["id"];
    Exchange ex = send({.operation = "getOrderShipment", .path = {{"orderId", id_text(order)}, {"shipmentId", sid.dump()}}});
    if (!needs_success(ex)) return;
    expect_that(ex.json().value("id", json()) == sid, ex, "ORD-SHIPMENT-GET", "the shipment asked for is answered");
    expect_that(ex.json().value("order_id", json()) == order["id"], ex, "ORD-SHIPMENT-GET",
                "the shipment's order_id is the order in the path");
}

TEST(Orders, ORD_SHIPMENT_GET_ShipmentOfAnotherOrderRejected) {
    auto pair = two_orders_with_shipments();
    if (!pair) DOCKSIDE_SKIP("new orders have no shipments on this target");
    const json other_sid = shipments_of(pair->second)[0]["id"];
    Exchange ex = send({.operation = "getOrderShipment",
                        .path = {{"orderId", id_text(pair->first)}, {"shipmentId", other_sid.dump()}}});
    expect_rejected(ex, "ORD-SHIPMENT-GET", kMissing);
}

}  // namespace
}  // namespace dockside::suites
