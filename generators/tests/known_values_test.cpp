// Values the target holds, for the places whose schema names where they come from (x-values-from): the
// sources are found from the contract's schemas alone, read out of list answers of either shape, and
// drawn into a share of the schema-valid requests only where the schema admits them.

#include "generators/known_values.h"

#include <algorithm>

#include <map>
#include <set>

#include <gtest/gtest.h>

#include "generators/schema_phase_plan.h"
#include "generators/tests/test_support.h"

namespace dockside::generators {
namespace {

using json = nlohmann::json;
using testing::sample;

/// Whether a source reads `field` of `operation`, with whatever `where` the data gives it.
bool has(const std::vector<ValueSource>& sources, const ValueSource& source) {
    return std::any_of(sources.begin(), sources.end(),
                       [&](const ValueSource& s) { return s.operation == source.operation && s.field == source.field; });
}

/// createReturn's inventory ids: returnable items only (the data's `where`).
const ValueSource kReturnable{"listInventory", "inventory_id", R"({"variant.is_active":true,"variant.is_bundle":false,"variant.is_digital":false})"};

const spec::Operation& operation(const std::string& id) {
    const spec::Operation* op = testing::real_spec().find(id);
    if (!op) throw std::runtime_error("no operation " + id);
    return *op;
}

TEST(KnownValues, SourcesAreFoundUnderBodiesAndTheirReferences) {
    const auto& spec = testing::real_spec();
    const auto returns = value_sources(spec, operation("createReturn"));
    EXPECT_TRUE(has(returns, {"listInventory", "inventory_id"})) << "under inventory items, through a $ref";
    EXPECT_NE(std::find(returns.begin(), returns.end(), kReturnable), returns.end()) << "returnable items only";
    EXPECT_TRUE(has(returns, {"listLocations", "id"})) << "under the nested fulfillment_center";
    const auto orders = value_sources(spec, operation("createOrder"));
    EXPECT_TRUE(has(orders, {"listOrders", "products.id"}));
    EXPECT_EQ(std::count(orders.begin(), orders.end(), ValueSource{"listLocations", "id"}), 1) << "each source once";
    EXPECT_TRUE(has(value_sources(spec, operation("getOrder")), {"listOrders", "id"})) << "a path parameter's";
    EXPECT_TRUE(value_sources(spec, operation("listChannels")).empty());
}

TEST(KnownValues, ASchemaNamesASourceOnlyWithBothMembers) {
    EXPECT_EQ(value_source_of(json{{"x-values-from", {{"operation", "listX"}, {"field", "id"}}}}), (ValueSource{"listX", "id"}));
    EXPECT_FALSE(value_source_of(json{{"x-values-from", {{"operation", "listX"}}}}));
    EXPECT_FALSE(value_source_of(json{{"x-values-from", "listX.id"}}));
    EXPECT_FALSE(value_source_of(json{{"type", "integer"}}));
}

// `where` keeps the items that hold what it names: returnable inventory is neither digital nor a bundle.
TEST(KnownValues, WhereKeepsOnlyTheItemsHoldingItsValues) {
    const json source = {{"x-values-from", {{"operation", "listX"}, {"field", "inventory_id"},
                                            {"where", {{"variant.is_digital", false}, {"variant.is_bundle", false}}}}}};
    const auto read = value_source_of(source);
    ASSERT_TRUE(read);
    EXPECT_NE(*read, (ValueSource{"listX", "inventory_id"})) << "a filtered source is another source";
    const json page = {{"items", {{{"inventory_id", 1}, {"variant", {{"is_digital", false}, {"is_bundle", false}}}},
                                  {{"inventory_id", 2}, {"variant", {{"is_digital", true}, {"is_bundle", false}}}},
                                  {{"inventory_id", 3}, {"variant", {{"is_digital", false}, {"is_bundle", true}}}},
                                  {{"inventory_id", 4}}}}};
    EXPECT_EQ(values_at(page, "inventory_id", read->where), (std::vector<json>{1}));
    EXPECT_EQ(values_at(page, "inventory_id").size(), 4u);
}

TEST(KnownValues, ValuesAreReadFromArraysAndPagesThroughNestedArrays) {
    const json array = json::array({{{"id", 1}, {"products", {{{"id", 10}}, {{"id", 11}}}}}, {{"id", 2}, {"products", nullptr}}});
    EXPECT_EQ(values_at(array, "id"), (std::vector<json>{1, 2}));
    EXPECT_EQ(values_at(array, "products.id"), (std::vector<json>{10, 11}));
    const json page = {{"first", nullptr}, {"next", "x"}, {"items", {{{"inventory_id", 5}}, {{"inventory_id", nullptr}}, {{"name", "n"}}}}};
    EXPECT_EQ(values_at(page, "inventory_id"), (std::vector<json>{5})) << "nulls and absent fields give nothing";
    EXPECT_EQ(values_at(json{{"rows", {{{"id", 3}}}}}, "id"), (std::vector<json>{3})) << "a page's only array";
    EXPECT_TRUE(values_at(json{{"a", json::array()}, {"b", {{{"id", 4}}}}}, "id").empty()) << "two arrays: not a list";
    EXPECT_TRUE(values_at(json{{"error", "x"}}, "id").empty());
    EXPECT_TRUE(values_at(json(), "id").empty());
}

// What a return may carry is filtered once, by the data: every reader of returnable inventory (the rule
// checks, the returns suites, load's catalogue) asks through listed_ids_for.
TEST(KnownValues, ReturnableInventoryIsTheDatasFilterOfTheListedItems) {
    const auto item = [](int id, bool digital, bool bundle, bool active) {
        return json{{"inventory_id", id}, {"variant", {{"is_digital", digital}, {"is_bundle", bundle}, {"is_active", active}}}};
    };
    const json page = {{"items", {item(1, false, false, true), item(2, true, false, true), item(3, false, true, true),
                                  item(4, false, false, false), item(5, false, false, true), json{{"inventory_id", 6}}}}};
    const auto& spec = testing::real_spec();
    EXPECT_EQ(listed_ids_for(spec, "createReturn", "listInventory", page), (std::vector<std::int64_t>{1, 5}));
    EXPECT_EQ(listed_ids_for(spec, "createReturn", "listInventory", page["items"]), (std::vector<std::int64_t>{1, 5}));
    EXPECT_TRUE(listed_ids_for(spec, "createReturn", "listOrders", page).empty()) << "createReturn reads no order list";
    EXPECT_TRUE(listed_ids_for(spec, "noSuchOperation", "listInventory", page).empty());
}

/// The inventory ids of `samples` createReturn bodies drawn with `known`.
std::vector<json> drawn_inventory_ids(std::shared_ptr<const KnownValues> known, int samples) {
    const auto& spec = testing::real_spec();
    const auto plan = plan_operation(spec, operation("createReturn"), 25, exclusions_of(spec));
    const auto gen = gen_positive(spec, plan, {std::move(known)});
    std::vector<json> ids;
    for (int seed = 1; seed <= samples; ++seed) {
        const auto request = sample(gen, static_cast<std::uint64_t>(seed));
        EXPECT_TRUE(testing::body_violations("createReturn", request.body.value_or(json())).empty())
            << request.body.value_or(json()).dump();
        for (const auto& line : request.body.value_or(json()).value("inventory", json::array()))
            if (line.is_object() && line.contains("id")) ids.push_back(line["id"]);
    }
    return ids;
}

TEST(KnownValues, ValidRequestsTakeValuesTheTargetHoldsWhereTheSchemaAdmitsThem) {
    auto known = std::make_shared<KnownValues>();
    (*known)[kReturnable] = {{77777701, 77777702, "not an integer"}};
    const auto ids = drawn_inventory_ids(known, 200);
    const auto real = std::count_if(ids.begin(), ids.end(), [](const json& id) { return id == 77777701 || id == 77777702; });
    EXPECT_FALSE(ids.empty());
    EXPECT_EQ(real, static_cast<long>(ids.size())) << "every inventory id comes from the target, so the request can be served";
    EXPECT_EQ(std::count(ids.begin(), ids.end(), json("not an integer")), 0) << "a value the schema does not admit is never sent";
    const auto without = drawn_inventory_ids(nullptr, 200);
    EXPECT_EQ(std::count(without.begin(), without.end(), json(77777701)), 0);
}

/// How many of 100 valid requests of `operation_id` name order 77777701 in their path, when the target
/// lists it.
int paths_naming_a_listed_order(const std::string& operation_id) {
    auto known = std::make_shared<KnownValues>();
    (*known)[{"listOrders", "id"}] = {{77777701}};
    const auto& spec = testing::real_spec();
    const auto plan = plan_operation(spec, operation(operation_id), 25, exclusions_of(spec));
    const auto gen = gen_positive(spec, plan, {known});
    int named = 0;
    for (int seed = 1; seed <= 100; ++seed) named += sample(gen, static_cast<std::uint64_t>(seed)).path.at("orderId") == "77777701";
    return named;
}

TEST(KnownValues, PathsNameHeldRecordsOnlyWhereTheOperationChangesNothing) {
    EXPECT_GT(paths_naming_a_listed_order("getOrder"), 50);
    EXPECT_EQ(paths_naming_a_listed_order("cancelOrder"), 0) << "the phase must not cancel what the target holds";
}

// A request refused for the constraint it breaks must not be refused for an absent record first: the
// invalid requests of an operation that changes what it names do name what the target holds.
TEST(KnownValues, InvalidRequestsOfAChangingOperationNameHeldRecords) {
    auto known = std::make_shared<KnownValues>();
    (*known)[{"listProducts", "id"}] = {{77777701}};
    const auto& spec = testing::real_spec();
    const auto plan = plan_operation(spec, operation("updateVariants"), 25, exclusions_of(spec));
    const auto body_case = std::find_if(plan.cases.begin(), plan.cases.end(), [](const NegativeCase& c) { return c.part == RequestPart::Body; });
    ASSERT_NE(body_case, plan.cases.end());
    int named = 0;
    for (int seed = 1; seed <= 50; ++seed)
        named += sample(gen_negative(spec, plan, *body_case, {known}), static_cast<std::uint64_t>(seed)).path.at("productId") == "77777701";
    EXPECT_EQ(named, 50);
    EXPECT_EQ(sample(gen_positive(spec, plan, {known}), 1).path.at("productId").front(), '-') << "a valid one names none";
}

// Values of one request drawn from one list come from one item of it: an order and one of its shipments.
TEST(KnownValues, ValuesOfOneRequestComeFromOneListedItem) {
    auto known = std::make_shared<KnownValues>();
    const auto orders = values_by_item(json::array({{{"id", 1}, {"shipments", {{{"id", 11}}, {{"id", 12}}}}},
                                                    {{"id", 2}, {"shipments", {{{"id", 21}}}}},
                                                    {{"id", 3}, {"shipments", json::array()}}}),
                                       "shipments.id");
    ASSERT_EQ(orders.size(), 3u) << "one group per item, an empty one too";
    (*known)[{"listOrders", "id"}] = {{1}, {2}, {3}};
    (*known)[{"listOrders", "shipments.id"}] = orders;
    const auto& spec = testing::real_spec();
    const auto plan = plan_operation(spec, operation("getOrderShipment"), 25, exclusions_of(spec));
    const auto gen = gen_positive(spec, plan, {known});
    const std::map<std::string, std::set<std::string>> of = {{"1", {"11", "12"}}, {"2", {"21"}}};
    int paired = 0;
    for (int seed = 1; seed <= 100; ++seed) {
        const auto request = sample(gen, static_cast<std::uint64_t>(seed));
        const std::string order = request.path.at("orderId"), shipment = request.path.at("shipmentId");
        if (!of.count(order)) continue;
        EXPECT_TRUE(of.at(order).count(shipment)) << "order " << order << " with shipment " << shipment;
        ++paired;
    }
    EXPECT_GT(paired, 50);
}

TEST(TargetHoldings, EachListIsReadOnceAndItsIdsFilteredAsTheDataSays) {
    std::map<std::string, int> reads;
    TargetHoldings holdings(testing::real_spec(), [&](const std::string& list) -> std::optional<json> {
        ++reads[list];
        if (list != "listInventory") return std::nullopt;  // the target could not list it
        return json{{"items", json::array({
            json{{"inventory_id", 7}, {"variant", {{"is_active", true}, {"is_bundle", false}, {"is_digital", false}}}},
            json{{"inventory_id", 8}, {"variant", {{"is_active", true}, {"is_bundle", false}, {"is_digital", true}}}},
            json{{"inventory_id", 9}, {"variant", {{"is_active", false}, {"is_bundle", false}, {"is_digital", false}}}}})}};
    });
    EXPECT_EQ(holdings.ids_for("createReturn", "listInventory"), std::vector<std::int64_t>{7}) << "digital and inactive left out";
    EXPECT_EQ(holdings.items("listInventory").size(), 3u);
    const auto known = holdings.for_operation(operation("createReturn"));
    ASSERT_TRUE(known->count(kReturnable));
    EXPECT_EQ(known->at(kReturnable), (std::vector<std::vector<json>>{{7}, {}, {}}));
    EXPECT_TRUE(holdings.items("listFulfillmentCenters").empty());
    EXPECT_TRUE(holdings.items("listFulfillmentCenters").empty());
    EXPECT_EQ(reads["listInventory"], 1) << "read once however often asked";
    EXPECT_EQ(reads["listFulfillmentCenters"], 1) << "an unreadable list is not asked for again";
}

}  // namespace
}  // namespace dockside::generators
