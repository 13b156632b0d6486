#pragma once
/// The HdrHistogram percentile distribution text (`.hgrm`): the table that HdrHistogram's
/// `outputPercentileDistribution` and `wrk2 --latency` print, which the HdrHistogram plotters read.

#include <cstdint>
#include <string>
#include <vector>

#include "harness/histogram/histogram.h"

namespace dockside::histogram {

/// One row of the distribution: the value at or below which `percentile` percent of the values fall.
struct PercentileTick {
    std::int64_t value;        ///< highest equivalent value of the bucket reached
    double percentile;         ///< 0..100, the level iterated to
    std::int64_t total_count;  ///< values at or below `value`
};

/// HdrHistogram's percentile ticks: `ticks_per_half_distance` rows for every halving of the distance
/// to 100 % (0, 10, 20 .. 50, 55 .. 75, 77.5 .. with 5), then a last row at 100 %. Empty when the
/// histogram is.
std::vector<PercentileTick> percentile_ticks(const Histogram& h, int ticks_per_half_distance = 5);

/// The two layouts of the same table that HdrHistogram implementations print.
enum class HgrmLayout {
    /// HdrHistogram Java and JavaScript `outputPercentileDistribution`: percentiles with 12 decimals,
    /// values and footer with `significant_digits` decimals, no inverse on the 100 % row.
    hdrhistogram,
    /// HdrHistogram_c `hdr_percentiles_print` as `wrk2 --latency` prints it: 12-wide columns,
    /// percentiles with 6 decimals, `inf` on the 100 % row, footer with 3 decimals.
    wrk2,
};

/// The percentile distribution text of `h`, values divided by `output_value_unit_scaling` (the
/// default turns Dockside's microseconds into milliseconds, as wrk2 does), with header, ticks and the
/// `#[Mean …]`, `#[Max …]`, `#[Buckets …]` footer.
std::string to_hgrm(const Histogram& h, double output_value_unit_scaling = 1000.0,
                    int percentile_ticks_per_half_distance = 5, HgrmLayout layout = HgrmLayout::hdrhistogram);

}  // namespace dockside::histogram
