#include "harness/conform/areas.h"

#include "harness/conform/results.h"

#include <gtest/gtest.h>

namespace dockside::conform {
namespace {

// The thirteen API areas, the model-based stateful suite that spans orders, returns and webhooks, and the
// checks planned from the rules data.
TEST(Areas, KnowsTheThirteenAreasTheStatefulSuiteAndTheRuleChecks) {
    EXPECT_EQ(known_areas().size(), 15u);
    EXPECT_EQ(known_areas()[13], "stateful");
    EXPECT_EQ(known_areas().back(), "rulechecks");
    EXPECT_EQ(suite_name("returns"), "Returns");
}

// Every summary has a rulechecks row (the area of RuleChecks.* tests), so --only takes the same word.
TEST(Areas, RuleChecksAreSelectableByTheNameOfTheirSummaryRow) {
    auto areas = parse_areas("rulechecks");
    ASSERT_TRUE(areas.ok()) << areas.error();
    EXPECT_EQ(*areas, std::vector<std::string>{"rulechecks"});
    EXPECT_EQ(gtest_filter(*areas), "RuleChecks.*:*/RuleChecks.*:RuleChecks/*:RuleChecks_RapidCheck.*");
    EXPECT_EQ(area_of_test("RuleChecks.max_length"), "rulechecks");
}

TEST(Areas, ParsesACommaListCaseAndSpaceInsensitively) {
    auto areas = parse_areas(" Returns, auth ,returns");
    ASSERT_TRUE(areas.ok()) << areas.error();
    EXPECT_EQ(*areas, (std::vector<std::string>{"returns", "auth"}));
    auto empty = parse_areas("");
    ASSERT_TRUE(empty.ok());
    EXPECT_TRUE(empty->empty());
}

TEST(Areas, UnknownAreaListsTheValidOnes) {
    auto areas = parse_areas("returns,shipping,foo");
    ASSERT_FALSE(areas.ok());
    EXPECT_NE(areas.error().find("unknown areas shipping, foo"), std::string::npos) << areas.error();
    EXPECT_NE(areas.error().find("valid areas: channels, orders"), std::string::npos) << areas.error();
}

TEST(Areas, FilterMatchesPlainParameterisedTypedAndFixtureSuites) {
    EXPECT_EQ(gtest_filter({}), "*");
    EXPECT_EQ(gtest_filter({"returns", "auth"}),
              "Returns.*:*/Returns.*:Returns/*:Returns_RapidCheck.*:RuleChecks.*_returns:"
              "Auth.*:*/Auth.*:Auth/*:Auth_RapidCheck.*:RuleChecks.*_auth");
}

// --filter narrows --only: GoogleTest has no AND of patterns, so a pattern of another area is dropped.
TEST(Areas, ANarrowingPatternIsKeptOnlyForATestOfTheChosenAreas) {
    EXPECT_EQ(gtest_filter({"returns"}, ""), gtest_filter({"returns"}));
    EXPECT_EQ(gtest_filter({}, "Orders.ORD_*"), "Orders.ORD_*") << "without --only the pattern is the filter";
    EXPECT_EQ(gtest_filter({"returns"}, "Returns.RET_*:Orders.ORD_*"), "Returns.RET_*");
    EXPECT_EQ(gtest_filter({"orders"}, "RuleChecks.max_length_orders"), "RuleChecks.max_length_orders")
        << "a rule check of a chosen area counts";
    EXPECT_EQ(gtest_filter({"returns"}, "Orders.ORD_*"), "-*") << "nothing of the chosen areas: no test";
}

// The rule checks of an area run with it: after ORD-GIFT-500's hand-written tests went, `--only orders`
// still checks gift_message's limit.
TEST(Areas, ARuleCheckTestBelongsToTheAreaItsNameEndsWith) {
    EXPECT_EQ(rule_check_area("RuleChecks.max_length_orders"), "orders");
    EXPECT_EQ(rule_check_area("RuleChecks.forbidden_field_returns"), "returns");
    EXPECT_EQ(rule_check_area("RuleChecks.max"), "");
    EXPECT_EQ(rule_check_area("Orders.ORD_GET_UnknownOrderRejected"), "");
    EXPECT_EQ(area_of_test("RuleChecks.max_length_orders"), "rulechecks");  // its summary row stays
}

TEST(AreaOfTest, HandlesPlainParameterisedTypedAndFixtureProperties) {
    EXPECT_EQ(area_of_test("Returns.RET_DUP_ID_X"), "returns");
    EXPECT_EQ(area_of_test("Limits/Orders.ORD_GIFT_500/3"), "orders");
    EXPECT_EQ(area_of_test("Billing/0.Typed"), "billing");
    EXPECT_EQ(area_of_test("Webhooks_RapidCheck.Prop"), "webhooks");
}

}  // namespace
}  // namespace dockside::conform
