// The block bootstrap over interval histograms: a resample of every interval once reads as the run's own
// histogram reads; resamples are repeatable; a run whose seconds differ more spreads more.

#include "harness/compare/interval_bootstrap.h"

#include <gtest/gtest.h>

#include <cmath>

#include "harness/compare/statistics.h"
#include "harness/tests/compare/synthetic_runs.h"

namespace dockside::compare {
namespace {

std::vector<std::vector<IntervalSample>> samples_of(const LoadRun& run, const std::string& tag) {
    std::vector<IntervalSample> samples;
    for (const auto& interval : run.latency.at(tag)) samples.push_back({&interval.histogram, interval.length_s});
    return {samples};
}

double p99_log_sd(const LoadRun& run) {
    const IntervalResampler resampler(samples_of(run, ""));
    std::vector<double> logs;
    for (const auto& r : resampler.resample(300, {99.0}, 7)) logs.push_back(std::log(static_cast<double>(r.percentiles[0])));
    return standard_deviation(logs);
}

TEST(IntervalBootstrap, EveryIntervalOnceReadsAsTheRunsHistogram) {
    const auto run = make_run(testing::three_operations(3));
    const IntervalResampler resampler(samples_of(run, "getOrder"));
    const auto& h = run.summary.result.find("getOrder")->latency;
    const auto whole = resampler.whole({50.0, 90.0, 99.0, 99.9});
    EXPECT_EQ(whole.count, h.total_count());
    EXPECT_EQ(whole.percentiles[0], h.value_at_percentile(50));
    EXPECT_EQ(whole.percentiles[1], h.value_at_percentile(90));
    EXPECT_EQ(whole.percentiles[2], h.value_at_percentile(99));
    EXPECT_EQ(whole.percentiles[3], h.value_at_percentile(99.9));
    EXPECT_EQ(whole.max, h.max());
    EXPECT_DOUBLE_EQ(whole.seconds, 30);
}

TEST(IntervalBootstrap, ResamplesAreRepeatableAndVary) {
    const auto run = make_run(testing::three_operations(4));
    const IntervalResampler resampler(samples_of(run, ""));
    const auto first = resampler.resample(20, {99.0}, 11);
    const auto again = resampler.resample(20, {99.0}, 11);
    const auto other = resampler.resample(20, {99.0}, 12);
    ASSERT_EQ(first.size(), 20u);
    bool differs = false;
    for (std::size_t i = 0; i < first.size(); ++i) {
        EXPECT_EQ(first[i].percentiles, again[i].percentiles);
        EXPECT_DOUBLE_EQ(first[i].seconds, 30);  // a resample is as long as the run
        differs = differs || first[i].percentiles != other[i].percentiles;
    }
    EXPECT_TRUE(differs);
}

TEST(IntervalBootstrap, SecondsThatDifferMoreSpreadMore) {
    auto calm = testing::three_operations(5);
    calm.second_sigma = 0.01;
    auto stormy = calm;
    stormy.second_sigma = 0.4;
    EXPECT_GT(p99_log_sd(make_run(stormy)), 3 * p99_log_sd(make_run(calm)));
}

TEST(IntervalBootstrap, BlocksGrowWithTheCubeRoot) {
    EXPECT_EQ(IntervalResampler::block_length(0), 1u);
    EXPECT_EQ(IntervalResampler::block_length(1), 1u);
    EXPECT_EQ(IntervalResampler::block_length(8), 2u);
    EXPECT_EQ(IntervalResampler::block_length(30), 3u);
    EXPECT_EQ(IntervalResampler::block_length(1000), 10u);
}

}  // namespace
}  // namespace dockside::compare
