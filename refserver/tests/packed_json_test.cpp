// A packed document gives back the tree it was given, to the type of each number, and says what
// json::empty() would say of it; a copy owns its own bytes.

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
    };
    for (const auto& document : documents) {
        const json back = PackedJson(document).value();
        EXPECT_EQ(back, document) << document.dump().substr(0, 80);
        EXPECT_EQ(back.dump(), document.dump()) << "a double stays a double, an integer an integer";
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
