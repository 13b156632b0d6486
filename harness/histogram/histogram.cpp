#include "harness/histogram/histogram.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace dockside::histogram {

Result<Histogram::Layout, std::string> Histogram::layout_for(std::int64_t lowest, std::int64_t highest,
                                                             int significant_digits) {
    const auto settings = "histogram(lowest " + std::to_string(lowest) + ", highest " +
                          std::to_string(highest) + ", digits " + std::to_string(significant_digits) + "): ";
    if (lowest < 1) return fail(settings + "lowest discernible value must be at least 1");
    if (highest / 2 < lowest) return fail(settings + "highest trackable value must be at least twice the lowest");
    if (significant_digits < 0 || significant_digits > 5)
        return fail(settings + "significant digits must be between 0 and 5");

    std::int64_t single_unit_limit = 2;
    for (int d = 0; d < significant_digits; ++d) single_unit_limit *= 10;
    int sub_bucket_count_magnitude = 0;
    while ((std::int64_t{1} << sub_bucket_count_magnitude) < single_unit_limit) ++sub_bucket_count_magnitude;

    Layout layout{};
    layout.unit_magnitude = 63 - std::countl_zero(static_cast<std::uint64_t>(lowest));
    layout.sub_bucket_half_count_magnitude = std::max(sub_bucket_count_magnitude, 1) - 1;
    if (layout.unit_magnitude + layout.sub_bucket_half_count_magnitude + 1 > 61)
        return fail(settings + "lowest value and precision together need more than 61 bits");

    const std::int64_t sub_bucket_count = std::int64_t{1} << (layout.sub_bucket_half_count_magnitude + 1);
    std::int64_t smallest_untrackable = sub_bucket_count << layout.unit_magnitude;
    int buckets = 1;
    while (smallest_untrackable <= highest) {
        if (smallest_untrackable > std::numeric_limits<std::int64_t>::max() / 2) {
            ++buckets;  // the next doubling would overflow: this bucket reaches the top
            break;
        }
        smallest_untrackable <<= 1;
        ++buckets;
    }
    layout.bucket_count = buckets;
    layout.counts_length = static_cast<std::size_t>(buckets + 1) * static_cast<std::size_t>(sub_bucket_count / 2);
    if (layout.counts_length > max_counts_length)
        return fail(settings + "needs " + std::to_string(layout.counts_length) + " counters, more than the " +
                    std::to_string(max_counts_length) + " allowed");
    return layout;
}

Histogram::Histogram(std::int64_t lowest, std::int64_t highest, int significant_digits, const Layout& layout)
    : lowest_(lowest),
      highest_(highest),
      digits_(significant_digits),
      unit_magnitude_(layout.unit_magnitude),
      sub_bucket_half_count_magnitude_(layout.sub_bucket_half_count_magnitude),
      sub_bucket_mask_(((std::int64_t{1} << (layout.sub_bucket_half_count_magnitude + 1)) - 1)
                       << layout.unit_magnitude),
      bucket_count_(layout.bucket_count),
      counts_(layout.counts_length, 0) {}

Histogram::Layout Histogram::checked_layout_for(std::int64_t lowest, std::int64_t highest, int significant_digits) {
    auto layout = layout_for(lowest, highest, significant_digits);
    if (!layout) throw std::invalid_argument(layout.error());
    return layout.value();
}

Histogram::Histogram(std::int64_t lowest, std::int64_t highest, int significant_digits)
    : Histogram(lowest, highest, significant_digits, checked_layout_for(lowest, highest, significant_digits)) {}

Result<Histogram, std::string> Histogram::make(std::int64_t lowest, std::int64_t highest, int significant_digits) {
    auto layout = layout_for(lowest, highest, significant_digits);
    if (!layout) return fail(layout.error());
    return Histogram(lowest, highest, significant_digits, layout.value());
}

std::int64_t Histogram::value_from_index(std::size_t index) const {
    const std::int64_t half_count = std::int64_t{1} << sub_bucket_half_count_magnitude_;
    int bucket = static_cast<int>(index >> sub_bucket_half_count_magnitude_) - 1;
    std::int64_t sub_bucket = static_cast<std::int64_t>(index & static_cast<std::size_t>(half_count - 1)) + half_count;
    if (bucket < 0) {
        sub_bucket -= half_count;
        bucket = 0;
    }
    return sub_bucket << (bucket + unit_magnitude_);
}

std::int64_t Histogram::lowest_equivalent_value(std::int64_t value) const {
    value = std::max<std::int64_t>(value, 0);
    const int shift = bucket_index_of(value) + unit_magnitude_;
    return (value >> shift) << shift;
}

std::int64_t Histogram::size_of_equivalent_value_range(std::int64_t value) const {
    value = std::max<std::int64_t>(value, 0);
    const int bucket = bucket_index_of(value);
    const std::int64_t sub_bucket = value >> (bucket + unit_magnitude_);
    const int adjusted = sub_bucket >= sub_bucket_count() ? bucket + 1 : bucket;
    return std::int64_t{1} << (unit_magnitude_ + adjusted);
}

