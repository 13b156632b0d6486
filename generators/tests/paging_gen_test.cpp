// Paging: generated pages stay in range; boundaries are the documented ends; invalid values are one
// past them (checked against the parameter schemas of the real contract).
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "generators/paging_gen.h"
#include "generators/query.h"
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

TEST(PagingGen, OrderBoundariesAndInvalidCases) {
    testing::expect_query_cases("listOrders", order_page_boundaries(), true);
    testing::expect_query_cases("listOrders", order_page_invalid_cases(), false);
    std::set<json> limits, pages;
    for (const auto& c : order_page_boundaries()) {
        if (c.value.contains("Limit")) limits.insert(c.value["Limit"]);
        if (c.value.contains("Page")) pages.insert(c.value["Page"]);
    }
    EXPECT_EQ(limits, (std::set<json>{1, 250}));
    EXPECT_EQ(pages, (std::set<json>{1, 2147483647}));
    std::set<json> bad;
    for (const auto& c : order_page_invalid_cases())
        for (const auto& [k, v] : c.value.items()) bad.insert(v);
    for (json v : {json(0), json(251), json(2147483648LL)}) EXPECT_TRUE(bad.count(v)) << v;
}

TEST(PagingGen, ReturnCursorBoundariesAndInvalidCases) {
    testing::expect_query_cases("listReturns", return_page_boundaries(), true);
    testing::expect_query_cases("listReturns", return_page_invalid_cases(), false);
    std::set<json> cursors;
    for (const auto& c : return_page_invalid_cases()) cursors.insert(c.value["Cursor"]);
    EXPECT_TRUE(cursors.count(0));
    EXPECT_TRUE(cursors.count(2147483648LL));
}

TEST(PagingGen, QueryParamsSpellValuesAsSent) {
    auto params = to_query_params({{"Limit", 250}, {"HasTracking", true}, {"Ids", {1, 2}}, {"Status", "Arrived"}});
    http::QueryParams expected{{"HasTracking", "true"}, {"Ids", "1,2"}, {"Limit", "250"}, {"Status", "Arrived"}};
    EXPECT_EQ(params, expected);
}

}  // namespace
}  // namespace dockside::generators
