#include "refserver/store/retention.h"

#include <algorithm>
#include <iterator>
#include <optional>

#include "refserver/store/receiving_state.h"
#include "refserver/store/record_budget.h"
#include "refserver/store/returns_store.h"
#include "refserver/store/store.h"

namespace dockside::refserver {
namespace {

bool order_finished(const Store& store, const OrderRecord& order) {
    if (!store.states.orders.finished(order.status)) return false;
    return std::all_of(order.shipment_ids.begin(), order.shipment_ids.end(), [&](std::int32_t id) {
        const ShipmentRecord* s = store.orders.find_shipment(id);
        return !s || store.states.shipments.finished(s->status);
    });
}

void forget_order(Store& store, std::int32_t id) {
    if (auto shipments = store.orders.erase(id)) {
        store.evicted.shipments += *shipments;
        ++store.evicted.orders;
    }
}

/// The oldest finished record of one kind at or after a cursor, walked once per eviction pass.
template <class Iterator, class Finished>
Iterator next_finished(Iterator at, Iterator end, Finished finished) {
    while (at != end && !finished(*at)) ++at;
    return at;
}

}  // namespace

const char* to_string(Retention retention) { return retention == Retention::Evict ? "evict" : "refuse"; }

std::vector<std::pair<std::string, std::size_t>> EvictedCounts::by_kind() const {
    return {{"orders", orders}, {"shipments", shipments}, {"returns", returns}, {"receiving_orders", receiving_orders}};
}

std::size_t evict_finished(Store& store, std::size_t target) {
    auto& returns_held = store.areas.get<ReturnsState>();
    auto& returns = returns_held.returns;
    auto& wros = store.areas.get<ReceivingState>().wros;
    // Every order is indexed under kEveryChannel, the smallest channel key: the front of by_channel holds them
    // all, oldest first, which is what retention forgets first.
    const auto& by_channel = store.orders.by_channel;
    const auto next_order = [&](auto at) {
        for (; at != by_channel.end() && at->channel == kEveryChannel; ++at)
            if (const OrderRecord* o = store.orders.find(at->id); o && order_finished(store, *o)) return at;
        return by_channel.end();
    };
    const auto return_done = [&](const auto& entry) { return store.states.returns.finished(entry.second.status); };
    const auto wro_done = [&](const auto& entry) { return store.states.receiving.finished(entry.second.status); };

    const std::size_t before = store.evicted.total();
    auto order = next_order(by_channel.begin());
    auto ret = next_finished(returns.begin(), returns.end(), return_done);
    auto wro = next_finished(wros.begin(), wros.end(), wro_done);
    while (stored_records(store) > target) {
        // The oldest of the three candidates goes first, so no kind is emptied while older records of
        // another are kept.
        std::optional<TimePoint> o_at, r_at, w_at;
        if (order != by_channel.end()) o_at = order->at;
        if (ret != returns.end()) r_at = ret->second.insert_date;
        if (wro != wros.end()) w_at = wro->second.insert_date;
        if (!o_at && !r_at && !w_at) break;
        if (o_at && (!r_at || *o_at <= *r_at) && (!w_at || *o_at <= *w_at)) {
            const std::int32_t id = order->id;
            // Found before the erase: the tree's iterators to the erased entries die, the others do not.
            order = next_order(std::next(order));
            forget_order(store, id);
        } else if (r_at && (!w_at || *r_at <= *w_at)) {
            ret = next_finished(returns_held.erase(ret), returns.end(), return_done);
            ++store.evicted.returns;
        } else {
            wro = next_finished(wros.erase(wro), wros.end(), wro_done);
            ++store.evicted.receiving_orders;
        }
    }
    return store.evicted.total() - before;
}

}  // namespace dockside::refserver
