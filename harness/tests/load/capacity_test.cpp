// Capacity search on a simulated target whose p99 grows with the rate: the search steps up, then
// bisects to the highest rate within the SLO; every step is in the curve.

#include <gtest/gtest.h>

#include "harness/load/capacity.h"

namespace dockside::load {
namespace {

/// A run at `rate` against a target that answers in 1 ms up to 800/s and in `rate` µs beyond that.
RunResult simulated(double rate) {
    RunResult r;
    r.duration_s = 1;
    r.requested = static_cast<std::uint64_t>(rate);
    OperationResult op;
    op.name = "get";
    const std::int64_t latency = rate <= 800 ? 1000 : static_cast<std::int64_t>(rate) * 100;
    for (int i = 0; i < static_cast<int>(rate); ++i) {
        op.latency.record(latency);
        op.counters.count_status(200);
    }
    r.operations.push_back(op);
    return r;
}

TEST(Capacity, StepsThenBisectsToTheSloBoundary) {
    CapacityOptions o;
    o.start_rate = 100;
    o.precision = 0.02;
    const auto slo = parse_threshold_list("p99<50ms,errors<1%").value();
    std::vector<double> rates;
    const auto found = find_capacity(o, slo, [&](double rate) {
        rates.push_back(rate);
        return std::optional<RunResult>(simulated(rate));
    });
    // 100, 200, 400 and 800/s pass (1 ms); 1600/s fails (p99 160 ms). Every rate above 800/s answers in
    // rate·100 µs > 80 ms, so the bisection between 800 and 1600 keeps failing and closes on 800.
    ASSERT_TRUE(found.capacity);
    EXPECT_NEAR(*found.capacity, 800, 800 * 0.02);
    EXPECT_EQ(rates[0], 100);
    EXPECT_EQ(rates[4], 1600);
    EXPECT_EQ(found.curve.size(), rates.size());
    EXPECT_FALSE(found.curve[4].passed);
    EXPECT_EQ(found.stopped_because, "bisected to within the precision");
    const auto csv = capacity_csv(found);
    EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), static_cast<long>(rates.size() + 1));
    EXPECT_EQ(capacity_json(found, slo)["curve"].size(), rates.size());
}

TEST(Capacity, ShortAchievedRateFailsAStepAndInterruptStops) {
    const auto slo = parse_threshold_list("p99<1s").value();
    RunResult half = simulated(100);
    half.requested = 200;  // answered only half of what was asked
    EXPECT_FALSE(judge_step(200, half, slo, 0.99).passed);
    int calls = 0;
    CapacityOptions o;
    const auto found = find_capacity(o, slo, [&](double rate) -> std::optional<RunResult> {
        if (++calls == 3) return std::nullopt;
        return simulated(rate);
    });
    EXPECT_TRUE(found.interrupted);
    EXPECT_EQ(found.curve.size(), 2u);
    ASSERT_TRUE(found.capacity);
    EXPECT_EQ(*found.capacity, 200);
}

TEST(Capacity, NothingPassingGivesNoCapacity) {
    const auto slo = parse_threshold_list("p99<1us").value();
    CapacityOptions o;
    o.start_rate = 64;
    const auto found = find_capacity(o, slo, [](double rate) { return std::optional<RunResult>(simulated(rate)); });
    EXPECT_FALSE(found.capacity);
    EXPECT_GE(found.curve.size(), 6u);
}

}  // namespace
}  // namespace dockside::load
