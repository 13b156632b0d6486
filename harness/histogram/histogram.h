#pragma once
/// A high-dynamic-range histogram in the HdrHistogram layout: fixed memory chosen at construction,
/// constant-time record, exact merge by adding counts. Values are integers; Dockside records
/// microseconds, so the defaults track 1 µs to 1 hour at 3 significant digits.
///
/// The bucket layout is HdrHistogram's (powers of two, each split into `sub_bucket_count` linear
/// sub-buckets, the lower half of every bucket but the first overlapping the previous one), which
/// is what lets the `.hlog` encoding be read by every other HdrHistogram implementation.
/// Reported figures follow HdrHistogram's conventions: a value stands for the range of values
/// equivalent to it (`lowest_equivalent_value` .. `highest_equivalent_value`), so `max()` is the
/// highest value equivalent to the largest recorded one, and a decoded histogram reports the same
/// figures as the one that was encoded.
///
/// Not synchronised: keep one per worker thread and merge them with add(), as wrk2 does.

#include <bit>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "core/result.h"

namespace dockside::histogram {

class Histogram {
public:
    /// A histogram that tells apart values `lowest` apart (rounded down to a power of two), tracks
    /// values up to `highest`, and keeps `significant_digits` (0..5) decimal digits of precision.
    /// Invalid settings are a programming error and throw std::invalid_argument; settings that come
    /// from outside (a decoded file) go through `make`.
    explicit Histogram(std::int64_t lowest = 1, std::int64_t highest = 3'600'000'000,
                       int significant_digits = 3);

    /// Validated construction: lowest >= 1, highest >= 2 * lowest, digits in 0..5, and a counts
    /// array no larger than `max_counts_length` (16 MiB of counters, so a hostile file cannot demand
    /// more).
    static Result<Histogram, std::string> make(std::int64_t lowest, std::int64_t highest,
                                               int significant_digits);
    static constexpr std::size_t max_counts_length = std::size_t{1} << 21;

    /// Records one value. Returns false when the value was outside 0..highest_trackable(): it is
    /// then counted at the nearest bound and in clamped_count(), never dropped.
    bool record(std::int64_t value) { return record_n(value, 1); }
    /// Records `count` occurrences of a value (clamped as record() does). A count <= 0 records
    /// nothing and returns false.
    bool record_n(std::int64_t value, std::int64_t count);

    /// Adds every count of `other`. Exact (index by index) when both share lowest discernible
    /// value and significant digits; otherwise each of other's buckets is recorded at its lowest
    /// equivalent value. Returns how many of other's values had to be clamped into this range
    /// (0 when this range covers other's). Clamped counts and time stamps are merged too.
    std::int64_t add(const Histogram& other);

    /// Clears counts, clamped count, min/max and time stamps; keeps settings and tag.
    void reset();

    /// Number of values recorded (clamped ones included).
    std::int64_t total_count() const { return total_; }
    /// Number of values that were outside 0..highest_trackable() when recorded.
    std::int64_t clamped_count() const { return clamped_; }
    /// Lowest equivalent value of the smallest value recorded; 0 when empty.
    std::int64_t min() const;
    /// Highest equivalent value of the largest value recorded; 0 when empty.
    std::int64_t max() const;
    /// Mean of the recorded values, each taken at the middle of its equivalent range; 0 when empty.
    double mean() const;
    /// Population standard deviation, on the same middle values as mean(); 0 when empty.
    double stddev() const;
    /// The value at or below which `percentile` (0..100, clamped) of the values fall: the highest
    /// equivalent value of the bucket holding that rank (the lowest equivalent one for 0). The rank
    /// is ceil(percentile/100 * total_count), at least 1, as HdrHistogram computes it. 0 when empty.
    std::int64_t value_at_percentile(double percentile) const;
    /// Count recorded in the bucket that `value` falls in (value clamped into range).
    std::int64_t count_at_value(std::int64_t value) const;

    /// True when both values fall in the same bucket.
    bool values_are_equivalent(std::int64_t a, std::int64_t b) const;
    /// Smallest value of the bucket `value` falls in.
    std::int64_t lowest_equivalent_value(std::int64_t value) const;
    /// Largest value of the bucket `value` falls in.
    std::int64_t highest_equivalent_value(std::int64_t value) const;
    /// Middle of the bucket `value` falls in (what mean() and stddev() use).
    std::int64_t median_equivalent_value(std::int64_t value) const;
    /// Width of the bucket `value` falls in.
    std::int64_t size_of_equivalent_value_range(std::int64_t value) const;

    std::int64_t lowest_discernible() const { return lowest_; }
    std::int64_t highest_trackable() const { return highest_; }
    int significant_digits() const { return digits_; }
    /// Number of power-of-two buckets (the `Buckets` figure of the .hgrm footer).
    int bucket_count() const { return bucket_count_; }
    /// Linear sub-buckets per bucket (the `SubBuckets` figure of the .hgrm footer).
    int sub_bucket_count() const { return 1 << (sub_bucket_half_count_magnitude_ + 1); }

