// Hostile request bodies: nesting that once overflowed the stack, arrays that once froze every client,
// bytes that are not UTF-8, numbers past every width. Each is sent on its own connection while a
// prober keeps reading from another.

#include <gtest/gtest.h>

#include <iostream>
#include <vector>

#include <nlohmann/json.hpp>

#include "refserver/core/limits.h"
#include "tools/hostile/hostile_support.h"

namespace dockside::hostile {
namespace {

using json = nlohmann::json;
using refserver::kMaxArrayItems;
using refserver::kMaxItemsPerWrite;
using refserver::kMaxJsonDepth;

std::string nested_array(std::size_t depth, const std::string& inner = "\"order.shipped\"") {
    return repeat("[", depth) + inner + repeat("]", depth);
}

/// Creates an order and answers its id (the fixture of the store-order-json cases).
std::int64_t create_order(const Live& live, const std::string& reference) {
    auto created = live.send("POST", "/2025-07/order", order_body(reference));
    if (!created || (created->status != 200 && created->status != 201)) return 0;
    return json::parse(created->body).value("id", std::int64_t{0});
}

/// Sends one hostile request while the prober runs; records the row; returns the response.
Result<http::Response, std::string> attack(const Live& live, const std::string& method, const std::string& target,
                                           const std::string& body, const std::string& input, const std::string& mode,
                                           Prober::Report* report_out = nullptr) {
    Prober prober(live);
    auto response = live.send(method, target, body);
    const auto report = prober.finish();
    std::cout << input << ": " << describe(response) << "; " << report.figures() << "\n";
    record(input, mode, describe(response) + "; " + report.outcome());
    if (report_out) *report_out = report;
    return response;
}

TEST(RequestBodies, WebhookTopicsNested60000DeepIsRefusedAtParseTime) {
    Live live;
    Prober::Report report;
    const std::string body = R"({"url":"https://hooks.example.test/x","topics":)" + nested_array(60000) + "}";
    auto response = attack(live, "POST", "/2025-07/webhook", body,
                           "`topics` holding one array nested 60,000 deep (120 KB)",
                           "POST /2025-07/webhook (crashed the server with SIGSEGV before)", &report);
    ASSERT_TRUE(response) << response.error();
    EXPECT_EQ(response->status, 400);
    EXPECT_EQ(error_rule_of(*response), "NS-REQUEST-LIMITS");
    EXPECT_NE(response->body.find("deeper than " + std::to_string(kMaxJsonDepth) + " levels"), std::string::npos)
        << response->body;
    EXPECT_TRUE(report.held()) << report.figures();
    EXPECT_EQ(live.send("GET", "/2025-07/webhook")->status, 200);  // still alive
}

TEST(RequestBodies, StoreOrderJsonNested100000DeepIsRefusedAtParseTime) {
    Live live;
    const auto id = create_order(live, "HOSTILE-DEPTH-1");
    ASSERT_NE(id, 0);
    Prober::Report report;
    auto response = attack(live, "POST", "/2025-07/order/" + std::to_string(id) + "/store-order-json",
                           R"({"a":)" + nested_array(100000, "1") + "}", "`{\"a\":[[[…100,000…]]]}` (200 KB)",
                           "POST /2025-07/order/{id}/store-order-json (crashed the server before)", &report);
    ASSERT_TRUE(response) << response.error();
    EXPECT_EQ(response->status, 400);
    EXPECT_EQ(error_rule_of(*response), "NS-REQUEST-LIMITS");
    EXPECT_TRUE(report.held()) << report.figures();
}

TEST(RequestBodies, NestingUpToTheLimitIsAcceptedAndOneMoreLevelIsNot) {
    Live live;
    const auto id = create_order(live, "HOSTILE-DEPTH-2");
    ASSERT_NE(id, 0);
    const std::string target = "/2025-07/order/" + std::to_string(id) + "/store-order-json";
    // The object is level 1, so kMaxJsonDepth - 1 arrays inside it reach the limit exactly.
    auto at_limit = live.send("POST", target, R"({"a":)" + nested_array(kMaxJsonDepth - 1, "1") + "}");
    auto past_limit = live.send("POST", target, R"({"a":)" + nested_array(kMaxJsonDepth, "1") + "}");
    ASSERT_TRUE(at_limit && past_limit);
    EXPECT_EQ(at_limit->status, 200) << at_limit->body;
    EXPECT_EQ(past_limit->status, 400) << past_limit->body;
    record("store-order-json nested exactly " + std::to_string(kMaxJsonDepth) + " deep, then one level more",
           "POST /2025-07/order/{id}/store-order-json",
           "at the limit: " + describe(at_limit) + "; one more: " + describe(past_limit));
}

TEST(RequestBodies, UnknownTopicMessageNeverRendersTheClientValue) {
    Live live;
    const std::string long_topic(200000, 'x');
    auto nested = live.send("POST", "/2025-07/webhook",
                            R"({"url":"https://hooks.example.test/x","topics":[)" + nested_array(40, "1") + "]}");
    auto long_text = live.send("POST", "/2025-07/webhook",
                               R"({"url":"https://hooks.example.test/x","topics":[")" + long_topic + "\"]}");
    ASSERT_TRUE(nested && long_text);
    EXPECT_EQ(nested->status, 400);
    EXPECT_EQ(long_text->status, 400);
    EXPECT_NE(nested->body.find("an array of 1 items"), std::string::npos) << nested->body;
    EXPECT_LT(long_text->body.size(), 1000u);  // the 200,000-character topic is cut, not echoed
    record("unknown webhook topic: a 40-deep array, and a 200,000-character string",
           "POST /2025-07/webhook", "400 both; the message names the value's kind or its first " +
                                        std::to_string(refserver::kMaxEchoChars) + " characters (body " +
                                        (long_text->body.size() < 1000 ? "under 1 KB" : "LARGE") + ")");
}

TEST(RequestBodies, PatchWith340000VariantsIsRefusedBeforeAnyWork) {
    Live live;
    std::string variants = "[" + repeat("{},", 339999) + "{}]";  // a 1 MB body, under the size limit
    Prober::Report report;
    const auto start = std::chrono::steady_clock::now();
    auto response = attack(live, "PATCH", "/2025-07/product/2001", R"({"variants":)" + variants + "}",
                           "`{\"variants\":[{},{},…]}` with 340,000 items (1 MB)",
                           "PATCH /2025-07/product/{id} (ran past 20 s at 4.9 GB, froze every client, ignored SIGTERM)",
                           &report);
    const auto took = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start);
    std::cout << "340,000 variants answered in " << took.count() << " ms\n";
    ASSERT_TRUE(response) << response.error();
    EXPECT_EQ(response->status, 400);
    EXPECT_NE(response->body.find("more than " + std::to_string(kMaxArrayItems) + " items"), std::string::npos)
        << response->body;
    EXPECT_TRUE(report.held()) << report.figures();
}

TEST(RequestBodies, PatchVariantsAreCappedPerRequest) {
    Live live;
    const auto body = [](std::size_t n) { return R"({"variants":[)" + repeat("{},", n - 1) + "{}]}"; };
    auto over = live.send("PATCH", "/2025-07/product/2001", body(kMaxItemsPerWrite + 1));
    Prober::Report report;
    auto at_cap = attack(live, "PATCH", "/2025-07/product/2001", body(kMaxItemsPerWrite),
                         std::to_string(kMaxItemsPerWrite) + " new variants in one PATCH (the cap), after " +
                             std::to_string(kMaxItemsPerWrite + 1) + " (one past it)",
                         "PATCH /2025-07/product/{id}", &report);
    ASSERT_TRUE(over && at_cap);
    EXPECT_EQ(over->status, 400) << over->body;
    EXPECT_EQ(error_rule_of(*over), "NS-REQUEST-LIMITS");
    EXPECT_EQ(at_cap->status, 200) << at_cap->body.substr(0, 300);
    EXPECT_TRUE(report.held()) << report.figures();
    record(std::to_string(kMaxItemsPerWrite + 1) + " new variants in one PATCH", "PATCH /2025-07/product/{id}",
           describe(over));
}

TEST(RequestBodies, ConcurrentMaximalPatchesLeaveReadersAnswered) {
    // Four writers each add the most variants a request may, five times: the catalog grows by 2,000
    // variants while a reader keeps reading; no write may hold the store for long.
    Live live;
    Prober prober(live);
    std::vector<std::thread> writers;
    std::atomic<int> ok{0};
    const std::string body = R"({"variants":[)" + repeat(R"({"name":"v","sku":"S"},)", kMaxItemsPerWrite - 1) +
                             R"({"name":"v","sku":"S"}]})";
    for (int w = 0; w < 4; ++w)
        writers.emplace_back([&, w] {
            for (int i = 0; i < 5; ++i) {
                auto r = live.send("PATCH", "/2025-07/product/" + std::to_string(2001 + w), body, 60000ms);
                if (r && r->status == 200) ++ok;
            }
        });
    for (auto& t : writers) t.join();
    const auto report = prober.finish();
    std::cout << "concurrent patches: " << ok << " of 20 answered 200; " << report.figures() << "\n";
    EXPECT_EQ(ok.load(), 20);
    EXPECT_TRUE(report.held()) << report.figures();
    record("4 connections × 5 PATCHes of " + std::to_string(kMaxItemsPerWrite) + " new variants each",
           "concurrently, 2,000 variants added in all",
           std::to_string(ok.load()) + " of 20 answered 200; " + report.outcome());
}

TEST(RequestBodies, InvalidUtf8AndHugeNumbersAre400) {
    Live live;
    const std::string bad_utf8 = "{\"reference_id\":\"\xff\xfe\xc0\xaf\",\"products\":[]}";
    auto utf8 = live.send("POST", "/2025-07/order", bad_utf8);
    auto huge_exponent = live.send("POST", "/2025-07/order",
                                   R"({"reference_id":"H1","products":[{"id":3001,"quantity":1e999999}]})");
    auto huge_integer = live.send("POST", "/2025-07/order",
                                  R"({"reference_id":"H2","products":[{"id":3001,"quantity":123456789012345678901234567890}]})");
    auto negative_zero = live.send("POST", "/2025-07/order",
                                   R"({"reference_id":"H3","products":[{"id":-0.0,"quantity":-9223372036854775809}]})");
    ASSERT_TRUE(utf8 && huge_exponent && huge_integer && negative_zero);
    for (const auto* r : {&utf8, &huge_exponent, &huge_integer, &negative_zero}) EXPECT_EQ((*r)->status, 400) << (*r)->body;
    record("a body with invalid UTF-8 (0xFF 0xFE, overlong 0xC0 0xAF)", "POST /2025-07/order", describe(utf8));
    record("numbers past every width: 1e999999, 123456789012345678901234567890, -9223372036854775809",
           "POST /2025-07/order (quantity, id)",
           describe(huge_exponent) + ", " + describe(huge_integer) + ", " + describe(negative_zero));
}

TEST(RequestBodies, BodiesOverOneMebibyteGet413) {
    Live live;
    Prober::Report report;
    auto response = attack(live, "POST", "/2025-07/order", std::string(refserver::kMaxBodyBytes + 1, ' '),
                           "a body of 1 MiB + 1 byte", "POST /2025-07/order, Content-Length declared", &report);
    ASSERT_TRUE(response) << response.error();
    EXPECT_EQ(response->status, 413);
    EXPECT_TRUE(report.held()) << report.figures();
}

}  // namespace
}  // namespace dockside::hostile
