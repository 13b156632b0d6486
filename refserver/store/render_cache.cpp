#include "refserver/store/render_cache.h"

namespace dockside::refserver {

std::optional<std::string> RenderCache::find(std::int64_t id, std::uint64_t revision) const {
    std::lock_guard lock(mutex_);
    auto it = entries_.find(id);
    if (it == entries_.end() || it->second.revision != revision) return std::nullopt;
    return it->second.body;
}

void RenderCache::put(std::int64_t id, std::uint64_t revision, std::string body) {
    std::lock_guard lock(mutex_);
    if (entries_.size() >= kMaxEntries && !entries_.contains(id)) entries_.clear();
    entries_[id] = Entry{revision, std::move(body)};
}

}  // namespace dockside::refserver
