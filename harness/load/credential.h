#pragma once
/// A secret that changes while a run goes on: an access token that is refreshed before it expires. One
/// thread publishes a new value; each worker copies it into its own string at its 10 ms tick, so the
/// per-request path reads only the worker's copy (no lock, no atomic). The engine knows nothing of how
/// the value is obtained; requests take it through SlotKind::credential slots.

#include <atomic>
#include <cstdint>
#include <mutex>
#include <string>

namespace dockside::load {

class Credential {
public:
    explicit Credential(std::string initial) : value_(std::move(initial)) {}

    /// Replaces the value; workers take it at their next tick. Any thread.
    void publish(std::string value) {
        std::lock_guard lock(mutex_);
        value_ = std::move(value);
        generation_.fetch_add(1, std::memory_order_release);
    }

    /// Copies the value into `out` when it changed since `seen` (0: never read); true when it did.
    bool take_if_newer(std::string& out, std::uint64_t& seen) const {
        if (generation_.load(std::memory_order_acquire) == seen) return false;
        std::lock_guard lock(mutex_);
        out.assign(value_);
        seen = generation_.load(std::memory_order_relaxed);
        return true;
    }

    /// How many values have been published, the first included.
    std::uint64_t generation() const { return generation_.load(std::memory_order_acquire); }

private:
    mutable std::mutex mutex_;
    std::string value_;
    std::atomic<std::uint64_t> generation_{1};
};

}  // namespace dockside::load
