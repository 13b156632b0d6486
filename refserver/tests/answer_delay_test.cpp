// Latency faults: what `--delay` accepts, what it refuses (all problems at once), and which delay an
// answer gets. That the transport really holds the answer is tested over sockets in
// tests/embedded/embedded_server_test.cpp.

#include "refserver/faults/answer_delay.h"

#include <gtest/gtest.h>

#include "refserver/reference_server.h"

namespace dockside::refserver {
namespace {

using std::chrono::microseconds;

std::string joined(const std::vector<std::string>& problems) {
    std::string all;
    for (const auto& p : problems) all += p + "\n";
    return all;
}

TEST(AnswerDelay, NamedOperationKeepsItsOwnDelayAndStarCoversTheRest) {
    auto delays = AnswerDelays::parse({"getOrder:+2ms", "*:+1ms", "listOrders:250us"});
    ASSERT_TRUE(delays) << joined(delays.error());
    EXPECT_EQ(delays->for_operation("getOrder"), microseconds(2000));
    EXPECT_EQ(delays->for_operation("listOrders"), microseconds(250));
    EXPECT_EQ(delays->for_operation("createOrder"), microseconds(1000));
    EXPECT_EQ(delays->for_operation(""), microseconds(1000));  // a request no route matched
    EXPECT_EQ(delays->describe(), "getOrder +2ms, listOrders +250us, * +1ms");
}

TEST(AnswerDelay, WithoutStarOnlyNamedOperationsWait) {
    auto delays = AnswerDelays::parse({"getOrder:+1.5ms"});
    ASSERT_TRUE(delays);
    EXPECT_EQ(delays->for_operation("getOrder"), microseconds(1500));
    EXPECT_EQ(delays->for_operation("listOrders"), microseconds(0));
    EXPECT_FALSE(delays->empty());
    EXPECT_TRUE(AnswerDelays::parse({})->empty());
}

TEST(AnswerDelay, EveryBadTextIsReportedAtOnce) {
    auto delays = AnswerDelays::parse({"getOrder", "getOrder:+20%", "getOrder:+2 parsecs", "*:+11s", "x:+1ms", "x:+2ms"});
    ASSERT_FALSE(delays);
    const auto& p = delays.error();
    ASSERT_EQ(p.size(), 5u) << joined(p);
    EXPECT_NE(p[0].find("expected OPERATION:+DELAY"), std::string::npos);
    EXPECT_NE(p[1].find("relative delays are not supported"), std::string::npos);
    EXPECT_NE(p[2].find("is not a duration"), std::string::npos);
    EXPECT_NE(p[3].find("at most +10s"), std::string::npos);
    EXPECT_NE(p[4].find("x already has a delay"), std::string::npos);
}

TEST(AnswerDelay, AmountsAndTheirSpelling) {
    EXPECT_EQ(parse_delay_amount("2ms"), microseconds(2000));
    EXPECT_EQ(parse_delay_amount("0.5s"), microseconds(500000));
    EXPECT_EQ(parse_delay_amount("40us"), microseconds(40));
    EXPECT_FALSE(parse_delay_amount("-1ms"));
    EXPECT_FALSE(parse_delay_amount("ms"));
    EXPECT_FALSE(parse_delay_amount("3"));
    EXPECT_EQ(format_delay(microseconds(2000)), "+2ms");
    EXPECT_EQ(format_delay(microseconds(1500)), "+1.500ms");
    EXPECT_EQ(format_delay(microseconds(3000000)), "+3s");
    EXPECT_EQ(format_delay(microseconds(40)), "+40us");
}

TEST(AnswerDelay, AnUnknownOperationIsAConfigurationErrorWithTheNearestName) {
    Options options;
    options.delays = {"getOrdr:+2ms", "*:bad", "noSuchThing:+1ms"};
    auto server = ReferenceServer::create(options);
    ASSERT_FALSE(server);
    const auto all = joined(server.error());
    EXPECT_EQ(server.error().size(), 3u) << all;
    EXPECT_NE(all.find("unknown operation 'getOrdr'; did you mean getOrder?"), std::string::npos) << all;
    EXPECT_NE(all.find("'bad' is not a duration"), std::string::npos) << all;
    EXPECT_NE(all.find("unknown operation 'noSuchThing' (operation ids as in the contract"), std::string::npos) << all;
}

TEST(AnswerDelay, TheServerNamesTheDelayOfEachRequestAndPrintsItInItsBanner) {
    Options options;
    options.delays = {"getOrder:+2ms"};
    auto server = ReferenceServer::create(options);
    ASSERT_TRUE(server) << joined(server.error());
    http::Request get_order{"GET", "/2025-07/order/123", {}, ""};
    http::Request list_orders{"GET", "/2025-07/order?Limit=5", {}, ""};
    EXPECT_EQ((*server)->answer_delay(get_order), microseconds(2000));
    EXPECT_EQ((*server)->answer_delay(list_orders), microseconds(0));
    EXPECT_NE((*server)->banner().find("answers delayed:       getOrder +2ms"), std::string::npos);
}

}  // namespace
}  // namespace dockside::refserver
