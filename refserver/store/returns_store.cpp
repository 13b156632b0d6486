#include "refserver/store/returns_store.h"

namespace dockside::refserver {

std::string return_action_name(std::int32_t code) {
    if (code < 1 || code > static_cast<std::int32_t>(kReturnActions.size())) return {};
    return kReturnActions[static_cast<std::size_t>(code - 1)];
}

void ReturnRecord::enter(const std::string& next, TimePoint when) {
    status = next;
    entered[next] = when;
    history.emplace_back(next, when);
}

std::uint8_t return_action_mask(const ReturnRecord& r) {
    std::uint8_t mask = 0;
    for (const auto& line : r.lines)
        if (!return_action_name(line.action).empty()) mask |= static_cast<std::uint8_t>(1u << (line.action - 1));
    return mask;
}

ReturnRecord* ReturnsState::find(std::int32_t id) {
    auto it = returns.find(id);
    return it == returns.end() ? nullptr : &it->second;
}

ReturnRecord& ReturnsState::insert(ReturnRecord record) {
    if (auto held = returns.find(record.id); held != returns.end()) erase(held);
    record.revision = ++revisions_;
    index(record, true);
    const std::int32_t id = record.id;
    return returns[id] = std::move(record);
}

void ReturnsState::index(const ReturnRecord& r, bool add) {
    const std::uint8_t mask = return_action_mask(r);
    for (auto channel : {r.channel_id, kEveryChannel}) {
        const ReturnFacetKey facets{channel, r.status, r.return_type, mask, r.id};
        const std::tuple<std::int32_t, TimePoint, std::int32_t> inserted{channel, r.insert_date, r.id};
        if (add) {
            by_channel.insert({channel, r.id});
            by_facets.insert(facets);
            by_inserted.insert(inserted);
        } else {
            by_channel.erase({channel, r.id});
            by_facets.erase(facets);
            by_inserted.erase(inserted);
        }
    }
    if (!r.reference_id) return;
    if (add) {
        by_reference.emplace(*r.reference_id, r.id);
        return;
    }
    auto [from, to] = by_reference.equal_range(*r.reference_id);
    for (auto it = from; it != to; ++it)
        if (it->second == r.id) {
            by_reference.erase(it);
            break;
        }
}

void ReturnsState::enter(ReturnRecord& held, const std::string& next, TimePoint when) {
    index(held, false);
    held.enter(next, when);
    held.revision = ++revisions_;
    index(held, true);
}

std::map<std::int32_t, ReturnRecord>::iterator ReturnsState::erase(std::map<std::int32_t, ReturnRecord>::iterator at) {
    index(at->second, false);
    return returns.erase(at);
}

std::int32_t ReturnsState::default_action(std::int64_t inventory_id) const {
    auto it = default_actions.find(inventory_id);
    return it == default_actions.end() ? 1 : it->second;
}

}  // namespace dockside::refserver
