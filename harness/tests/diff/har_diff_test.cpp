// Two recordings of one seeded run paired exchange by exchange, the differences grouped by operation and
// place with how often they were seen, and the noise a second copy of the first target shows set apart.
#include "harness/diff/har_diff.h"

#include <gtest/gtest.h>

namespace dockside::diff {
namespace {

using nlohmann::json;

json entry(const std::string& exchange, const std::string& operation, int status, const json& body,
           const std::string& url = "http://127.0.0.1:1/v/order") {
    return {{"request", {{"method", "GET"}, {"url", url}, {"headers", json::array({{{"name", "Authorization"}, {"value", "[secret]"}}})}}},
            {"response", {{"status", status}, {"content", {{"mimeType", "application/json; charset=utf-8"}, {"text", body.dump()}}}}},
            {"_dockside", {{"exchange", exchange}, {"operation", operation}}}};
}

json har(json entries) { return {{"log", {{"version", "1.2"}, {"entries", std::move(entries)}}}}; }

TEST(HarDiff, OneDifferenceIsGroupedAndCountedOverItsOperation) {
    const json a = har({entry("T.A#1", "listOrders", 200, {{"n", 1}}), entry("T.A#2", "listOrders", 200, {{"n", 2}}),
                        entry("T.B#1", "createOrder", 400, json::object())});
    const json b = har({entry("T.A#1", "listOrders", 200, {{"n", 1}}), entry("T.A#2", "listOrders", 200, {{"n", 3}}),
                        entry("T.B#1", "createOrder", 422, json::object())});
    auto report = diff_recordings(a, b);
    ASSERT_TRUE(report.ok()) << report.error();
    EXPECT_EQ(report->paired, 3);
    ASSERT_EQ(report->groups.size(), 2u);
    EXPECT_EQ(report->groups[0].operation, "createOrder");
    EXPECT_EQ(report->groups[0].kind, Kind::Status);
    EXPECT_EQ(report->groups[0].example, "T.B#1");
    EXPECT_NE(report->groups[0].curl_a.find("curl"), std::string::npos);
    EXPECT_NE(report->groups[0].curl_a.find("$DOCKSIDE_TOKEN"), std::string::npos) << report->groups[0].curl_a;
    EXPECT_EQ(report->groups[1].path, "/n");
    EXPECT_EQ(report->groups[1].count, 1);
    EXPECT_EQ(report->groups[1].compared, 2);
    EXPECT_TRUE(report->differs());
    EXPECT_EQ(to_json(*report)["differences"].size(), 2u);
    EXPECT_NE(render_text(*report).find("createOrder"), std::string::npos);
}

TEST(HarDiff, TheLastTryOfARepeatedRequestIsTheOneCompared) {
    const json a = har({entry("T.A#1", "listOrders", 429, json::object()), entry("T.A#1", "listOrders", 200, {{"n", 1}})});
    const json b = har({entry("T.A#1", "listOrders", 200, {{"n", 1}})});
    auto report = diff_recordings(a, b);
    ASSERT_TRUE(report.ok()) << report.error();
    EXPECT_FALSE(report->differs());
    EXPECT_EQ(report->paired, 1);
}

TEST(HarDiff, AnExchangeOneSideNeverSentIsADifferenceShownAfterTheAnswers) {
    const json a = har({entry("T.A#1", "listOrders", 200, json::array()), entry("T.A#2", "getOrder", 200, json::object())});
    const json b = har({entry("T.A#1", "listOrders", 500, json::array())});
    auto report = diff_recordings(a, b);
    ASSERT_TRUE(report.ok()) << report.error();
    EXPECT_EQ(report->only_a, 1);
    ASSERT_EQ(report->groups.size(), 2u);
    EXPECT_EQ(report->groups[0].kind, Kind::Status);  // the answer that led the runs apart, first
    EXPECT_EQ(report->groups[1].kind, Kind::Request);
    EXPECT_EQ(report->groups[1].operation, "getOrder");
    EXPECT_EQ(report->groups[1].path, "sent");
    EXPECT_NE(render_text(*report).find("where the runs went apart"), std::string::npos);
}

TEST(HarDiff, APlaceTheTwoCopiesDifferAtAsOftenIsNoise) {
    json a = json::array(), b = json::array(), copy = json::array();
    for (int i = 1; i <= 10; ++i) {
        const std::string id = "T.A#" + std::to_string(i);
        a.push_back(entry(id, "listOrders", 200, {{"order", "x"}, {"total", 1}}));
        // The order of a list differs between any two copies half the time; the total only between targets.
        b.push_back(entry(id, "listOrders", 200, {{"order", i % 2 ? "y" : "x"}, {"total", 2}}));
        copy.push_back(entry(id, "listOrders", 200, {{"order", i % 2 ? "z" : "x"}, {"total", 1}}));
    }
    const json noise = har(copy);
    auto report = diff_recordings(har(a), har(b), &noise);
    ASSERT_TRUE(report.ok()) << report.error();
    ASSERT_EQ(report->groups.size(), 2u);
    EXPECT_EQ(report->groups[0].path, "/order");
    EXPECT_TRUE(report->groups[0].noise);
    EXPECT_DOUBLE_EQ(*report->groups[0].noise_share, 0.5);
    EXPECT_EQ(report->groups[1].path, "/total");
    EXPECT_FALSE(report->groups[1].noise);
    EXPECT_TRUE(report->differs());
}

/// An exchange sent in its turn of lockstep "7" (`dockside diff --against`), or of none.
json timed(const std::string& exchange, const std::string& operation, double wait_ms, const std::string& lockstep = "7") {
    json e = entry(exchange, operation, 200, json::object());
    e["timings"] = {{"send", 0.01}, {"wait", wait_ms}, {"receive", 0.01}};
    if (!lockstep.empty()) e["_dockside"]["lockstep"] = lockstep;
    return e;
}

TEST(HarDiff, AnOperationAnsweredLaterIsSlowerAndAMachineSlowerThroughoutIsNot) {
    json a = json::array(), b = json::array(), busier = json::array();
    for (int i = 1; i <= 40; ++i) {
        const double jitter = 0.05 * (i % 7);
        for (const std::string op : {"getOrder", "listOrders", "listReturns"}) {
            const std::string id = "T." + op + "#" + std::to_string(i);
            a.push_back(timed(id, op, 1.0 + jitter));
            b.push_back(timed(id, op, (op == "getOrder" ? 21.0 : 1.0) + jitter * (i % 3 ? 1.1 : 0.9)));
            busier.push_back(timed(id, op, 1.6 * (1.0 + jitter)));
        }
    }
    auto report = diff_recordings(har(a), har(b));
    ASSERT_TRUE(report.ok()) << report.error();
    ASSERT_EQ(report->latency.size(), 3u);
    EXPECT_EQ(report->latency[0].operation, "getOrder");
    EXPECT_EQ(report->latency[0].verdict, "slower");
    EXPECT_GT(report->latency[0].ratio, 10);
    EXPECT_EQ(report->latency[1].verdict, "same");
    EXPECT_EQ(report->latency[2].verdict, "same");
    EXPECT_TRUE(report->differs());
    EXPECT_NE(render_text(*report).find("getOrder"), std::string::npos);
    // Every operation 60 % slower: the run's own shift, not a difference of any one operation.
    auto shifted = diff_recordings(har(a), har(busier));
    ASSERT_TRUE(shifted.ok()) << shifted.error();
    EXPECT_NEAR(shifted->latency_shift, 1.6, 0.05);
    EXPECT_FALSE(shifted->differs());
}

// A run of two operations, the slowed one the most of its exchanges (`--only locations` through a proxy that
// holds one operation 20 ms): no shift is taken out, as which of two moved cannot be told.
TEST(HarDiff, OfTwoOperationsTheOneAnsweredLaterIsSlowerAndTheOtherIsNot) {
    json a = json::array(), b = json::array();
    for (int i = 1; i <= 40; ++i) {
        const double jitter = 0.05 * (i % 7);
        for (const std::string op : {"listLocations", "listLocations", "listFulfillmentCenters"}) {
            const std::string id = "T." + op + "#" + std::to_string(i) + "-" + std::to_string(a.size());
            a.push_back(timed(id, op, 1.0 + jitter));
            b.push_back(timed(id, op, (op == "listLocations" ? 21.0 : 1.0) + jitter));
        }
    }
    auto report = diff_recordings(har(a), har(b));
    ASSERT_TRUE(report.ok()) << report.error();
    ASSERT_EQ(report->latency.size(), 2u);
    EXPECT_EQ(report->latency[0].operation, "listFulfillmentCenters");
    EXPECT_EQ(report->latency[0].verdict, "same");
    EXPECT_EQ(report->latency[1].operation, "listLocations");
    EXPECT_EQ(report->latency[1].verdict, "slower");
    EXPECT_NEAR(report->latency_shift, 1.0, 1e-9);
}

// With a noise recording: an operation the two copies of the first target already answer that much slower
// is noise; one the second target answers far slower than the copies differ is not.
TEST(HarDiff, ALatencyChangeTheTwoCopiesShowAsFarIsNoise) {
    json a = json::array(), b = json::array(), copy = json::array();
    for (int i = 1; i <= 40; ++i) {
        const double jitter = 0.05 * (i % 7);
        for (const std::string op : {"getOrder", "listLocations", "listOrders", "listProducts", "listReturns"}) {
            const std::string id = "T." + op + "#" + std::to_string(i);
            a.push_back(timed(id, op, 1.0 + jitter));
            const double slower = op == "getOrder" ? 5.0 : op == "listOrders" ? 40.0 : 1.0;
            b.push_back(timed(id, op, slower * (1.0 + jitter * (i % 3 ? 1.1 : 0.9))));
            copy.push_back(timed(id, op, (op == "getOrder" ? 5.0 : 1.0) * (1.0 + jitter * (i % 2 ? 1.2 : 0.8))));
        }
    }
    const json noise = har(copy);
    auto report = diff_recordings(har(a), har(b), &noise);
    ASSERT_TRUE(report.ok()) << report.error();
    ASSERT_EQ(report->latency.size(), 5u);
    EXPECT_EQ(report->latency[0].operation, "getOrder");
    EXPECT_EQ(report->latency[0].verdict, "slower");
    EXPECT_TRUE(report->latency[0].noise);
    EXPECT_EQ(report->latency[2].operation, "listOrders");
    EXPECT_EQ(report->latency[2].verdict, "slower");
    EXPECT_FALSE(report->latency[2].noise);
    EXPECT_TRUE(report->differs());
    const json document = to_json(*report);
    EXPECT_TRUE(document["latency"]["operations"][0]["noise"].get<bool>());
}

// Recordings made apart (not in one lockstep) say nothing of latency: a burst of other work during one
// run's block of getOrder requests would pass for a difference.
TEST(HarDiff, RecordingsMadeApartAreNotJudgedForLatency) {
    json a = json::array(), b = json::array(), other = json::array();
    for (int i = 1; i <= 40; ++i)
        for (const std::string op : {"getOrder", "listOrders"}) {
            const std::string id = "T." + op + "#" + std::to_string(i);
            a.push_back(timed(id, op, 1.0, ""));
            b.push_back(timed(id, op, op == "getOrder" ? 21.0 : 1.0, ""));
            other.push_back(timed(id, op, op == "getOrder" ? 21.0 : 1.0, "8"));
        }
    for (const auto& second : {b, other}) {
        auto report = diff_recordings(har(a), har(second));
        ASSERT_TRUE(report.ok()) << report.error();
        EXPECT_TRUE(report->latency.empty());
        EXPECT_EQ(report->latency_apart, 80);
        EXPECT_FALSE(report->differs());
        EXPECT_NE(render_text(*report).find("latency: not judged"), std::string::npos) << render_text(*report);
    }
}

TEST(HarDiff, RecordingsOfDifferentRunsOrNoHarAreRefused) {
    EXPECT_FALSE(diff_recordings(json::object(), har(json::array())).ok());
    const auto apart = diff_recordings(har({entry("T.A#1", "x", 200, json::object())}), har({entry("T.B#1", "x", 200, json::object())}));
    ASSERT_FALSE(apart.ok());
    EXPECT_NE(apart.error().find("share no exchange"), std::string::npos);
}

}  // namespace
}  // namespace dockside::diff
