// Orders: valid bodies validate against OrderCreateRequest/EstimateRequest, boundary cases sit
// exactly at the limits, invalid cases are exactly one step past them.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "generators/orders_gen.h"
#include "generators/paging_gen.h"
#include "generators/tests/test_support.h"
#include "generators/text_gen.h"

namespace dockside::generators {
namespace {

using nlohmann::json;
using testing::case_named;

const OrderInputs kWithProducts{{101, 102, 103}, "DS-T1-"};
const OrderInputs kWithoutProducts{{}, "DS-T2-"};

RC_GTEST_PROP(OrdersGen, CreateBodiesValidate, ()) {
    const auto& inputs = *rc::gen::element(kWithProducts, kWithoutProducts);
    auto body = *gen_order_create(inputs);
    auto found = testing::body_violations("createOrder", body);
    RC_ASSERT(found.empty());
    RC_ASSERT(body["reference_id"].get<std::string>().rfind(inputs.reference_prefix, 0) == 0);
    for (const auto& line : body["products"]) {
        if (inputs.product_ids.empty()) {
            RC_ASSERT(line.contains("name"));  // ORD-PRODUCT-NAME
        } else {
            auto id = line["id"].get<std::int64_t>();
            RC_ASSERT(std::find(inputs.product_ids.begin(), inputs.product_ids.end(), id) != inputs.product_ids.end());
        }
    }
}

TEST(OrdersGen, BoundaryCasesValidate) {
    testing::expect_body_cases("createOrder", order_create_boundary_cases(kWithProducts), true);
}

TEST(OrdersGen, InvalidCasesViolateTheirRule) {
    testing::expect_body_cases("createOrder", order_create_invalid_cases(kWithProducts), false);
}

// The documented values of the real contract, literally: this test proves they are what the generators read.
TEST(OrdersGen, BoundariesSitExactlyAtTheLimits) {
    auto cases = order_create_boundary_cases(kWithProducts);
    auto text_of = [&](const char* what, const char* field) {
        return case_named(cases, what).value[field].get<std::string>();
    };
    EXPECT_EQ(text_of("gift_message of 500 ASCII characters", "gift_message").size(), 500u);
    auto wide = case_named(cases, "gift_message of 500 multi-byte characters");
    EXPECT_EQ(wide.reading, TextReading::CodePoints);
    EXPECT_EQ(wide.rule_id, "ORD-GIFT-500");
    EXPECT_EQ(code_points(wide.value["gift_message"].get<std::string>()), 500u);
    EXPECT_GT(wide.value["gift_message"].get<std::string>().size(), 500u);
    EXPECT_EQ(code_points(text_of("order_number of 400 ASCII characters", "order_number")), 400u);
    EXPECT_EQ(code_points(text_of("order_number of 400 multi-byte characters", "order_number")), 400u);
    EXPECT_EQ(code_points(text_of("reference_id of 1 ASCII character", "reference_id")), 1u);
    const auto longest = text_of("reference_id of 300 ASCII characters (run prefix included)", "reference_id");
    EXPECT_EQ(longest.size(), 300u);
    EXPECT_EQ(longest.rfind(kWithProducts.reference_prefix, 0), 0u);
    EXPECT_EQ(code_points(text_of("reference_id of 300 multi-byte characters (run prefix included)", "reference_id")), 300u);
    EXPECT_EQ(code_points(text_of("origin_platform_program of 100 ASCII characters", "origin_platform_program")), 100u);
    EXPECT_EQ(code_points(text_of("sales_channel of 100 ASCII characters", "sales_channel")), 100u);
    EXPECT_EQ(code_points(text_of("shipping_method of 1 ASCII character", "shipping_method")), 1u);
    EXPECT_EQ(case_named(cases, "exactly 1 product(s)").value["products"].size(), 1u);
}

TEST(OrdersGen, InvalidCasesAreOneStepPast) {
    auto cases = order_create_invalid_cases(kWithProducts);
    auto length = [&](const char* what, const char* field) {
        return code_points(case_named(cases, what).value[field].get<std::string>());
    };
    EXPECT_EQ(length("gift_message of 501 ASCII characters", "gift_message"), 501u);
    EXPECT_EQ(length("gift_message of 501 multi-byte characters", "gift_message"), 501u);
    EXPECT_EQ(length("order_number of 401 ASCII characters", "order_number"), 401u);
    EXPECT_EQ(length("reference_id of 0 characters", "reference_id"), 0u);
    EXPECT_EQ(length("reference_id of 301 ASCII characters (run prefix included)", "reference_id"), 301u);
    EXPECT_EQ(length("origin_platform_program of 101 ASCII characters", "origin_platform_program"), 101u);
    EXPECT_EQ(length("sales_channel of 101 ASCII characters", "sales_channel"), 101u);
    EXPECT_EQ(length("shipping_method of 0 characters", "shipping_method"), 0u);
    EXPECT_TRUE(case_named(cases, "products with 0 items (below minItems)").value["products"].empty());
    EXPECT_FALSE(case_named(cases, "products missing").value.contains("products"));
    EXPECT_FALSE(case_named(cases, "recipient missing").value.contains("recipient"));
    auto nameless = case_named(cases, "line by unknown reference_id without name").value["products"][0];
    EXPECT_TRUE(nameless.contains("reference_id"));
    EXPECT_FALSE(nameless.contains("name"));
    EXPECT_EQ(case_named(cases, "location_id 2147483648 (past its format)").value["location_id"], 2147483648LL);
    EXPECT_EQ(case_named(cases, "type outside the enum").value["type"], "Retail");
}

RC_GTEST_PROP(OrdersGen, InvalidGeneratorAlwaysViolates, ()) {
    auto c = *gen_order_create_invalid(kWithProducts);
    auto found = testing::body_violations("createOrder", c.value);
    bool holds = c.schema_rule.empty() ? found.empty() : testing::has_rule(found, c.schema_rule);
    RC_ASSERT(holds);
}

RC_GTEST_PROP(OrdersGen, EstimateBodiesValidate, ()) {
    auto body = *gen_estimate_request(*rc::gen::element(kWithProducts, kWithoutProducts));
    RC_ASSERT(testing::body_violations("estimateOrder", body).empty());
    for (const auto& p : body["products"]) {
        const bool named = p.contains("id") || p.contains("reference_id");
        RC_ASSERT(named);
    }
}

TEST(OrdersGen, EstimateInvalidCasesViolateTheirRule) {
    testing::expect_body_cases("estimateOrder", estimate_request_invalid_cases(kWithProducts), false);
    auto neither = case_named(estimate_request_invalid_cases(kWithProducts), "product with neither id nor reference_id");
    EXPECT_FALSE(neither.value["products"][0].contains("id"));
    EXPECT_FALSE(neither.value["products"][0].contains("reference_id"));
}

RC_GTEST_PROP(OrdersGen, ListQueriesValidate, ()) {
    auto query = *gen_list_orders_query();
    RC_ASSERT(testing::query_violations("listOrders", query).empty());
    if (query.contains("StartDate")) RC_ASSERT(query["StartDate"] <= query["EndDate"]);
}

RC_GTEST_PROP(OrdersGen, InvalidListQueriesViolate, ()) {
    auto c = *gen_list_orders_query_invalid();
    RC_ASSERT(testing::has_rule(testing::query_violations("listOrders", c.value), c.schema_rule));
}

}  // namespace
}  // namespace dockside::generators
