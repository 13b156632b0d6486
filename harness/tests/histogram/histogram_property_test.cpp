// Properties of the histogram over arbitrary values: merging is exact, nothing recorded is lost,
// percentiles are ordered and stay within the precision bound of exact sorting.
#include "harness/histogram/histogram.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

namespace dockside::histogram {
namespace {

constexpr std::int64_t kHour = 3'600'000'000;

/// Latencies as a load run sees them: mostly small, some up to an hour, a few out of range.
rc::Gen<std::int64_t> gen_value() {
    return rc::gen::weightedOneOf<std::int64_t>({
        {6, rc::gen::inRange<std::int64_t>(0, 5'000)},
        {3, rc::gen::inRange<std::int64_t>(0, 10'000'000)},
        {2, rc::gen::inRange<std::int64_t>(0, kHour + 1)},
        {1, rc::gen::inRange<std::int64_t>(-1'000, 0)},
        {1, rc::gen::inRange<std::int64_t>(kHour + 1, kHour * 4)},
    });
}

rc::Gen<std::vector<std::int64_t>> gen_values() { return rc::gen::container<std::vector<std::int64_t>>(gen_value()); }

Histogram histogram_of(const std::vector<std::int64_t>& values) {
    Histogram h;
    for (auto v : values) h.record(v);
    return h;
}

RC_GTEST_PROP(HistogramProperty, AddEqualsOneHistogramOfAllValues, ()) {
    const auto a_values = *gen_values();
    const auto b_values = *gen_values();
    auto all_values = a_values;
    all_values.insert(all_values.end(), b_values.begin(), b_values.end());

    auto merged = histogram_of(a_values);
    RC_ASSERT(merged.add(histogram_of(b_values)) == 0);
    const auto all = histogram_of(all_values);
    RC_ASSERT(merged == all);
    RC_ASSERT(merged.clamped_count() == all.clamped_count());
    RC_ASSERT(merged.min() == all.min());
    RC_ASSERT(merged.max() == all.max());
    RC_ASSERT(merged.value_at_percentile(99) == all.value_at_percentile(99));
}

RC_GTEST_PROP(HistogramProperty, AddIsCommutative, ()) {
    const auto a = histogram_of(*gen_values());
    const auto b = histogram_of(*gen_values());
    auto ab = a;
    ab.add(b);
    auto ba = b;
    ba.add(a);
    RC_ASSERT(ab == ba);
}

// reset() clears only the recorded range of the counts array: a count left outside it would turn up in the
// next interval. Comparing whole arrays with a fresh histogram's catches one.
RC_GTEST_PROP(HistogramProperty, ResetThenReuseEqualsAFreshHistogram, ()) {
    auto reused = histogram_of(*gen_values());
    reused.add(histogram_of(*gen_values()));
    reused.reset();
    RC_ASSERT(reused == Histogram());
    const auto next = *gen_values();
    for (auto v : next) reused.record(v);
    RC_ASSERT(reused == histogram_of(next));
}

RC_GTEST_PROP(HistogramProperty, EveryCountLiesInTheRecordedIndexes, ()) {
    const auto h = histogram_of(*gen_values());
    const auto [begin, end] = h.recorded_indexes();
    for (std::size_t i = 0; i < h.counts_length(); ++i)
        if (i < begin || i >= end) RC_ASSERT(h.count_at_index(i) == 0);
    if (h.total_count() > 0) {
        RC_ASSERT(h.count_at_index(begin) > 0);
        RC_ASSERT(h.count_at_index(end - 1) > 0);
    }
}

RC_GTEST_PROP(HistogramProperty, TotalCountKeepsEveryValueAndCountsClampedOnes, ()) {
    const auto values = *gen_values();
    const auto h = histogram_of(values);
    const auto out_of_range = std::count_if(values.begin(), values.end(),
                                            [](std::int64_t v) { return v < 0 || v > kHour; });
    RC_ASSERT(h.total_count() == static_cast<std::int64_t>(values.size()));
    RC_ASSERT(h.clamped_count() == out_of_range);
    std::int64_t in_buckets = 0;
    h.for_each_recorded([&](std::int64_t, std::int64_t, std::int64_t count) { in_buckets += count; });
    RC_ASSERT(in_buckets == h.total_count());
}

RC_GTEST_PROP(HistogramProperty, PercentilesAreMonotoneBetweenMinAndMax, ()) {
    const auto values = *rc::gen::nonEmpty(gen_values());
    const auto h = histogram_of(values);
    auto ps = *rc::gen::container<std::vector<double>>(rc::gen::map(rc::gen::inRange(0, 100'001),
                                                                    [](int p) { return p / 1000.0; }));
    ps.push_back(0.0);
    ps.push_back(100.0);
    std::sort(ps.begin(), ps.end());
    std::int64_t previous = 0;
    for (double p : ps) {
        const auto v = h.value_at_percentile(p);
        RC_ASSERT(v >= previous);
        RC_ASSERT(v >= h.min());
        RC_ASSERT(v <= h.max());
        previous = v;
    }
    RC_ASSERT(h.value_at_percentile(100) == h.max());
    RC_ASSERT(h.value_at_percentile(0) == h.min());
}

RC_GTEST_PROP(HistogramProperty, PercentileIsTheSortedRankWithinThreeDigits, ()) {
    auto values = *rc::gen::nonEmpty(rc::gen::container<std::vector<std::int64_t>>(
        rc::gen::inRange<std::int64_t>(0, kHour + 1)));
    const auto h = histogram_of(values);
    std::sort(values.begin(), values.end());
    const double p = *rc::gen::inRange(0, 100'001) / 1000.0;
    const auto n = static_cast<double>(values.size());
    const auto rank = std::max<std::int64_t>(1, static_cast<std::int64_t>(std::ceil(p / 100.0 * n - 1e-9)));
    const auto exact = values[static_cast<std::size_t>(rank - 1)];
    const auto reported = h.value_at_percentile(p);
    RC_ASSERT(h.values_are_equivalent(reported, exact));
    RC_ASSERT(std::abs(static_cast<double>(reported - exact)) <= static_cast<double>(exact) / 1000.0);
}

RC_GTEST_PROP(HistogramProperty, MinAndMaxBracketEveryValue, ()) {
    const auto values = *rc::gen::nonEmpty(gen_values());
    const auto h = histogram_of(values);
    for (auto v : values) {
        const auto clamped = std::clamp<std::int64_t>(v, 0, kHour);
        RC_ASSERT(h.min() <= clamped);
        RC_ASSERT(h.max() >= clamped);
        RC_ASSERT(h.count_at_value(v) >= 1);
    }
}

}  // namespace
}  // namespace dockside::histogram
