// What `dockside learn` reads off a known-good server's answers, and what a learned profile then holds a
// build to: the members filled (through arrays of objects), the order of a list, a sort asked for.

#include "harness/conform/learnt_answers.h"

#include <gtest/gtest.h>

namespace dockside::conform {
namespace {

using nlohmann::json;

TEST(LearntAnswers, FilledMembersEnterArraysOfObjectsKeepingWhatEveryItemHolds) {
    const json body = json::parse(R"({"items":[{"id":1,"note":null,"tags":[]},{"id":2,"tags":["a"]}],"next":null})");
    EXPECT_EQ(filled_members(body), (std::vector<std::string>{"items", "items[]", "items[].id", "items[].tags", "next"}));
    EXPECT_EQ(filled_members(json::parse(R"([{"id":1},{"id":2,"x":3}])")), (std::vector<std::string>{"[]", "[].id"}));
    EXPECT_EQ(filled_members(json::parse("[]")), std::vector<std::string>{});
    EXPECT_EQ(filled_members(json::parse(R"({"lines":[1,2]})")), std::vector<std::string>{"lines"}) << "scalars are not entered";
    std::string deep = "1";
    for (int i = 0; i < 5000; ++i) deep = "[{\"a\":" + deep + "}]";
    EXPECT_LE(filled_members(json::parse(deep)).size(), 8u) << "a hostile nesting is walked to a bound";
}

TEST(LearntAnswers, AListIsOrderedByEachKeyThatCanOrderIt) {
    const json list = json::parse(R"([{"id":1,"created_at":"2025-01-03","status":"B","parent_id":7},
                                       {"id":2,"created_at":"2025-01-02","status":"A","parent_id":7},
                                       {"id":5,"created_at":"2025-01-04","status":"C","parent_id":7}])");
    const auto order = list_order(list);
    EXPECT_EQ(order.at("id"), Order::Ascending);
    EXPECT_EQ(order.at("created_at"), Order::Mixed);
    EXPECT_EQ(order.at("parent_id"), Order::Equal);
    EXPECT_FALSE(order.count("status")) << "a name that says nothing of order is not a key";
    EXPECT_EQ(list_order(json::parse(R"({"items":[{"id":9},{"id":3}],"next":null})")).at("id"), Order::Descending);
    EXPECT_TRUE(list_order(json::parse(R"([{"id":1}])")).empty()) << "one record has no order";
    EXPECT_TRUE(list_order(json::parse(R"([{"id":1},{"id":"2"}])")).empty()) << "a number and a text are not compared";
}

TEST(LearntAnswers, ASortIsAskedByAnyParameterNamingOne) {
    EXPECT_TRUE(asks_order({"Limit", "SortOrder"}));
    EXPECT_TRUE(asks_order({"sortby"}));
    EXPECT_FALSE(asks_order({"Limit", "Page", "OrderIds"}));
}

}  // namespace
}  // namespace dockside::conform
