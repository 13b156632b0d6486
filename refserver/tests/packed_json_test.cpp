// A packed document gives back the tree it was given, to the type of each number and every member name, and
// says what json::empty() would say of it; a copy owns its own bytes.

#include "refserver/store/packed_json.h"

#include <gtest/gtest.h>

namespace dockside::refserver {
namespace {

using nlohmann::json;

TEST(PackedJson, GivesBackTheDocumentItWasGiven) {
    const json documents[] = {
        json(),
        json::object(),
        json::array(),
        json{{"name", "Ada"}, {"address", {{"zip_code", "60601"}, {"lines", {"1 Bench St", ""}}}}},
        json::array({1, -2, 3.5, 1.0, true, nullptr, "x", std::int64_t{1} << 40}),
        json(std::string(70000, 'z')),
        json::array({-33, -129, -40000, -3000000000LL, 200, 70000, 5000000000LL, 18446744073709551615ULL, 0.1, 1e300, -2.5}),
        json::array({std::string(40, 'a'), std::string(300, 'b'), json(std::vector<int>(70000, 1))}),
    };
    for (const auto& document : documents) {
        const json back = PackedJson(document).value();
        EXPECT_EQ(back, document) << document.dump().substr(0, 80);
        EXPECT_EQ(back.dump(), document.dump()) << "a double stays a double, an integer an integer";
    }
}

// Member names are kept once for the process and coded in each document; a name without a code (a long one, one
// beginning with a zero byte, any once the table is full) is kept as it is, and each comes back as it was given.
TEST(PackedJson, GivesBackEveryMemberName) {
    json many = json::object();
    for (int i = 0; i < 5000; ++i) many["name-" + std::to_string(i)] = i;
    const json documents[] = {
        many,
        json{{"", 1}, {std::string("\0a", 2), 2}, {std::string(200, 'k'), 3}, {"\xc3\xa9t\xc3\xa9", {{"name-7", 4}}}},
    };
    for (const auto& document : documents) {
        const json back = PackedJson(document).value();
        EXPECT_EQ(back, document);
        EXPECT_EQ(back.dump(), document.dump());
    }
}

TEST(PackedJson, IsEmptyWhereTheTreeIsEmpty) {
    EXPECT_TRUE(PackedJson().empty());
    EXPECT_TRUE(PackedJson(json::object()).empty());
    EXPECT_TRUE(PackedJson(json::array()).empty());
    EXPECT_FALSE(PackedJson(json{{"a", 1}}).empty());
    EXPECT_FALSE(PackedJson(json::array({0})).empty());
    EXPECT_FALSE(PackedJson(json(0)).empty());
    EXPECT_FALSE(PackedJson(json("")).empty());
}

TEST(PackedJson, ACopyOutlivesItsOriginal) {
    PackedJson copy;
    {
        const PackedJson original(json{{"tracking_number", "1Z"}});
        copy = original;
        PackedJson constructed(original);
        EXPECT_EQ(constructed.value(), original.value());
    }
    EXPECT_EQ(copy.value(), (json{{"tracking_number", "1Z"}}));
    copy = PackedJson();
    EXPECT_TRUE(copy.value().is_null());
}

TEST(PackedJson, StandsInAnInitializerListAsTheTreeDid) {
    const PackedJson recipient(json{{"name", "Ada"}});
    const json answer = {{"recipient", recipient}, {"id", 1}};
    EXPECT_EQ(answer, (json{{"recipient", {{"name", "Ada"}}}, {"id", 1}}));
}

}  // namespace
}  // namespace dockside::refserver
