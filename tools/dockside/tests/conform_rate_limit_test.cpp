// A target that throttles is a correct server (the document shows no rate limit; NS-RATE-LIMITS): conform
// waits out every 429 as Retry-After asks, counts it, and fails nothing for it. `--max-rps` keeps a run
// under the limit; a target that never stops refusing leaves the test blocked "rate limited", not failed.

#include <gtest/gtest.h>

#include "tools/dockside/tests/cli_support.h"

namespace dockside::clitest {
namespace {

using json = nlohmann::json;

TEST(RateLimits, AServerThatThrottlesIsWaitedOutAndNothingFails) {
    // Against `dockside serve --rate-limit 100/s` the same run failed 30 tests (15 distinct "findings").
    auto server = ServeProcess::start({"--rate-limit", "100/s"});
    ASSERT_TRUE(server);
    const std::string out = fresh_dir("throttled");
    auto ran = dockside(with({"conform", "--only", "orders,returns", "--seed", "17", "--out", out}, server->target_args()));
    EXPECT_EQ(ran.exit_code, 0) << ran.output;
    const auto results = results_of(out);
    ASSERT_TRUE(results.is_object()) << ran.output;
    EXPECT_TRUE(tests_with(results, "failed").empty()) << ran.output;
    EXPECT_TRUE(tests_with(results, "blocked").empty()) << ran.output;
    EXPECT_GT(results["summary"].value("rate_limited_waits", 0), 0) << results["summary"].dump();
    EXPECT_NE(ran.output.find("the target answered 429 (rate limited)"), std::string::npos) << ran.output;
    EXPECT_NE(read_text(out + "/junit.xml").find("name=\"rate_limited_waits\""), std::string::npos);
}

TEST(RateLimits, MaxRpsKeepsARunUnderTheLimit) {
    auto server = ServeProcess::start({"--rate-limit", "50/s"});
    ASSERT_TRUE(server);
    const std::string out = fresh_dir("paced");
    auto ran = dockside(with({"conform", "--only", "channels,locations", "--seed", "17", "--max-rps", "40", "--workers", "2",
                              "--out", out},
                             server->target_args()));
    EXPECT_EQ(ran.exit_code, 0) << ran.output;
    const auto results = results_of(out);
    ASSERT_TRUE(results.is_object()) << ran.output;
    EXPECT_EQ(results["summary"].value("rate_limited_waits", -1), 0) << results["summary"].dump();
}

TEST(RateLimits, ATargetThatNeverStopsRefusingBlocksTheTest) {
    auto target = MisbehavingTarget::start([](const http::Request& r, http::Response& response) {
        if (r.method != "GET" || r.path() != "/2025-07/location") return;
        response.status = 429;
        response.body = R"({"error":{"code":"rate_limited","message":"slow down"}})";
        response.headers.set("Retry-After", "0");
    });
    ASSERT_TRUE(target);
    const std::string out = fresh_dir("refusing");
    auto ran = dockside(with({"conform", "--only", "locations", "--seed", "17", "--out", out}, target->target_args()));
    EXPECT_EQ(ran.exit_code, 1) << ran.output;
    const auto results = results_of(out);
    ASSERT_TRUE(results.is_object()) << ran.output;
    EXPECT_TRUE(tests_with(results, "failed").empty()) << "a refusal is not a violation\n" << ran.output;
    const auto blocked = tests_with(results, "blocked");
    ASSERT_FALSE(blocked.empty()) << ran.output;
    for (const auto& t : results["tests"]) {
        if (t.value("status", "") != "blocked") continue;
        EXPECT_NE(t.value("reason", "").find("rate limited: the target kept answering 429 to GET /2025-07/location"),
                  std::string::npos)
            << t.dump();
    }
}

}  // namespace
}  // namespace dockside::clitest
