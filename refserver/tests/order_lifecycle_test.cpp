// The order and shipment lifecycles are the spec's (rules.yaml state_machines.order and .shipment, whose
// transitions the document does not show: stances NS-ORD-TRANSITIONS, NS-SHP-TRANSITIONS). The roles the
// server plays (initial, cancelled, shipped, ...) are read from the data, a state moved or renamed in a copy
// of the spec moves the server's answer, and a stance that lacks a move the server plays stops the start.
#include <gtest/gtest.h>

#include <algorithm>

#include "refserver/core/lifecycle.h"
#include "refserver/seed/seed.h"
#include "refserver/tests/flow_support.h"
#include "specs/loader/spec.h"
#include "specs/loader/spec_location.h"

namespace dockside::refserver::testing {
namespace {

struct LifecycleDocuments {
    nlohmann::json openapi = *spec::load_document(DOCKSIDE_SPECS_DIR "/fulfillment-2025-07.openapi.yaml");
    nlohmann::json rules = *spec::load_document(DOCKSIDE_SPECS_DIR "/rules.yaml");

    nlohmann::json& shipment_stance() { return rules["state_machines"]["shipment"]["stance"]; }
    spec::Spec load() { return std::move(spec::Spec::from_documents(openapi, rules, "test copy")).value(); }
};

/// Every string equal to `from` in `node` (a state machine's lists and transitions) becomes `to`.
void rename(nlohmann::json& node, const std::string& from, const std::string& to) {
    if (node.is_string() && node.get<std::string>() == from) node = to;
    if (node.is_structured())
        for (auto& child : node) rename(child, from, to);
}

/// `state` taken out of every `from` list of `entries`.
void drop_from(nlohmann::json& entries, const std::string& state) {
    for (auto& e : entries) {
        auto& from = e["from"];
        if (from.is_array()) from.erase(std::remove(from.begin(), from.end(), state), from.end());
    }
}

std::string status_of(Harness& h, int order, int shipment) {
    return body_of(h.get("/2025-07/order/" + std::to_string(order) + "/shipment/" + std::to_string(shipment)))
        .value("status", "");
}

TEST(Lifecycle, OrderAndShipmentRolesComeFromTheRulesData) {
    auto states = ContractStates::read(*spec::default_spec().value());
    ASSERT_TRUE(states) << states.error().front();
    const Lifecycle& shipments = states->shipments;
    EXPECT_EQ(shipments.initial(), "Processing");
    EXPECT_EQ(shipments.cancelled(), "Cancelled");
    EXPECT_EQ(shipments.entered_on(shipment_event::kShipped), "Completed");
    EXPECT_EQ(shipments.entered_on(shipment_event::kDelivered), "Completed");
    EXPECT_EQ(shipments.entered_on(shipment_event::kHold), "OnHold");
    EXPECT_EQ(shipments.entered_on(shipment_event::kException), "Exception");
    EXPECT_EQ(shipments.entered_on("label_printed"), "") << "only the events read are handed out";
    EXPECT_EQ(shipments.on_event("LabeledCreated", shipment_event::kShipped)->to, "Completed");
    EXPECT_FALSE(shipments.on_event("Completed", shipment_event::kShipped));
    for (const char* refused : {"Completed", "LabeledCreated", "CleanSweeped"})
        EXPECT_EQ(shipments.cancel_in(refused)->outcome, "rejected") << refused;
    EXPECT_EQ(shipments.cancel_in("ImportReview")->to, "Cancelled");
    EXPECT_EQ(shipments.cancel_in("Cancelled")->to, "Cancelled");  // accepted, without a move

    const Lifecycle& orders = states->orders;
    EXPECT_EQ(orders.initial(), "Processing");
    EXPECT_EQ(orders.cancelled(), "Cancelled");
    EXPECT_EQ(orders.entered_on(order_event::kSomeShipped), "PartiallyFulfilled");
    EXPECT_EQ(orders.entered_on(order_event::kAllShipped), "Fulfilled");
    EXPECT_EQ(orders.entered_on(order_event::kShipmentException), "Exception");
    EXPECT_FALSE(orders.cancel_in("Fulfilled"));
}

TEST(Lifecycle, TheServerCancelsShipmentsAsTheStanceSays) {
    Harness h;
    auto labeled = h.send("POST", "/2025-07/shipment/7008:cancel");  // seeded LabeledCreated: past cancelling
    ASSERT_EQ(labeled.status, 200) << labeled.body;
    EXPECT_EQ(body_of(labeled)["is_success"], false);
    EXPECT_NE(body_of(labeled)["reason"].get<std::string>().find("LabeledCreated"), std::string::npos) << labeled.body;
    EXPECT_EQ(status_of(h, 5007, 7008), "LabeledCreated");
    EXPECT_EQ(body_of(h.get("/2025-07/order/5007"))["status"], "Processing");

    auto review = body_of(h.send("POST", "/2025-07/order/5008:cancel"));  // ImportReview order and shipment
    EXPECT_EQ(review["status"], "Success");
    EXPECT_EQ(review["order"]["status"], "Cancelled");

    auto again = body_of(h.send("POST", "/2025-07/shipment/7007:cancel"));  // already Cancelled
    EXPECT_EQ(again["is_success"], true);
    EXPECT_EQ(status_of(h, 5006, 7007), "Cancelled");
}

TEST(Lifecycle, MovingACancelInTheSpecMovesTheServer) {
    LifecycleDocuments d;
    // LabeledCreated leaves the states that refuse a cancel and joins those a cancel moves to Cancelled.
    drop_from(d.shipment_stance()["rejected"], "LabeledCreated");
    for (auto& t : d.shipment_stance()["transitions"])
        if (t["to"] == "Cancelled" && t["from"].is_array()) t["from"].push_back("LabeledCreated");
    const spec::Spec moved = d.load();

    Harness on_the_copy({}, std::nullopt, &moved);
    ASSERT_TRUE(on_the_copy.server);
    auto r = on_the_copy.send("POST", "/2025-07/order/5007:cancel");
    ASSERT_EQ(r.status, 200) << r.body;
    EXPECT_EQ(body_of(r)["canceled_shipment_results"][0]["is_success"], true) << r.body;
    EXPECT_EQ(body_of(r)["order"]["status"], "Cancelled");
    EXPECT_EQ(status_of(on_the_copy, 5007, 7008), "Cancelled");

    // With Exception out of the order states a cancel moves, an Exception order keeps its state when the
    // cancel takes its last shipment; the documented server moves it to Cancelled.
    drop_from(d.rules["state_machines"]["order"]["stance"]["transitions"], "Exception");
    const spec::Spec kept = d.load();
    Harness on_the_second_copy({}, std::nullopt, &kept);
    ASSERT_TRUE(on_the_second_copy.server);
    auto exception = body_of(on_the_second_copy.send("POST", "/2025-07/order/5004:cancel"));
    EXPECT_EQ(exception["status"], "Success");
    EXPECT_EQ(exception["order"]["status"], "Exception");
    EXPECT_EQ(body_of(Harness().send("POST", "/2025-07/order/5004:cancel"))["order"]["status"], "Cancelled");
}

TEST(Lifecycle, RenamingAShipmentStateInTheSpecRenamesItInTheServer) {
    LifecycleDocuments d;
    rename(d.rules["state_machines"]["shipment"], "OnHold", "Held");
    const spec::Spec renamed = d.load();
    nlohmann::json seed = parse_seed(default_seed_text()).value();
    rename(seed["orders"], "OnHold", "Held");  // the seeded held shipment, 7006
    Receiver receiver;
    FlowHarness h({}, true, seed, &renamed);
    ASSERT_TRUE(h.server);
    subscribe(h, receiver.url(), {"order.shipment.on_hold"});
    auto held = h.sim("POST", "/_sim/shipment/7012:hold");
    ASSERT_EQ(held.status, 200) << held.body;
    EXPECT_EQ(body_of(held)["status"], "Held");
    auto got = receiver.wait_for(1);
    ASSERT_EQ(got.size(), 1u);
    EXPECT_EQ(nlohmann::json::parse(got[0].body)["type"], "order.shipment.on_hold");
    EXPECT_EQ(body_of(h.sim("POST", "/_sim/shipment/7012:fail"))["status"], "Exception");  // Held -> Exception
    EXPECT_EQ(status_of(h, 5005, 7006), "Held");
}

TEST(Lifecycle, AStanceLackingAMoveTheServerPlaysStopsTheStart) {
    LifecycleDocuments d;
    auto& transitions = d.shipment_stance()["transitions"];
    transitions.erase(std::remove_if(transitions.begin(), transitions.end(),
                                     [](const nlohmann::json& t) { return t.value("event", "") == shipment_event::kHold; }),
                      transitions.end());
    d.rules["state_machines"]["order"]["stance"].erase("initial");
    const std::string all = start_problems(d.load());
    EXPECT_NE(all.find("state machine shipment: the stance lists no warehouse event hold"), std::string::npos) << all;
    EXPECT_NE(all.find("state machine order: no initial state"), std::string::npos) << all;
}

}  // namespace
}  // namespace dockside::refserver::testing
