// Simulation control under /_sim/: off unless Options.simulation_enabled; return, shipment and WRO
// moves with their dates, history and webhook topics; the clock.

#include <utility>

#include "refserver/api/simulation_clock.h"
#include "refserver/webhooks/events.h"
#include "refserver/core/datetime.h"
#include "refserver/seed/seed.h"
#include "refserver/store/order_book.h"
#include "refserver/tests/flow_support.h"
#include "specs/loader/spec.h"
#include "specs/loader/spec_location.h"

namespace dockside::refserver {
namespace {
using namespace testing;
using namespace std::chrono_literals;

nlohmann::json seed_with_wro() {
    auto seed = parse_seed(default_seed_text()).value();
    seed["wros"] = {{{"id", 6001},
                     {"status", "Awaiting"},
                     {"fulfillment_center_id", 11},
                     {"insert_date", "2025-06-20T09:00:00Z"},
                     {"inventory_quantities", {{{"expected_quantity", 10}, {"inventory_id", 4001}, {"sku", "MUG-BLUE"}}}}}};
    return seed;
}

TEST(Simulation, IsA404WhenOff) {
    FlowHarness h({}, false);
    EXPECT_EQ(h.sim("POST", "/_sim/return/8001:advance").status, 404);
    EXPECT_EQ(h.sim("POST", "/_sim/shipment/7003:ship").status, 404);
    EXPECT_EQ(h.sim("POST", "/_sim/clock:advance", R"({"seconds":60})").status, 404);
    EXPECT_EQ(h.sim("GET", "/_sim/webhook-deliveries").status, 404);
    EXPECT_EQ(body_of(h.get("/2025-07/return?Ids=8001"))["items"][0]["status"], "AwaitingArrival");
}

TEST(Simulation, ReturnWalksTheWarehousePath) {  // NS-RET-TRANSITIONS
    FlowHarness h;
    const std::vector<std::pair<std::string, std::string>> path = {
        {"Arrived", "arrived_date"}, {"Processing", "processing_date"}, {"Completed", "completed_date"}};
    for (std::size_t i = 0; i < path.size(); ++i) {
        h.clock->advance(1h);
        auto r = h.sim("POST", "/_sim/return/8001:advance");
        ASSERT_EQ(r.status, 200) << r.body;
        auto j = body_of(r);
        EXPECT_EQ(j["status"], path[i].first);
        EXPECT_EQ(j[path[i].second], format_iso8601(h.clock->now()));
        EXPECT_EQ(j["status_history"].size(), i + 2);
    }
    auto done = body_of(h.get("/2025-07/return?Ids=8001"))["items"][0];
    EXPECT_EQ(done["inventory"][0]["action_taken"].size(), 1u);
    EXPECT_EQ(done["transactions"].size(), 1u);
    auto again = h.sim("POST", "/_sim/return/8001:advance");
    EXPECT_EQ(again.status, 409);
    EXPECT_EQ(h.sim("POST", "/_sim/return/8005:advance").status, 409);  // Cancelled
    EXPECT_EQ(h.sim("POST", "/_sim/return/4242:advance").status, 404);
    // Once it arrived, a fresh return cannot be cancelled any more (RET-NOT-AWAITING).
    ASSERT_EQ(h.sim("POST", "/_sim/return/8006:advance").status, 200);
    EXPECT_EQ(h.send("POST", "/2025-07/return/8006:cancel").status, 409);
}

TEST(Simulation, ShipAndDeliverUpdateShipmentAndOrder) {
    FlowHarness h;
    auto shipped = h.sim("POST", "/_sim/shipment/7003:ship");
    ASSERT_EQ(shipped.status, 200) << shipped.body;
    auto s = body_of(shipped);
    EXPECT_EQ(s["status"], "Completed");
    EXPECT_EQ(s["actual_fulfillment_date"], "2025-07-01T12:00:00Z");
    EXPECT_EQ(s["tracking"]["tracking_number"], "1ZSIM7003");
    EXPECT_EQ(body_of(h.get("/2025-07/order/5003"))["status"], "Fulfilled");
    EXPECT_EQ(h.sim("POST", "/_sim/shipment/7003:ship").status, 409);
    h.clock->advance(48h);
    auto delivered = body_of(h.sim("POST", "/_sim/shipment/7003:deliver"));
    EXPECT_EQ(delivered["delivery_date"], "2025-07-03T12:00:00Z");
    EXPECT_EQ(h.sim("POST", "/_sim/shipment/7003:deliver").status, 409);
    EXPECT_EQ(h.sim("POST", "/_sim/shipment/7012:deliver").status, 409);  // not shipped
    EXPECT_EQ(h.sim("POST", "/_sim/shipment/9999:ship").status, 404);
}

TEST(Simulation, HoldAndFail) {
    FlowHarness h;
    EXPECT_EQ(body_of(h.sim("POST", "/_sim/shipment/7012:hold"))["status"], "OnHold");
    EXPECT_EQ(h.sim("POST", "/_sim/shipment/7012:hold").status, 409);
    EXPECT_EQ(body_of(h.sim("POST", "/_sim/shipment/7012:fail"))["status"], "Exception");
    EXPECT_EQ(body_of(h.get("/2025-07/order/5011"))["status"], "Exception");
    EXPECT_EQ(h.sim("POST", "/_sim/shipment/7007:fail").status, 409);  // Cancelled
}

TEST(Simulation, ShipmentMovesEmitTheirTopics) {  // WH-DELIVERY
    Receiver receiver;
    FlowHarness h;
    subscribe(h, receiver.url(),
              {"order.shipped", "order.shipment.delivered", "order.shipment.on_hold", "order.shipment.exception",
               "order.shipment.cancelled"});
    ASSERT_EQ(h.sim("POST", "/_sim/shipment/7003:ship").status, 200);
    ASSERT_EQ(h.sim("POST", "/_sim/shipment/7003:deliver").status, 200);
    ASSERT_EQ(h.sim("POST", "/_sim/shipment/7012:hold").status, 200);
    ASSERT_EQ(h.sim("POST", "/_sim/shipment/7012:fail").status, 200);
    auto got = receiver.wait_for(4);
    ASSERT_EQ(got.size(), 4u);
    std::multiset<std::string> topics;
    for (const auto& d : got) {
        topics.insert(nlohmann::json::parse(d.body)["type"].get<std::string>());
        EXPECT_TRUE(signature_verifies(d, "s3cret"));
    }
    EXPECT_EQ(topics, (std::multiset<std::string>{"order.shipped", "order.shipment.delivered", "order.shipment.on_hold",
                                                  "order.shipment.exception"}));
    ASSERT_TRUE(h.server);
    auto log = body_of(h.sim("GET", "/_sim/webhook-deliveries"))["deliveries"];
    EXPECT_EQ(log.size(), 4u);
}

TEST(Simulation, WroAdvancesWithHistory) {  // NS-WRO-TRANSITIONS
    FlowHarness h({}, true, seed_with_wro());
    ASSERT_TRUE(h.server);
    for (const char* status : {"Arrived", "Processing", "Completed"}) {
        h.clock->advance(1h);
        auto r = h.sim("POST", "/_sim/wro/6001:advance");
        ASSERT_EQ(r.status, 200) << r.body;
        auto j = body_of(r);
        EXPECT_EQ(j["status"], status);
        EXPECT_EQ(j["status_history"].back()["status"], status);
    }
    auto wro = body_of(h.get("/2025-07/receiving/6001"));
    EXPECT_EQ(wro["status"], "Completed");
    EXPECT_EQ(wro["status_history"].size(), 4u);
    EXPECT_EQ(wro["inventory_quantities"][0]["received_quantity"], 10);
    EXPECT_EQ(h.sim("POST", "/_sim/wro/6001:advance").status, 409);
    EXPECT_EQ(h.sim("POST", "/_sim/wro/6999:advance").status, 404);
}

TEST(Simulation, ClockMovesForward) {
    FlowHarness h;
    auto r = h.sim("POST", "/_sim/clock:advance", R"({"seconds":7200})");
    ASSERT_EQ(r.status, 200) << r.body;
    EXPECT_EQ(body_of(r)["now"], "2025-07-01T14:00:00Z");
    auto created = body_of(h.post("/2025-07/return", {{"inventory", {{{"id", 4001}}}}}));
    EXPECT_EQ(created["insert_date"], "2025-07-01T14:00:00Z");
    EXPECT_EQ(h.sim("POST", "/_sim/clock:advance", R"({"seconds":0})").status, 400);
    EXPECT_EQ(h.sim("POST", "/_sim/clock:advance", R"({})").status, 400);
}

TEST(Simulation, ChangeDetectionLooksOnlyAtTouchedShipments) {
    // Webhook events are found among the shipments a write created or took for change, so a write's cost
    // does not grow with the shipments a server holds; a read takes nothing for change.
    OrderBook book;
    OrderRecord order;
    order.id = 1;
    ShipmentRecord a, b;
    a.id = 10;
    a.order_id = 1;
    b.id = 11;
    b.order_id = 1;
    book.insert(order, {a, b});
    EXPECT_EQ(book.touched, (std::vector<std::int32_t>{10, 11}));
    book.touched.clear();
    EXPECT_NE(std::as_const(book).find_shipment(10), nullptr);
    EXPECT_TRUE(book.touched.empty());
    EXPECT_NE(book.change_shipment(11), nullptr);
    EXPECT_EQ(book.change_shipment(99), nullptr);
    EXPECT_EQ(book.touched, (std::vector<std::int32_t>{11}));
}

TEST(Simulation, ChangesBeforeTheFirstSubscriptionRaiseNothingLater) {  // WH-DELIVERY
    Receiver receiver;
    FlowHarness h;
    ASSERT_EQ(h.sim("POST", "/_sim/shipment/7012:hold").status, 200);  // nobody subscribed yet
    subscribe(h, receiver.url(), {"order.shipment.on_hold", "order.shipment.exception"});
    ASSERT_EQ(h.sim("POST", "/_sim/shipment/7003:ship").status, 200);  // a topic nobody asked for
    ASSERT_EQ(h.sim("POST", "/_sim/shipment/7012:fail").status, 200);
    auto got = receiver.wait_for(1);
    ASSERT_EQ(got.size(), 1u);
    EXPECT_EQ(nlohmann::json::parse(got[0].body)["type"], "order.shipment.exception");
    EXPECT_EQ(body_of(h.sim("GET", "/_sim/webhook-deliveries"))["deliveries"].size(), 1u);
}

TEST(Simulation, OnlyTheServersPatMayUseIt) {
    FlowHarness h;
    for (const auto& token : std::vector<std::string>{"", "not-the-pat", h.server->read_only_token(),
                                                      h.server->pat() + "x", h.server->pat().substr(1)}) {
        SCOPED_TRACE(token);
        EXPECT_EQ(h.sim("POST", "/_sim/shipment/7003:ship", "", token).status, 401);
        EXPECT_EQ(h.sim("GET", "/_sim/status", "", token).status, 401);
        EXPECT_EQ(h.sim("POST", "/_sim/reset", "", token).status, 401);
    }
    EXPECT_EQ(body_of(h.get("/2025-07/order/5003"))["shipments"][0]["status"], "Processing");
    auto status = h.sim("GET", "/_sim/status");
    ASSERT_EQ(status.status, 200) << status.body;
    EXPECT_EQ(body_of(status)["simulation"], "on");
    EXPECT_EQ(body_of(status)["now"], "2025-07-01T12:00:00Z");
}

TEST(Simulation, ClockSaturatesInsteadOfWrappingPast2262) {
    FlowHarness h;
    const std::string step = R"({"seconds":315360000})";  // the largest step: ten years
    int moved = 0;
    for (int i = 0; i < 40; ++i) moved += h.sim("POST", "/_sim/clock:advance", step).status == 200;
    EXPECT_EQ(moved, 23);  // 2025 + 23 × 10 years = 2255; one more would pass 2262
    auto refused = h.sim("POST", "/_sim/clock:advance", step);
    EXPECT_EQ(refused.status, 400);
    EXPECT_NE(refused.body.find("2262-01-01T00:00:00Z"), std::string::npos) << refused.body;
    const auto now = body_of(h.sim("GET", "/_sim/status"))["now"].get<std::string>();
    EXPECT_EQ(now.substr(0, 4), "2255") << now;
    // The clock itself saturates too, whatever asks it to move.
    SimulatedClock clock(std::make_shared<ManualClock>(h.clock->now()));
    for (int i = 0; i < 1000; ++i) clock.advance(std::chrono::seconds(315360000));
    EXPECT_EQ(clock.now(), SimulatedClock::latest());
    EXPECT_GT(clock.now(), h.clock->now());
}

TEST(Simulation, CreatesWrosInAwaiting) {
    FlowHarness h;
    auto created = h.sim("POST", "/_sim/wro", R"({"purchase_order_number":"PO-SIM-1"})");
    ASSERT_EQ(created.status, 201) << created.body;
    auto wro = body_of(created);
    EXPECT_EQ(wro["status"], "Awaiting");
    EXPECT_EQ(wro["purchase_order_number"], "PO-SIM-1");
    const std::string id = wro["id"].dump();
    EXPECT_EQ(body_of(h.get("/2025-07/receiving/" + id))["status"], "Awaiting");
    EXPECT_EQ(body_of(h.sim("POST", "/_sim/wro", R"({"label":"DS-SP-run-2"})"))["purchase_order_number"], "DS-SP-run-2");
    auto second = body_of(h.sim("POST", "/_sim/wro"));
    EXPECT_NE(second["id"], wro["id"]);
    EXPECT_EQ(h.sim("POST", "/_sim/wro", R"({"fulfillment_center_id":424242})").status, 400);
    EXPECT_EQ(h.sim("POST", "/_sim/wro", R"([1])").status, 400);
}

// The schema phase's product writes change a product of the run's own: one variant with its inventory item and
// a channel metadata record, each with an id the contract's writes can name.
TEST(Simulation, CreatesAProductWithAVariantItsInventoryAndAListing) {
    FlowHarness h;
    auto created = h.sim("POST", "/_sim/product");
    ASSERT_EQ(created.status, 201) << created.body;
    const nlohmann::json product = body_of(created);
    ASSERT_EQ(product["variants"].size(), 1u);
    const nlohmann::json& variant = product["variants"][0];
    ASSERT_EQ(variant["channel_metadata"].size(), 1u);
    EXPECT_TRUE(variant["channel_metadata"][0]["id"].is_number_integer());
    EXPECT_TRUE(variant["inventory"]["inventory_id"].is_number_integer());
    const std::string id = product["id"].dump();
    EXPECT_EQ(body_of(h.get("/2025-07/product/" + id + "/variants"))[0]["id"], variant["id"]);
    const auto labelled = body_of(h.sim("POST", "/_sim/product", R"({"label":"DS-SP-run-1"})"));
    EXPECT_NE(labelled["id"], product["id"]);
    EXPECT_EQ(labelled["name"], "DS-SP-run-1");
    EXPECT_EQ(labelled["variants"][0]["name"], "DS-SP-run-1");
    EXPECT_EQ(h.sim("POST", "/_sim/product", R"({"label":""})").status, 400);
    // The bound is the control file's (schema Label), not one typed in the server.
    const auto longest = spec::simulation_spec().value()->limits().field("SimProductCreate.label").value().max_length();
    ASSERT_TRUE(longest);
    const auto named = [&](std::int64_t length) {
        return nlohmann::json{{"label", std::string(static_cast<std::size_t>(length), 'L')}}.dump();
    };
    EXPECT_EQ(h.sim("POST", "/_sim/product", named(*longest)).status, 201);
    EXPECT_EQ(h.sim("POST", "/_sim/product", named(*longest + 1)).status, 400);
    EXPECT_EQ(h.sim("POST", "/_sim/wro", nlohmann::json{{"purchase_order_number", std::string(*longest + 1, 'P')}}.dump()).status, 400);
    EXPECT_EQ(h.send("DELETE", "/2025-07/product/" + id, "").status, 200);
}

// The schema phase merges a product of the run's own into another and deletes both: the inventory items of the
// variants merged away, which held nothing, go with the product whose merge children name them, so a mock that
// serves the phase run after run holds as many inventory items as before.
TEST(Simulation, AMergedAwayEmptyItemGoesWithTheProductItWasMergedInto) {
    FlowHarness h;
    const auto status = [&] { return body_of(h.sim("GET", "/_sim/status"))["records"]["inventory_items"].get<int>(); };
    const int before = status();
    const nlohmann::json target = body_of(h.sim("POST", "/_sim/product"));
    const nlohmann::json merged = body_of(h.sim("POST", "/_sim/product"));
    const std::string into = target["variants"][0]["id"].dump();
    auto answer = h.post("/2025-07/variant/" + into + ":merge", nlohmann::json::array({{{"id", merged["variants"][0]["id"]}}}));
    ASSERT_EQ(answer.status, 201) << answer.body;
    EXPECT_EQ(body_of(answer)["variants"][0]["merge_children"][0]["inventory_id"], merged["variants"][0]["inventory"]["inventory_id"]);
    EXPECT_EQ(status(), before + 2) << "the merged variant's item stays while the product it was merged into does";
    ASSERT_EQ(h.send("DELETE", "/2025-07/product/" + merged["id"].dump(), "").status, 200);
    ASSERT_EQ(h.send("DELETE", "/2025-07/product/" + target["id"].dump(), "").status, 200);
    EXPECT_EQ(status(), before);
}

TEST(Simulation, ResetReturnsTheStoreToItsSeed) {
    FlowHarness h;
    const auto seeded_orders = body_of(h.get("/2025-07/order?Limit=250&Page=1")).size();
    const auto seeded_returns = body_of(h.get("/2025-07/return?Limit=250"))["items"].size();
    ASSERT_EQ(h.post("/2025-07/order", {{"reference_id", "RESET-1"},
                                        {"products", {{{"reference_id", "X"}, {"name", "x"}, {"quantity", 1}}}},
                                        {"recipient", {{"name", "n"}, {"address", {{"address1", "a"}, {"city", "c"}, {"country", "US"}}}}}})
                  .status,
              201);
    ASSERT_EQ(h.post("/2025-07/return", {{"inventory", {{{"id", 4001}}}}}).status, 200);
    ASSERT_EQ(h.sim("POST", "/_sim/shipment/7003:ship").status, 200);
    ASSERT_EQ(h.sim("POST", "/_sim/wro").status, 201);
    const auto pat = h.server->pat();
    auto reset = h.sim("POST", "/_sim/reset");
    ASSERT_EQ(reset.status, 200) << reset.body;
    EXPECT_EQ(body_of(h.get("/2025-07/order?Limit=250&Page=1")).size(), seeded_orders);
    EXPECT_EQ(body_of(h.get("/2025-07/return?Limit=250"))["items"].size(), seeded_returns);
    EXPECT_EQ(body_of(h.get("/2025-07/order/5003"))["shipments"][0]["status"], "Processing");
    EXPECT_EQ(h.get("/2025-07/order?ReferenceIds=RESET-1").body, "[]");
    // The server's own credentials survive, and the reset store takes writes again.
    EXPECT_EQ(h.server->pat(), pat);
    EXPECT_EQ(h.get("/2025-07/channel").status, 200);
    EXPECT_EQ(h.post("/2025-07/return", {{"inventory", {{{"id", 4001}}}}}).status, 200);
}

}  // namespace
}  // namespace dockside::refserver
