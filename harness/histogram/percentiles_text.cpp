#include "harness/histogram/percentiles_text.h"

#include <cinttypes>
#include <cmath>
#include <cstdio>

#include "harness/histogram/decimal_text.h"

namespace dockside::histogram {

namespace {

// The next level after `level`: the step halves each time the distance to 100 % halves. log2 (not
// log/log 2) as HdrHistogramJS computes it, so both print the same rows.
double next_percentile_level(double level, int ticks_per_half_distance) {
    const double ticks = ticks_per_half_distance * std::pow(2.0, std::floor(std::log2(100.0 / (100.0 - level))) + 1);
    return level + 100.0 / ticks;
}

std::string printf_text(const char* format, auto... args) {
    char buffer[256];
    const int n = std::snprintf(buffer, sizeof buffer, format, args...);
    return std::string(buffer, static_cast<std::size_t>(n < 0 ? 0 : n));
}

std::string hdrhistogram_row(const Histogram& h, const PercentileTick& tick, double scaling) {
    const double fraction = tick.percentile / 100.0;
    std::string row = pad_left(fixed_decimal(static_cast<double>(tick.value) / scaling, h.significant_digits()), 12) +
                      " " + pad_left(fixed_decimal(fraction, 12), 2) + " " +
                      pad_left(std::to_string(tick.total_count), 10);
    if (tick.percentile < 100.0) row += " " + pad_left(fixed_decimal(1.0 / (1.0 - fraction), 2), 14);
    return row + "\n";
}

std::string hdrhistogram_text(const Histogram& h, const std::vector<PercentileTick>& ticks, double scaling) {
    std::string out = "       Value     Percentile TotalCount 1/(1-Percentile)\n\n";
    for (const auto& tick : ticks) out += hdrhistogram_row(h, tick, scaling);
    const auto number = [&](double v) { return pad_left(fixed_decimal(v / scaling, h.significant_digits()), 12); };
    const auto integer = [](std::int64_t v) { return pad_left(std::to_string(v), 12); };
    out += "#[Mean    = " + number(h.mean()) + ", StdDeviation   = " + number(h.stddev()) + "]\n";
    out += "#[Max     = " + number(static_cast<double>(h.max())) + ", Total count    = " + integer(h.total_count()) + "]\n";
    out += "#[Buckets = " + integer(h.bucket_count()) + ", SubBuckets     = " + integer(h.sub_bucket_count()) + "]\n";
    return out;
}

std::string wrk2_text(const Histogram& h, const std::vector<PercentileTick>& ticks, double scaling) {
    std::string out = printf_text("%12s %12s %12s %12s\n\n", "Value", "Percentile", "TotalCount", "1/(1-Percentile)");
    for (const auto& tick : ticks) {
        const double fraction = tick.percentile / 100.0;
        out += printf_text("%12.*f %12f %12" PRId64 " %12.2f\n", h.significant_digits(),
                           static_cast<double>(tick.value) / scaling, fraction, tick.total_count, 1.0 / (1.0 - fraction));
    }
    out += printf_text("#[Mean    = %12.3f, StdDeviation   = %12.3f]\n", h.mean() / scaling, h.stddev() / scaling);
    out += printf_text("#[Max     = %12.3f, Total count    = %12" PRId64 "]\n", static_cast<double>(h.max()) / scaling,
                       h.total_count());
    out += printf_text("#[Buckets = %12d, SubBuckets     = %12d]\n", h.bucket_count(), h.sub_bucket_count());
    return out;
}

}  // namespace

std::vector<PercentileTick> percentile_ticks(const Histogram& h, int ticks_per_half_distance) {
    std::vector<PercentileTick> ticks;
    const std::int64_t total = h.total_count();
    if (total == 0) return ticks;
    double level = 0.0;
    std::int64_t seen = 0;
    // Walk the buckets once; a bucket yields a row for every level its cumulative count reaches.
    for (std::size_t i = 0; i < h.counts_length() && seen < total; ++i) {
        const std::int64_t count = h.count_at_index(i);
        if (count == 0) continue;
        seen += count;
        const double reached = 100.0 * static_cast<double>(seen) / static_cast<double>(total);
        const std::int64_t value = h.highest_equivalent_value(h.value_from_index(i));
        while (reached >= level) {
            ticks.push_back({value, level, seen});
            if (seen == total) break;  // the last bucket gives one row, then the 100 % row
            const double next = next_percentile_level(level, ticks_per_half_distance);
            if (next <= level) break;  // the distance to 100 % is below double precision
            level = next;
        }
    }
    ticks.push_back({h.max(), 100.0, total});
    return ticks;
}

std::string to_hgrm(const Histogram& h, double output_value_unit_scaling, int percentile_ticks_per_half_distance,
                    HgrmLayout layout) {
    const auto ticks = percentile_ticks(h, percentile_ticks_per_half_distance);
    return layout == HgrmLayout::wrk2 ? wrk2_text(h, ticks, output_value_unit_scaling)
                                      : hdrhistogram_text(h, ticks, output_value_unit_scaling);
}

}  // namespace dockside::histogram
