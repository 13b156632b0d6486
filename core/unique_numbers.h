#pragma once
/// The numbers that make a run's values unique (reference ids, probe stamps). The run's tag tells runs
/// apart and the number tells values apart within a run. A conformance run forks children that each send
/// requests: the sequence can be moved into memory they all share, so no two of them hand out the same
/// number and the numbers stay as short as in a run of one process.

#include <atomic>
#include <cstdint>

namespace dockside {

/// Where the sequence lives: this process's own counter unless moved by `share_unique_numbers`.
inline std::atomic<std::uint64_t>*& unique_number_slot() {
    static std::atomic<std::uint64_t> own{0};
    static std::atomic<std::uint64_t>* slot = &own;
    return slot;
}

/// The next number of the run's sequence (1, 2, …).
inline std::uint64_t next_unique_number() { return ++*unique_number_slot(); }

/// Moves the sequence into `shared` (memory mapped MAP_SHARED before forking), going on from where it
/// is. Call before any other thread hands out numbers; `shared` must outlive every use.
inline void share_unique_numbers(std::atomic<std::uint64_t>* shared) {
    shared->store(unique_number_slot()->load());
    unique_number_slot() = shared;
}

}  // namespace dockside
