#include "harness/conform/areas.h"

#include <gtest/gtest.h>

namespace dockside::conform {
namespace {

// The thirteen API areas plus the model-based stateful suite that spans orders, returns and webhooks.
TEST(Areas, KnowsTheThirteenAreasAndTheStatefulSuite) {
    EXPECT_EQ(known_areas().size(), 14u);
    EXPECT_EQ(known_areas().back(), "stateful");
    EXPECT_EQ(suite_name("returns"), "Returns");
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
              "Returns.*:*/Returns.*:Returns/*:Returns_RapidCheck.*:Auth.*:*/Auth.*:Auth/*:Auth_RapidCheck.*");
}

}  // namespace
}  // namespace dockside::conform
