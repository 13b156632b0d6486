#include "harness/compare/interval_bootstrap.h"

#include <algorithm>
#include <cmath>
#include <random>

namespace dockside::compare {

IntervalResampler::IntervalResampler(const std::vector<std::vector<IntervalSample>>& runs) {
    for (const auto& run : runs)
        for (const auto& sample : run)
            sample.histogram->for_each_recorded(
                [this](std::int64_t, std::int64_t high, std::int64_t) { values_.push_back(high); });
    std::sort(values_.begin(), values_.end());
    values_.erase(std::unique(values_.begin(), values_.end()), values_.end());
    for (const auto& run : runs) {
        auto& sparse_run = runs_.emplace_back();
        for (const auto& sample : run) {
            Sparse sparse;
            sparse.length_s = sample.length_s;
            sample.histogram->for_each_recorded([&](std::int64_t, std::int64_t high, std::int64_t count) {
                const auto at = std::lower_bound(values_.begin(), values_.end(), high) - values_.begin();
                sparse.bucket.push_back(static_cast<std::uint32_t>(at));
                sparse.count.push_back(count);
            });
            sparse_run.push_back(std::move(sparse));
        }
    }
}

std::size_t IntervalResampler::block_length(std::size_t intervals) {
    if (intervals <= 1) return 1;
    return std::max<std::size_t>(1, static_cast<std::size_t>(std::lround(std::cbrt(static_cast<double>(intervals)))));
}

std::size_t IntervalResampler::longest_run() const {
    std::size_t longest = 0;
    for (const auto& run : runs_) longest = std::max(longest, run.size());
    return longest;
}

bool IntervalResampler::empty() const { return values_.empty(); }

Resample IntervalResampler::figures(const std::vector<std::int64_t>& dense, double seconds,
                                    const std::vector<double>& percentiles) const {
    Resample out;
    out.seconds = seconds;
    for (auto c : dense) out.count += c;
    out.percentiles.assign(percentiles.size(), 0);
    if (out.count == 0) return out;
    // Ranks as Histogram::value_at_percentile takes them: ceil(p/100 · count), at least 1, the product first
    // stepped back the ulp it can come out above an exact rank.
    std::vector<std::int64_t> ranks(percentiles.size());
    for (std::size_t i = 0; i < percentiles.size(); ++i) {
        const double rank = percentiles[i] / 100.0 * static_cast<double>(out.count);
        const double ulp = std::pow(2.0, std::floor(std::log2(rank)) - 52);
        ranks[i] = std::max<std::int64_t>(1, static_cast<std::int64_t>(std::ceil(rank - ulp)));
    }
    std::int64_t seen = 0;
    for (std::size_t b = 0; b < dense.size(); ++b) {
        if (dense[b] == 0) continue;
        seen += dense[b];
        out.max = values_[b];
        for (std::size_t i = 0; i < ranks.size(); ++i)
            if (out.percentiles[i] == 0 && seen >= ranks[i]) out.percentiles[i] = values_[b];
    }
    return out;
}

Resample IntervalResampler::whole(const std::vector<double>& percentiles) const {
    std::vector<std::int64_t> dense(values_.size(), 0);
    double seconds = 0;
    for (const auto& run : runs_)
        for (const auto& interval : run) {
            for (std::size_t k = 0; k < interval.bucket.size(); ++k) dense[interval.bucket[k]] += interval.count[k];
            seconds += interval.length_s;
        }
    return figures(dense, seconds, percentiles);
}

std::vector<Resample> IntervalResampler::resample(int replicates, const std::vector<double>& percentiles,
                                                  std::uint64_t seed) const {
    std::mt19937_64 random(seed);
    std::vector<Resample> out;
    out.reserve(static_cast<std::size_t>(std::max(0, replicates)));
    std::vector<std::int64_t> dense(values_.size());
    for (int r = 0; r < replicates; ++r) {
        std::fill(dense.begin(), dense.end(), 0);
        double seconds = 0;
        for (const auto& run : runs_) {
            const std::size_t n = run.size();
            if (n == 0) continue;
            const std::size_t block = block_length(n);
            std::uniform_int_distribution<std::size_t> start(0, n - 1);
            for (std::size_t drawn = 0; drawn < n;) {
                const std::size_t first = start(random);
                for (std::size_t j = 0; j < block && drawn < n; ++j, ++drawn) {
                    const auto& interval = run[(first + j) % n];  // circular: the last seconds lead into the first
                    for (std::size_t k = 0; k < interval.bucket.size(); ++k) dense[interval.bucket[k]] += interval.count[k];
                    seconds += interval.length_s;
                }
            }
        }
        out.push_back(figures(dense, seconds, percentiles));
    }
    return out;
}

}  // namespace dockside::compare
