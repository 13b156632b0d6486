#pragma once
/// Rendered response bodies of hot reads, keyed by record id and the record's revision (the generation of
/// its last change), so a write makes stale only the records it changed. Rendering an order is a tree of
/// small allocations plus a dump; a cache hit is one lookup and a shared text, which is what lets
/// GET /order/{id} and a page of orders keep pace with a static file server under a mix that writes.
/// Readers hold only the store's shared lock, so the cache has its own mutex.

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

namespace dockside::refserver {

class RenderCache {
public:
    using Text = std::shared_ptr<const std::string>;
    /// The body rendered for `id` at `revision`, if that is what the cache holds (null otherwise). Shared, not
    /// copied: a page of 250 orders would otherwise copy each one's 3 KB twice.
    Text find(std::int64_t id, std::uint64_t revision) const;
    /// Remembers a rendering, and returns it; an entry of another revision is replaced.
    Text put(std::int64_t id, std::uint64_t revision, std::string body);

private:
    struct Entry {
        std::uint64_t revision = 0;
        Text body;
    };
    // Bounded (an order renders to about 3 KB): emptied when full, as the entries of forgotten records stay
    // until then. A full page of 250 from each of 20 pages still fits.
    static constexpr std::size_t kMaxEntries = 16384;
    mutable std::mutex mutex_;
    std::unordered_map<std::int64_t, Entry> entries_;
};

}  // namespace dockside::refserver
