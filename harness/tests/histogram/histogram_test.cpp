#include "harness/histogram/histogram.h"

#include <cmath>
#include <stdexcept>
#include <vector>

#include <gtest/gtest.h>

namespace dockside::histogram {
namespace {

constexpr std::int64_t kOutOfRange = 4'000'000'000;  // above the default hour

TEST(HistogramLayout, DefaultsTrackOneMicrosecondToOneHourAtThreeDigits) {
    Histogram h;
    EXPECT_EQ(h.lowest_discernible(), 1);
    EXPECT_EQ(h.highest_trackable(), 3'600'000'000);
    EXPECT_EQ(h.significant_digits(), 3);
    // 2 * 10^3 needs 2048 sub-buckets; 2048 * 2^21 is the first power past one hour: 22 buckets.
    EXPECT_EQ(h.sub_bucket_count(), 2048);
    EXPECT_EQ(h.bucket_count(), 22);
    EXPECT_EQ(h.counts_length(), 23u * 1024u);
    EXPECT_EQ(h.memory_bytes(), sizeof(Histogram) + 23u * 1024u * 8u);
}

TEST(HistogramLayout, MemoryIsFixedWhateverIsRecorded) {
    Histogram h;
    const auto before = h.memory_bytes();
    for (std::int64_t v = 1; v < 3'600'000'000; v = v * 3 + 1) h.record(v);
    EXPECT_EQ(h.memory_bytes(), before);
}

TEST(HistogramLayout, InvalidSettingsAreErrorsThatNameThem) {
    EXPECT_THROW(Histogram(0, 100, 3), std::invalid_argument);
    auto too_narrow = Histogram::make(10, 15, 3);
    ASSERT_FALSE(too_narrow);
    EXPECT_NE(too_narrow.error().find("at least twice"), std::string::npos) << too_narrow.error();
    auto digits = Histogram::make(1, 1000, 6);
    ASSERT_FALSE(digits);
    EXPECT_NE(digits.error().find("digits 6"), std::string::npos) << digits.error();
    auto huge = Histogram::make(1, std::int64_t{1} << 62, 5);
    ASSERT_FALSE(huge);
    EXPECT_NE(huge.error().find("counters"), std::string::npos) << huge.error();
    EXPECT_TRUE(Histogram::make(1000, 60'000'000'000, 2));
}

TEST(HistogramEquivalence, SmallValuesAreExactLargerOnesShareBuckets) {
    Histogram h;
    for (std::int64_t v = 0; v < 2048; ++v) {
        ASSERT_EQ(h.lowest_equivalent_value(v), v);
        ASSERT_EQ(h.highest_equivalent_value(v), v);
    }
    // 8192..16383 is counted in steps of 8.
    EXPECT_EQ(h.lowest_equivalent_value(10007), 10000);
    EXPECT_EQ(h.highest_equivalent_value(10007), 10007);
    EXPECT_EQ(h.size_of_equivalent_value_range(10007), 8);
    EXPECT_EQ(h.median_equivalent_value(10001), 10004);
    EXPECT_TRUE(h.values_are_equivalent(10000, 10007));
    EXPECT_FALSE(h.values_are_equivalent(10007, 10008));
}

TEST(HistogramEquivalence, EveryBucketIsWithinTheThreeDigitBound) {
    Histogram h;
    for (std::size_t i = 1; i < h.counts_length(); ++i) {
        const auto low = h.value_from_index(i);
        ASSERT_EQ(h.index_of(low), i);
        ASSERT_LE(static_cast<double>(h.size_of_equivalent_value_range(low) - 1), low / 1000.0) << low;
    }
}

TEST(HistogramRecord, CountsMinMaxMeanStddev) {
    Histogram h;
    for (std::int64_t v : {1, 2, 3, 4}) EXPECT_TRUE(h.record(v));
    EXPECT_EQ(h.total_count(), 4);
    EXPECT_EQ(h.min(), 1);
    EXPECT_EQ(h.max(), 4);
    EXPECT_DOUBLE_EQ(h.mean(), 2.5);
    EXPECT_DOUBLE_EQ(h.stddev(), std::sqrt(1.25));
    EXPECT_EQ(h.count_at_value(3), 1);
    EXPECT_EQ(h.clamped_count(), 0);
}

TEST(HistogramRecord, EmptyHistogramReportsZeros) {
    Histogram h;
    EXPECT_EQ(h.total_count(), 0);
    EXPECT_EQ(h.min(), 0);
    EXPECT_EQ(h.max(), 0);
    EXPECT_EQ(h.mean(), 0.0);
    EXPECT_EQ(h.stddev(), 0.0);
    EXPECT_EQ(h.value_at_percentile(99), 0);
}

TEST(HistogramRecord, MaxIsTheHighestEquivalentOfTheLargestValue) {
    Histogram h;
    h.record(10000);
    EXPECT_EQ(h.max(), 10007);
    EXPECT_EQ(h.min(), 10000);
}

TEST(HistogramRecord, OutOfRangeValuesAreClampedAndCountedNeverLost) {
    Histogram h(1, 1'000'000, 3);
    EXPECT_FALSE(h.record(-5));
    EXPECT_FALSE(h.record_n(5'000'000, 3));
    EXPECT_TRUE(h.record(500));
    EXPECT_EQ(h.total_count(), 5);
    EXPECT_EQ(h.clamped_count(), 4);
    EXPECT_EQ(h.min(), 0);
    EXPECT_TRUE(h.values_are_equivalent(h.max(), 1'000'000));
    EXPECT_EQ(h.count_at_value(1'000'000), 3);
    EXPECT_EQ(h.count_at_value(0), 1);
}

TEST(HistogramRecord, NonPositiveCountsRecordNothing) {
    Histogram h;
    EXPECT_FALSE(h.record_n(5, 0));
    EXPECT_FALSE(h.record_n(5, -2));
    EXPECT_EQ(h.total_count(), 0);
}

TEST(HistogramRecord, AnHourIsInRange) {
    Histogram h;
    EXPECT_TRUE(h.record(3'600'000'000));
    EXPECT_TRUE(h.values_are_equivalent(h.value_at_percentile(100), 3'600'000'000));
    EXPECT_LE(h.value_at_percentile(100) - 3'600'000'000, 3'600'000);
}

TEST(HistogramPercentile, ExactOnSmallValues) {
    Histogram h;
    for (std::int64_t v = 1; v <= 100; ++v) h.record(v);
    EXPECT_EQ(h.value_at_percentile(0), 1);
    EXPECT_EQ(h.value_at_percentile(1), 1);
    EXPECT_EQ(h.value_at_percentile(50), 50);
    EXPECT_EQ(h.value_at_percentile(50.5), 51);
    EXPECT_EQ(h.value_at_percentile(99), 99);
    EXPECT_EQ(h.value_at_percentile(100), 100);
    EXPECT_EQ(h.value_at_percentile(250), 100);
    EXPECT_EQ(h.value_at_percentile(-3), 1);
}

TEST(HistogramPercentile, RankThatIsExactIsNotRoundedUp) {
    // 7 / 100 * 100 is 7.000000000000001 in doubles; the seventh value is still the 7th percentile.
    Histogram h;
    for (std::int64_t v = 1; v <= 100; ++v) h.record(v * 10);
    EXPECT_EQ(h.value_at_percentile(7), 70);
    EXPECT_EQ(h.value_at_percentile(55), 550);
}

TEST(HistogramAdd, SameLayoutIsExact) {
    Histogram a, b, all;
    for (std::int64_t v : {std::int64_t{1}, std::int64_t{50}, std::int64_t{9000}, std::int64_t{123456789}}) {
        a.record(v);
        all.record(v);
    }
    for (std::int64_t v : {std::int64_t{2}, std::int64_t{50}, std::int64_t{77777}, std::int64_t{3'000'000'000}}) {
        b.record(v);
        all.record(v);
    }
    EXPECT_EQ(a.add(b), 0);
    EXPECT_EQ(a, all);
    EXPECT_EQ(a.min(), all.min());
    EXPECT_EQ(a.max(), all.max());
}

TEST(HistogramAdd, WiderOtherIsClampedAndReported) {
    Histogram narrow(1, 10'000, 3);
    Histogram wide;
    wide.record(5);
    wide.record_n(1'000'000, 4);
    EXPECT_EQ(narrow.add(wide), 4);
    EXPECT_EQ(narrow.total_count(), 5);
    EXPECT_EQ(narrow.clamped_count(), 4);
}

TEST(HistogramAdd, DifferentPrecisionRecordsEachBucketAtItsLowestValue) {
    Histogram coarse(1, 3'600'000'000, 2);
    Histogram fine;
    fine.record(12345);
    EXPECT_EQ(coarse.add(fine), 0);
    EXPECT_EQ(coarse.total_count(), 1);
    EXPECT_TRUE(coarse.values_are_equivalent(coarse.min(), 12345));
}

TEST(HistogramAdd, MergesClampedCountsAndTimeStamps) {
    Histogram a(1, 1000, 3), b(1, 1000, 3);
    a.start_time_ms = 2000;
    a.end_time_ms = 3000;
    b.start_time_ms = 1000;
    b.end_time_ms = 2000;
    b.record(5000);
    a.add(b);
    EXPECT_EQ(a.clamped_count(), 1);
    EXPECT_EQ(a.start_time_ms, 1000);
    EXPECT_EQ(a.end_time_ms, 3000);
}

TEST(HistogramReset, ClearsCountsKeepsSettingsAndTag) {
    Histogram h(1, 1000, 2);
    h.tag = "getOrder";
    h.record(5);
    h.record(5000);
    h.start_time_ms = 7;
    h.reset();
    EXPECT_EQ(h, Histogram(1, 1000, 2));
    EXPECT_EQ(h.clamped_count(), 0);
    EXPECT_EQ(h.max(), 0);
    EXPECT_EQ(h.start_time_ms, 0);
    EXPECT_EQ(h.tag, "getOrder");
}

TEST(HistogramIndexes, RecordedIndexesRunFromTheSmallestValueToTheLargest) {
    Histogram h;
    EXPECT_EQ(h.recorded_indexes().begin, 0U);
    EXPECT_EQ(h.recorded_indexes().end, 0U);
    h.record(10003);
    h.record(40);
    EXPECT_EQ(h.recorded_indexes().begin, h.index_of(40));
    EXPECT_EQ(h.recorded_indexes().end, h.index_of(10003) + 1);
    h.record(-5);             // clamped to 0
    h.record(kOutOfRange);    // clamped to the highest trackable value
    EXPECT_EQ(h.recorded_indexes().begin, 0U);
    EXPECT_EQ(h.recorded_indexes().end, h.index_of(h.highest_trackable()) + 1);
    h.reset();
    EXPECT_EQ(h.recorded_indexes().end, 0U);
    EXPECT_EQ(h, Histogram());
}

TEST(HistogramEquality, ComparesSettingsAndCounts) {
    Histogram a, b, other_settings(1, 3'600'000'000, 2);
    EXPECT_EQ(a, b);
    EXPECT_FALSE(a == other_settings);
    a.record(10);
    EXPECT_FALSE(a == b);
    b.record(10);
    b.tag = "x";
    EXPECT_EQ(a, b);
}

TEST(HistogramIteration, VisitsRecordedBucketsInOrder) {
    Histogram h;
    h.record(10000);
    h.record_n(3, 2);
    h.record(10005);
    std::vector<std::vector<std::int64_t>> seen;
    h.for_each_recorded([&](std::int64_t low, std::int64_t high, std::int64_t count) {
        seen.push_back({low, high, count});
    });
    EXPECT_EQ(seen, (std::vector<std::vector<std::int64_t>>{{3, 3, 2}, {10000, 10007, 2}}));
}

TEST(HistogramIteration, AddCountAtIndexKeepsTotalsMinAndMax) {
    Histogram h;
    h.add_count_at_index(h.index_of(10003), 5);
    EXPECT_EQ(h.total_count(), 5);
    EXPECT_EQ(h.min(), 10000);
    EXPECT_EQ(h.max(), 10007);
}

}  // namespace
}  // namespace dockside::histogram
