#pragma once
/// How late this machine's timers wake a thread, learned while the run goes: the open-loop sender
/// sleeps until a little before each request is due and spins the rest, and that "little" must cover
/// the usual wake-up delay (tens of microseconds on a quiet host, more in a VM) without spinning the
/// CPU away. The estimate is the 95th percentile of recent wake-up delays, kept in a small decaying
/// histogram of 10 µs buckets, clamped to [min, max]: rarer, longer delays (the thread preempted by
/// another process) cannot be bought back by spinning and are left to show in the send-lag histogram.

#include <array>
#include <cstdint>

namespace dockside::load {

class WakeupEstimator {
public:
    WakeupEstimator(std::int64_t initial_ns, std::int64_t min_ns, std::int64_t max_ns)
        : estimate_(initial_ns), min_(min_ns), max_(max_ns) {}

    /// A timer armed for `expected` woke the thread at `actual` (steady ns).
    void observe(std::int64_t expected, std::int64_t actual) {
        const std::int64_t late = actual > expected ? actual - expected : 0;
        const auto bucket = static_cast<std::size_t>(late / kBucketNs);
        ++counts_[bucket < kBuckets ? bucket : kBuckets - 1];
        if (++samples_ % kHalfLife == 0) {
            for (auto& c : counts_) c /= 2;  // older wake-ups count less
            recompute();
        } else if (samples_ < kHalfLife && samples_ % 64 == 0) {
            recompute();  // learn quickly at the start
        }
    }
    /// How long before a deadline to stop sleeping and start spinning.
    std::int64_t spin_window_ns() const { return estimate_; }

private:
    static constexpr std::int64_t kBucketNs = 10'000;
    static constexpr std::size_t kBuckets = 64;  // the last bucket collects everything from 630 µs
    static constexpr std::uint64_t kHalfLife = 2048;

    void recompute() {
        std::uint64_t total = 0;
        for (auto c : counts_) total += c;
        if (total == 0) return;
        std::uint64_t seen = 0;
        for (std::size_t i = 0; i < kBuckets; ++i) {
            seen += counts_[i];
            if (seen * 100 >= total * 95) {
                const std::int64_t upper = static_cast<std::int64_t>(i + 1) * kBucketNs + kBucketNs;
                estimate_ = upper < min_ ? min_ : (upper > max_ ? max_ : upper);
                return;
            }
        }
    }

    std::array<std::uint64_t, kBuckets> counts_{};
    std::uint64_t samples_ = 0;
    std::int64_t estimate_;
    std::int64_t min_;
    std::int64_t max_;
};

}  // namespace dockside::load
