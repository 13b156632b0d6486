// --start-at's instants: RFC 3339 with its offset, or +DURATION from now; formatted back exactly.

#include <gtest/gtest.h>

#include "harness/load/start_instant.h"

namespace dockside::load {
namespace {

using namespace std::chrono;

WallTime utc(int y, unsigned mo, unsigned d, int h, int mi, int s) {
    return WallTime(sys_days(year{y} / month{mo} / day{d}) + hours(h) + minutes(mi) + seconds(s));
}

TEST(StartInstant, ReadsRfc3339WithOffsetAndFraction) {
    const WallTime now{};
    EXPECT_EQ(parse_start_instant("2026-11-23T14:00:00Z", now).value(), utc(2026, 11, 23, 14, 0, 0));
    EXPECT_EQ(parse_start_instant("2026-11-23t14:00:00z", now).value(), utc(2026, 11, 23, 14, 0, 0));
    EXPECT_EQ(parse_start_instant("2026-11-23T15:30:00+01:30", now).value(), utc(2026, 11, 23, 14, 0, 0));
    EXPECT_EQ(parse_start_instant("2026-11-23T09:00:00-05:00", now).value(), utc(2026, 11, 23, 14, 0, 0));
    EXPECT_EQ(parse_start_instant("2028-02-29T00:00:00.25Z", now).value(), utc(2028, 2, 29, 0, 0, 0) + milliseconds(250));
    EXPECT_EQ(parse_start_instant("2026-11-23T14:00:00.000001Z", now).value(), utc(2026, 11, 23, 14, 0, 0) + microseconds(1));
}

TEST(StartInstant, ReadsAnOffsetFromNow) {
    const WallTime now = utc(2026, 11, 23, 14, 0, 0);
    EXPECT_EQ(parse_start_instant("+10s", now).value(), now + seconds(10));
    EXPECT_EQ(parse_start_instant("+1m30s", now).value(), now + seconds(90));
    EXPECT_EQ(parse_start_instant("+250ms", now).value(), now + milliseconds(250));
}

TEST(StartInstant, RejectsWhatIsNotAnInstant) {
    for (const char* text : {"", "2026-11-23", "2026-11-23T14:00:00", "2026-11-23 14:00:00Z", "2027-02-29T00:00:00Z",
                             "2026-11-23T14:00:60Z", "2026-11-23T14:00:00.Z", "2026-11-23T14:00:00+0100",
                             "2026-11-23T14:00:00Zjunk", "+", "+-5s", "now"})
        EXPECT_FALSE(parse_start_instant(text, WallTime{})) << text;
}

TEST(StartInstant, FormatsUtcWithMicrosecondsAndReadsItBack) {
    const WallTime at = utc(2026, 11, 23, 14, 5, 9) + microseconds(123456);
    EXPECT_EQ(format_utc(at), "2026-11-23T14:05:09.123456Z");
    EXPECT_EQ(parse_start_instant(format_utc(at), WallTime{}).value(), at);
    EXPECT_EQ(from_unix_ns(unix_ns(at)), at);
    EXPECT_EQ(format_utc(utc(1969, 12, 31, 23, 59, 59) + microseconds(500000)), "1969-12-31T23:59:59.500000Z");
}

TEST(StartInstant, ATolerableLatenessAndADayAheadAreTheLimits) {
    const WallTime now = utc(2026, 11, 23, 14, 0, 0);
    EXPECT_FALSE(start_instant_problem(now - milliseconds(900), now));
    EXPECT_FALSE(start_instant_problem(now + hours(24), now));
    const auto past = start_instant_problem(now - seconds(3), now);
    ASSERT_TRUE(past);
    EXPECT_NE(past->find("3s in the past"), std::string::npos) << *past;
    const auto ahead = start_instant_problem(now + hours(24) + seconds(1), now);
    ASSERT_TRUE(ahead);
    EXPECT_NE(ahead->find("more than 24h ahead"), std::string::npos) << *ahead;
}

}  // namespace
}  // namespace dockside::load
