// --fail-on gates: what they accept and every way they can be mistyped.

#include "harness/compare/metrics.h"

#include <gtest/gtest.h>

namespace dockside::compare {
namespace {

TEST(Gates, ParseOperationMetricAndAmount) {
    auto gates = parse_gates("p99:+10%, errors:+0.1pp,getOrder:p50:+5%,rate:-5%,GET /2025-07/x:cancel:p99.9:20%");
    ASSERT_TRUE(gates);
    ASSERT_EQ(gates->size(), 5u);
    EXPECT_EQ((*gates)[0].metric, Metric::P99);
    EXPECT_TRUE((*gates)[0].operation.empty());
    EXPECT_DOUBLE_EQ((*gates)[0].amount, 0.10);
    EXPECT_DOUBLE_EQ((*gates)[1].amount, 0.001);
    EXPECT_EQ((*gates)[2].operation, "getOrder");
    EXPECT_EQ((*gates)[3].metric, Metric::Rate);
    EXPECT_EQ((*gates)[4].operation, "GET /2025-07/x:cancel");
    EXPECT_EQ((*gates)[4].metric, Metric::P999);
    EXPECT_TRUE((*gates)[2].covers("getOrder", Metric::P50));
    EXPECT_FALSE((*gates)[2].covers("listOrders", Metric::P50));
    EXPECT_TRUE((*gates)[0].covers("all", Metric::P99));
}

TEST(Gates, EveryMistakeIsReportedAtOnce) {
    auto gates = parse_gates("p99,p98:+1%,p99:+ten%,errors:+1%,p50:+1pp,p99:-10%,rate:+5%");
    ASSERT_FALSE(gates);
    const auto& p = gates.error();
    ASSERT_EQ(p.size(), 7u);
    EXPECT_NE(p[0].find("expected [OPERATION:]METRIC"), std::string::npos);
    EXPECT_NE(p[1].find("unknown metric 'p98'"), std::string::npos);
    EXPECT_NE(p[2].find("is not an amount"), std::string::npos);
    EXPECT_NE(p[3].find("percentage points"), std::string::npos);
    EXPECT_NE(p[4].find("pp is for errors"), std::string::npos);
    EXPECT_NE(p[5].find("grows; write +N%"), std::string::npos);
    EXPECT_NE(p[6].find("falls; write -N%"), std::string::npos);
}

TEST(Metrics, NamesAndDirections) {
    for (Metric m : kAllMetrics) EXPECT_EQ(metric_named(to_string(m)), m);
    EXPECT_EQ(metric_named("p999"), Metric::P999);
    EXPECT_FALSE(metric_named("p42"));
    EXPECT_TRUE(higher_is_worse(Metric::P99));
    EXPECT_FALSE(higher_is_worse(Metric::Rate));
    EXPECT_EQ(percentile_of(Metric::Max), 100.0);
    EXPECT_FALSE(percentile_of(Metric::Errors));
}

}  // namespace
}  // namespace dockside::compare
