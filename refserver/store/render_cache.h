#pragma once
/// Rendered response bodies of hot reads, keyed by record id and the store's generation. Rendering an
/// order is a tree of small allocations plus a dump; a cache hit is one lookup and one string copy, which
/// is what lets GET /order/{id} keep pace with a static file server under keep-alive load.
/// Readers hold only the store's shared lock, so the cache has its own mutex.

#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

namespace dockside::refserver {

class RenderCache {
public:
    /// The body rendered for `id` at `generation`, if that is what the cache holds.
    std::optional<std::string> find(std::int64_t id, std::uint64_t generation) const;
    /// Remembers a rendering; an entry from an older generation is replaced.
    void put(std::int64_t id, std::uint64_t generation, std::string body);

private:
    struct Entry {
        std::uint64_t generation = 0;
        std::string body;
    };
    // Bounded: entries of stale generations are dropped wholesale when it grows past this.
    static constexpr std::size_t kMaxEntries = 65536;
    mutable std::mutex mutex_;
    std::unordered_map<std::int64_t, Entry> entries_;
};

}  // namespace dockside::refserver
