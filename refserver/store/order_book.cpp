#include "refserver/store/order_book.h"

#include <algorithm>

namespace dockside::refserver {

bool ShipmentRecord::has_tracking() const {
    const auto fields = tracking.value();
    auto it = fields.find("tracking_number");
    return it != fields.end() && it->is_string() && !it->get_ref<const std::string&>().empty();
}

OrderRecord* OrderBook::change_order(std::int32_t id) {
    auto it = orders.find(id);
    if (it == orders.end()) return nullptr;
    changed.push_back(id);
    return &it->second;
}

const OrderRecord* OrderBook::find(std::int32_t id) const {
    auto it = orders.find(id);
    return it == orders.end() ? nullptr : &it->second;
}

std::vector<std::int32_t> OrderBook::with_reference(const std::string& reference) const {
    std::vector<std::int32_t> ids;
    auto [from, to] = by_reference.equal_range(std::hash<std::string>{}(reference));
    for (auto it = from; it != to; ++it)
        if (const OrderRecord* o = find(it->second); o && o->reference_id == reference) ids.push_back(it->second);
    return ids;
}

ShipmentRecord* OrderBook::change_shipment(std::int32_t id) {
    auto it = shipments.find(id);
    if (it == shipments.end()) return nullptr;
    touched.push_back(id);
    changed.push_back(it->second.order_id);
    return &it->second;
}

const ShipmentRecord* OrderBook::find_shipment(std::int32_t id) const {
    auto it = shipments.find(id);
    return it == shipments.end() ? nullptr : &it->second;
}

void OrderBook::insert(OrderRecord order, std::vector<ShipmentRecord> new_shipments) {
    next_order_id = std::max(next_order_id, order.id + 1);
    for (auto& s : new_shipments) {
        next_shipment_id = std::max(next_shipment_id, s.id + 1);
        order.shipment_ids.push_back(s.id);
        touched.push_back(s.id);
        shipments[s.id] = std::move(s);
    }
    if (order.reference_id) by_reference.emplace(std::hash<std::string>{}(*order.reference_id), order.id);
    for (auto channel : {order.channel_id, kEveryChannel}) by_channel.insert({channel, order.created, order.id});
    changed.push_back(order.id);
    refresh_facts(orders[order.id] = std::move(order));
}

std::optional<std::size_t> OrderBook::erase(std::int32_t id) {
    auto it = orders.find(id);
    if (it == orders.end()) return std::nullopt;
    const OrderRecord& order = it->second;
    std::size_t shipments_erased = 0;
    for (auto sid : order.shipment_ids) shipments_erased += shipments.erase(sid);
    // A shipment changed by the request that triggered retention is looked at after it; drop it from there.
    std::erase_if(touched, [&](std::int32_t sid) {
        return std::find(order.shipment_ids.begin(), order.shipment_ids.end(), sid) != order.shipment_ids.end();
    });
    if (order.reference_id) {
        auto [from, to] = by_reference.equal_range(std::hash<std::string>{}(*order.reference_id));
        for (auto r = from; r != to; ++r)
            if (r->second == id) {
                by_reference.erase(r);
                break;
            }
    }
    index_facts(order, false);
    for (auto channel : {order.channel_id, kEveryChannel}) by_channel.erase({channel, order.created, id});
    orders.erase(it);
    return shipments_erased;
}

void OrderBook::stamp_changed(std::uint64_t generation) {
    for (const auto id : changed)
        if (auto it = orders.find(id); it != orders.end()) {
            it->second.revision = generation;
            refresh_facts(it->second);
        }
    changed.clear();
}

void OrderBook::refresh_facts(OrderRecord& order) {
    index_facts(order, false);
    ShipmentFacts f{order.last_update, std::nullopt, false, !order.shipment_ids.empty()};
    for (auto id : order.shipment_ids) {
        const auto* s = find_shipment(id);
        if (!s) continue;
        if (s->last_update_at) f.last_update = std::max(f.last_update, *s->last_update_at);
        if (s->has_tracking()) {
            f.tracked = true;
            if (s->last_tracking_update_at)
                f.last_tracking = f.last_tracking ? std::max(*f.last_tracking, *s->last_tracking_update_at) : *s->last_tracking_update_at;
        }
        if (!s->is_tracking_uploaded) f.all_uploaded = false;
    }
    order.facts = f;
    index_facts(order, true);
}

void OrderBook::index_facts(const OrderRecord& order, bool add) {
    for (auto channel : {order.channel_id, kEveryChannel}) {
        const ChannelTimeKey update{channel, order.facts.last_update, order.id};
        if (add) by_last_update.insert(update);
        else by_last_update.erase(update);
        if (!order.facts.last_tracking) continue;
        const ChannelTimeKey tracking{channel, *order.facts.last_tracking, order.id};
        if (add) by_last_tracking.insert(tracking);
        else by_last_tracking.erase(tracking);
    }
}

}  // namespace dockside::refserver
