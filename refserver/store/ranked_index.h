#pragma once
/// An ordered index that also answers "the k-th entry" and "how many entries lie before this key" in
/// logarithmic time: a list page at any depth, and the count its `last` link needs, cost the same on a
/// server holding millions of records as on a fresh one. libstdc++'s policy-based tree does the work.

#include <cstdint>
#include <functional>

#include <ext/pb_ds/assoc_container.hpp>
#include <ext/pb_ds/tree_policy.hpp>

namespace dockside::refserver {

template <class Key>
using RankedIndex = __gnu_pbds::tree<Key, __gnu_pbds::null_type, std::less<Key>, __gnu_pbds::rb_tree_tag,
                                     __gnu_pbds::tree_order_statistics_node_update>;

/// The channel key under which a per-channel index holds every record a second time: the list of a request
/// that names no channel reads all channels, in the same order and at the same cost.
inline constexpr std::int32_t kEveryChannel = INT32_MIN;

}  // namespace dockside::refserver
