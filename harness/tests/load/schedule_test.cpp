// Schedules, stages and durations: the arithmetic that decides when every open-loop request is due.

#include <gtest/gtest.h>

#include "harness/load/duration_text.h"
#include "harness/load/request_index.h"
#include "harness/load/schedule.h"

namespace dockside::load {
namespace {

using namespace std::chrono_literals;

TEST(Duration, ParsesUnitsAndCombinations) {
    EXPECT_EQ(parse_duration("30s").value(), Nanos(30s));
    EXPECT_EQ(parse_duration("250ms").value(), Nanos(250ms));
    EXPECT_EQ(parse_duration("1m30s").value(), Nanos(90s));
    EXPECT_EQ(parse_duration("0.5s").value(), Nanos(500ms));
    EXPECT_EQ(parse_duration("2h").value(), Nanos(2h));
    EXPECT_EQ(parse_duration("10").value(), Nanos(10s));
    EXPECT_EQ(parse_duration("100us").value(), Nanos(100us));
}

TEST(Duration, RejectsWhatIsNotADuration) {
    for (const char* bad : {"", "fast", "10x", "-5s", "1..2s", "1m30", "s"})
        EXPECT_FALSE(parse_duration(bad)) << bad;
    EXPECT_NE(parse_duration("10x").error().find("unknown unit"), std::string::npos);
}

TEST(Duration, FormatsReadably) {
    EXPECT_EQ(format_duration(Nanos(90s)), "1m30s");
    EXPECT_EQ(format_duration(Nanos(250ms)), "250ms");
    EXPECT_EQ(format_duration(Nanos(1500ms)), "1.5s");
    // From a minute up, hours and minutes: a start six years in the past read "2.17803e+08s".
    EXPECT_EQ(format_duration(Nanos(std::chrono::milliseconds(217'803'012'345))), "60500h50m12.345s");
    EXPECT_EQ(format_duration(Nanos(std::chrono::milliseconds(90'500))), "1m30.5s");
    EXPECT_EQ(format_duration(Nanos(std::chrono::milliseconds(3'600'000'250))), "1000h0.25s");
    EXPECT_EQ(format_micros(850), "850\xC2\xB5s");
    EXPECT_EQ(format_micros(12345), "12.3ms");
    EXPECT_EQ(format_micros(1250000), "1.25s");
}

TEST(Stages, ParseAndReportBadPieces) {
    auto stages = parse_stages("30s:500,60s:2000,30s:0");
    ASSERT_TRUE(stages);
    ASSERT_EQ(stages->size(), 3u);
    EXPECT_EQ((*stages)[1].duration, Nanos(60s));
    EXPECT_EQ((*stages)[1].target_rate, 2000);
    EXPECT_NE(parse_stages("30s:500,60s").error().find("60s"), std::string::npos);
    EXPECT_NE(parse_stages("30s:-5").error().find("-5"), std::string::npos);
    EXPECT_FALSE(parse_stages("xs:5"));
}

TEST(Schedule, ConstantRateSendsRateTimesDurationAtEvenSpacing) {
    auto s = Schedule::constant(500, 30s).value();
    EXPECT_EQ(s.total_requests(), 15000u);
    EXPECT_EQ(*s.time_of(0), 0);
    EXPECT_EQ(*s.time_of(1), 2'000'000);
    EXPECT_EQ(*s.time_of(14999), 29'998'000'000);
    EXPECT_FALSE(s.time_of(15000));
    EXPECT_EQ(s.requests_between(0, 1'000'000'000), 500u);
}

TEST(Schedule, LinearRampReachesItsTargetWithTheIntegralAsCount) {
    // 0 → 1000/s over 10 s: 5000 requests; the count up to t is 50·t², so request k is due at sqrt(k/50).
    auto s = Schedule::make(0, {{Nanos(10s), 1000}}).value();
    EXPECT_EQ(s.total_requests(), 5000u);
    EXPECT_NEAR(*s.time_of(1250) / 1e9, 5.0, 1e-6);
    EXPECT_NEAR(s.rate_at(5'000'000'000), 500, 1e-9);
    // In the last second the rate is close to 1000/s: 50·(100 − 81) = 950 requests.
    EXPECT_EQ(s.requests_between(9'000'000'000, 10'000'000'000), 950u);
}

TEST(Schedule, StagesChainAndTimesIncrease) {
    auto s = Schedule::make(0, parse_stages("2s:100,2s:300,1s:0").value()).value();
    // 100 + 400 + 150 requests.
    EXPECT_EQ(s.total_requests(), 650u);
    std::int64_t previous = -1;
    for (std::uint64_t k = 0; k < s.total_requests(); ++k) {
        const auto t = s.time_of(k);
        ASSERT_TRUE(t);
        ASSERT_GE(*t, previous);
        previous = *t;
    }
    EXPECT_LT(previous, s.duration_ns());
    EXPECT_EQ(s.describe(), "0\xE2\x86\x92" "100/s in 2s, 100\xE2\x86\x92" "300/s in 2s, 300\xE2\x86\x92" "0/s in 1s");
}

TEST(Schedule, RejectsSchedulesThatSendNothing) {
    EXPECT_FALSE(Schedule::make(0, {}));
    EXPECT_FALSE(Schedule::make(0, {{Nanos(10s), 0}}));
    EXPECT_FALSE(Schedule::constant(0, 10s));
    EXPECT_FALSE(Schedule::make(0, {{Nanos(0), 10}}));
}

TEST(MixPicker, ChoosesInProportionAndNeverAZeroWeight) {
    MixPicker picker({3, 0, 1});
    int counts[3] = {0, 0, 0};
    for (std::uint64_t k = 0; k < 40000; ++k) ++counts[picker.pick(request_hash(7, k))];
    EXPECT_EQ(counts[1], 0);
    EXPECT_NEAR(counts[0] / 40000.0, 0.75, 0.02);
    EXPECT_NEAR(counts[2] / 40000.0, 0.25, 0.02);
}

TEST(MixPicker, SamplingFractionIsHonoured) {
    int n = 0;
    for (std::uint64_t k = 0; k < 100000; ++k) n += sampled(mix64(request_hash(3, k)), 0.01) ? 1 : 0;
    EXPECT_NEAR(n, 1000, 150);
    EXPECT_FALSE(sampled(123, 0));
    EXPECT_TRUE(sampled(123, 1));
}

}  // namespace
}  // namespace dockside::load
