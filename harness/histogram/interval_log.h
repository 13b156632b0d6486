#pragma once
/// The HdrHistogram interval log (`.hlog`, log format version 1.3): one compressed histogram per
/// interval and tag, so any window of a run can be rebuilt by adding intervals, and HdrHistogram's
/// own tools (HistogramLogProcessor, the plotters, hdr-histogram-js) read Dockside's runs.
///
///     #[Histogram log format version 1.3]
///     #[StartTime: 1751328000.000 (seconds since epoch), Tue Jul 01 00:00:00 UTC 2025]
///     #[BaseTime: 1751328000.000 (seconds since epoch)]
///     "StartTimestamp","Interval_Length","Interval_Max","Interval_Compressed_Histogram"
///     Tag=getOrder,0.000,1.000,12.543,HISTFAAAA…
///
/// Time stamps are seconds relative to BaseTime; Interval_Max is the interval's max() divided by the
/// writer's unit ratio (milliseconds for microsecond values).

#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "harness/histogram/histogram.h"

namespace dockside::histogram {

/// A tag as the log can carry it: commas, whitespace and other control characters (which would
/// break the line) become '_'. "GET /2025-07/order" is written as "GET_/2025-07/order".
std::string log_tag(std::string_view tag);

class IntervalLogWriter {
public:
    /// Writes to `out`; `start_time_s` is when the run began and `base_time_s` what the interval
    /// time stamps are relative to (both seconds since the epoch, usually equal). Interval_Max is
    /// max() / `max_value_unit_ratio`.
    explicit IntervalLogWriter(std::ostream& out, double start_time_s, double base_time_s,
                               double max_value_unit_ratio = 1000.0);

    /// The format version, StartTime and BaseTime comments and the legend line. Call once, first.
    void write_header();
    /// Writes a free comment line ("#text"); line breaks in `text` become spaces.
    void write_comment(std::string_view text);
    /// One interval from `start_s` to `end_s` (seconds since the epoch). Tagged with `tag`, or with
    /// the histogram's own tag when `tag` is empty, passed through log_tag(); untagged when both are
    /// empty.
    void write_interval(const Histogram& interval, double start_s, double end_s, std::string_view tag = {});

private:
    std::ostream& out_;
    double start_time_s_;
    double base_time_s_;
    double max_value_unit_ratio_;
};

/// One interval read back from a log.
struct LogInterval {
    std::string tag;       ///< empty when the line had no Tag=
    double start_s;        ///< seconds since the epoch (BaseTime added)
    double length_s;       ///< interval length in seconds
    Histogram histogram;   ///< with start_time_ms, end_time_ms and tag set from the line
};

/// Every interval of a log, in file order. Comments, the legend and blank lines are skipped. Without
/// a BaseTime line, time stamps are taken as absolute unless they lie more than a year before
/// StartTime, in which case they are relative to it (HdrHistogram's rule). A malformed line is an
/// error naming its line number.
Result<std::vector<LogInterval>, std::string> read_interval_log(std::istream& in);

/// One interval line, its histogram still encoded (base64 of the compressed V2 encoding, for
/// decode_compressed_base64 or add_compressed_base64). The views point into the line being read.
struct EncodedInterval {
    std::string_view tag;
    double start_s;   ///< seconds since the epoch (BaseTime added)
    double length_s;
    std::string_view encoded;
};

/// A log's intervals one at a time, by the rules of read_interval_log, without decoding: for readers
/// that add intervals together (need not build each one) or go through many logs side by side.
class IntervalLogReader {
public:
    explicit IntervalLogReader(std::istream& in) : in_(in) {}
    /// The next interval, nullopt at the end of the log; an error names the line. Its views stay valid
    /// until the next call.
    Result<std::optional<EncodedInterval>, std::string> next();
    /// "interval log line N: ", N the line last read.
    std::string where() const;

private:
    std::istream& in_;
    std::string line_;
    std::size_t number_ = 0;
    std::optional<double> start_time_s_;
    std::optional<double> base_time_s_;
};

/// Calls `each` for every interval of the log in file order (IntervalLogReader). Stops at the first
/// error, the log's or `each`'s, naming the line.
Result<bool, std::string> for_each_interval(std::istream& in,
                                           const std::function<Result<bool, std::string>(const EncodedInterval&)>& each);

}  // namespace dockside::histogram
