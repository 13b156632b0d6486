// Channels (CH-LIST) and the shipment operations (SHP-CANCEL), shipping methods, fulfillment centers.

#include "refserver/tests/test_support.h"

namespace dockside::refserver {
namespace {
using namespace testing;

TEST(Channels, ListsTheTokensChannels) {
    Harness h;
    auto r = h.get("/2025-07/channel");
    ASSERT_EQ(r.status, 200);
    auto j = body_of(r);
    ASSERT_EQ(j["items"].size(), 3u);  // the account's channels, not the foreign one
    for (const auto& c : j["items"]) {
        for (const char* f : {"id", "name", "application_name", "scopes"}) EXPECT_TRUE(c.contains(f)) << f;
        EXPECT_NE(c["id"], 900);
    }
    EXPECT_TRUE(j["next"].is_null());
    EXPECT_TRUE(j["prev"].is_null());
    auto ro = body_of(h.send("GET", "/2025-07/channel", "", h.server->read_only_token()));
    // The read-only PAT sees only its own channel.
    ASSERT_EQ(ro["items"].size(), 1u);
    EXPECT_EQ(ro["items"][0]["id"], h.server->read_only_channel_id());
}

TEST(Channels, CursorPaging) {
    Harness h;
    auto first = body_of(h.get("/2025-07/channel?RecordsPerPage=2"));
    ASSERT_EQ(first["items"].size(), 2u);
    EXPECT_TRUE(first["prev"].is_null());
    ASSERT_TRUE(first["next"].is_string());
    std::string next = first["next"];
    EXPECT_EQ(next.rfind("http://refserver.test/2025-07/channel?", 0), 0u) << next;
    auto second = body_of(h.get(next.substr(std::string("http://refserver.test").size())));
    ASSERT_EQ(second["items"].size(), 1u);
    EXPECT_TRUE(second["next"].is_null());
    EXPECT_TRUE(second["prev"].is_string());
    EXPECT_NE(second["items"][0]["id"], first["items"][0]["id"]);
    EXPECT_NE(second["items"][0]["id"], first["items"][1]["id"]);
}

TEST(Channels, BadPagingValues) {
    Harness h;
    EXPECT_EQ(h.get("/2025-07/channel?RecordsPerPage=0").status, 400);
    EXPECT_EQ(h.get("/2025-07/channel?RecordsPerPage=abc").status, 400);
    EXPECT_EQ(h.get("/2025-07/channel?Cursor=garbage").status, 400);
    EXPECT_EQ(h.send("POST", "/2025-07/channel", "{}").status, 405);
}

TEST(Shipments, CancelByBothPaths) {
    Harness h;
    auto r = h.send("POST", "/2025-07/order/5003/shipment/7003:cancel");
    ASSERT_EQ(r.status, 200) << r.body;
    EXPECT_EQ(body_of(r)["is_success"], true);
    EXPECT_EQ(body_of(h.get("/2025-07/order/5003"))["status"], "Cancelled");
    auto s = h.send("POST", "/2025-07/shipment/7004:cancel");
    ASSERT_EQ(s.status, 200);
    EXPECT_EQ(body_of(s)["shipment_id"], 7004);
    EXPECT_EQ(body_of(h.get("/2025-07/order/5004/shipment/7004"))["status"], "Cancelled");
    auto shipped = body_of(h.send("POST", "/2025-07/shipment/7001:cancel"));
    EXPECT_EQ(shipped["is_success"], false);
    EXPECT_FALSE(shipped["reason"].get<std::string>().empty());
}

TEST(Shipments, CancelRejections) {
    Harness h;
    EXPECT_EQ(h.send("POST", "/2025-07/shipment/424242:cancel").status, 404);
    EXPECT_EQ(h.send("POST", "/2025-07/order/5001/shipment/7003:cancel").status, 404);  // shipment of another order
    EXPECT_EQ(h.send("POST", "/2025-07/order/424242/shipment/7003:cancel").status, 404);
    EXPECT_EQ(h.send("POST", "/2025-07/shipment/abc:cancel").status, 400);
    EXPECT_EQ(body_of(h.get("/2025-07/order/5003"))["status"], "Processing");
}

TEST(Shipments, BatchCancel) {
    Harness h;
    auto r = h.post("/2025-07/shipment:batchCancel", {{"shipment_ids", {7003, 7001, 424242}}});
    ASSERT_EQ(r.status, 200) << r.body;
    auto results = body_of(r)["results"];
    ASSERT_EQ(results.size(), 3u);
    EXPECT_EQ(results[0]["is_success"], true);
    EXPECT_EQ(results[1]["is_success"], false);
    EXPECT_EQ(results[2]["is_success"], false);
    EXPECT_EQ(h.post("/2025-07/shipment:batchCancel", {{"shipment_ids", nlohmann::json::array()}}).status, 400);
    EXPECT_EQ(h.post("/2025-07/shipment:batchCancel", {{"shipment_ids", {"x"}}}).status, 400);
    EXPECT_EQ(h.post("/2025-07/shipment:batchCancel", nlohmann::json::object()).status, 400);
    std::vector<int> many(101, 7003);
    EXPECT_EQ(h.post("/2025-07/shipment:batchCancel", {{"shipment_ids", many}}).status, 400);
}

TEST(Shipments, BatchTrackingUpload) {
    Harness h;
    auto r = h.post("/2025-07/shipment:batchUpdateTrackingUpload", {{"shipment_ids", {7002, 424242}}, {"is_tracking_uploaded", true}});
    ASSERT_EQ(r.status, 200) << r.body;
    auto results = body_of(r)["results"];
    EXPECT_EQ(results[0]["is_success"], true);
    EXPECT_EQ(results[1]["is_success"], false);
    EXPECT_EQ(body_of(h.get("/2025-07/order/5002/shipment/7002"))["is_tracking_uploaded"], true);
    auto ids = body_of(h.get("/2025-07/order?IsTrackingUploaded=true&IDs=5002"));
    EXPECT_EQ(ids.size(), 1u);
    EXPECT_EQ(h.post("/2025-07/shipment:batchUpdateTrackingUpload", {{"shipment_ids", {7002}}}).status, 400);
    EXPECT_EQ(h.post("/2025-07/shipment:batchUpdateTrackingUpload", {{"shipment_ids", {7002}}, {"is_tracking_uploaded", "yes"}}).status, 400);
}

TEST(ReferenceLists, ShippingMethodsAndFulfillmentCenters) {
    Harness h;
    auto methods = body_of(h.get("/2025-07/shipping-method"));
    ASSERT_EQ(methods.size(), 5u);
    EXPECT_EQ(methods[0]["name"], "Standard");
    auto fcs = body_of(h.get("/2025-07/fulfillment-center"));
    ASSERT_EQ(fcs.size(), 4u);
    for (const char* f : {"id", "name", "address1", "city", "country", "timezone", "zip_code"}) EXPECT_TRUE(fcs[0].contains(f));
}

}  // namespace
}  // namespace dockside::refserver
