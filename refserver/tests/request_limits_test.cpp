// The request limits of refserver/core/limits.h at the handler level (no sockets): refused at parse
// time with a message that names the limit and never renders the client's value; the record budget.

#include <gtest/gtest.h>

#include "refserver/core/errors.h"
#include "refserver/core/limits.h"
#include "refserver/tests/test_support.h"

namespace dockside::refserver::testing {
namespace {

std::string nested(std::size_t depth) { return repeat("[", depth) + "1" + repeat("]", depth); }

TEST(RequestLimits, EveryJsonBodyIsBoundedInDepthBeforeParsing) {
    Harness h;
    auto deep = h.send("POST", "/2025-07/order", R"({"reference_id":)" + nested(100000) + "}");
    EXPECT_EQ(deep.status, 400);
    EXPECT_EQ(rule_of(deep), "NS-REQUEST-LIMITS");
    EXPECT_NE(deep.body.find("deeper than 64 levels"), std::string::npos) << deep.body;
    auto shallow = h.send("POST", "/2025-07/order", R"({"reference_id":)" + nested(kMaxJsonDepth - 1) + "}");
    EXPECT_EQ(shallow.status, 400);
    EXPECT_NE(rule_of(shallow), "NS-REQUEST-LIMITS");  // refused for its content, not its shape
}

TEST(RequestLimits, ArraysAreBoundedInItemsBeforeParsing) {
    Harness h;
    auto many = h.send("POST", "/2025-07/shipment:batchCancel",
                       R"({"shipment_ids":[)" + repeat("1,", kMaxArrayItems) + "1]}");
    EXPECT_EQ(many.status, 400);
    EXPECT_EQ(rule_of(many), "NS-REQUEST-LIMITS");
    EXPECT_NE(many.body.find("more than 1000 items"), std::string::npos) << many.body;
}

TEST(RequestLimits, BracketsInsideStringsDoNotCount) {
    Harness h;
    auto r = h.post("/2025-07/order", valid_order(repeat("[", 200)));
    EXPECT_NE(rule_of(r), "NS-REQUEST-LIMITS") << r.body;
}

TEST(RequestLimits, PatchProductTakesAtMost100VariantsPerRequest) {
    Harness h;
    auto over = h.send("PATCH", "/2025-07/product/2001", R"({"variants":[)" + repeat("{},", kMaxItemsPerWrite) + "{}]}");
    EXPECT_EQ(over.status, 400);
    EXPECT_EQ(field_of(over), "variants");
    EXPECT_EQ(rule_of(over), "NS-REQUEST-LIMITS");
    auto at = h.send("PATCH", "/2025-07/product/2001", R"({"variants":[)" + repeat("{},", kMaxItemsPerWrite - 1) + "{}]}");
    EXPECT_EQ(at.status, 200) << at.body.substr(0, 300);
}

TEST(RequestLimits, MessagesQuoteAtMostAShortExcerptOfClientText) {
    EXPECT_EQ(quoted_excerpt("abc"), "'abc'");
    const std::string long_text(1000, 'x');
    EXPECT_EQ(quoted_excerpt(long_text), "'" + std::string(kMaxEchoChars, 'x') + "\u2026'");
    // Cut at a character boundary: 64 two-byte characters, never half of one.
    const std::string umlauts = repeat("\xc3\xa4", 100);
    EXPECT_EQ(quoted_excerpt(umlauts), "'" + repeat("\xc3\xa4", kMaxEchoChars) + "\u2026'");
    EXPECT_EQ(describe_value(nlohmann::json::parse("[[[1]]]")), "an array of 1 items");
    EXPECT_EQ(describe_value(nlohmann::json::parse(R"({"a":1,"b":2})")), "an object of 2 members");
    EXPECT_EQ(describe_value(nlohmann::json(12.5)), "12.5");
}

TEST(RequestLimits, QueryValuesAreQuotedShort) {
    Harness h;
    auto r = h.get("/2025-07/order?Limit=" + std::string(5000, '9'));
    EXPECT_EQ(r.status, 400);
    EXPECT_LT(r.body.size(), 600u) << r.body.size();
}

TEST(RequestLimits, WithoutAPublicUrlLinksAreRelativeAndNeverFromTheHostHeader) {
    Options o;
    auto created = ReferenceServer::create(std::move(o));
    ASSERT_TRUE(created);
    auto& server = *created.value();
    http::Request r;
    r.method = "GET";
    r.target = "/2025-07/channel?RecordsPerPage=1";
    r.headers.set("Authorization", "Bearer " + server.pat());
    r.headers.set("Host", "evil.example");
    auto page = body_of(server.handle(r));
    ASSERT_TRUE(page["next"].is_string()) << page.dump();
    EXPECT_EQ(page["next"].get<std::string>().rfind("/2025-07/channel?", 0), 0u) << page["next"];
}

TEST(RecordBudget, CreatesPastTheLimitAre507AndNothingElseIs) {
    Harness probe;
    const std::size_t seeded = probe.server->stored_records();
    Options o;
    o.max_records = seeded + 2;
    o.retention = Retention::Refuse;  // a cancelled order could otherwise be forgotten to make room
    auto created = ReferenceServer::create(std::move(o));
    ASSERT_TRUE(created);
    auto& server = *created.value();
    auto send = [&](const std::string& method, const std::string& target, const std::string& body) {
        http::Request r;
        r.method = method;
        r.target = target;
        r.body = body;
        r.headers.set("Authorization", "Bearer " + server.pat());
        r.headers.set("service_channel_id", std::to_string(server.write_channel_id()));
        if (!body.empty()) r.headers.set("Content-Type", "application/json");
        return server.handle(r);
    };
    auto first = send("POST", "/2025-07/order", valid_order("BUDGET-1").dump());
    ASSERT_EQ(first.status / 100, 2) << first.body;
    EXPECT_EQ(server.stored_records(), seeded + 2);  // the order and its shipment
    auto second = send("POST", "/2025-07/order", valid_order("BUDGET-2").dump());
    EXPECT_EQ(second.status, 507);
    EXPECT_EQ(rule_of(second), "NS-RECORD-LIMIT");
    const auto id = body_of(first)["id"].get<std::int64_t>();
    EXPECT_EQ(send("GET", "/2025-07/order/" + std::to_string(id), "").status, 200);
    EXPECT_EQ(send("POST", "/2025-07/order/" + std::to_string(id) + ":cancel", "").status, 200);
}

}  // namespace
}  // namespace dockside::refserver::testing
