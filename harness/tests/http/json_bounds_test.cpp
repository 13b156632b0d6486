#include "harness/http/json_bounds.h"

#include <gtest/gtest.h>

namespace dockside::http {
namespace {

std::string repeat(const std::string& unit, std::size_t n) {
    std::string out;
    for (std::size_t i = 0; i < n; ++i) out += unit;
    return out;
}

constexpr JsonBounds kBounds{4, 3};

TEST(JsonBounds, DepthUpToTheLimitPassesAndOneMoreFails) {
    EXPECT_FALSE(check_json_bounds("[[[[1]]]]", kBounds));
    auto excess = check_json_bounds(R"({"a":[[[1]]],"b":[[[[2]]]]})", kBounds);
    ASSERT_TRUE(excess);
    EXPECT_EQ(excess->kind, JsonBoundsExceeded::Kind::Depth);
    EXPECT_EQ(excess->offset, 20u);  // the fifth level, inside "b"
    EXPECT_EQ(excess->describe(), "nests arrays and objects deeper than 4 levels (at byte 20)");
}

TEST(JsonBounds, ItemsUpToTheLimitPassAndOneMoreFails) {
    EXPECT_FALSE(check_json_bounds("[1,2,3]", kBounds));
    EXPECT_FALSE(check_json_bounds(R"({"a":1,"b":2,"c":3,"d":4,"e":5})", kBounds));  // members are not items
    EXPECT_FALSE(check_json_bounds("[[1,2,3],[1,2,3],[1,2,3]]", kBounds));           // counted per array
    auto excess = check_json_bounds("[1,2,3,4]", kBounds);
    ASSERT_TRUE(excess);
    EXPECT_EQ(excess->kind, JsonBoundsExceeded::Kind::ArrayItems);
    EXPECT_EQ(excess->describe(), "has an array of more than 3 items (at byte 6)");
}

TEST(JsonBounds, StringsAndEscapesAreSkipped) {
    EXPECT_FALSE(check_json_bounds(R"(["[[[[[[,,,,", "\"[[[[[[", "\\"])", kBounds));
    EXPECT_TRUE(check_json_bounds(R"(["\\",[[[[1]]]]])", kBounds));  // the escaped backslash ends the escape
}

TEST(JsonBounds, HugeInputsCostOnePassAndLittleMemory) {
    EXPECT_TRUE(check_json_bounds(repeat("[", 10'000'000), {64, 1000}));
    EXPECT_TRUE(check_json_bounds("[" + repeat("1,", 1'000'000) + "1]", {64, 1000}));
    EXPECT_FALSE(check_json_bounds(repeat("]", 1000) + "}}}", {64, 1000}));  // unbalanced closers are the parser's problem
}

TEST(JsonBounds, ValuesAreCountedOutsideStrings) {
    EXPECT_EQ(count_json_values("0"), 1u);
    EXPECT_EQ(count_json_values("[0,0,0]"), 4u);  // the array and its three items
    EXPECT_EQ(count_json_values(R"({"a":[1,2],"b":"x,[{"})"), 5u);
}

}  // namespace
}  // namespace dockside::http
