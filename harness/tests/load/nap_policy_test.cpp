// The closed loop's read batching decides by measurement: it tries both modes, keeps naps only when they
// completed clearly more answers, tries again later, and does not try where a nap cannot fit the round trip.

#include <gtest/gtest.h>

#include "harness/load/nap_policy.h"

namespace dockside::load {
namespace {

constexpr std::int64_t kRoundTrip = 400'000;  // 400 µs: a nap of 100 µs fits well
constexpr std::int64_t kOvershoot = 30'000;

NapPolicy::Settings small() {
    NapPolicy::Settings s;
    s.trial_ticks = 4;
    s.settle_ticks = 1;
    s.keep_ticks = 10;
    s.recheck_ticks = 2;
    s.gain = 1.03;
    return s;
}

/// Runs `ticks` ticks, each completing `with_naps` answers while napping and `without` otherwise.
void run_ticks(NapPolicy& policy, int ticks, std::int64_t with_naps, std::int64_t without, bool worth = true) {
    for (int i = 0; i < ticks; ++i) policy.on_tick(policy.napping() ? with_naps : without, worth);
}

TEST(NapPolicy, NotAllowedNeverNaps) {
    NapPolicy policy(false, small());
    run_ticks(policy, 100, 1000, 10);
    EXPECT_FALSE(policy.napping());
    EXPECT_EQ(policy.napping_share(), 0.0);
    EXPECT_EQ(policy.trials(), 0);
}

TEST(NapPolicy, StartsWithoutNapsUntilTheRoundTripIsKnown) {
    NapPolicy policy(true, small());
    EXPECT_FALSE(policy.napping());
    policy.on_tick(100, true);
    EXPECT_FALSE(policy.napping());  // recheck_ticks = 2: the trial begins at the second tick
    policy.on_tick(100, true);
    EXPECT_FALSE(policy.napping());  // the first cycle tries the mode without naps first
    run_ticks(policy, 4, 100, 100);
    EXPECT_TRUE(policy.napping());   // then the one with naps
}

TEST(NapPolicy, KeepsNapsWhenTheyCompleteClearlyMore) {
    NapPolicy policy(true, small());
    run_ticks(policy, 2 + 8, 110, 100);  // learn, then both trials
    EXPECT_EQ(policy.trials(), 1);
    EXPECT_TRUE(policy.napping());
    run_ticks(policy, 9, 110, 100);      // kept for the keep stretch
    EXPECT_TRUE(policy.napping());
}

TEST(NapPolicy, DropsNapsThatCompleteLessOrBarelyMore) {
    NapPolicy fewer(true, small());
    run_ticks(fewer, 10, 80, 100);
    EXPECT_EQ(fewer.trials(), 1);
    EXPECT_FALSE(fewer.napping());
    // 2 % more is within what a trial's noise gives: naps are not worth their doubt.
    NapPolicy barely(true, small());
    run_ticks(barely, 10, 102, 100);
    EXPECT_EQ(barely.trials(), 1);
    EXPECT_FALSE(barely.napping());
}

TEST(NapPolicy, TheSettlingTicksOfEachTrialAreNotCounted) {
    // Each trial's first tick (the switch's transient) is wildly in favour of the other mode; the
    // remaining three decide.
    NapPolicy policy(true, small());
    run_ticks(policy, 2, 0, 0);
    policy.on_tick(1'000'000, true);            // off, settling: ignored
    run_ticks(policy, 3, 0, 100);               // off: 300
    policy.on_tick(0, true);                    // on, settling: ignored
    run_ticks(policy, 3, 120, 0);               // on: 360
    EXPECT_EQ(policy.trials(), 1);
    EXPECT_TRUE(policy.napping());
}

TEST(NapPolicy, TriesAgainAfterKeepingAndAlternatesWhichModeGoesFirst) {
    NapPolicy policy(true, small());
    run_ticks(policy, 10, 110, 100);  // first cycle: naps kept
    ASSERT_TRUE(policy.napping());
    run_ticks(policy, 10, 110, 100);  // the keep stretch
    EXPECT_TRUE(policy.napping());    // the second cycle begins with naps on
    run_ticks(policy, 4, 90, 100);    // ...the conditions changed: naps now lose
    EXPECT_FALSE(policy.napping());
    run_ticks(policy, 4, 90, 100);
    EXPECT_EQ(policy.trials(), 2);
    EXPECT_FALSE(policy.napping());
}

TEST(NapPolicy, DoesNotTryWhereANapCannotFitTheRoundTrip) {
    NapPolicy policy(true, small());
    run_ticks(policy, 50, 1000, 10, false);
    EXPECT_FALSE(policy.napping());
    EXPECT_EQ(policy.trials(), 0);
    run_ticks(policy, 2, 1000, 10, true);  // at the next recheck it does
    run_ticks(policy, 8, 1000, 10, true);
    EXPECT_EQ(policy.trials(), 1);
    EXPECT_TRUE(policy.napping());
}

TEST(NapPolicy, ForbiddenStopsNapsAtOnce) {
    NapPolicy policy(true, small());
    run_ticks(policy, 10, 110, 100);
    ASSERT_TRUE(policy.napping());
    policy.forbid();
    EXPECT_FALSE(policy.napping());
    EXPECT_FALSE(policy.allowed());
}

TEST(NapPolicy, ShareCountsTheTicksSpentNapping) {
    NapPolicy policy(true, small());
    run_ticks(policy, 2 + 8 + 10, 110, 100);  // 2 learning, 4 off, 4 on, 10 kept on
    EXPECT_NEAR(policy.napping_share(), 14.0 / 20.0, 1e-9);
}

TEST(NapPolicy, NapIsAQuarterOfTheRoundTripWithinItsBounds) {
    EXPECT_EQ(NapPolicy::nap_ns(kRoundTrip), 100'000);
    EXPECT_EQ(NapPolicy::nap_ns(1'000), NapPolicy::kMinNapNs);
    EXPECT_EQ(NapPolicy::nap_ns(1'000'000'000), NapPolicy::kMaxNapNs);
}

TEST(NapPolicy, WorthTryingOnlyWhenNapAndTimerLatenessEndWithinHalfTheRoundTrip) {
    // 100 µs nap + 30 µs late = 130 µs ≤ 200 µs.
    EXPECT_TRUE(NapPolicy::worth_trying(kRoundTrip, kOvershoot));
    // 60 µs round trip (8 connections on a fast target): 15 µs nap + 30 µs late > 30 µs.
    EXPECT_FALSE(NapPolicy::worth_trying(60'000, kOvershoot));
    // A machine whose timers end naps 200 µs late: not even a 400 µs round trip.
    EXPECT_FALSE(NapPolicy::worth_trying(kRoundTrip, 200'000));
    EXPECT_FALSE(NapPolicy::worth_trying(0, 0));  // nothing measured yet
}

}  // namespace
}  // namespace dockside::load