    /// Bytes held by this histogram, fixed at construction (object plus counts array).
    std::size_t memory_bytes() const { return sizeof(*this) + counts_.size() * sizeof(std::int64_t); }

    /// Same settings and same counts in every bucket. Time stamps, tag and clamped count are not
    /// part of the distribution and are not compared.
    bool operator==(const Histogram& other) const;

    /// Calls f(lowest_equivalent, highest_equivalent, count) for every non-empty bucket, in
    /// ascending order of value.
    template <class F>
    void for_each_recorded(F f) const {
        const auto [begin, end] = recorded_indexes();
        for (std::size_t i = begin; i < end; ++i) {
            if (counts_[i] != 0) {
                const std::int64_t low = value_from_index(i);
                f(low, highest_equivalent_value(low), counts_[i]);
            }
        }
    }

    // Bucket-level access for the encoders, which speak in counts-array indexes.

    /// Length of the counts array.
    std::size_t counts_length() const { return counts_.size(); }
    /// Indexes of the counts array from the smallest recorded value's to one past the largest's (both 0
    /// when empty): every count outside is zero. A latency histogram fills a small part of its array (1 µs
    /// to 10 ms is a fifth of the 1 µs to 1 h one), so add, reset and the scans walk only this part: the
    /// load driver's collector merges and encodes several histograms a second on a CPU it may share with a
    /// worker, and the time it takes is time that worker does not send.
    struct IndexRange {
        std::size_t begin = 0;
        std::size_t end = 0;
    };
    IndexRange recorded_indexes() const {
        if (total_ == 0) return {};
        return {index_of(min_recorded_), index_of(max_recorded_) + 1};
    }
    /// Count held at an index of the counts array.
    std::int64_t count_at_index(std::size_t index) const { return counts_[index]; }
    /// Lowest value of the bucket at an index of the counts array.
    std::int64_t value_from_index(std::size_t index) const;
    /// Index of the counts array that an in-range value falls in.
    std::size_t index_of(std::int64_t value) const;
    /// Adds `count` (> 0) at an index of the counts array, keeping total, min and max right:
    /// what a decoder uses. `index` must be below counts_length().
    void add_count_at_index(std::size_t index, std::int64_t count);

    /// Start and end of the interval the histogram covers, milliseconds since the epoch (0 when
    /// unknown); written to and read from interval logs.
    std::int64_t start_time_ms = 0;
    std::int64_t end_time_ms = 0;
    /// The interval log tag (the operation, for the load driver); empty when untagged.
    std::string tag;

private:
    struct Layout {
        int unit_magnitude;
        int sub_bucket_half_count_magnitude;
        int bucket_count;
        std::size_t counts_length;
    };
    static Result<Layout, std::string> layout_for(std::int64_t lowest, std::int64_t highest,
                                                  int significant_digits);
    static Layout checked_layout_for(std::int64_t lowest, std::int64_t highest, int significant_digits);
    Histogram(std::int64_t lowest, std::int64_t highest, int significant_digits, const Layout& layout);

    int bucket_index_of(std::int64_t value) const {
        // Position of the highest set bit, with small values mapped to bucket 0 by the mask.
        return 63 - std::countl_zero(static_cast<std::uint64_t>(value | sub_bucket_mask_)) -
               unit_magnitude_ - sub_bucket_half_count_magnitude_;
    }

    std::int64_t lowest_;
    std::int64_t highest_;
    int digits_;
    int unit_magnitude_;
    int sub_bucket_half_count_magnitude_;
    std::int64_t sub_bucket_mask_;
    int bucket_count_;
    std::int64_t total_ = 0;
    std::int64_t clamped_ = 0;
    std::int64_t min_recorded_ = std::numeric_limits<std::int64_t>::max();
    std::int64_t max_recorded_ = 0;
    std::vector<std::int64_t> counts_;
};

inline std::size_t Histogram::index_of(std::int64_t value) const {
    // HdrHistogram's (bucket + 1) * half_count + (sub_bucket - half_count), simplified.
    const int bucket = bucket_index_of(value);
    return (static_cast<std::size_t>(bucket) << sub_bucket_half_count_magnitude_) +
           static_cast<std::size_t>(value >> (bucket + unit_magnitude_));
}

inline bool Histogram::record_n(std::int64_t value, std::int64_t count) {
    if (count <= 0) return false;
    bool in_range = true;
    if (value < 0) {
        value = 0;
        in_range = false;
    } else if (value > highest_) {
        value = highest_;
        in_range = false;
    }
    counts_[index_of(value)] += count;
    total_ += count;
    if (!in_range) clamped_ += count;
    if (value < min_recorded_) min_recorded_ = value;
    if (value > max_recorded_) max_recorded_ = value;
    return in_range;
}

}  // namespace dockside::histogram
