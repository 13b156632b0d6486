// GET /receiving (WRO-LIST, WRO-ENUMS), GET /receiving/{id} (WRO-GET), cancel (WRO-CANCEL,
// NS-WRO-TRANSITIONS) and setExternalSync.

#include <algorithm>

#include "refserver/seed/seed.h"
#include "refserver/store/receiving_state.h"
#include "refserver/tests/test_support.h"
#include "specs/loader/spec_location.h"

namespace dockside::refserver {
namespace {
using namespace testing;
using json = nlohmann::json;
using Ids = std::vector<std::int64_t>;

Ids wro_ids(Harness& h, const std::string& query) {
    auto r = h.get("/2025-07/receiving" + query);
    EXPECT_EQ(r.status, 200) << query << " " << r.body;
    return ids_of(body_of(r));
}

const Ids kAll = {8001, 8002, 8003, 8004, 8005, 8006, 8007, 8008, 8009, 8010, 8011, 8012, 8013, 8014};

/// The WRO states of the contract (state_machines.wro), which the server reads too.
const std::vector<std::string>& wro_states() {
    static const std::vector<std::string> states = spec::default_spec().value()->state_machine("wro").value().states;
    return states;
}

bool one_of(const json& value, const std::vector<std::string>& allowed) {
    return value.is_string() && std::find(allowed.begin(), allowed.end(), value.get<std::string>()) != allowed.end();
}

void expect_wro_shape(const json& w) {
    for (const char* f : {"id", "box_labels_uri", "box_packaging_type", "package_type", "expected_arrival_date",
                          "external_sync_timestamp", "fulfillment_center", "insert_date", "last_updated_date",
                          "inventory_quantities", "purchase_order_number", "status", "status_history"})
        EXPECT_TRUE(w.contains(f)) << f;
    EXPECT_TRUE(one_of(w["status"], wro_states())) << w["status"];
    EXPECT_TRUE(one_of(w["box_packaging_type"], kBoxPackagingTypes));
    EXPECT_TRUE(one_of(w["package_type"], kPackageTypes));
    for (const char* f : {"address1", "address2", "city", "country", "email", "id", "name", "phone_number", "state", "timezone", "zip_code"})
        EXPECT_TRUE(w["fulfillment_center"].contains(f)) << f;
    for (const auto& line : w["inventory_quantities"])
        for (const char* f : {"expected_quantity", "inventory_id", "received_quantity", "sku", "stowed_quantity"}) EXPECT_TRUE(line.contains(f)) << f;
    ASSERT_FALSE(w["status_history"].empty());
    EXPECT_EQ(w["status_history"].back()["status"], w["status"]);
    for (const auto& e : w["status_history"]) EXPECT_TRUE(e["id"].is_number_integer() && e["timestamp"].is_string());
}

TEST(ReceivingList, AnswersEveryWroInIdOrderCoveringEveryStatus) {
    Harness h;
    auto r = h.get("/2025-07/receiving");
    ASSERT_EQ(r.status, 200);
    json list = body_of(r);
    EXPECT_EQ(ids_of(list), kAll);
    std::set<std::string> statuses;
    for (const auto& w : list) {
        expect_wro_shape(w);
        statuses.insert(w["status"].get<std::string>());
    }
    EXPECT_EQ(statuses.size(), wro_states().size());
}

TEST(ReceivingList, PagesWithPageAndLimit) {
    Harness h;
    Ids seen;
    for (int page = 1; page <= 3; ++page) {
        Ids ids = wro_ids(h, "?Limit=5&Page=" + std::to_string(page));
        EXPECT_LE(ids.size(), 5u);
        seen.insert(seen.end(), ids.begin(), ids.end());
    }
    EXPECT_EQ(seen, kAll);
    EXPECT_EQ(wro_ids(h, "?Limit=5&Page=4"), Ids{});
    EXPECT_EQ(wro_ids(h, "?Limit=2&Page=2&FulfillmentCenterIds=11"), (Ids{8005, 8007}));
    for (const char* bad : {"?Limit=0", "?Limit=251", "?Page=0", "?Page=x", "?Limit=1.5"})
        EXPECT_EQ(h.get(std::string("/2025-07/receiving") + bad).status, 400) << bad;
}

TEST(ReceivingList, FiltersSelectExactlyWhatTheySay) {
    Harness h;
    EXPECT_EQ(wro_ids(h, "?IDs=8003,8001,9999"), (Ids{8001, 8003}));
    EXPECT_EQ(wro_ids(h, "?Statuses=Completed,Arrived"), (Ids{8003, 8004, 8007, 8014}));
    EXPECT_EQ(wro_ids(h, "?Statuses=Awaiting"), (Ids{8001, 8013}));
    EXPECT_EQ(wro_ids(h, "?FulfillmentCenterIds=13,14"), (Ids{8004, 8008, 8010, 8011}));
    EXPECT_EQ(wro_ids(h, "?PurchaseOrderNumbers=PO-1001,PO-1013"), (Ids{8001, 8013, 8014}));
    EXPECT_EQ(wro_ids(h, "?ExternalSync=true"), (Ids{8002, 8003, 8007, 8011, 8013}));
    EXPECT_EQ(wro_ids(h, "?ExternalSync=false").size(), kAll.size() - 5);
    EXPECT_EQ(wro_ids(h, "?InsertStartDate=2025-06-15T10:00:00Z"), (Ids{8011, 8012, 8013}));
    EXPECT_EQ(wro_ids(h, "?InsertEndDate=2025-04-01T10:00:00Z"), (Ids{8003, 8005}));
    EXPECT_EQ(wro_ids(h, "?InsertStartDate=2025-05-01T00:00:00Z&InsertEndDate=2025-05-31T00:00:00Z"), (Ids{8002, 8004, 8014}));
    EXPECT_EQ(wro_ids(h, "?CompletedStartDate=2025-05-01T00:00:00Z"), (Ids{8004, 8014}));
    EXPECT_EQ(wro_ids(h, "?CompletedEndDate=2025-05-20T12:00:00Z"), (Ids{8003, 8014}));
    EXPECT_EQ(wro_ids(h, "?Statuses=Completed&FulfillmentCenterIds=11&ExternalSync=false"), (Ids{8014}));
}

TEST(ReceivingList, RejectsMalformedFilters) {
    Harness h;
    for (const char* bad : {"?Statuses=Done", "?IDs=a", "?InsertStartDate=yesterday", "?ExternalSync=1",
                            "?FulfillmentCenterIds=-1", "?CompletedEndDate=2025-13-01"})
        EXPECT_EQ(h.get(std::string("/2025-07/receiving") + bad).status, 400) << bad;
    EXPECT_EQ(wro_ids(h, "?FulfillmentCenterIds=0"), Ids{}) << "an id no record has matches nothing";
    EXPECT_EQ(rule_of(h.get("/2025-07/receiving?Statuses=Done")), "WRO-ENUMS");
}

TEST(ReceivingGet, AnswersThatWroOr404) {
    Harness h;
    auto r = h.get("/2025-07/receiving/8003");
    ASSERT_EQ(r.status, 200);
    json w = body_of(r);
    expect_wro_shape(w);
    EXPECT_EQ(w["id"], 8003);
    EXPECT_EQ(w["fulfillment_center"]["id"], 12);
    EXPECT_EQ(w["fulfillment_center"]["name"], "Moreno Valley (CA)");
    EXPECT_EQ(w["external_sync_timestamp"], "2025-04-16T08:00:00Z");
    EXPECT_EQ(w["status_history"].size(), 4u);
    EXPECT_TRUE(body_of(h.get("/2025-07/receiving/8005"))["purchase_order_number"].is_null());
    EXPECT_EQ(h.get("/2025-07/receiving/9999").status, 404);
    EXPECT_EQ(h.get("/2025-07/receiving/abc").status, 400);  // the router names the int32 parameter
    EXPECT_EQ(field_of(h.get("/2025-07/receiving/abc")), "id");
}

TEST(ReceivingCancel, CancelsAnAwaitingWroOnly) {
    Harness h;
    h.clock->advance(std::chrono::hours(1));
    auto r = h.send("POST", "/2025-07/receiving/8001:cancel");
    ASSERT_EQ(r.status, 200) << r.body;
    json w = body_of(r);
    expect_wro_shape(w);
    EXPECT_EQ(w["status"], "Cancelled");
    EXPECT_EQ(w["status_history"].back()["timestamp"], "2025-07-01T13:00:00Z");
    EXPECT_EQ(w["last_updated_date"], "2025-07-01T13:00:00Z");
    EXPECT_EQ(body_of(h.get("/2025-07/receiving/8001"))["status"], "Cancelled");

    const auto processing = h.get("/2025-07/receiving/8002").body;
    for (const char* id : {"8001", "8002", "8003", "8005"}) {
        auto rejected = h.send("POST", std::string("/2025-07/receiving/") + id + ":cancel");
        EXPECT_EQ(rejected.status, 409) << id;
        EXPECT_EQ(body_of(rejected)["error"]["code"], "invalid_state");
        EXPECT_EQ(rule_of(rejected), "WRO-CANCEL");
    }
    EXPECT_EQ(h.get("/2025-07/receiving/8002").body, processing);
    EXPECT_EQ(h.send("POST", "/2025-07/receiving/9999:cancel").status, 404);
}

TEST(ReceivingExternalSync, TogglesOrSetsTheTimestampPerId) {
    Harness h;
    auto r = h.post("/2025-07/receiving:setExternalSync", {{"ids", {8001, 8013, 9999}}});
    ASSERT_EQ(r.status, 200) << r.body;
    json results = body_of(r);
    ASSERT_EQ(results.size(), 3u);
    EXPECT_EQ(results[0], (json{{"id", 8001}, {"is_success", true}, {"reason", ""}}));
    EXPECT_EQ(results[2]["is_success"], false);
    EXPECT_EQ(body_of(h.get("/2025-07/receiving/8001"))["external_sync_timestamp"], "2025-07-01T12:00:00Z");
    EXPECT_TRUE(body_of(h.get("/2025-07/receiving/8013"))["external_sync_timestamp"].is_null());
    EXPECT_EQ(wro_ids(h, "?ExternalSync=true"), (Ids{8001, 8002, 8003, 8007, 8011}));

    ASSERT_EQ(h.post("/2025-07/receiving:setExternalSync", {{"ids", {8001, 8002}}, {"external_sync", false}}).status, 200);
    EXPECT_EQ(wro_ids(h, "?ExternalSync=true"), (Ids{8003, 8007, 8011}));
}

TEST(ReceivingExternalSync, RejectsBadBodiesWithoutChanges) {
    Harness h;
    const auto before = h.get("/2025-07/receiving").body;
    for (const json& body : {json::object(), json{{"ids", json::array()}}, json{{"ids", {"8001"}}}, json{{"ids", {8001, 0}}},
                             json{{"ids", {8001}}, {"external_sync", "yes"}}, json::array({8001})})
        EXPECT_EQ(h.post("/2025-07/receiving:setExternalSync", body).status, 400) << body.dump();
    EXPECT_EQ(h.get("/2025-07/receiving").body, before);
}

TEST(ReceivingSeed, ReportsBadStatusesUnknownCentersAndHistoryMismatch) {
    auto seed = parse_seed(default_seed_text()).value();
    seed["wros"][0]["status"] = "Done";
    seed["wros"][1]["fulfillment_center_id"] = 99;
    seed["wros"][2]["status"] = "Awaiting";
    seed["wros"][3]["id"] = seed["wros"][4]["id"];
    Options o;
    o.seed = seed;
    auto created = ReferenceServer::create(std::move(o));
    ASSERT_FALSE(created.ok());
    std::string all;
    for (const auto& p : created.error()) all += p + "\n";
    for (const char* expected : {"wros[0].status", "wros[1].fulfillment_center_id", "wros[2].status_history", "wros[4].id duplicates"})
        EXPECT_NE(all.find(expected), std::string::npos) << expected << "\n" << all;
}

}  // namespace
}  // namespace dockside::refserver
