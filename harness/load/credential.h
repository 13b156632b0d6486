#pragma once
/// A secret that changes while a run goes on: an access token that is refreshed before it expires. One
/// thread publishes a new value; each worker copies it into its own string at its 10 ms tick, so the
/// per-request path reads only the worker's copy (no lock, no atomic). The engine knows nothing of how
/// the value is obtained; requests take it through SlotKind::credential slots. A worker whose request was
/// refused (401) with the newest value says so here; whoever publishes (auth::TokenRefresher) then
/// renews at once, and the worker sends that request once more with the new value.

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

    /// A worker: the value of `generation` was refused. Any thread; const because the engine holds the
    /// credential as read-only (only its publisher changes the value): refusals and retries are notes beside it.
    void reject(std::uint64_t generation) const {
        std::uint64_t seen = rejected_.load();
        while (seen < generation && !rejected_.compare_exchange_weak(seen, generation)) {
        }
    }
    /// Whether the newest value has been refused, so a new one is wanted now.
    bool renewal_wanted() const { return rejected_.load() >= generation(); }

    /// A request refused with an older value and sent once more with a newer one.
    void count_retry() const { retries_.fetch_add(1, std::memory_order_relaxed); }
    std::int64_t retries() const { return retries_.load(std::memory_order_relaxed); }

private:
    mutable std::mutex mutex_;
    std::string value_;
    std::atomic<std::uint64_t> generation_{1};
    mutable std::atomic<std::uint64_t> rejected_{0};
    mutable std::atomic<std::int64_t> retries_{0};
};

}  // namespace dockside::load
