#include "refserver/store/render_cache.h"

namespace dockside::refserver {

std::optional<std::string> RenderCache::find(std::int64_t id, std::uint64_t generation) const {
    std::lock_guard lock(mutex_);
    auto it = entries_.find(id);
    if (it == entries_.end() || it->second.generation != generation) return std::nullopt;
    return it->second.body;
}

void RenderCache::put(std::int64_t id, std::uint64_t generation, std::string body) {
    std::lock_guard lock(mutex_);
    if (entries_.size() >= kMaxEntries) std::erase_if(entries_, [&](const auto& e) { return e.second.generation != generation; });
    if (entries_.size() >= kMaxEntries) entries_.clear();
    entries_[id] = Entry{generation, std::move(body)};
}

}  // namespace dockside::refserver
