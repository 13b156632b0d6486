#include "refserver/store/render_cache.h"

namespace dockside::refserver {

RenderCache::Text RenderCache::find(std::int64_t id, std::uint64_t revision) const {
    std::lock_guard lock(mutex_);
    auto it = entries_.find(id);
    if (it == entries_.end() || it->second.revision != revision) return nullptr;
    return it->second.body;
}

RenderCache::Text RenderCache::put(std::int64_t id, std::uint64_t revision, std::string body) {
    auto text = std::make_shared<const std::string>(std::move(body));
    std::lock_guard lock(mutex_);
    if (entries_.size() >= kMaxEntries && !entries_.contains(id)) entries_.clear();
    entries_[id] = Entry{revision, text};
    return text;
}

}  // namespace dockside::refserver
