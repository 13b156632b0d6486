// `dockside serve --rate-limit`: a token bucket of one second's requests; past it 429 rate_limited with
// Retry-After in whole seconds, refused before anything of the request is done (NS-RATE-LIMITS).

#include "refserver/core/rate_limit.h"

#include <gtest/gtest.h>

#include "refserver/reference_server.h"

namespace dockside::refserver {
namespace {

using std::chrono::milliseconds;

TEST(RateLimit, ParsesPerSecondAndPerMinute) {
    EXPECT_EQ(RateLimit::parse("50/s").value(), 50.0);
    EXPECT_EQ(RateLimit::parse("20").value(), 20.0);
    EXPECT_EQ(RateLimit::parse("600/m").value(), 10.0);
    for (const char* bad : {"", "0/s", "-5/s", "fast", "5/h", "5/s/s", "nan"}) EXPECT_FALSE(RateLimit::parse(bad)) << bad;
}

TEST(RateLimit, HoldsOneSecondOfRequestsThenAsksToWait) {
    RateLimit limit(4);
    const auto t0 = RateLimit::Clock::now();
    for (int i = 0; i < 4; ++i) EXPECT_FALSE(limit.admit(t0)) << i;
    const auto wait = limit.admit(t0);
    ASSERT_TRUE(wait);
    EXPECT_EQ(*wait, milliseconds(250));
    EXPECT_FALSE(limit.admit(t0 + milliseconds(250))) << "a quarter second refills one request";
    EXPECT_TRUE(limit.admit(t0 + milliseconds(260)));
    for (int i = 0; i < 4; ++i) EXPECT_FALSE(limit.admit(t0 + milliseconds(5000))) << "refilled, never past one second's worth";
    EXPECT_TRUE(limit.admit(t0 + milliseconds(5000)));
}

TEST(RateLimit, TheServerRefusesPastItWithRetryAfterAndDoesNothing) {
    Options options;
    options.rate_limit_per_second = 1;
    auto server = ReferenceServer::create(std::move(options));
    ASSERT_TRUE(server);
    http::Request list;
    list.method = "GET";
    list.target = "/2025-07/location";
    list.headers.set("Authorization", "Bearer " + (*server)->pat());
    EXPECT_EQ((*server)->handle(list).status, 200);
    const auto refused = (*server)->handle(list);
    EXPECT_EQ(refused.status, 429);
    EXPECT_EQ(refused.headers.get("Retry-After"), "1");
    EXPECT_NE(refused.body.find("\"rate_limited\""), std::string::npos) << refused.body;
    EXPECT_NE(refused.body.find("NS-RATE-LIMITS"), std::string::npos) << refused.body;
}

TEST(RateLimit, AServerWithoutOneNeverAnswers429) {
    auto server = ReferenceServer::create(Options{});
    ASSERT_TRUE(server);
    http::Request list;
    list.method = "GET";
    list.target = "/2025-07/location";
    list.headers.set("Authorization", "Bearer " + (*server)->pat());
    for (int i = 0; i < 200; ++i) ASSERT_EQ((*server)->handle(list).status, 200);
}

}  // namespace
}  // namespace dockside::refserver
