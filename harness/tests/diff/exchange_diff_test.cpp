// Two answers to one request compared as a client would notice: what each target made (ids, the run's
// unique values, time stamps) is mapped, not compared; everything else is.
#include "harness/diff/exchange_diff.h"

#include <gtest/gtest.h>

namespace dockside::diff {
namespace {

using nlohmann::json;

Side side(std::string method, std::string url, int status, json body, json request_body = nullptr) {
    return {std::move(method), "http://127.0.0.1:8080" + url, std::move(request_body), status, "application/json", std::move(body)};
}

std::vector<std::string> described(const std::vector<Difference>& found) {
    std::vector<std::string> out;
    for (const auto& d : found) out.push_back(to_string(d.kind) + " " + d.path + " " + d.a.dump() + " " + d.b.dump());
    return out;
}

TEST(ExchangeDiff, TheSameAnswersDifferNowhere) {
    ValueMap values;
    const json order = {{"id", 5}, {"status", "Processing"}, {"lines", json::array({{{"sku", "A"}}})}};
    EXPECT_TRUE(compare(side("GET", "/v/order/5", 200, order), side("GET", "/v/order/5", 200, order), values).empty());
}

TEST(ExchangeDiff, AnotherStatusIsOneDifferenceAndTheBodiesAreNotCompared) {
    ValueMap values;
    const auto found = compare(side("POST", "/v/order", 400, {{"code", "validation"}}),
                               side("POST", "/v/order", 422, {{"error", "x"}}), values);
    EXPECT_EQ(described(found), std::vector<std::string>{"status  400 422"});
}

TEST(ExchangeDiff, AHeaderSentOnOneSideOnlyIsADifference) {
    ValueMap values;
    Side a = side("POST", "/connect/token", 200, {{"token_type", "Bearer"}});
    Side b = a;
    a.headers = {"cache-control", "content-type"};
    b.headers = {"content-type", "x-request-id"};
    EXPECT_EQ(described(compare(a, b, values)),
              (std::vector<std::string>{"header cache-control \"present\" null", "header x-request-id null \"present\""}));
}

TEST(ExchangeDiff, IdsEachTargetGaveAreMappedAndABrokenMappingIsADifference) {
    ValueMap values;
    const json body = {{"reference_id", "r-1"}};
    EXPECT_TRUE(compare(side("POST", "/v/order", 201, {{"id", 5}, {"reference_id", "r-1"}}, body),
                        side("POST", "/v/order", 201, {{"id", 7}, {"reference_id", "r-1"}}, body), values)
                    .empty());
    // The follow-up names each target's own record; a link that names it is the same link.
    EXPECT_TRUE(compare(side("GET", "/v/order/5", 200, {{"id", 5}, {"self", "/v/order/5"}}),
                        side("GET", "/v/order/7", 200, {{"id", 7}, {"self", "/v/order/7"}}), values)
                    .empty());
    // Another answer pairs 5 with 8: not the record the mapping says.
    EXPECT_EQ(described(compare(side("GET", "/v/order?Page=1", 200, json::array({{{"id", 5}}})),
                                side("GET", "/v/order?Page=1", 200, json::array({{{"id", 8}}})), values)),
              std::vector<std::string>{"value /*/id 5 8"});
}

TEST(ExchangeDiff, TheRunsUniqueValuesAndTimeStampsAreNotDifferences) {
    ValueMap values;
    const auto a = compare(side("POST", "/v/order", 201, {{"reference_id", "run-aaa111-1"}, {"created", "2026-01-01T10:00:00Z"}},
                                {{"reference_id", "run-aaa111-1"}}),
                           side("POST", "/v/order", 201, {{"reference_id", "run-bbb222-1"}, {"created", "2026-03-04T11:12:13.5+01:00"}},
                                {{"reference_id", "run-bbb222-1"}}),
                           values);
    EXPECT_TRUE(a.empty()) << described(a).front();
    // The tag learnt from the request maps inside other texts of the run too.
    EXPECT_TRUE(compare(side("GET", "/v/order?ReferenceId=run-aaa111-2", 200, json::array()),
                        side("GET", "/v/order?ReferenceId=run-bbb222-2", 200, json::array()), values)
                    .empty());
    // A moment each run took from its own clock, as the query carries it (escaped).
    EXPECT_TRUE(compare(side("GET", "/v/return?StartDate=2026-12-06T23%3A11%3A06Z", 200, json::array()),
                        side("GET", "/v/return?StartDate=2026-12-06T23%3A11%3A24Z", 200, json::array()), values)
                    .empty());
}

// Records an earlier run left hold that run's tag, which no request of this run names: a word shaped as
// this run's tag pairs with the other side's the first time, and a record that breaks the pairing differs.
TEST(ExchangeDiff, AnEarlierRunsTagIsPairedLikeThisRunsAndABrokenPairingDiffers) {
    ValueMap values;
    // This run's tag on the first side happens to be all digits; a tag is hexadecimal all the same.
    EXPECT_TRUE(compare(side("POST", "/v/order", 201, {{"id", 5}}, {{"reference_id", "DS-SP-98695910-1"}}),
                        side("POST", "/v/order", 201, {{"id", 5}}, {{"reference_id", "DS-SP-bbbb2222-1"}}), values)
                    .empty());
    const auto order = [](const std::string& number, const std::string& name) {
        return json::array({{{"order_number", number}, {"name", name}}});
    };
    EXPECT_TRUE(compare(side("GET", "/v/order?Page=1", 200, order("DS-SP-cccc3333-7", "Widget")),
                        side("GET", "/v/order?Page=1", 200, order("DS-SP-dddd4444-7", "Widget")), values)
                    .empty());
    EXPECT_EQ(described(compare(side("GET", "/v/order?Page=2", 200, order("DS-SP-cccc3333-9", "Widget")),
                                side("GET", "/v/order?Page=2", 200, order("DS-SP-eeee5555-9", "Gadget")), values)),
              (std::vector<std::string>{"value /*/name \"Widget\" \"Gadget\"",
                                        "value /*/order_number \"DS-SP-cccc3333-9\" \"DS-SP-eeee5555-9\""}));
}

// "Created since a moment": which records the list holds depends on when each run made them and asked, so
// two such lists are compared by status and media type only; the same list asked by id is compared whole.
TEST(ExchangeDiff, AnAnswerAskedByAMomentIsComparedByItsStatusOnly) {
    ValueMap values;
    const json one = json::array({{{"id", 5}, {"gift_message", nullptr}}});
    const json other = json::array({{{"id", 5}, {"gift_message", "Happy birthday"}}, {{"id", 6}, {"gift_message", nullptr}}});
    const std::string by_time = "/v/order?Page=2&StartDate=2026-12-07T01%3A33%3A31Z";
    EXPECT_TRUE(asks_by_time(side("GET", by_time, 200, one)));
    EXPECT_TRUE(compare(side("GET", by_time, 200, one), side("GET", by_time, 200, other), values).empty());
    EXPECT_EQ(described(compare(side("GET", by_time, 200, one), side("GET", by_time, 400, one), values)),
              std::vector<std::string>{"status  200 400"});
    EXPECT_FALSE(asks_by_time(side("GET", "/v/order?IDs=5", 200, one)));
    EXPECT_EQ(compare(side("GET", "/v/order?IDs=5", 200, one), side("GET", "/v/order?IDs=5", 200, other), values).size(), 2u);
}

TEST(ExchangeDiff, AMissingFieldATypeAndAValueAreEachNamedWhereTheyAre) {
    ValueMap values;
    const auto found = compare(side("GET", "/v/x", 200, {{"a", 1}, {"b", 2}, {"c", "Open"}, {"items", json::array({1, 2})}}),
                               side("GET", "/v/x", 200, {{"a", "1"}, {"c", "Closed"}, {"items", json::array({1})}}), values);
    EXPECT_EQ(described(found), (std::vector<std::string>{"type /a \"number\" \"string\"", "field /b \"present\" null",
                                                          "value /c \"Open\" \"Closed\"", "value /items/length 2 1"}));
}

TEST(ExchangeDiff, RequestsThatWentApartAreOneDifferenceNotTheirAnswers) {
    ValueMap values;
    const auto found = compare(side("POST", "/v/order", 201, {{"id", 1}}, {{"lines", json::array({1, 2})}}),
                               side("POST", "/v/order", 400, {{"id", 2}}, {{"lines", json::array({1})}}), values);
    ASSERT_EQ(found.size(), 1u);
    EXPECT_EQ(found[0].kind, Kind::Request);
    EXPECT_EQ(found[0].path, "body/lines");
}

TEST(ExchangeDiff, LinksToEachTargetAndItsCursorsAreTheSameLinkAndACutBodyIsNotCompared) {
    ValueMap values;
    Side a = side("GET", "/v/order", 200, {{"next", "http://127.0.0.1:8080/v/order?Page=2"}});
    Side b = a;
    b.url = "http://127.0.0.1:9090/v/order";
    b.body = {{"next", "http://127.0.0.1:9090/v/order?Page=2"}};
    EXPECT_TRUE(compare(a, b, values).empty());
    // A cursor each server made from its own clock is compared by kind; a word that is no token is compared.
    a.body = {{"next", "/v/order?Cursor=t7b2261223a747275652c22"}, {"name", "north"}};
    b.body = {{"next", "/v/order?Cursor=t7b2261223a747275652c99"}, {"name", "south"}};
    EXPECT_EQ(described(compare(a, b, values)), std::vector<std::string>{"value /name \"north\" \"south\""});
    // The same cursor of one side handed back beside two of the other's (each made from its clock): no difference.
    for (const char* other : {"t7b2261223a747275652c77", "t7b2261223a747275652c88"})
        EXPECT_TRUE(compare(side("GET", "/v/x?Cursor=t7b2261223a747275652c22", 200, json::object()),
                            side("GET", std::string("/v/x?Cursor=") + other, 200, json::object()), values)
                        .empty());
    // A link that carries a moment of each run's clock back, escaped.
    a.body = {{"first", "http://127.0.0.1:8080/v/return?Start=2026-12-06T23%3A13%3A09Z&Cursor=1"}};
    b.body = {{"first", "http://127.0.0.1:9090/v/return?Start=2026-12-06T23%3A13%3A26Z&Cursor=1"}};
    EXPECT_TRUE(compare(a, b, values).empty());
    // A body the recording kept only the start of says nothing of the rest: it is not compared.
    a.body = "[{\"id\": 1, \"sta";
    b.body = "[{\"id\": 1, \"sku";
    a.cut = b.cut = true;
    EXPECT_TRUE(compare(a, b, values).empty());
    b.status = 500;
    EXPECT_EQ(compare(a, b, values).size(), 1u);
}

TEST(ExchangeDiff, TimeStampsAreRecognisedByTheirFormat) {
    EXPECT_TRUE(is_time_stamp("2025-07-01T12:00:00Z"));
    EXPECT_TRUE(is_time_stamp("2025-07-01T12:00:00.123+02:00"));
    EXPECT_TRUE(is_time_stamp("2025-07-01"));
    EXPECT_FALSE(is_time_stamp("Processing"));
    EXPECT_FALSE(is_time_stamp("2025-07-01 and more"));
}

}  // namespace
}  // namespace dockside::diff
