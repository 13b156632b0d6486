#pragma once
/// Non-empty subsets of a pool, for filter properties ("these ids, those statuses"). Built from a mask
/// rather than from unique elements, so a small pool never makes RapidCheck give up on duplicates.

#include <rapidcheck.h>

#include <vector>

namespace dockside::generators {

/// Each element of `pool` in or out, in pool order; never empty (a lone element is picked when the
/// mask selects none). `pool` must not be empty.
template <class T>
rc::Gen<std::vector<T>> gen_subset(std::vector<T> pool) {
    return rc::gen::mapcat(rc::gen::container<std::vector<bool>>(pool.size(), rc::gen::arbitrary<bool>()),
                           [pool](const std::vector<bool>& mask) {
                               std::vector<T> chosen;
                               for (std::size_t i = 0; i < pool.size(); ++i)
                                   if (mask[i]) chosen.push_back(pool[i]);
                               if (!chosen.empty()) return rc::gen::just(chosen);
                               return rc::gen::map(rc::gen::elementOf(pool),
                                                   [](const T& one) { return std::vector<T>{one}; });
                           });
}

}  // namespace dockside::generators
