// The allocation-free id capture must find only top-level integers and survive hostile bodies.

#include <gtest/gtest.h>

#include <string>

#include "harness/load/json_scan.h"

namespace dockside::load {
namespace {

TEST(JsonScan, FindsTopLevelIntegersOnly) {
    EXPECT_EQ(find_top_level_integer(R"({"id": 4711})", "id"), 4711);
    EXPECT_EQ(find_top_level_integer(R"({"a":{"id":1},"b":[{"id":2}],"s":"\"id\":3","id":-9})", "id"), -9);
    EXPECT_EQ(find_top_level_integer(R"( { "x" : null , "id":12 , "y": true } )", "id"), 12);
    EXPECT_EQ(find_top_level_integer(R"({"a":{"id":1}})", "id"), std::nullopt);
}

TEST(JsonScan, RejectsNonIntegersAndMalformedText) {
    EXPECT_EQ(find_top_level_integer(R"({"id":"12"})", "id"), std::nullopt);
    EXPECT_EQ(find_top_level_integer(R"({"id":12.5})", "id"), std::nullopt);
    EXPECT_EQ(find_top_level_integer(R"({"id":1e3})", "id"), std::nullopt);
    EXPECT_EQ(find_top_level_integer(R"({"id":99999999999999999999})", "id"), std::nullopt);
    EXPECT_EQ(find_top_level_integer("[1,2]", "id"), std::nullopt);
    EXPECT_EQ(find_top_level_integer("", "id"), std::nullopt);
    EXPECT_EQ(find_top_level_integer(R"({"a":"unterminated)", "id"), std::nullopt);
    EXPECT_EQ(find_top_level_integer("not json", "id"), std::nullopt);
}

TEST(JsonScan, DeepNestingNeedsNoStack) {
    std::string deep = "{\"a\":" + std::string(200000, '[') + std::string(200000, ']') + ",\"id\":5}";
    EXPECT_EQ(find_top_level_integer(deep, "id"), 5);
}

}  // namespace
}  // namespace dockside::load
