#pragma once
/// Fixed memory for Asio's per-operation handler state, so that steady-state load allocates nothing.
/// Asio's own recycling keeps one block per thread, which is enough while a thread's operations complete
/// one at a time (closed loop) but not when timer waits, posts and socket operations interleave (open
/// loop): then each operation would allocate. A handler wrapped with `bind_arena` takes its block from
/// the arena of its owner (a connection, a worker), which never has more operations outstanding than
/// slots. Oversized or surplus requests fall back to the heap, so correctness never depends on it.

#include <array>
#include <cstddef>
#include <new>
#include <utility>

namespace dockside::load {

template <std::size_t Slots, std::size_t SlotBytes = 512>
class HandlerArena {
public:
    void* allocate(std::size_t bytes) {
        if (bytes <= SlotBytes)
            for (std::size_t i = 0; i < Slots; ++i)
                if (!used_[i]) {
                    used_[i] = true;
                    return storage_[i].bytes;
                }
        return ::operator new(bytes);
    }
    void deallocate(void* p) {
        for (std::size_t i = 0; i < Slots; ++i)
            if (p == storage_[i].bytes) {
                used_[i] = false;
                return;
            }
        ::operator delete(p);
    }

private:
    struct alignas(std::max_align_t) Slot {
        unsigned char bytes[SlotBytes];
    };
    std::array<Slot, Slots> storage_{};
    std::array<bool, Slots> used_{};
};

/// The allocator Asio finds through associated_allocator.
template <class T, class Arena>
class ArenaAllocator {
public:
    using value_type = T;
    explicit ArenaAllocator(Arena* arena) noexcept : arena_(arena) {}
    template <class U>
    ArenaAllocator(const ArenaAllocator<U, Arena>& other) noexcept : arena_(other.arena()) {}

    T* allocate(std::size_t n) { return static_cast<T*>(arena_->allocate(n * sizeof(T))); }
    void deallocate(T* p, std::size_t) noexcept { arena_->deallocate(p); }
    Arena* arena() const noexcept { return arena_; }

    template <class U>
    bool operator==(const ArenaAllocator<U, Arena>& other) const noexcept { return arena_ == other.arena(); }
    template <class U>
    bool operator!=(const ArenaAllocator<U, Arena>& other) const noexcept { return arena_ != other.arena(); }

private:
    Arena* arena_;
};

template <class F, class Arena>
class ArenaHandler {
public:
    using allocator_type = ArenaAllocator<void, Arena>;
    ArenaHandler(Arena* arena, F f) : arena_(arena), f_(std::move(f)) {}
    allocator_type get_allocator() const noexcept { return allocator_type(arena_); }
    template <class... Args>
    void operator()(Args&&... args) {
        f_(std::forward<Args>(args)...);
    }

private:
    Arena* arena_;
    F f_;
};

/// `f` as a completion handler whose operation state lives in `arena`.
template <class Arena, class F>
ArenaHandler<F, Arena> bind_arena(Arena& arena, F f) {
    return ArenaHandler<F, Arena>(&arena, std::move(f));
}

}  // namespace dockside::load
