// Products and variants: list filters and paging, patch (PRD-PATCH-MERGE), variants create/update/
// merge (PRD-VARIANTS-CREATE, PRD-VARIANTS-UPDATE, PRD-MERGE), channel metadata (PRD-META-ADD,
// PRD-META-DELETE), delete (PRD-DELETE), the moves and convertToBundle, and the shapes (PRD-SHAPES).

#include "refserver/seed/seed.h"
#include "refserver/tests/test_support.h"

namespace dockside::refserver {
namespace {
using namespace testing;
using json = nlohmann::json;

const std::vector<std::string> kVariantFields = {
    "id", "name", "sku", "gtin", "upc", "is_digital", "weight", "dimension", "status", "additional_hazmat_attributes",
    "barcodes", "bundle_definition", "associated_bundles", "channel_metadata", "customs", "fulfillment_settings",
    "lot_information", "packaging_material_type", "packaging_requirement", "return_preferences", "inventory",
    "is_image_uploaded", "merge_children", "reviews_pending", "created_on", "updated_on"};

/// PRD-SHAPES: every documented response field, in response form.
void expect_variant_shape(const json& v) {
    for (const auto& f : kVariantFields) EXPECT_TRUE(v.contains(f)) << "variant lacks " << f << ": " << v.dump();
    EXPECT_TRUE(v["id"].is_number_integer());
    EXPECT_TRUE(v["weight"].is_object() && v["weight"]["unit"].is_string() && v["weight"]["weight"].is_number()) << v["weight"];
    for (const char* f : {"is_locked", "source", "unit"}) EXPECT_TRUE(v["dimension"].contains(f)) << f;
    EXPECT_TRUE(v["status"].is_string() || v["status"].is_null());
    EXPECT_TRUE(v["customs"]["currency"].is_string());
    for (const char* f : {"backup_action", "primary_action", "return_to_sender_backup_action", "return_to_sender_primary_action"})
        EXPECT_TRUE(v["return_preferences"][f].is_object() && v["return_preferences"][f]["id"].is_number_integer()) << f;
    EXPECT_TRUE(v["packaging_material_type"]["name"].is_string());
    EXPECT_TRUE(v["inventory"]["inventory_id"].is_number_integer());
    for (const auto& c : v["bundle_definition"])
        for (const char* f : {"quantity", "variant_id", "product_id", "variant_name", "variant_sku"}) EXPECT_TRUE(c.contains(f)) << f;
    EXPECT_TRUE(v["reviews_pending"].is_null() || v["reviews_pending"].is_array());
}

void expect_product_shape(const json& p) {
    for (const char* f : {"id", "name", "type", "user_id", "created_on", "updated_on", "taxonomy", "variants"})
        EXPECT_TRUE(p.contains(f)) << "product lacks " << f;
    for (const char* f : {"id", "name", "parent_id", "parent_name", "path"}) EXPECT_TRUE(p["taxonomy"].contains(f)) << f;
    for (const auto& v : p["variants"]) expect_variant_shape(v);
}

std::vector<std::int64_t> product_ids(Harness& h, const std::string& query) {
    auto r = h.get("/2025-07/product" + query);
    EXPECT_EQ(r.status, 200) << r.body;
    return ids_of(body_of(r)["items"]);
}

json variants_of(Harness& h, std::int64_t product) { return body_of(h.get("/2025-07/product/" + std::to_string(product) + "/variants")); }

json find_by_id(const json& list, std::int64_t id) {
    for (const auto& x : list)
        if (x["id"] == id) return x;
    return nullptr;
}

http::Response patch(Harness& h, const std::string& path, const json& body) { return h.send("PATCH", path, body.dump()); }

using Ids = std::vector<std::int64_t>;

TEST(ProductsList, AnswersEveryProductInIdOrderInDocumentedShape) {
    Harness h;
    auto r = h.get("/2025-07/product");
    ASSERT_EQ(r.status, 200);
    auto j = body_of(r);
    EXPECT_TRUE(j["next"].is_null());
    EXPECT_TRUE(j["prev"].is_null());
    EXPECT_EQ(ids_of(j["items"]), (Ids{2001, 2002, 2003, 2004, 2005, 2006, 2007}));
    for (const auto& p : j["items"]) expect_product_shape(p);
}

TEST(ProductsList, FiltersSelectAndExclude) {
    Harness h;
    EXPECT_EQ(product_ids(h, "?TaxonomyIds=50"), (Ids{2001, 2004, 2007}));
    EXPECT_EQ(product_ids(h, "?TaxonomyIds=60,90"), (Ids{2002, 2006}));
    EXPECT_EQ(product_ids(h, "?Barcodes=000000003006"), (Ids{2005}));
    EXPECT_EQ(product_ids(h, "?SellerSKU=hl-std-amz"), (Ids{2005}));
    EXPECT_EQ(product_ids(h, "?SellerSKU=BLANKET-1,GIFT-25"), (Ids{2002, 2003}));
    EXPECT_EQ(product_ids(h, "?IsInventorySyncEnabled=false"), (Ids{2005, 2006}));
    EXPECT_EQ(product_ids(h, "?IsInventorySyncEnabled=true"), (Ids{2001, 2002, 2003, 2004, 2007}));
    EXPECT_EQ(product_ids(h, "?ReviewsPending=true"), (Ids{2005}));
    EXPECT_EQ(product_ids(h, "?ReviewsPending=false").size(), 6u);
    EXPECT_EQ(product_ids(h, "?TaxonomyIds=50&IsInventorySyncEnabled=true&Barcodes=000000003009"), (Ids{2007}));
}

TEST(ProductsList, SortsAndRejectsUnknownValues) {
    Harness h;
    EXPECT_EQ(product_ids(h, "?SortBy=Name"), (Ids{2002, 2003, 2005, 2004, 2006, 2001, 2007}));
    EXPECT_EQ(product_ids(h, "?SortBy=Id&SortOrder=Descending"), (Ids{2007, 2006, 2005, 2004, 2003, 2002, 2001}));
    EXPECT_EQ(product_ids(h, "?SortBy=CreatedOn&SortOrder=Descending").front(), 2007);
    EXPECT_EQ(h.get("/2025-07/product?SortBy=Price").status, 400);
    EXPECT_EQ(h.get("/2025-07/product?SortOrder=Up").status, 400);
    EXPECT_EQ(h.get("/2025-07/product?ReviewsPending=yes").status, 400);
    EXPECT_EQ(h.get("/2025-07/product?TaxonomyIds=a").status, 400);
}

TEST(ProductsList, PagesFollowNextLinksWithoutOverlap) {
    Harness h;
    EXPECT_EQ(h.get("/2025-07/product?PageSize=0").status, 400);
    EXPECT_EQ(h.get("/2025-07/product?PageSize=1001").status, 400);
    Ids seen;
    std::string target = "/2025-07/product?PageSize=3";
    for (int page = 0; page < 5 && !target.empty(); ++page) {
        auto j = body_of(h.get(target));
        EXPECT_LE(j["items"].size(), 3u);
        if (page == 0) EXPECT_TRUE(j["prev"].is_null());
        else EXPECT_TRUE(j["prev"].is_string());
        for (auto id : ids_of(j["items"])) seen.push_back(id);
        target = j["next"].is_string() ? j["next"].get<std::string>().substr(std::string("http://refserver.test").size()) : "";
    }
    EXPECT_EQ(seen, (Ids{2001, 2002, 2003, 2004, 2005, 2006, 2007}));
}

TEST(Variants, ListAnswersTheProductsVariantsOr404) {
    Harness h;
    auto r = h.get("/2025-07/product/2001/variants");
    ASSERT_EQ(r.status, 200);
    EXPECT_EQ(ids_of(body_of(r)), (Ids{3001, 3002}));
    for (const auto& v : body_of(r)) expect_variant_shape(v);
    EXPECT_EQ(h.get("/2025-07/product/999/variants").status, 404);
}

TEST(Variants, SeededBundleLinksAreDerived) {
    Harness h;
    auto kit = find_by_id(variants_of(h, 2004), 3005);
    ASSERT_EQ(kit["bundle_definition"].size(), 2u);
    EXPECT_EQ(kit["bundle_definition"][1]["product_id"], 2002);
    auto mug = find_by_id(variants_of(h, 2001), 3001);
    ASSERT_EQ(mug["associated_bundles"].size(), 1u);
    EXPECT_EQ(mug["associated_bundles"][0]["variant_id"], 3005);
    EXPECT_EQ(mug["associated_bundles"][0]["product_name"], "Starter Kit");
}

TEST(ProductPatch, ChangesOnlySuppliedFields) {
    Harness h;
    const json before = body_of(h.get("/2025-07/product?TaxonomyIds=50"))["items"][0];
    auto r = patch(h, "/2025-07/product/2001", {{"name", "Trail Mug 2"}});
    ASSERT_EQ(r.status, 200) << r.body;
    json after = body_of(r);
    expect_product_shape(after);
    EXPECT_EQ(after["name"], "Trail Mug 2");
    EXPECT_EQ(after["type"], before["type"]);
    EXPECT_EQ(after["taxonomy"], before["taxonomy"]);
    EXPECT_EQ(after["variants"], before["variants"]);
    EXPECT_EQ(after["updated_on"], "2025-07-01T12:00:00Z");

    r = patch(h, "/2025-07/product/2001", {{"taxonomy_id", 95}, {"type_id", 2}});
    ASSERT_EQ(r.status, 200) << r.body;
    EXPECT_EQ(body_of(r)["taxonomy"]["path"], "Outdoor/Camping");
    EXPECT_EQ(body_of(r)["type"], "Bundle");
    EXPECT_EQ(body_of(r)["name"], "Trail Mug 2");
}

TEST(ProductPatch, UpdatesAVariantByIdAndAddsOnesWithout) {
    Harness h;
    json before = find_by_id(variants_of(h, 2001), 3002);
    auto r = patch(h, "/2025-07/product/2001",
                   {{"variants", {{{"id", 3002}, {"weight", 20.5}, {"status_id", 2}, {"dimension", {{"height", 4.0}}}},
                                  {{"name", "Trail Mug - Green"}, {"sku", "MUG-GREEN"}}}}});
    ASSERT_EQ(r.status, 200) << r.body;
    json p = body_of(r);
    expect_product_shape(p);
    ASSERT_EQ(p["variants"].size(), 3u);
    json red = find_by_id(p["variants"], 3002);
    EXPECT_EQ(red["weight"], (json{{"unit", "oz"}, {"weight", 20.5}}));
    EXPECT_EQ(red["status"], "Inactive");
    EXPECT_EQ(red["dimension"]["height"], 4.0);
    EXPECT_EQ(red["dimension"]["length"], before["dimension"]["length"]);
    EXPECT_EQ(red["name"], before["name"]);
    EXPECT_EQ(red["channel_metadata"], before["channel_metadata"]);
    const json& green = p["variants"][2];
    EXPECT_GT(green["id"].get<std::int64_t>(), 3010);
    EXPECT_EQ(green["sku"], "MUG-GREEN");
    // The inventory item follows: 3002's item is inactive now, the new variant has its own.
    auto inv = body_of(h.get("/2025-07/inventory?InventoryIds=4002," + green["inventory"]["inventory_id"].dump()))["items"];
    ASSERT_EQ(inv.size(), 2u);
    EXPECT_EQ(inv[0]["variant"]["is_active"], false);
    EXPECT_EQ(inv[1]["sku"], "MUG-GREEN");
}

TEST(ProductPatch, RejectionsChangeNothing) {
    Harness h;
    const json before = variants_of(h, 2001);
    const auto list_before = h.get("/2025-07/product").body;
    struct Case {
        json body;
        std::string field;
    };
    for (const auto& c : std::vector<Case>{{{{"variants", {{{"id", 3003}, {"name", "x"}}}}}, "variants[0].id"},
                                           {{{"name", "ok"}, {"variants", {{{"id", 999999}}}}}, "variants[0].id"},
                                           {{{"id", 2002}}, "id"},
                                           {{{"taxonomy_id", 12345}}, "taxonomy_id"},
                                           {{{"type_id", 9}}, "type_id"},
                                           {{{"variants", {{{"id", 3001}, {"status_id", 7}}}}}, "variants[0].status_id"},
                                           {{{"variants", {{{"id", 3001}, {"weight", {{"unit", "oz"}}}}}}}, "variants[0].weight"},
                                           {{{"variants", {{{"bundle_definition", {{{"variant_id", 42}, {"quantity", 1}}, {{"variant_id", 3001}, {"quantity", 1}}}}}}}},
                                            "variants[0].bundle_definition[0].variant_id"}}) {
        auto r = patch(h, "/2025-07/product/2001", c.body);
        EXPECT_EQ(r.status, 400) << c.body.dump() << " " << r.body;
        EXPECT_EQ(field_of(r), c.field) << c.body.dump();
    }
    EXPECT_EQ(variants_of(h, 2001), before);
    EXPECT_EQ(h.get("/2025-07/product").body, list_before);
    EXPECT_EQ(patch(h, "/2025-07/product/999", {{"name", "x"}}).status, 404);
    EXPECT_EQ(h.send("PATCH", "/2025-07/product/2001", "not json").status, 400);
}

TEST(VariantsCreate, Answers201WithTheProductAndNewIds) {
    Harness h;
    json body = json::array({{{"name", "Blanket XL"}, {"sku", "BLANKET-XL"}, {"weight", 60}, {"status_id", 1},
                              {"dimension", {{"height", 3}, {"length", 10}, {"width", 8}}},
                              {"customs", {{"value", 12.5}, {"country_code_of_origin", "US"}}},
                              {"return_preferences", {{"primary_action_id", 2}, {"instructions", "inspect"}}},
                              {"packaging_material_type_id", 1},
                              {"barcodes", {{{"value", "BXL-1"}}}},
                              {"channel_metadata", {{{"channel_id", 101}, {"seller_sku", "BXL"}, {"price", 80}}}}},
                             {{"name", "Blanket Kids"}, {"is_digital", false}}});
    auto r = h.post("/2025-07/product/2002/variants", body);
    ASSERT_EQ(r.status, 201) << r.body;
    json p = body_of(r);
    expect_product_shape(p);
    ASSERT_EQ(p["variants"].size(), 3u);
    const json& xl = p["variants"][1];
    const json& kids = p["variants"][2];
    EXPECT_NE(xl["id"], kids["id"]);
    EXPECT_EQ(xl["weight"], (json{{"unit", "oz"}, {"weight", 60.0}}));
    EXPECT_EQ(xl["status"], "Active");
    EXPECT_EQ(xl["customs"]["currency"], "USD");
    EXPECT_EQ(xl["customs"]["value"], 12.5);
    EXPECT_EQ(xl["return_preferences"]["primary_action"], (json{{"id", 2}, {"name", "Quarantine"}}));
    EXPECT_EQ(xl["return_preferences"]["instructions"], "inspect");
    EXPECT_EQ(xl["packaging_material_type"], (json{{"id", 1}, {"name", "Box"}}));
    ASSERT_EQ(xl["channel_metadata"].size(), 1u);
    EXPECT_EQ(xl["channel_metadata"][0]["channel_name"], "Dockside Write Channel");
    EXPECT_TRUE(xl["channel_metadata"][0]["id"].is_number_integer());
    EXPECT_EQ(product_ids(h, "?Barcodes=BXL-1"), (Ids{2002}));
    EXPECT_EQ(variants_of(h, 2002).size(), 3u);
}

TEST(VariantsCreate, RejectsIdsAndBadBodiesWithoutSideEffects) {
    Harness h;
    const auto before = h.get("/2025-07/product/2002/variants").body;
    const auto inventory_before = h.get("/2025-07/inventory?PageSize=1000").body;
    auto r = h.post("/2025-07/product/2002/variants", json::array({{{"name", "ok"}}, {{"id", 5}, {"name", "x"}}}));
    EXPECT_EQ(r.status, 400);
    EXPECT_EQ(rule_of(r), "PRD-VARIANTS-CREATE");
    EXPECT_EQ(field_of(r), "[1].id");
    EXPECT_EQ(h.post("/2025-07/product/2002/variants", {{"name", "not an array"}}).status, 400);
    EXPECT_EQ(h.post("/2025-07/product/2002/variants", json::array({{{"status_id", 0}}})).status, 400);
    EXPECT_EQ(h.post("/2025-07/product/2002/variants", json::array({{{"channel_metadata", {{{"channel_id", 4242}}}}}})).status, 400);
    EXPECT_EQ(h.post("/2025-07/product/2002/variants", json::array({{{"return_preferences", {{"backup_action_id", 9}}}}})).status, 400);
    EXPECT_EQ(h.post("/2025-07/product/2002/variants", json::array({json(5)})).status, 400);
    EXPECT_EQ(h.post("/2025-07/product/2002/variants", json::array({{{"bundle_definition", {{{"variant_id", 3001}, {"quantity", 1}}}}}})).status, 400);
    EXPECT_EQ(field_of(h.post("/2025-07/product/2002/variants",
                              json::array({{{"bundle_definition", {{{"variant_id", 3001}, {"quantity", 1}}, {{"variant_id", 3005}, {"quantity", 1}}}}}}))),
              "[0].bundle_definition[1].variant_id");
    EXPECT_EQ(h.post("/2025-07/product/999/variants", json::array({{{"name", "x"}}})).status, 404);
    EXPECT_EQ(h.get("/2025-07/product/2002/variants").body, before);
    EXPECT_EQ(h.get("/2025-07/inventory?PageSize=1000").body, inventory_before);
}

// What the document does not require is not required: an empty list of new variants, a channel metadata
// record without a channel, a barcode without a value, any integer for a shelf life.
TEST(VariantsCreate, TakesWhatTheDocumentLeavesOptional) {
    Harness h;
    const auto before = h.get("/2025-07/product/2002/variants").body;
    auto empty = h.post("/2025-07/product/2002/variants", json::array());
    EXPECT_EQ(empty.status, 201) << empty.body;
    EXPECT_EQ(h.get("/2025-07/product/2002/variants").body, before);
    auto r = h.post("/2025-07/product/2002/variants",
                    json::array({{{"channel_metadata", {{{"seller_sku", "NO-CHANNEL"}}}},
                                  {"barcodes", {{{"sticker_url", "https://labels.example/1"}}}},
                                  {"lot_information", {{"minimum_shelf_life_days", -1}}}}}));
    ASSERT_EQ(r.status, 201) << r.body;
    const json made = body_of(r)["variants"].back();
    EXPECT_EQ(made["channel_metadata"][0]["channel_id"], 0);
    EXPECT_EQ(made["channel_metadata"][0]["seller_sku"], "NO-CHANNEL");
    EXPECT_EQ(made["barcodes"][0]["value"], "");
    EXPECT_EQ(made["lot_information"]["minimum_shelf_life_days"], -1);
}

TEST(VariantsUpdate, MapsStatusAndReviewCodes) {
    Harness h;
    auto r = patch(h, "/2025-07/product/2001/variants", {{"id", 3001}, {"status", 3}, {"reviews_pending", {1, 2, 2}}});
    ASSERT_EQ(r.status, 200) << r.body;
    json out = body_of(r);
    ASSERT_TRUE(out.is_array());
    ASSERT_EQ(out.size(), 1u);
    expect_variant_shape(out[0]);
    EXPECT_EQ(out[0]["status"], "Discontinued");
    EXPECT_EQ(out[0]["reviews_pending"], (json{"Customs", "Hazmat"}));
    EXPECT_EQ(out[0]["name"], "Trail Mug - Blue");
    r = patch(h, "/2025-07/product/2001/variants",
              json::array({{{"id", 3001}, {"reviews_pending", {0}}},
                           {{"id", 3002}, {"name", "Red"}, {"channel_metadata", {{{"id", 30020}, {"channel_id", 101}, {"channel_name", "Renamed"}}}}}}));
    ASSERT_EQ(r.status, 200) << r.body;
    out = body_of(r);
    ASSERT_EQ(ids_of(out), (Ids{3001, 3002}));
    EXPECT_EQ(out[0]["reviews_pending"], json::array());
    EXPECT_EQ(out[1]["name"], "Red");
    EXPECT_EQ(out[1]["channel_metadata"][0]["id"], 30020);
    EXPECT_EQ(out[1]["channel_metadata"][0]["channel_name"], "Renamed");
    EXPECT_EQ(find_by_id(variants_of(h, 2001), 3002)["name"], "Red");
}

TEST(VariantsUpdate, RejectsOutOfRangeCodesMissingAndForeignIds) {
    Harness h;
    const auto before = h.get("/2025-07/product/2001/variants").body;
    for (const json& body : {json{{"id", 3001}, {"status", 4}}, json{{"id", 3001}, {"status", 0}},
                             json{{"id", 3001}, {"reviews_pending", {5}}}, json{{"id", 3001}, {"reviews_pending", {"Hazmat"}}},
                             json{{"status", 1}}, json{{"id", 3003}, {"status", 1}}, json::array(),
                             json::array({{{"id", 3001}, {"status", 1}}, {{"status", 2}}})}) {
        auto r = patch(h, "/2025-07/product/2001/variants", body);
        EXPECT_EQ(r.status, 400) << body.dump() << " " << r.body;
    }
    EXPECT_EQ(rule_of(patch(h, "/2025-07/product/2001/variants", {{"id", 3001}, {"status", 4}})), "PRD-VARIANTS-UPDATE");
    EXPECT_EQ(h.get("/2025-07/product/2001/variants").body, before);
    EXPECT_EQ(patch(h, "/2025-07/product/999/variants", {{"id", 3001}}).status, 404);
}

TEST(VariantsMerge, Answers201AndMovesMergedVariantsIntoMergeChildren) {
    Harness h;
    auto r = h.post("/2025-07/variant/3001:merge", json::array({{{"id", 3002}}, {{"id", 3006}}}));
    ASSERT_EQ(r.status, 201) << r.body;
    json p = body_of(r);
    expect_product_shape(p);
    EXPECT_EQ(p["id"], 2001);
    ASSERT_EQ(ids_of(p["variants"]), (Ids{3001}));
    const json& target = p["variants"][0];
    ASSERT_EQ(target["merge_children"].size(), 2u);
    EXPECT_EQ(target["merge_children"][0]["variant_id"], 3002);
    EXPECT_EQ(target["merge_children"][0]["inventory_id"], 4002);
    EXPECT_EQ(target["merge_children"][1]["channel_ids"], (json{103}));
    EXPECT_EQ(target["merge_children"][1]["completed_at"], "2025-07-01T12:00:00Z");
    EXPECT_EQ(ids_of(target["channel_metadata"]), (Ids{30010, 30020, 30060}));
    EXPECT_EQ(ids_of(variants_of(h, 2005)), (Ids{3007}));
}

TEST(VariantsMerge, RejectsSelfUnknownAndDuplicateAndTakesNothingToMerge) {
    Harness h;
    const auto before = h.get("/2025-07/product").body;
    for (const json& body : {json::array({{{"id", 3001}}}), json::array({{{"id", 424242}}}),
                             json::array({{{"id", 3002}}, {{"id", 3002}}}), json{{"id", 3002}},
                             json::array({{{"id", "3002"}}})}) {
        auto r = h.post("/2025-07/variant/3001:merge", body);
        EXPECT_EQ(r.status, 400) << body.dump();
    }
    EXPECT_EQ(h.get("/2025-07/product").body, before);
    // The document states no least count: an empty list merges nothing.
    EXPECT_EQ(h.post("/2025-07/variant/3001:merge", json::array()).status, 201);
    EXPECT_EQ(h.post("/2025-07/variant/424242:merge", json::array({{{"id", 3002}}})).status, 404);
}

TEST(ChannelMetadata, AddAnswersTheProductWithTheNewRecord) {
    Harness h;
    auto r = h.post("/2025-07/variant/3003/channel-metadata",
                    {{"channel_id", 103}, {"seller_sku", "BL-STORE"}, {"platform", "Etsy"}, {"price", 70}, {"asin", "B0001"}});
    ASSERT_EQ(r.status, 200) << r.body;
    json p = body_of(r);
    expect_product_shape(p);
    EXPECT_EQ(p["id"], 2002);
    json records = find_by_id(p["variants"], 3003)["channel_metadata"];
    ASSERT_EQ(records.size(), 2u);
    EXPECT_EQ(records[1]["seller_sku"], "BL-STORE");
    EXPECT_EQ(records[1]["platform"], "Etsy");
    EXPECT_EQ(records[1]["channel_name"], "Storefront Channel");
    EXPECT_FALSE(records[1].contains("asin"));
    EXPECT_GT(records[1]["id"].get<std::int64_t>(), 30090);
    EXPECT_EQ(product_ids(h, "?SellerSKU=BL-STORE"), (Ids{2002}));
}

TEST(ChannelMetadata, AddRejectsAnUnknownChannelABadIdAndAnUnknownVariant) {
    Harness h;
    const auto before = h.get("/2025-07/product/2002/variants").body;
    EXPECT_EQ(h.post("/2025-07/variant/3003/channel-metadata", {{"channel_id", 4242}}).status, 400);
    EXPECT_EQ(h.post("/2025-07/variant/3003/channel-metadata", {{"id", json::object()}}).status, 400);
    EXPECT_EQ(h.post("/2025-07/variant/3003/channel-metadata", {{"channel_id", 101}, {"price", "cheap"}}).status, 400);
    EXPECT_EQ(h.post("/2025-07/variant/3003/channel-metadata", json::array()).status, 400);
    EXPECT_EQ(h.get("/2025-07/product/2002/variants").body, before);
    EXPECT_EQ(h.post("/2025-07/variant/777/channel-metadata", {{"channel_id", 101}}).status, 404);
}

TEST(ChannelMetadata, AddTakesARecordWithoutAChannel) {
    Harness h;
    auto r = h.post("/2025-07/variant/3003/channel-metadata", {{"seller_sku", "UNLISTED"}});
    ASSERT_EQ(r.status, 200) << r.body;
    const json records = find_by_id(body_of(r)["variants"], 3003)["channel_metadata"];
    EXPECT_EQ(records.back()["seller_sku"], "UNLISTED");
    EXPECT_EQ(records.back()["channel_id"], 0);
}

// A patch whose first entry adds a record (its id not given yet) and whose second names a record id: the
// second is compared with the first's record without an id, and is a new record, never a 500.
TEST(ChannelMetadata, APatchNamingARecordBesideOneItAddsIsAnswered) {
    Harness h;
    const json entries = {{{"id", 3002}, {"channel_metadata", {{{"channel_id", 101}, {"seller_sku", "A"}}}}},
                          {{"id", 3002}, {"channel_metadata", {{{"id", 9223372036854775807LL}, {"seller_sku", "B"}}}}}};
    auto r = patch(h, "/2025-07/product/2001", {{"variants", entries}});
    ASSERT_EQ(r.status, 200) << r.body;
    EXPECT_EQ(find_by_id(body_of(r)["variants"], 3002)["channel_metadata"].back()["seller_sku"], "B");
}

TEST(ChannelMetadata, DeleteAnswersTheVariantWithoutTheRecordAndItIsGone) {
    Harness h;
    auto r = h.send("DELETE", "/2025-07/variant/3001/channel-metadata/30010");
    ASSERT_EQ(r.status, 200) << r.body;
    json v = body_of(r);
    expect_variant_shape(v);
    EXPECT_EQ(v["id"], 3001);
    EXPECT_TRUE(v["channel_metadata"].empty());
    EXPECT_TRUE(find_by_id(variants_of(h, 2001), 3001)["channel_metadata"].empty());
    EXPECT_EQ(h.send("DELETE", "/2025-07/variant/3001/channel-metadata/30010").status, 404);
    EXPECT_EQ(h.send("DELETE", "/2025-07/variant/3001/channel-metadata/30020").status, 404);  // 3002's record
    EXPECT_EQ(h.send("DELETE", "/2025-07/variant/777/channel-metadata/30020").status, 404);
}

TEST(ProductDelete, AnswersTheProductAndItIsGone) {
    Harness h;
    auto r = h.send("DELETE", "/2025-07/product/2006");
    ASSERT_EQ(r.status, 200) << r.body;
    EXPECT_EQ(body_of(r)["id"], 2006);
    expect_product_shape(body_of(r));
    EXPECT_EQ(product_ids(h, ""), (Ids{2001, 2002, 2003, 2004, 2005, 2007}));
    EXPECT_EQ(h.get("/2025-07/product/2006/variants").status, 404);
    // Its variant's item held nothing: it went with the product. A stocked item stays, inactive.
    EXPECT_TRUE(body_of(h.get("/2025-07/inventory?InventoryIds=4009"))["items"].empty());
    ASSERT_EQ(h.send("DELETE", "/2025-07/product/2001").status, 200);
    EXPECT_EQ(body_of(h.get("/2025-07/inventory?InventoryIds=4001"))["items"][0]["variant"]["is_active"], false);
    EXPECT_EQ(h.send("DELETE", "/2025-07/product/2006").status, 404);
    EXPECT_EQ(h.send("PATCH", "/2025-07/product/2006", json{{"name", "x"}}.dump()).status, 404);
}

TEST(MoveVariants, MovesIntoANewProduct) {
    Harness h;
    auto r = h.post("/2025-07/product:moveVariants", {{"variant_ids", {3002}}, {"name", "Red Mug"}});
    ASSERT_EQ(r.status, 200) << r.body;
    json p = body_of(r);
    expect_product_shape(p);
    EXPECT_EQ(p["id"], 2008);
    EXPECT_EQ(p["name"], "Red Mug");
    EXPECT_EQ(p["taxonomy"]["id"], 50);
    EXPECT_EQ(ids_of(p["variants"]), (Ids{3002}));
    EXPECT_EQ(ids_of(variants_of(h, 2001)), (Ids{3001}));
    EXPECT_EQ(product_ids(h, "?TaxonomyIds=50"), (Ids{2001, 2004, 2007, 2008}));
}

TEST(MoveVariants, RejectsUnknownDuplicateAndEmptyLists) {
    Harness h;
    const auto before = h.get("/2025-07/product").body;
    for (const json& body : {json{{"variant_ids", {424242}}}, json{{"variant_ids", {3002, 3002}}}, json{{"variant_ids", json::array()}},
                             json::object(), json{{"variant_ids", {3002}}, {"name", ""}}})
        EXPECT_EQ(h.post("/2025-07/product:moveVariants", body).status, 400) << body.dump();
    EXPECT_EQ(h.get("/2025-07/product").body, before);
}

TEST(MergeIntoProduct, MovesVariantsIntoTheNamedProduct) {
    Harness h;
    auto r = h.post("/2025-07/product/2002:moveVariants", {{"variant_ids", {3010, 3009}}});
    ASSERT_EQ(r.status, 200) << r.body;
    EXPECT_EQ(ids_of(body_of(r)["variants"]), (Ids{3003, 3010, 3009}));
    EXPECT_TRUE(variants_of(h, 2007).empty());
    EXPECT_EQ(h.post("/2025-07/product/2002:moveVariants", {{"variant_ids", {3003}}}).status, 400);
    EXPECT_EQ(h.post("/2025-07/product/2002:moveVariants", {{"variant_ids", {424242}}}).status, 400);
    EXPECT_EQ(h.post("/2025-07/product/999:moveVariants", {{"variant_ids", {3001}}}).status, 404);
}

TEST(ConvertToBundle, MakesTheVariantABundleAndLinksItsComponents) {
    Harness h;
    auto r = h.post("/2025-07/variant/3009:convertToBundle",
                    {{"bundle_definition", {{{"variant_id", 3001}, {"quantity", 2}}, {{"variant_id", 3003}, {"quantity", 1}}}}});
    ASSERT_EQ(r.status, 200) << r.body;
    json p = body_of(r);
    expect_product_shape(p);
    json steel = find_by_id(p["variants"], 3009);
    ASSERT_EQ(steel["bundle_definition"].size(), 2u);
    EXPECT_EQ(steel["bundle_definition"][0],
              (json{{"quantity", 2}, {"variant_id", 3001}, {"product_id", 2001}, {"variant_name", "Trail Mug - Blue"}, {"variant_sku", "MUG-BLUE"}}));
    EXPECT_EQ(find_by_id(variants_of(h, 2001), 3001)["associated_bundles"].size(), 2u);
    EXPECT_EQ(body_of(h.get("/2025-07/inventory?InventoryIds=4010"))["items"][0]["variant"]["is_bundle"], true);
}

TEST(ConvertToBundle, RejectsBadDefinitionsAndExistingBundles) {
    Harness h;
    const auto before = h.get("/2025-07/product").body;
    const std::string path = "/2025-07/variant/3009:convertToBundle";
    EXPECT_EQ(h.post(path, {{"bundle_definition", {{{"variant_id", 3001}, {"quantity", 1}}}}}).status, 400);
    EXPECT_EQ(h.post(path, {{"bundle_definition", {{{"variant_id", 3001}, {"quantity", 1}}, {{"variant_id", 3005}, {"quantity", 1}}}}}).status, 400);
    EXPECT_EQ(h.post(path, {{"bundle_definition", {{{"variant_id", 3001}, {"quantity", 1}}, {{"variant_id", 3009}, {"quantity", 1}}}}}).status, 400);
    EXPECT_EQ(h.post(path, {{"bundle_definition", {{{"variant_id", 3001}, {"quantity", 1}}, {{"variant_id", 3001}, {"quantity", 1}}}}}).status, 400);
    EXPECT_EQ(h.post(path, {{"bundle_definition", {{{"variant_id", 3001}, {"quantity", 0}}, {{"variant_id", 3003}, {"quantity", 1}}}}}).status, 400);
    EXPECT_EQ(h.post(path, json::object()).status, 400);
    EXPECT_EQ(h.get("/2025-07/product").body, before);
    EXPECT_EQ(h.post("/2025-07/variant/3005:convertToBundle",
                     {{"bundle_definition", {{{"variant_id", 3001}, {"quantity", 1}}, {{"variant_id", 3003}, {"quantity", 1}}}}}).status, 409);
    EXPECT_EQ(h.post("/2025-07/variant/777:convertToBundle", json::object()).status, 404);
}

TEST(ProductsAccess, WritesNeedTheChannelAndReadsTheProductsScope) {
    Harness h;
    http::Request no_channel{"PATCH", "/2025-07/product/2001",
                             {{"Authorization", "Bearer " + h.server->pat()}, {"Content-Type", "application/json"}},
                             R"({"name":"x"})"};
    EXPECT_EQ(h.raw(no_channel).status, 400);
    EXPECT_EQ(h.send("POST", "/2025-07/variant/3001:merge", R"([{"id":3002}])", h.server->read_only_token(),
                     std::to_string(h.server->read_only_channel_id())).status, 403);
}

TEST(ProductsSeed, ReportsDuplicateIdsAndMissingInventory) {
    auto seed = parse_seed(default_seed_text()).value();
    seed["products"][1]["variants"][0]["id"] = 3001;
    seed["products"][0]["variants"][1]["inventory"]["inventory_id"] = 9999;
    seed["taxonomies"][0].erase("path");
    Options o;
    o.seed = seed;
    auto created = ReferenceServer::create(std::move(o));
    ASSERT_FALSE(created.ok());
    std::string all;
    for (const auto& p : created.error()) all += p + "\n";
    EXPECT_NE(all.find("products[1].variants[0].id duplicates another variant"), std::string::npos) << all;
    EXPECT_NE(all.find("products[0].variants[1].inventory names an inventory item the seed lacks"), std::string::npos) << all;
    EXPECT_NE(all.find("taxonomies[0]"), std::string::npos) << all;
}

}  // namespace
}  // namespace dockside::refserver
