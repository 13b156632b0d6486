#pragma once
/// Deterministic choices per request index: which operation of the mix, which pre-serialized variant,
/// whether the response is sampled for validation. A function of (seed, index) alone, so shards that
/// split one schedule's indexes between them send exactly what one generator would have sent.

#include <cstddef>
#include <cstdint>
#include <vector>

namespace dockside::load {

/// SplitMix64's finalizer: a fast, well-mixed 64-bit hash.
inline std::uint64_t mix64(std::uint64_t x) {
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

/// The hash of request `index` under `seed`.
inline std::uint64_t request_hash(std::uint64_t seed, std::uint64_t index) { return mix64(seed ^ mix64(index)); }

/// Chooses an operation with probability proportional to its weight.
class MixPicker {
public:
    explicit MixPicker(const std::vector<double>& weights);
    /// The operation for a 64-bit hash (uses its high 32 bits).
    std::size_t pick(std::uint64_t hash) const {
        const std::uint64_t u = hash >> 32;
        for (std::size_t i = 0; i + 1 < bounds_.size(); ++i)
            if (u < bounds_[i]) return i;
        return bounds_.empty() ? 0 : bounds_.size() - 1;
    }

private:
    std::vector<std::uint64_t> bounds_;  ///< cumulative upper bounds in [0, 2^32]
};

/// Whether a request with this hash is sampled at `fraction` (0..1): uses the hash's low 32 bits.
inline bool sampled(std::uint64_t hash, double fraction) {
    if (fraction <= 0) return false;
    if (fraction >= 1) return true;
    return static_cast<double>(hash & 0xffffffffULL) < fraction * 4294967296.0;
}

}  // namespace dockside::load
