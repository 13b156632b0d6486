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

ReturnRecord* ReturnsState::find(std::int32_t id) {
    auto it = returns.find(id);
    return it == returns.end() ? nullptr : &it->second;
}

ReturnRecord& ReturnsState::insert(ReturnRecord record) {
    if (auto held = returns.find(record.id); held != returns.end()) erase(held);
    for (auto channel : {record.channel_id, kEveryChannel}) by_channel.insert({channel, record.id});
    const std::int32_t id = record.id;
    return returns[id] = std::move(record);
}

std::map<std::int32_t, ReturnRecord>::iterator ReturnsState::erase(std::map<std::int32_t, ReturnRecord>::iterator at) {
    for (auto channel : {at->second.channel_id, kEveryChannel}) by_channel.erase({channel, at->first});
    return returns.erase(at);
}

std::int32_t ReturnsState::default_action(std::int64_t inventory_id) const {
    auto it = default_actions.find(inventory_id);
    return it == default_actions.end() ? 1 : it->second;
}

}  // namespace dockside::refserver
