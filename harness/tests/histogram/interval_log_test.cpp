#include "harness/histogram/interval_log.h"

#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "harness/histogram/codec.h"

namespace dockside::histogram {
namespace {

constexpr double kStart = 1751328000.0;  // 2025-07-01T00:00:00Z

Histogram interval_of(std::int64_t from, std::int64_t to, std::int64_t step) {
    Histogram h;
    for (std::int64_t v = from; v <= to; v += step) h.record(v);
    return h;
}

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

TEST(IntervalLog, HeaderIsVersionStartTimeBaseTimeLegend) {
    std::ostringstream out;
    IntervalLogWriter writer(out, kStart + 0.25, kStart);
    writer.write_header();
    const auto lines = lines_of(out.str());
    ASSERT_EQ(lines.size(), 4u);
    EXPECT_EQ(lines[0], "#[Histogram log format version 1.3]");
    EXPECT_EQ(lines[1], "#[StartTime: 1751328000.250 (seconds since epoch), Tue Jul 01 00:00:00 UTC 2025]");
    EXPECT_EQ(lines[2], "#[BaseTime: 1751328000.000 (seconds since epoch)]");
    EXPECT_EQ(lines[3], R"("StartTimestamp","Interval_Length","Interval_Max","Interval_Compressed_Histogram")");
}

TEST(IntervalLog, IntervalLineIsTagStartLengthMaxHistogram) {
    std::ostringstream out;
    IntervalLogWriter writer(out, kStart, kStart);
    auto h = interval_of(1000, 12543, 1);
    writer.write_interval(h, kStart + 2, kStart + 3, "getOrder");
    h.tag = "GET /2025-07/order, all";
    writer.write_interval(h, kStart + 3, kStart + 4.5);
    writer.write_interval(Histogram(), kStart + 4.5, kStart + 5.5);
    const auto lines = lines_of(out.str());
    ASSERT_EQ(lines.size(), 3u);
    EXPECT_TRUE(lines[0].starts_with("Tag=getOrder,2.000,1.000,12.543,HISTFAAA")) << lines[0];
    EXPECT_TRUE(lines[1].starts_with("Tag=GET_/2025-07/order__all,3.000,1.500,12.543,HISTFAAA")) << lines[1];
    EXPECT_TRUE(lines[2].starts_with("4.500,1.000,0.000,HISTFAAA")) << lines[2];
}

TEST(IntervalLog, WrittenAndReadBackGivesTheSameHistograms) {
    std::stringstream log;
    IntervalLogWriter writer(log, kStart, kStart);
    writer.write_header();
    writer.write_comment("run load-20250701\nwith two tags");
    const std::vector<Histogram> written = {interval_of(1, 5000, 3), interval_of(800, 3'000'000, 997), Histogram(),
                                            interval_of(10, 20, 1)};
    const char* tags[] = {"getOrder", "createOrder", "getOrder", ""};
    for (std::size_t i = 0; i < written.size(); ++i)
        writer.write_interval(written[i], kStart + static_cast<double>(i), kStart + static_cast<double>(i) + 1, tags[i]);

    const auto read = read_interval_log(log);
    ASSERT_TRUE(read) << read.error();
    ASSERT_EQ(read->size(), written.size());
    for (std::size_t i = 0; i < written.size(); ++i) {
        const auto& interval = read.value()[i];
        EXPECT_EQ(interval.histogram, written[i]) << i;
        EXPECT_EQ(interval.tag, tags[i]);
        EXPECT_EQ(interval.histogram.tag, tags[i]);
        EXPECT_DOUBLE_EQ(interval.start_s, kStart + static_cast<double>(i));
        EXPECT_DOUBLE_EQ(interval.length_s, 1.0);
        EXPECT_EQ(interval.histogram.start_time_ms, static_cast<std::int64_t>((kStart + static_cast<double>(i)) * 1000));
        EXPECT_EQ(interval.histogram.end_time_ms - interval.histogram.start_time_ms, 1000);
    }
}

TEST(IntervalLog, AddingIntervalsRebuildsTheWholeRun) {
    std::stringstream log;
    IntervalLogWriter writer(log, kStart, kStart);
    writer.write_header();
    Histogram whole;
    for (int second = 0; second < 5; ++second) {
        const auto h = interval_of(100 * (second + 1), 100'000 * (second + 1), 7 + second);
        whole.add(h);
        writer.write_interval(h, kStart + second, kStart + second + 1, "getOrder");
    }
    const auto read = read_interval_log(log);
    ASSERT_TRUE(read) << read.error();
    Histogram rebuilt;
    for (const auto& interval : read.value()) rebuilt.add(interval.histogram);
    EXPECT_EQ(rebuilt, whole);
}

TEST(IntervalLog, EachIntervalCanBeReadWithoutDecodingIt) {
    std::stringstream log;
    IntervalLogWriter writer(log, kStart, kStart);
    writer.write_header();
    writer.write_interval(interval_of(10, 500, 3), kStart + 1, kStart + 2, "getOrder");
    writer.write_interval(interval_of(20, 900, 5), kStart + 2, kStart + 2.5);
    const std::string text = log.str();
    std::istringstream again(text);
    const auto decoded = read_interval_log(again);
    ASSERT_TRUE(decoded) << decoded.error();
    std::vector<std::string> seen;
    std::istringstream in(text);
    std::size_t i = 0;
    auto read = for_each_interval(in, [&](const EncodedInterval& line) -> Result<bool, std::string> {
        EXPECT_EQ(line.tag, decoded.value()[i].tag);
        EXPECT_DOUBLE_EQ(line.start_s, decoded.value()[i].start_s);
        EXPECT_DOUBLE_EQ(line.length_s, decoded.value()[i].length_s);
        EXPECT_EQ(decode_compressed_base64(line.encoded).value(), decoded.value()[i].histogram);
        ++i;
        return true;
    });
    ASSERT_TRUE(read) << read.error();
    EXPECT_EQ(i, 2u);
    // The callback's error stops the reading and is given with the line.
    std::istringstream stopped(text);
    auto refused = for_each_interval(stopped, [](const EncodedInterval&) -> Result<bool, std::string> { return fail(std::string("no")); });
    ASSERT_FALSE(refused);
    EXPECT_EQ(refused.error(), "interval log line 5: no");
}

TEST(IntervalLog, ReadsALogThatHdrHistogramJsWrote) {
    std::ifstream in(std::string(DOCKSIDE_HISTOGRAM_FIXTURES) + "/hdrhistogram-js.hlog");
    const auto read = read_interval_log(in);
    ASSERT_TRUE(read) << read.error();
    ASSERT_EQ(read->size(), 3u);
    EXPECT_EQ(read.value()[0].tag, "getOrder");
    EXPECT_EQ(read.value()[0].histogram, interval_of(1, 1000, 1));
    EXPECT_EQ(read.value()[1].tag, "createOrder");
    EXPECT_EQ(read.value()[1].histogram, interval_of(1000, 100000, 37));
    Histogram third;
    third.record_n(250, 5000);
    third.record(1'000'000);
    EXPECT_EQ(read.value()[2].tag, "");
    EXPECT_EQ(read.value()[2].histogram, third);
    // No BaseTime and time stamps near zero: relative to StartTime.
    EXPECT_DOUBLE_EQ(read.value()[2].start_s, kStart + 1);
}

TEST(IntervalLog, AbsoluteTimeStampsWithoutBaseTimeStayAbsolute) {
    std::stringstream log;
    log << "#[StartTime: 1751328000.000 (seconds since epoch), Tue Jul 01 00:00:00 UTC 2025]\n";
    log << "1751328001.000,1.000,0.000," << encode_compressed_base64(Histogram()) << "\n";
    const auto read = read_interval_log(log);
    ASSERT_TRUE(read) << read.error();
    EXPECT_DOUBLE_EQ(read.value()[0].start_s, kStart + 1);
}

TEST(IntervalLog, MalformedLinesAreErrorsWithTheirLineNumber) {
    const auto error_of = [](const std::string& text) {
        std::istringstream in(text);
        auto read = read_interval_log(in);
        return read ? std::string("<no error>") : read.error();
    };
    EXPECT_NE(error_of("#c\n\"StartTimestamp\"\n0.0,1.0,2.0\n").find("line 3: expected"), std::string::npos);
    EXPECT_NE(error_of("x,1.0,2.0,HISTFAAA\n").find("line 1: time stamp"), std::string::npos);
    EXPECT_NE(error_of("0.0,1.0,2.0,HISTFAAA\n").find("line 1: histogram encoding"), std::string::npos);
    EXPECT_NE(error_of("#[StartTime: soon]\n").find("StartTime"), std::string::npos);
    std::istringstream empty("");
    EXPECT_TRUE(read_interval_log(empty)->empty());
}

}  // namespace
}  // namespace dockside::histogram
