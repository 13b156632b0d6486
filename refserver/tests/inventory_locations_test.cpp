// GET /inventory (INV-LIST, NS-INV-STRING-PARAMS) and GET /location (LOC-FILTERS).

#include "refserver/tests/test_support.h"

namespace dockside::refserver {
namespace {
using namespace testing;
using json = nlohmann::json;
using Ids = std::vector<std::int64_t>;

Ids inventory_ids(Harness& h, const std::string& query) {
    auto r = h.get("/2025-07/inventory" + query);
    EXPECT_EQ(r.status, 200) << query << " " << r.body;
    return ids_of(body_of(r)["items"], "inventory_id");
}

Ids location_ids(Harness& h, const std::string& query) {
    auto r = h.get("/2025-07/location" + query);
    EXPECT_EQ(r.status, 200) << query << " " << r.body;
    return ids_of(body_of(r), "id");
}

std::string local(const json& url) { return url.get<std::string>().substr(std::string("http://refserver.test").size()); }

TEST(InventoryList, AnswersThePagedShapeWithEveryItem) {
    Harness h;
    auto r = h.get("/2025-07/inventory");
    ASSERT_EQ(r.status, 200);
    json page = body_of(r);
    for (const char* f : {"first", "last", "next", "prev", "items"}) EXPECT_TRUE(page.contains(f)) << f;
    EXPECT_TRUE(page["next"].is_null());
    EXPECT_TRUE(page["prev"].is_null());
    EXPECT_EQ(local(page["first"]), "/2025-07/inventory?Cursor=1");
    EXPECT_EQ(page["first"], page["last"]);
    EXPECT_EQ(ids_of(page["items"], "inventory_id"), (Ids{4001, 4002, 4003, 4004, 4005, 4006, 4007, 4008, 4009, 4010, 4011}));
    for (const auto& item : page["items"]) {
        for (const char* f : {"inventory_id", "name", "sku", "barcode", "user_id", "is_case", "is_lot", "dimensions", "weight", "variant"})
            EXPECT_TRUE(item.contains(f)) << f;
        for (const char* f : {"is_active", "is_bundle", "is_digital", "hazmat"}) EXPECT_TRUE(item["variant"].contains(f)) << f;
    }
}

TEST(InventoryList, IsActiveAndIsDigitalSelectAsTheySay) {
    Harness h;
    EXPECT_EQ(inventory_ids(h, "?IsActive=false"), (Ids{4006, 4008}));
    EXPECT_EQ(inventory_ids(h, "?IsActive=true").size(), 9u);
    EXPECT_EQ(inventory_ids(h, "?IsDigital=true"), (Ids{4004, 4009}));
    EXPECT_EQ(inventory_ids(h, "?IsDigital=false").size(), 9u);
    EXPECT_EQ(inventory_ids(h, "?IsDigital=false&IsActive=false"), (Ids{4006, 4008}));
    EXPECT_EQ(h.get("/2025-07/inventory?IsActive=maybe").status, 400);
    EXPECT_EQ(rule_of(h.get("/2025-07/inventory?IsDigital=1")), "INV-LIST");
}

TEST(InventoryList, StringParametersFollowTheStance) {
    Harness h;
    EXPECT_EQ(inventory_ids(h, "?InventoryIds=4003,4001"), (Ids{4001, 4003}));
    EXPECT_EQ(inventory_ids(h, "?InventoryIds=9999"), Ids{});
    EXPECT_EQ(h.get("/2025-07/inventory?InventoryIds=a,b").status, 400);
    EXPECT_EQ(inventory_ids(h, "?SearchBy=HEADLAMP"), (Ids{4007, 4008}));
    EXPECT_EQ(inventory_ids(h, "?SearchBy=mug-"), (Ids{4001, 4002}));
    EXPECT_EQ(inventory_ids(h, "?SortBy=sku&InventoryIds=4001,4003,4004"), (Ids{4003, 4004, 4001}));
    EXPECT_EQ(inventory_ids(h, "?SortBy=-inventory_id&InventoryIds=4001,4003"), (Ids{4003, 4001}));
    EXPECT_EQ(inventory_ids(h, "?SortBy=Name&SearchBy=bottle"), (Ids{4011, 4010}));
    EXPECT_EQ(inventory_ids(h, "?FilterOperations=anything&InventoryIds=4001"), (Ids{4001}));
    EXPECT_EQ(h.get("/2025-07/inventory?SortBy=price").status, 400);
}

TEST(InventoryList, PagesByCursorWithLinks) {
    Harness h;
    EXPECT_EQ(h.get("/2025-07/inventory?PageSize=0").status, 400);
    EXPECT_EQ(h.get("/2025-07/inventory?PageSize=1001").status, 400);
    EXPECT_EQ(h.get("/2025-07/inventory?Cursor=0").status, 400);
    json page = body_of(h.get("/2025-07/inventory?PageSize=4&IsActive=true"));
    EXPECT_EQ(local(page["last"]), "/2025-07/inventory?PageSize=4&IsActive=true&Cursor=9");
    Ids seen;
    for (int i = 0; i < 5; ++i) {
        EXPECT_LE(page["items"].size(), 4u);
        EXPECT_EQ(page["prev"].is_null(), i == 0);
        for (auto id : ids_of(page["items"], "inventory_id")) seen.push_back(id);
        if (page["next"].is_null()) break;
        page = body_of(h.get(local(page["next"])));
    }
    EXPECT_EQ(seen, (Ids{4001, 4002, 4003, 4004, 4005, 4007, 4009, 4010, 4011}));
    EXPECT_EQ(body_of(h.get("/2025-07/inventory?Cursor=50"))["items"], json::array());
}

TEST(Locations, InactiveOnlyWhenAskedAndFiltersSelect) {
    Harness h;
    EXPECT_EQ(location_ids(h, ""), (Ids{11, 12, 14}));
    EXPECT_EQ(location_ids(h, "?IncludeInactive=false"), (Ids{11, 12, 14}));
    EXPECT_EQ(location_ids(h, "?IncludeInactive=true"), (Ids{11, 12, 13, 14}));
    EXPECT_EQ(location_ids(h, "?ReceivingEnabled=true"), (Ids{11, 14}));
    EXPECT_EQ(location_ids(h, "?ReceivingEnabled=false"), (Ids{11, 12, 14}));
    EXPECT_EQ(location_ids(h, "?AccessGranted=true"), (Ids{11, 12}));
    EXPECT_EQ(location_ids(h, "?AccessGranted=true&ReceivingEnabled=true&IncludeInactive=true"), (Ids{11, 13}));
    EXPECT_EQ(h.get("/2025-07/location?IncludeInactive=yes").status, 400);
    EXPECT_EQ(rule_of(h.get("/2025-07/location?AccessGranted=2")), "LOC-FILTERS");
}

TEST(Locations, AnswerTheDocumentedFields) {
    Harness h;
    for (const auto& loc : body_of(h.get("/2025-07/location?IncludeInactive=true"))) {
        for (const char* f : {"id", "name", "abbreviation", "access_granted", "attributes", "is_active", "is_receiving_enabled",
                              "is_shipping_enabled", "region", "services", "timezone"})
            EXPECT_TRUE(loc.contains(f)) << f;
        EXPECT_TRUE(loc["attributes"].is_null() || loc["attributes"].is_array());
    }
}

}  // namespace
}  // namespace dockside::refserver
