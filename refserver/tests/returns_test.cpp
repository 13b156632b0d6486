// Returns: create (RET-REQ, RET-DUP-ID, RET-NO-DIGITAL-BUNDLE, RET-ONE-ACTION, RET-DEFAULT-ACTION,
// RET-CREATED), list (RET-LIST filters and cursor paging) and cancel (RET-CANCEL, RET-FROZEN, RET-NOT-AWAITING).

#include <algorithm>
#include <set>

#include "refserver/core/datetime.h"
#include "refserver/tests/test_support.h"

namespace dockside::refserver {
namespace {
using namespace testing;

nlohmann::json valid_return() {
    return {{"fulfillment_center", {{"id", 11}, {"name", "Cicero (IL)"}}},
            {"reference_id", "RMA-T1"},
            {"tracking_number", "1ZTEST"},
            {"original_shipment_id", 7001},
            {"inventory", {{{"id", 4001}, {"quantity", 2}, {"requested_action", 2}}, {{"id", 4003}, {"quantity", 1}}}}};
}

std::vector<int> ids(Harness& h, const std::string& query) {
    auto r = h.get("/2025-07/return?" + query);
    EXPECT_EQ(r.status, 200) << query << " " << r.body;
    std::vector<int> out;
    auto j = body_of(r);
    if (j.contains("items") && j["items"].is_array())
        for (const auto& item : j["items"]) out.push_back(item["id"].get<int>());
    return out;
}

std::size_t count_returns(Harness& h) { return ids(h, "Limit=250").size(); }

TEST(ReturnCreate, AnswersTheCreateShapeInAwaitingArrival) {
    Harness h;
    auto r = h.post("/2025-07/return", valid_return());
    ASSERT_EQ(r.status, 200) << r.body;  // RET-CREATED
    auto j = body_of(r);
    for (const char* key : {"id", "channel", "fulfillment_center", "reference_id", "original_shipment_id", "tracking_number",
                            "store_order_id", "customer_name", "return_type", "status", "insert_date", "invoice_amount",
                            "transactions", "inventory"})
        EXPECT_TRUE(j.contains(key)) << key;
    EXPECT_EQ(j["status"], "AwaitingArrival");
    EXPECT_EQ(j["channel"]["id"], h.server->write_channel_id());
    EXPECT_EQ(j["fulfillment_center"], (nlohmann::json{{"id", 11}, {"name", "Cicero (IL)"}}));
    EXPECT_EQ(j["insert_date"], "2025-07-01T12:00:00Z");
    EXPECT_EQ(j["store_order_id"], "SEED-5001");  // from the original shipment's order
    EXPECT_EQ(j["customer_name"], "Ada Lovelace");
    EXPECT_FALSE(j["inventory"][0].contains("sku"));  // list-only field
    EXPECT_FALSE(j.contains("status_history"));
    EXPECT_DOUBLE_EQ(j["invoice_amount"].get<double>(), 7.5);
}

TEST(ReturnCreate, OmittedActionTakesTheConfiguredDefault) {  // RET-DEFAULT-ACTION
    Harness h;
    auto j = body_of(h.post("/2025-07/return", valid_return()));
    EXPECT_EQ(j["inventory"][0]["action_requested"]["action"], "Quarantine");  // requested 2
    EXPECT_EQ(j["inventory"][0]["action_requested"]["action_type"], "Requested");
    EXPECT_EQ(j["inventory"][1]["action_requested"]["action"], "Dispose");  // seeded default of 4003
    EXPECT_EQ(j["inventory"][1]["action_requested"]["action_type"], "Default");
}

TEST(ReturnCreate, OptionalFieldsMayBeOmitted) {  // RET-TRACKING
    Harness h;
    auto r = h.post("/2025-07/return", {{"inventory", {{{"id", 4002}}}}});
    ASSERT_EQ(r.status, 200) << r.body;
    auto j = body_of(r);
    EXPECT_TRUE(j["tracking_number"].is_null());
    EXPECT_TRUE(j["reference_id"].is_null());
    EXPECT_TRUE(j["original_shipment_id"].is_null());
    EXPECT_EQ(j["fulfillment_center"]["id"], 11);
    EXPECT_EQ(j["inventory"][0]["quantity"], 1);
}

// What the create body does not mark required may be left out (NS-RETURN-CREATE-OPTIONAL-FIELDS): a mock
// stricter than its contract would teach a client a refusal no document promises.
TEST(ReturnCreate, TakesWhatTheDocumentLeavesOptional) {
    Harness h;
    auto empty = h.post("/2025-07/return", nlohmann::json::object());
    ASSERT_EQ(empty.status, 200) << empty.body;
    EXPECT_TRUE(body_of(empty)["inventory"].empty()) << "no lines: an empty return";
    auto named = h.post("/2025-07/return", {{"fulfillment_center", {{"name", "East"}}}, {"inventory", nlohmann::json::array()}});
    ASSERT_EQ(named.status, 200) << named.body;
    EXPECT_EQ(body_of(named)["fulfillment_center"]["id"], 11) << "a center without id is the account's first";
}

TEST(ReturnCreate, RepeatedInventoryIdIsRefusedAndNothingIsCreated) {  // RET-DUP-ID, RET-ONE-ACTION
    Harness h;
    const auto before = count_returns(h);
    auto body = valid_return();
    body["inventory"] = {{{"id", 4001}, {"requested_action", 1}}, {{"id", 4001}, {"requested_action", 3}}};
    auto r = h.post("/2025-07/return", body);
    EXPECT_EQ(r.status, 400);
    EXPECT_EQ(rule_of(r), "RET-DUP-ID");
    EXPECT_EQ(field_of(r), "inventory[1].id");
    EXPECT_EQ(count_returns(h), before);
}

TEST(ReturnCreate, DigitalAndBundleItemsAreRefused) {  // RET-NO-DIGITAL-BUNDLE
    Harness h;
    const auto before = count_returns(h);
    for (int inventory_id : {4004, 4005}) {
        auto body = valid_return();
        body["inventory"] = {{{"id", 4001}}, {{"id", inventory_id}}};
        auto r = h.post("/2025-07/return", body);
        EXPECT_EQ(r.status, 400) << inventory_id;
        EXPECT_EQ(rule_of(r), "RET-NO-DIGITAL-BUNDLE");
        EXPECT_EQ(field_of(r), "inventory[1].id");
    }
    EXPECT_EQ(count_returns(h), before);
}

TEST(ReturnCreate, RejectsBadInput) {
    Harness h;
    auto with_inventory = [](nlohmann::json inv) {
        auto b = valid_return();
        b["inventory"] = std::move(inv);
        return b;
    };
    EXPECT_EQ(h.post("/2025-07/return", with_inventory({{{"id", 4001}, {"requested_action", 4}}})).status, 400);
    EXPECT_EQ(h.post("/2025-07/return", with_inventory({{{"id", 4001}, {"requested_action", 0}}})).status, 400);
    EXPECT_EQ(h.post("/2025-07/return", with_inventory({{{"id", 99999}}})).status, 400);
    EXPECT_EQ(h.post("/2025-07/return", with_inventory({{{"quantity", 1}}})).status, 400);
    EXPECT_EQ(h.post("/2025-07/return", with_inventory({{{"id", 4001}, {"quantity", 0}}})).status, 400);
    EXPECT_EQ(h.post("/2025-07/return", with_inventory({{{"id", "4001"}}})).status, 400);
    auto fc = valid_return();
    fc["fulfillment_center"] = {{"id", 77}};
    EXPECT_EQ(h.post("/2025-07/return", fc).status, 400);
    EXPECT_EQ(h.send("POST", "/2025-07/return", "[1]").status, 400);
}

TEST(ReturnCreate, NeedsTheChannelHeader) {  // RET-REQ
    Harness h;
    http::Request r{"POST", "/2025-07/return",
                    {{"Authorization", "Bearer " + h.server->pat()}, {"Content-Type", "application/json"}},
                    valid_return().dump()};
    auto resp = h.raw(r);
    EXPECT_EQ(resp.status, 400);
    EXPECT_EQ(rule_of(resp), "AUTH-CHANNEL");
    EXPECT_EQ(h.send("POST", "/2025-07/return", valid_return().dump(), std::nullopt, std::string("900")).status, 403);
}

TEST(ReturnList, CarriesTheListShape) {
    Harness h;
    auto j = body_of(h.get("/2025-07/return?Ids=8002"));
    ASSERT_EQ(j["items"].size(), 1u);
    const auto& r = j["items"][0];
    for (const char* key : {"shipment_tracking_number", "awaiting_arrival_date", "arrived_date", "processing_date",
                            "completed_date", "cancelled_date", "status_history", "invoice", "transactions", "inventory"})
        EXPECT_TRUE(r.contains(key)) << key;
    EXPECT_EQ(r["status"], "Arrived");
    EXPECT_EQ(r["shipment_tracking_number"], "1ZSEED7002");
    EXPECT_EQ(r["status_history"].size(), 2u);
    EXPECT_TRUE(r["processing_date"].is_null());
    EXPECT_EQ(r["inventory"][0]["sku"], "MUG-RED");
    EXPECT_EQ(r["inventory"][0]["lot_information"]["number"], "LOT-42");
    EXPECT_EQ(r["invoice"]["currency_code"], "USD");
    EXPECT_EQ(j["first"], "http://refserver.test/2025-07/return?Ids=8002&Cursor=1");
    EXPECT_TRUE(j["next"].is_null());
    EXPECT_TRUE(j["prev"].is_null());
}

TEST(ReturnList, EveryFilterSelectsAndExcludes) {  // RET-LIST
    Harness h;
    using V = std::vector<int>;
    EXPECT_EQ(ids(h, "Ids=8001,8003"), (V{8001, 8003}));
    // Named returns are looked up, and the other filters still apply to them.
    EXPECT_EQ(ids(h, "Ids=8003,8001,8001,424242"), (V{8001, 8003}));
    EXPECT_EQ(ids(h, "Ids=8001,8002,8006&Status=AwaitingArrival"), (V{8001, 8006}));
    EXPECT_EQ(ids(h, "Ids=8001,8003&SortOrder=1"), (V{8003, 8001}));
    EXPECT_EQ(ids(h, "ReferenceIds=RMA-8002"), (V{8002}));
    EXPECT_EQ(ids(h, "Status=AwaitingArrival"), (V{8001, 8006}));
    EXPECT_EQ(ids(h, "Status=Processing,Completed"), (V{8003, 8004}));
    EXPECT_EQ(ids(h, "FulfillmentCenterIds=12"), (V{8002, 8006}));
    EXPECT_EQ(ids(h, "TrackingNumbers=1ZRET8003"), (V{8003}));
    EXPECT_EQ(ids(h, "OriginalShipmentIds=7001,7002"), (V{8001, 8002}));
    EXPECT_EQ(ids(h, "InventoryIds=4001"), (V{8001, 8004}));
    EXPECT_EQ(ids(h, "StartDate=2025-06-14T10:00:00Z"), (V{8003, 8005, 8006}));
    EXPECT_EQ(ids(h, "EndDate=2025-06-10T10:00:00Z"), (V{8001, 8004}));
    EXPECT_EQ(ids(h, "ReturnTypes=ReturnToSender"), (V{8003, 8005}));
    EXPECT_EQ(ids(h, "ReturnActions=Dispose"), (V{8003, 8004, 8006}));
    EXPECT_EQ(ids(h, "StoreOrderIds=SEED-5001"), (V{8001}));
    EXPECT_EQ(ids(h, "CompletedStartDate=2025-06-01T00:00:00Z"), (V{8004}));
    EXPECT_EQ(ids(h, "CompletedEndDate=2025-06-04T00:00:00Z"), (V{}));
    EXPECT_EQ(ids(h, "CompletedEndDate=2025-06-06T00:00:00Z"), (V{8004}));
}

TEST(ReturnList, SortsAndRejectsBadParameters) {
    Harness h;
    using V = std::vector<int>;
    EXPECT_EQ(ids(h, "SortOrder=1&Limit=2"), (V{8006, 8005}));
    EXPECT_EQ(ids(h, "Sortby=InsertDate"), (V{8004, 8001, 8002, 8003, 8005, 8006}));
    EXPECT_EQ(ids(h, "Sortby=Status"), (V{8001, 8006, 8002, 8003, 8004, 8005}));
    for (const char* bad : {"Status=Open", "ReturnActions=Recycle", "Cursor=0", "Cursor=2147483648", "Limit=0",
                            "Limit=251", "SortOrder=2", "Sortby=Name", "Ids=x", "StartDate=yesterday"})
        EXPECT_EQ(h.get(std::string("/2025-07/return?") + bad).status, 400) << bad;
}

TEST(ReturnList, ChannelHeaderNarrowsToThatChannel) {
    Harness h;
    auto r = h.send("GET", "/2025-07/return", "", std::nullopt, std::to_string(h.server->read_only_channel_id()));
    ASSERT_EQ(r.status, 200);
    auto j = body_of(r);
    ASSERT_EQ(j["items"].size(), 1u);
    EXPECT_EQ(j["items"][0]["id"], 8005);
}

TEST(ReturnList, CursorPagesAreDisjointAndComplete) {  // RET-LIST, VER-CURSOR
    Harness h;
    std::vector<int> seen;
    std::string next = "/2025-07/return?Limit=4";
    std::string first_last;
    for (int page = 0; page < 10 && !next.empty(); ++page) {
        auto j = body_of(h.get(next));
        for (const auto& item : j["items"]) seen.push_back(item["id"].get<int>());
        if (page == 0) {
            EXPECT_TRUE(j["prev"].is_null());
            first_last = j["last"].get<std::string>();
        }
        next = j["next"].is_null() ? "" : j["next"].get<std::string>().substr(std::string("http://refserver.test").size());
    }
    EXPECT_EQ(seen, (std::vector<int>{8001, 8002, 8003, 8004, 8005, 8006}));
    EXPECT_EQ(first_last, "http://refserver.test/2025-07/return?Limit=4&Cursor=5");
    auto second = body_of(h.get("/2025-07/return?Limit=4&Cursor=5"));
    EXPECT_EQ(second["prev"], "http://refserver.test/2025-07/return?Limit=4&Cursor=1");
    EXPECT_TRUE(body_of(h.get("/2025-07/return?Cursor=100"))["items"].empty());
}

TEST(ReturnList, PagesFoundByRankAreThoseOfTheFilteredList) {  // RET-LIST, VER-CURSOR
    // With no filter but the channel, a page and the count behind its links are read by rank from the
    // channel index; a filter every return passes sends the same list through the filtered path.
    Harness h;
    for (int i = 0; i < 9; ++i) {
        auto body = valid_return();
        body["reference_id"] = "RMA-RANK-" + std::to_string(i);
        ASSERT_EQ(h.post("/2025-07/return", body).status, 200);
    }
    const std::string filtered = "&StartDate=2000-01-01T00:00:00Z";
    auto cursor_of = [](const nlohmann::json& link) {
        return link.is_null() ? std::string("null") : link.get<std::string>().substr(link.get<std::string>().rfind("Cursor="));
    };
    for (const std::optional<std::string>& channel : {std::optional<std::string>{}, std::optional(std::to_string(h.server->write_channel_id()))}) {
        for (const std::string order : {"0", "1"}) {
            for (int cursor = 1; cursor <= 16; cursor += 4) {
                const std::string query = "/2025-07/return?SortOrder=" + order + "&Limit=4&Cursor=" + std::to_string(cursor);
                const auto by_rank = body_of(h.send("GET", query, "", std::nullopt, channel));
                const auto walked = body_of(h.send("GET", query + filtered, "", std::nullopt, channel));
                EXPECT_EQ(by_rank["items"], walked["items"]) << query;
                for (const char* link : {"first", "last", "next", "prev"})
                    EXPECT_EQ(cursor_of(by_rank[link]), cursor_of(walked[link])) << query << " " << link;
            }
        }
    }
}

TEST(ReturnList, FacetFiltersPageLikeTheWholeListFilteredHere) {  // RET-LIST, RET-STATUS, VER-CURSOR
    // Status, ReturnTypes and ReturnActions alone are counted and paged by rank over groups of an index, a
    // page often spanning several groups; the oracle is the whole list filtered here, field by field. A
    // return changes group when it is cancelled.
    Harness h;
    for (int i = 0; i < 14; ++i) {
        auto body = valid_return();
        body["reference_id"] = "RMA-FACET-" + std::to_string(i);
        body["inventory"] = {{{"id", 4001}, {"quantity", 1}, {"requested_action", 1 + i % 3}}};
        if (i % 4 == 1) body["inventory"].push_back({{"id", 4003}, {"quantity", 1}});  // Dispose, the default
        const auto id = body_of(h.post("/2025-07/return", body))["id"].get<int>();
        if (i % 2 == 0) ASSERT_EQ(h.send("POST", "/2025-07/return/" + std::to_string(id) + ":cancel").status, 200);
    }
    const auto all = body_of(h.get("/2025-07/return?Limit=250"))["items"];
    auto listed = [](const std::vector<std::string>& values, const nlohmann::json& value) {
        return values.empty() || std::find(values.begin(), values.end(), value.get<std::string>()) != values.end();
    };
    struct Case {
        std::string query;
        std::vector<std::string> statuses, types, actions;
    };
    const std::vector<Case> cases = {{"Status=Cancelled", {"Cancelled"}, {}, {}},
                                     {"Status=AwaitingArrival,Cancelled", {"AwaitingArrival", "Cancelled"}, {}, {}},
                                     {"ReturnTypes=Regular", {}, {"Regular"}, {}},
                                     {"ReturnActions=Dispose", {}, {}, {"Dispose"}},
                                     {"ReturnActions=Restock,Quarantine&Status=AwaitingArrival", {"AwaitingArrival"}, {}, {"Restock", "Quarantine"}},
                                     {"ReturnTypes=Regular&ReturnActions=Quarantine,Dispose&Status=Cancelled,Arrived", {"Cancelled", "Arrived"}, {"Regular"}, {"Quarantine", "Dispose"}}};
    for (const auto& c : cases) {
        std::vector<int> expected;
        for (const auto& r : all) {
            bool acted = c.actions.empty();
            for (const auto& line : r["inventory"]) acted = acted || listed(c.actions, line["action_requested"]["action"]);
            if (listed(c.statuses, r["status"]) && listed(c.types, r["return_type"]) && acted) expected.push_back(r["id"].get<int>());
        }
        ASSERT_GT(expected.size(), 3u) << c.query;  // pages of three span groups
        for (const std::string order : {"0", "1"}) {
            if (order == "1") std::reverse(expected.begin(), expected.end());
            for (std::size_t cursor = 1; cursor <= expected.size() + 3; cursor += 2) {
                const std::string query = c.query + "&Limit=3&SortOrder=" + order + "&Cursor=" + std::to_string(cursor);
                const auto page = body_of(h.get("/2025-07/return?" + query));
                const std::size_t from = std::min(expected.size(), cursor - 1);
                std::vector<int> want(expected.begin() + from, expected.begin() + std::min(expected.size(), from + 3)), got;
                for (const auto& item : page["items"]) got.push_back(item["id"].get<int>());
                EXPECT_EQ(got, want) << query;
                const std::string last = "Cursor=" + std::to_string((expected.size() - 1) / 3 * 3 + 1);
                EXPECT_TRUE(page["last"].get<std::string>().ends_with(last)) << query << " " << page["last"];
            }
        }
    }
}

TEST(ReturnList, InsertDateRangesReadTheirOwnReturns) {  // RET-LIST
    // StartDate/EndDate are read from an index by insert date; the range is inclusive at both ends.
    Harness h;
    std::vector<int> created;
    for (int i = 0; i < 6; ++i) {
        h.clock->advance(std::chrono::minutes(10));
        auto body = valid_return();
        body["reference_id"] = "RMA-DATE-" + std::to_string(i);
        created.push_back(body_of(h.post("/2025-07/return", body))["id"].get<int>());
    }
    const auto when = [&](int i) { return format_iso8601(test_start() + std::chrono::minutes(10 * (i + 1))); };
    EXPECT_EQ(ids(h, "StartDate=" + when(1) + "&EndDate=" + when(3)), (std::vector<int>{created[1], created[2], created[3]}));
    EXPECT_EQ(ids(h, "StartDate=" + when(1) + "&EndDate=" + when(3) + "&SortOrder=1&Limit=2&Cursor=2"),
              (std::vector<int>{created[2], created[1]}));
    EXPECT_EQ(ids(h, "StartDate=" + when(4)), (std::vector<int>{created[4], created[5]}));
    EXPECT_TRUE(ids(h, "StartDate=" + when(3) + "&EndDate=" + when(1)).empty());
}

TEST(ReturnList, CreatedReturnsAppear) {
    Harness h;
    auto id = body_of(h.post("/2025-07/return", valid_return()))["id"].get<int>();
    EXPECT_EQ(ids(h, "Ids=" + std::to_string(id)), std::vector<int>{id});
    EXPECT_EQ(ids(h, "ReferenceIds=RMA-T1"), std::vector<int>{id});
}

TEST(ReturnCancel, AwaitingArrivalBecomesCancelled) {  // RET-CANCEL
    Harness h;
    h.clock->advance(std::chrono::hours(1));
    auto r = h.send("POST", "/2025-07/return/8001:cancel");
    ASSERT_EQ(r.status, 200) << r.body;
    EXPECT_EQ(body_of(r)["status"], "Cancelled");
    auto listed = body_of(h.get("/2025-07/return?Ids=8001"))["items"][0];
    EXPECT_EQ(listed["status"], "Cancelled");
    EXPECT_EQ(listed["cancelled_date"], "2025-07-01T13:00:00Z");
    EXPECT_EQ(listed["status_history"].back()["status"], "Cancelled");
}

TEST(ReturnCancel, OtherStatesAreRejectedAndUnchanged) {  // RET-FROZEN, RET-NOT-AWAITING
    Harness h;
    const std::vector<std::tuple<int, std::string, std::string>> cases = {
        {8002, "Arrived", "RET-NOT-AWAITING"},
        {8003, "Processing", "RET-FROZEN"},
        {8004, "Completed", "RET-FROZEN"},
        {8005, "Cancelled", "RET-NOT-AWAITING"}};
    for (const auto& [id, status, rule] : cases) {
        auto before = body_of(h.get("/2025-07/return?Ids=" + std::to_string(id)))["items"][0];
        auto r = h.send("POST", "/2025-07/return/" + std::to_string(id) + ":cancel");
        EXPECT_EQ(r.status, 409) << id;
        EXPECT_EQ(rule_of(r), rule) << id;
        EXPECT_EQ(body_of(r)["error"]["code"], "invalid_state");
        auto after = body_of(h.get("/2025-07/return?Ids=" + std::to_string(id)))["items"][0];
        EXPECT_EQ(after, before) << id;
        EXPECT_EQ(after["status"], status);
    }
    EXPECT_EQ(h.send("POST", "/2025-07/return/424242:cancel").status, 404);
    EXPECT_EQ(h.send("POST", "/2025-07/return/8001:cancel", "", h.server->read_only_token(),
                     std::to_string(h.server->read_only_channel_id())).status, 403);
}

}  // namespace
}  // namespace dockside::refserver
