#include "harness/histogram/interval_log.h"

#include <charconv>
#include <cmath>
#include <ctime>
#include <functional>
#include <istream>
#include <optional>
#include <ostream>

#include "core/text.h"
#include "harness/histogram/codec.h"
#include "harness/histogram/decimal_text.h"

namespace dockside::histogram {

namespace {

constexpr std::string_view kLegend =
    "\"StartTimestamp\",\"Interval_Length\",\"Interval_Max\",\"Interval_Compressed_Histogram\"";
constexpr std::string_view kTagPrefix = "Tag=";
constexpr double kYearSeconds = 365.0 * 24 * 3600;

// "Tue Jul 01 00:00:00 UTC 2025": the date Java's HistogramLogWriter prints beside StartTime.
std::string utc_date(double epoch_s) {
    const auto seconds = static_cast<std::time_t>(std::floor(epoch_s));
    std::tm parts{};
    gmtime_r(&seconds, &parts);
    char text[64];
    const auto n = std::strftime(text, sizeof text, "%a %b %d %H:%M:%S UTC %Y", &parts);
    return std::string(text, n);
}

std::optional<double> parse_double(std::string_view text) {
    double value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size() || !std::isfinite(value)) return std::nullopt;
    return value;
}

// The number after "#[StartTime: " or "#[BaseTime: ".
std::optional<double> header_seconds(std::string_view line, std::string_view prefix) {
    auto rest = line.substr(prefix.size());
    return parse_double(rest.substr(0, rest.find_first_of(" ]")));
}

struct LogTimes {
    std::optional<double> start_time_s;
    std::optional<double> base_time_s;
};

Result<EncodedInterval, std::string> parse_interval(std::string_view line, LogTimes& times) {
    EncodedInterval interval{{}, 0, 0, {}};
    if (line.starts_with(kTagPrefix)) {
        const auto comma = line.find(',');
        interval.tag = line.substr(kTagPrefix.size(), comma - kTagPrefix.size());
        line = comma == std::string_view::npos ? std::string_view{} : line.substr(comma + 1);
    }
    const auto fields = split(line, ',');
    if (fields.size() != 4)
        return fail("expected StartTimestamp,Interval_Length,Interval_Max,Interval_Compressed_Histogram, got " +
                    std::to_string(fields.size()) + " fields");
    const auto stamp = parse_double(fields[0]);
    const auto length = parse_double(fields[1]);
    if (!stamp || !length || !parse_double(fields[2]))
        return fail("time stamp, length and max must be numbers, got \"" + std::string(line.substr(0, line.rfind(','))) + "\"");
    if (!times.base_time_s) {
        const double start = times.start_time_s.value_or(0.0);
        times.base_time_s = *stamp < start - kYearSeconds ? start : 0.0;
    }
    interval.start_s = *times.base_time_s + *stamp;
    interval.length_s = *length;
    interval.encoded = fields[3];
    return interval;
}

}  // namespace

std::string log_tag(std::string_view tag) {
    std::string out(tag);
    for (auto& c : out) {
        if (c == ',' || static_cast<unsigned char>(c) <= ' ' || c == 0x7f) c = '_';
    }
    return out;
}

IntervalLogWriter::IntervalLogWriter(std::ostream& out, double start_time_s, double base_time_s,
                                     double max_value_unit_ratio)
    : out_(out), start_time_s_(start_time_s), base_time_s_(base_time_s), max_value_unit_ratio_(max_value_unit_ratio) {}

void IntervalLogWriter::write_header() {
    out_ << "#[Histogram log format version 1.3]\n";
    out_ << "#[StartTime: " << fixed_decimal(start_time_s_, 3) << " (seconds since epoch), " << utc_date(start_time_s_)
         << "]\n";
    out_ << "#[BaseTime: " << fixed_decimal(base_time_s_, 3) << " (seconds since epoch)]\n";
    out_ << kLegend << "\n";
}

void IntervalLogWriter::write_comment(std::string_view text) {
    std::string line(text);
    for (auto& c : line) {
        if (c == '\n' || c == '\r') c = ' ';
    }
    out_ << "#" << line << "\n";
}

void IntervalLogWriter::write_interval(const Histogram& interval, double start_s, double end_s, std::string_view tag) {
    const std::string written_tag = log_tag(tag.empty() ? std::string_view(interval.tag) : tag);
    if (!written_tag.empty()) out_ << kTagPrefix << written_tag << ",";
    out_ << fixed_decimal(start_s - base_time_s_, 3) << "," << fixed_decimal(end_s - start_s, 3) << ","
         << fixed_decimal(static_cast<double>(interval.max()) / max_value_unit_ratio_, 3) << ","
         << encode_compressed_base64(interval) << "\n";
}

Result<std::optional<EncodedInterval>, std::string> IntervalLogReader::next() {
    using R = Result<std::optional<EncodedInterval>, std::string>;
    while (std::getline(in_, line_)) {
        ++number_;
        if (!line_.empty() && line_.back() == '\r') line_.pop_back();
        if (line_.starts_with("#[StartTime: ")) {
            start_time_s_ = header_seconds(line_, "#[StartTime: ");
            if (!start_time_s_) return R(fail(where() + "StartTime is not a number of seconds"));
        } else if (line_.starts_with("#[BaseTime: ")) {
            base_time_s_ = header_seconds(line_, "#[BaseTime: ");
            if (!base_time_s_) return R(fail(where() + "BaseTime is not a number of seconds"));
        } else if (!line_.empty() && !line_.starts_with('#') && !line_.starts_with("\"StartTimestamp\"")) {
            LogTimes times{start_time_s_, base_time_s_};
            auto interval = parse_interval(line_, times);
            if (!interval) return R(fail(where() + interval.error()));
            base_time_s_ = times.base_time_s;
            return R(std::optional<EncodedInterval>(interval.value()));
        }
    }
    return R(std::optional<EncodedInterval>());
}

std::string IntervalLogReader::where() const { return "interval log line " + std::to_string(number_) + ": "; }

Result<bool, std::string> for_each_interval(std::istream& in,
                                           const std::function<Result<bool, std::string>(const EncodedInterval&)>& each) {
    IntervalLogReader reader(in);
    for (;;) {
        auto interval = reader.next();
        if (!interval) return fail(interval.error());
        if (!interval.value()) return true;
        if (auto taken = each(*interval.value()); !taken) return fail(reader.where() + taken.error());
    }
}

Result<std::vector<LogInterval>, std::string> read_interval_log(std::istream& in) {
    std::vector<LogInterval> intervals;
    auto read = for_each_interval(in, [&](const EncodedInterval& line) -> Result<bool, std::string> {
        auto histogram = decode_compressed_base64(line.encoded);
        if (!histogram) return fail(histogram.error());
        LogInterval interval{std::string(line.tag), line.start_s, line.length_s, std::move(histogram.value())};
        interval.histogram.start_time_ms = std::llround(interval.start_s * 1000);
        interval.histogram.end_time_ms = std::llround((interval.start_s + interval.length_s) * 1000);
        interval.histogram.tag = interval.tag;
        intervals.push_back(std::move(interval));
        return true;
    });
    if (!read) return fail(read.error());
    return intervals;
}

}  // namespace dockside::histogram
