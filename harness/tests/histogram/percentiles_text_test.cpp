#include "harness/histogram/percentiles_text.h"

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "harness/histogram/decimal_text.h"

namespace dockside::histogram {
namespace {

std::vector<std::string> text_lines(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

std::string fixture(const std::string& name) {
    std::ifstream in(std::string(DOCKSIDE_HISTOGRAM_FIXTURES) + "/" + name);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

/// The histogram behind the fixture that hdr-histogram-js printed: 1..10000 µs, 50 one-second
/// stalls and one value just under an hour.
Histogram fixture_histogram() {
    Histogram h;
    for (std::int64_t v = 1; v <= 10000; ++v) h.record(v);
    for (std::int64_t i = 0; i < 50; ++i) h.record(1'000'000 + i * 997);
    h.record(3'599'999'999);
    return h;
}

TEST(FixedDecimal, RoundsHalfUpFromTheShortestDecimalLikeJavaAndJavaScript) {
    EXPECT_EQ(fixed_decimal(1.005, 2), "1.01");
    EXPECT_EQ(fixed_decimal(0.125, 2), "0.13");
    EXPECT_EQ(fixed_decimal(2.675, 2), "2.68");
    EXPECT_EQ(fixed_decimal(0.5, 12), "0.500000000000");
    EXPECT_EQ(fixed_decimal(9.9996, 3), "10.000");
    EXPECT_EQ(fixed_decimal(99.5, 0), "100");
    EXPECT_EQ(fixed_decimal(123, 3), "123.000");
    EXPECT_EQ(fixed_decimal(1e-7, 3), "0.000");
    EXPECT_EQ(fixed_decimal(-1.25, 1), "-1.3");
    EXPECT_EQ(fixed_decimal(1.0 / 0.0, 2), "Infinity");
    EXPECT_EQ(pad_left("1.5", 6), "   1.5");
    EXPECT_EQ(pad_left("123456", 3), "123456");
}

TEST(PercentileTicks, FollowHdrHistogramLevels) {
    Histogram h;
    for (std::int64_t v = 1; v <= 1000; ++v) h.record(v);
    const auto ticks = percentile_ticks(h, 5);
    ASSERT_GE(ticks.size(), 12u);
    const double expected[] = {0, 10, 20, 30, 40, 50, 55, 60, 65, 70, 75, 77.5};
    for (std::size_t i = 0; i < std::size(expected); ++i) EXPECT_DOUBLE_EQ(ticks[i].percentile, expected[i]) << i;
    EXPECT_EQ(ticks[1].value, 100);
    EXPECT_EQ(ticks[1].total_count, 100);
    EXPECT_EQ(ticks.back().percentile, 100.0);
    EXPECT_EQ(ticks.back().value, 1000);
    EXPECT_EQ(ticks.back().total_count, 1000);
    EXPECT_TRUE(percentile_ticks(Histogram(), 5).empty());
}

TEST(Hgrm, MatchesHdrHistogramJsLineByLine) {
    const auto expected = text_lines(fixture("hdrhistogram-js-1-to-10000-with-stalls.hgrm"));
    const auto actual = text_lines(to_hgrm(fixture_histogram(), 1000.0, 5));
    ASSERT_FALSE(expected.empty());
    for (std::size_t i = 0; i < std::max(expected.size(), actual.size()); ++i) {
        EXPECT_EQ(i < actual.size() ? actual[i] : "<missing>", i < expected.size() ? expected[i] : "<extra>")
            << "line " << i + 1;
    }
}

TEST(Hgrm, HeaderAndFooterOfTheHdrHistogramLayout) {
    Histogram h;
    h.record_n(1500, 3);
    const auto lines = text_lines(to_hgrm(h, 1000.0));
    ASSERT_EQ(lines.size(), 2u + 2u + 3u);
    EXPECT_EQ(lines[0], "       Value     Percentile TotalCount 1/(1-Percentile)");
    EXPECT_EQ(lines[1], "");
    EXPECT_EQ(lines[2], "       1.500 0.000000000000          3           1.00");
    EXPECT_EQ(lines[3], "       1.500 1.000000000000          3");
    EXPECT_EQ(lines[4], "#[Mean    =        1.500, StdDeviation   =        0.000]");
    EXPECT_EQ(lines[5], "#[Max     =        1.500, Total count    =            3]");
    EXPECT_EQ(lines[6], "#[Buckets =           22, SubBuckets     =         2048]");
}

TEST(Hgrm, EmptyHistogramHasHeaderAndZeroFooter) {
    const auto lines = text_lines(to_hgrm(Histogram(), 1.0));
    ASSERT_EQ(lines.size(), 5u);
    EXPECT_EQ(lines[2], "#[Mean    =        0.000, StdDeviation   =        0.000]");
    EXPECT_EQ(lines[3], "#[Max     =        0.000, Total count    =            0]");
}

TEST(Hgrm, Wrk2LayoutAsHdrHistogramCPrintsIt) {
    Histogram h;
    h.record_n(1500, 3);
    h.record(2500);
    const auto lines = text_lines(to_hgrm(h, 1000.0, 5, HgrmLayout::wrk2));
    EXPECT_EQ(lines[0], "       Value   Percentile   TotalCount 1/(1-Percentile)");
    EXPECT_EQ(lines[1], "");
    EXPECT_EQ(lines[2], "       1.500     0.000000            3         1.00");
    EXPECT_EQ(lines[lines.size() - 4], "       2.501     1.000000            4          inf");
    EXPECT_EQ(lines[lines.size() - 3], "#[Mean    =        1.750, StdDeviation   =        0.433]");
    EXPECT_EQ(lines[lines.size() - 2], "#[Max     =        2.501, Total count    =            4]");
    EXPECT_EQ(lines[lines.size() - 1], "#[Buckets =           22, SubBuckets     =         2048]");
}

TEST(Hgrm, BothLayoutsListTheSameTicks) {
    const auto h = fixture_histogram();
    EXPECT_EQ(text_lines(to_hgrm(h, 1.0, 5, HgrmLayout::wrk2)).size(), text_lines(to_hgrm(h, 1.0)).size());
}

}  // namespace
}  // namespace dockside::histogram
