#pragma once
/// A fixed-capacity ring of ids for one worker thread: ids of seed data listed at start and ids captured
/// from responses (a created order), read round-robin by get/list requests or taken once by cancels.
/// When full, the oldest id makes room, so memory stays what the capacity says.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace dockside::load {

class IdPool {
public:
    explicit IdPool(std::size_t capacity = 4096) : ring_(capacity == 0 ? 1 : capacity) {}

    void push(std::int64_t id) {
        ring_[(head_ + size_) % ring_.size()] = id;
        if (size_ < ring_.size()) ++size_;
        else head_ = (head_ + 1) % ring_.size();  // overwrote the oldest
    }
    /// The next id in turn, kept in the pool.
    std::optional<std::int64_t> read() {
        if (size_ == 0) return std::nullopt;
        cursor_ = (cursor_ + 1) % size_;
        return ring_[(head_ + cursor_) % ring_.size()];
    }
    /// The oldest id, removed from the pool.
    std::optional<std::int64_t> take() {
        if (size_ == 0) return std::nullopt;
        const std::int64_t id = ring_[head_];
        head_ = (head_ + 1) % ring_.size();
        --size_;
        return id;
    }
    std::size_t size() const { return size_; }
    std::size_t capacity() const { return ring_.size(); }

private:
    std::vector<std::int64_t> ring_;
    std::size_t head_ = 0;
    std::size_t size_ = 0;
    std::size_t cursor_ = 0;
};

}  // namespace dockside::load
