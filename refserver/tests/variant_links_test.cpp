// Bundle links kept by each write (refserver/store/catalog_links.cpp): a component lists the bundles holding it
// in catalogue order (product, then variant) and a bundle names its components as they are now, after a
// variant is added, renamed, moved, merged away or deleted with its product. Each write redoes only the links of
// what it changes, so these pin the answers a whole recomputation gave.

#include "refserver/tests/test_support.h"

namespace dockside::refserver {
namespace {
using namespace testing;
using json = nlohmann::json;

json variant(Harness& h, std::int64_t product, std::int64_t id) {
    for (const auto& v : body_of(h.get("/2025-07/product/" + std::to_string(product) + "/variants")))
        if (v["id"] == id) return v;
    return nullptr;
}

/// (variant_id, product_id, product_name) of each entry of a variant's associated_bundles, in order.
std::vector<std::tuple<std::int64_t, std::int64_t, std::string>> bundles_of(Harness& h, std::int64_t product, std::int64_t id) {
    std::vector<std::tuple<std::int64_t, std::int64_t, std::string>> out;
    const json held = variant(h, product, id);
    for (const auto& e : held["associated_bundles"])
        out.emplace_back(e["variant_id"].get<std::int64_t>(), e["product_id"].get<std::int64_t>(), e["product_name"].get<std::string>());
    return out;
}

using Bundles = std::vector<std::tuple<std::int64_t, std::int64_t, std::string>>;

json definition(std::int64_t first, std::int64_t second) {
    return {{{"variant_id", first}, {"quantity", 1}}, {{"variant_id", second}, {"quantity", 2}}};
}

TEST(CatalogLinks, AnAddedBundleIsListedInCatalogueOrder) {
    Harness h;
    ASSERT_EQ(h.post("/2025-07/variant/3010:convertToBundle", {{"bundle_definition", definition(3001, 3003)}}).status, 200);
    // Product 2001 comes first in the catalogue, so its new bundle is listed before the seeded 3005 (product 2004).
    auto r = h.post("/2025-07/product/2001/variants", json::array({{{"name", "Pair"}, {"sku", "PAIR"}, {"bundle_definition", definition(3006, 3003)}}}));
    ASSERT_EQ(r.status, 201) << r.body;
    EXPECT_EQ(bundles_of(h, 2002, 3003),
              (Bundles{{3011, 2001, "Trail Mug"}, {3005, 2004, "Starter Kit"}, {3010, 2007, "Water Bottle"}}));
    EXPECT_EQ(bundles_of(h, 2005, 3006), (Bundles{{3011, 2001, "Trail Mug"}}));
    EXPECT_EQ(variant(h, 2001, 3011)["bundle_definition"][0],
              (json{{"quantity", 1}, {"variant_id", 3006}, {"product_id", 2005}, {"variant_name", "Headlamp - Standard"}, {"variant_sku", "HEADLAMP-STD"}}));
    EXPECT_EQ(body_of(h.get("/2025-07/inventory?InventoryIds=4012"))["items"][0]["variant"]["is_bundle"], true);
}

TEST(CatalogLinks, RenamesReachTheOtherSideOfEachLink) {
    Harness h;
    ASSERT_EQ(h.send("PATCH", "/2025-07/product/2001/variants", json{{"id", 3001}, {"name", "Mug Navy"}, {"sku", "MUG-NAVY"}}.dump()).status, 200);
    json component = variant(h, 2004, 3005)["bundle_definition"][0];
    EXPECT_EQ(component["variant_name"], "Mug Navy");
    EXPECT_EQ(component["variant_sku"], "MUG-NAVY");
    ASSERT_EQ(h.send("PATCH", "/2025-07/product/2004", json{{"name", "Kit Deluxe"}}.dump()).status, 200);
    EXPECT_EQ(bundles_of(h, 2001, 3001), (Bundles{{3005, 2004, "Kit Deluxe"}}));
    ASSERT_EQ(h.send("PATCH", "/2025-07/product/2004/variants", json{{"id", 3005}, {"sku", "KIT-2"}}.dump()).status, 200);
    EXPECT_EQ(variant(h, 2002, 3003)["associated_bundles"][0]["variant_sku"], "KIT-2");
}

TEST(CatalogLinks, MovedVariantsKeepTheirLinksAndTakeTheirNewPlace) {
    Harness h;
    ASSERT_EQ(h.post("/2025-07/variant/3010:convertToBundle", {{"bundle_definition", definition(3001, 3003)}}).status, 200);
    // The seeded bundle moves to a new product, last in the catalogue: it is now listed after 3010.
    auto r = h.post("/2025-07/product:moveVariants", {{"variant_ids", {3005}}, {"name", "Kit Moved"}});
    ASSERT_EQ(r.status, 200) << r.body;
    const std::int64_t moved = body_of(r)["id"].get<std::int64_t>();
    EXPECT_EQ(bundles_of(h, 2001, 3001), (Bundles{{3010, 2007, "Water Bottle"}, {3005, moved, "Kit Moved"}}));
    // A component moved into another product is named there by both bundles.
    ASSERT_EQ(h.post("/2025-07/product/2002:moveVariants", {{"variant_ids", {3001}}}).status, 200);
    EXPECT_EQ(variant(h, moved, 3005)["bundle_definition"][0]["product_id"], 2002);
    EXPECT_EQ(variant(h, 2007, 3010)["bundle_definition"][0]["product_id"], 2002);
    EXPECT_EQ(bundles_of(h, 2002, 3001), (Bundles{{3010, 2007, "Water Bottle"}, {3005, moved, "Kit Moved"}}));
}

TEST(CatalogLinks, MergedAndDeletedBundlesAreNoLongerListed) {
    Harness h;
    ASSERT_EQ(h.post("/2025-07/variant/3010:convertToBundle", {{"bundle_definition", definition(3001, 3003)}}).status, 200);
    ASSERT_EQ(h.post("/2025-07/variant/3009:merge", json::array({{{"id", 3010}}})).status, 201);
    EXPECT_EQ(bundles_of(h, 2001, 3001), (Bundles{{3005, 2004, "Starter Kit"}}));
    ASSERT_EQ(h.send("DELETE", "/2025-07/product/2004").status, 200);
    EXPECT_TRUE(bundles_of(h, 2001, 3001).empty());
    EXPECT_TRUE(bundles_of(h, 2002, 3003).empty());
}

TEST(CatalogLinks, ARejectedWriteChangesNothingAndAllocatesNoId) {
    Harness h;
    const auto before = h.get("/2025-07/product?Limit=250").body;
    auto r = h.post("/2025-07/product/2001/variants",
                    json::array({{{"name", "Fine"}}, {{"name", "Not a bundle"}, {"bundle_definition", {{{"variant_id", 3003}, {"quantity", 1}}}}}}));
    EXPECT_EQ(r.status, 400);
    EXPECT_EQ(h.send("PATCH", "/2025-07/product/2004", json{{"name", "X"}, {"variants", {{{"id", 3005}, {"sku", "Y"}}, {{"id", 1}}}}}.dump()).status, 400);
    EXPECT_EQ(h.get("/2025-07/product?Limit=250").body, before);
    r = h.post("/2025-07/product/2001/variants", json::array({{{"name", "Next"}}}));
    ASSERT_EQ(r.status, 201);
    EXPECT_EQ(body_of(r)["variants"].back()["id"], 3011);
}

}  // namespace
}  // namespace dockside::refserver
