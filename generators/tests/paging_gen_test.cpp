// Paging: generated pages stay in range (checked against the parameter schemas of the real contract),
// and query objects are spelled as sent.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "generators/paging_gen.h"
#include "harness/http/json_query.h"
#include "generators/tests/test_support.h"

namespace dockside::generators {
namespace {

using nlohmann::json;

RC_GTEST_PROP(PagingGen, OrderPagesValidate, ()) {
    RC_ASSERT(testing::query_violations("listOrders", *gen_order_page_query()).empty());
}

RC_GTEST_PROP(PagingGen, ReturnPagesValidate, ()) {
    RC_ASSERT(testing::query_violations("listReturns", *gen_return_page_query()).empty());
}

RC_GTEST_PROP(PagingGen, RecordPagesValidate, ()) {
    auto query = *gen_records_page_query();
    RC_ASSERT(testing::query_violations("listChannels", query).empty());
    RC_ASSERT(testing::query_violations("listWebhooks", query).empty());
}

TEST(PagingGen, QueryParamsSpellValuesAsSent) {
    auto params = http::to_query_params({{"Limit", 250}, {"HasTracking", true}, {"Ids", {1, 2}}, {"Status", "Arrived"}});
    http::QueryParams expected{{"HasTracking", "true"}, {"Ids", "1,2"}, {"Limit", "250"}, {"Status", "Arrived"}};
    EXPECT_EQ(params, expected);
}

}  // namespace
}  // namespace dockside::generators