std::int64_t Histogram::highest_equivalent_value(std::int64_t value) const {
    return lowest_equivalent_value(value) + size_of_equivalent_value_range(value) - 1;
}

std::int64_t Histogram::median_equivalent_value(std::int64_t value) const {
    return lowest_equivalent_value(value) + (size_of_equivalent_value_range(value) >> 1);
}

bool Histogram::values_are_equivalent(std::int64_t a, std::int64_t b) const {
    return lowest_equivalent_value(a) == lowest_equivalent_value(b);
}

std::int64_t Histogram::min() const { return total_ == 0 ? 0 : lowest_equivalent_value(min_recorded_); }

std::int64_t Histogram::max() const { return total_ == 0 ? 0 : highest_equivalent_value(max_recorded_); }

double Histogram::mean() const {
    if (total_ == 0) return 0.0;
    // Summed in index order in a double, as HdrHistogram does, so printed means agree digit for digit.
    double sum = 0.0;
    for_each_recorded([&](std::int64_t low, std::int64_t, std::int64_t count) {
        sum += static_cast<double>(median_equivalent_value(low)) * static_cast<double>(count);
    });
    return sum / static_cast<double>(total_);
}

double Histogram::stddev() const {
    if (total_ == 0) return 0.0;
    const double average = mean();
    double sum_of_squares = 0.0;
    for_each_recorded([&](std::int64_t low, std::int64_t, std::int64_t count) {
        const double deviation = static_cast<double>(median_equivalent_value(low)) - average;
        sum_of_squares += deviation * deviation * static_cast<double>(count);
    });
    return std::sqrt(sum_of_squares / static_cast<double>(total_));
}

std::int64_t Histogram::value_at_percentile(double percentile) const {
    if (total_ == 0) return 0;
    const double requested = std::clamp(percentile, 0.0, 100.0);
    // The product can come out one ulp above the exact rank; step back that ulp before rounding up
    // so an exact rank is not pushed to the next value.
    const double rank = requested / 100.0 * static_cast<double>(total_);
    const double ulp = std::pow(2.0, std::floor(std::log2(rank)) - 52);
    const auto wanted = std::max<std::int64_t>(static_cast<std::int64_t>(std::ceil(rank - ulp)), 1);
    std::int64_t seen = 0;
    const auto [begin, end] = recorded_indexes();
    for (std::size_t i = begin; i < end; ++i) {
        seen += counts_[i];
        if (seen >= wanted) {
            const std::int64_t value = value_from_index(i);
            return requested == 0.0 ? value : highest_equivalent_value(value);
        }
    }
    return max();
}

std::int64_t Histogram::count_at_value(std::int64_t value) const {
    return counts_[index_of(std::clamp<std::int64_t>(value, 0, highest_))];
}

void Histogram::add_count_at_index(std::size_t index, std::int64_t count) {
    if (count <= 0 || index >= counts_.size()) return;
    counts_[index] += count;
    total_ += count;
    const std::int64_t value = value_from_index(index);
    min_recorded_ = std::min(min_recorded_, value);
    max_recorded_ = std::max(max_recorded_, value);
}

std::int64_t Histogram::add(const Histogram& other) {
    const bool same_layout = unit_magnitude_ == other.unit_magnitude_ &&
                             sub_bucket_half_count_magnitude_ == other.sub_bucket_half_count_magnitude_;
    std::int64_t newly_clamped = 0;
    const auto [begin, end] = other.recorded_indexes();
    for (std::size_t i = begin; i < end; ++i) {
        const std::int64_t count = other.counts_[i];
        if (count == 0) continue;
        const std::int64_t value = other.value_from_index(i);
        if (same_layout && value <= highest_) {
            add_count_at_index(i, count);
        } else if (!record_n(value, count)) {
            newly_clamped += count;  // record_n counted these in clamped_ already
        }
    }
    clamped_ += other.clamped_;
    if (other.start_time_ms != 0)
        start_time_ms = start_time_ms == 0 ? other.start_time_ms : std::min(start_time_ms, other.start_time_ms);
    end_time_ms = std::max(end_time_ms, other.end_time_ms);
    return newly_clamped;
}

void Histogram::reset() {
    const auto [begin, end] = recorded_indexes();
    std::fill(counts_.begin() + static_cast<std::ptrdiff_t>(begin), counts_.begin() + static_cast<std::ptrdiff_t>(end), 0);
    total_ = 0;
    clamped_ = 0;
    min_recorded_ = std::numeric_limits<std::int64_t>::max();
    max_recorded_ = 0;
    start_time_ms = 0;
    end_time_ms = 0;
}

bool Histogram::operator==(const Histogram& other) const {
    return lowest_ == other.lowest_ && highest_ == other.highest_ && digits_ == other.digits_ &&
           total_ == other.total_ && counts_ == other.counts_;
}

}  // namespace dockside::histogram
