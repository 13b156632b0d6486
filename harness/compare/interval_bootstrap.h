#pragma once
/// How much a run's latency figures would move if the run were made again, estimated from the run
/// itself: a circular block bootstrap over its one-second interval histograms (the `.hlog`). Requests
/// of one second share that second's conditions (a GC pause, a neighbour's burst), so they are not
/// independent; whole seconds, in blocks of consecutive ones, are resampled instead of single requests.
/// Percentiles of a resample are read as Histogram::value_at_percentile reads them, so a resample of
/// every interval once gives the run's own figures.

#include <cstdint>
#include <vector>

#include "harness/histogram/histogram.h"

namespace dockside::compare {

/// One second (or whatever length the log says) of one run.
struct IntervalSample {
    const histogram::Histogram* histogram = nullptr;
    double length_s = 1;
};

/// The figures of one resample.
struct Resample {
    std::vector<std::int64_t> percentiles;  ///< parallel to the percentiles asked for; µs
    std::int64_t max = 0;                   ///< µs
    std::int64_t count = 0;
    double seconds = 0;
};

class IntervalResampler {
public:
    /// `runs`: the intervals of each run of one side, in time order.
    explicit IntervalResampler(const std::vector<std::vector<IntervalSample>>& runs);

    /// `replicates` resamples (seeded, so a comparison is repeatable). Each run's intervals are drawn in
    /// circular blocks of `block_length(n)` consecutive intervals until the run's count is reached; the
    /// runs of the side are pooled, as their summary histograms are.
    std::vector<Resample> resample(int replicates, const std::vector<double>& percentiles, std::uint64_t seed) const;

    /// Every interval once: the figures of the side as recorded.
    Resample whole(const std::vector<double>& percentiles) const;

    /// Intervals in the side's longest run.
    std::size_t longest_run() const;
    bool empty() const;

    /// Blocks of about n^(1/3) intervals (at least 1): long enough to keep neighbouring seconds together,
    /// short enough to leave many blocks to draw.
    static std::size_t block_length(std::size_t intervals);

private:
    struct Sparse {
        std::vector<std::uint32_t> bucket;  ///< indexes into values_
        std::vector<std::int64_t> count;
        double length_s = 1;
    };
    Resample figures(const std::vector<std::int64_t>& dense, double seconds, const std::vector<double>& percentiles) const;

    std::vector<std::int64_t> values_;       ///< highest equivalent value of every bucket seen, ascending
    std::vector<std::vector<Sparse>> runs_;  ///< per run, per interval
};

}  // namespace dockside::compare
