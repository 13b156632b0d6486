// Orders: valid bodies validate against OrderCreateRequest/EstimateRequest and name products the way
// the inputs say; list queries validate.
#include <algorithm>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "generators/orders_gen.h"
#include "generators/tests/test_support.h"

namespace dockside::generators {
namespace {

using nlohmann::json;

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

RC_GTEST_PROP(OrdersGen, EstimateBodiesValidate, ()) {
    auto body = *gen_estimate_request(*rc::gen::element(kWithProducts, kWithoutProducts));
    RC_ASSERT(testing::body_violations("estimateOrder", body).empty());
    for (const auto& p : body["products"]) {
        const bool named = p.contains("id") || p.contains("reference_id");
        RC_ASSERT(named);
    }
}

RC_GTEST_PROP(OrdersGen, ListQueriesValidate, ()) {
    auto query = *gen_list_orders_query();
    RC_ASSERT(testing::query_violations("listOrders", query).empty());
    if (query.contains("StartDate")) RC_ASSERT(query["StartDate"] <= query["EndDate"]);
}

}  // namespace
}  // namespace dockside::generators
