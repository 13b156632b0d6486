// The `returns` seed section:
//   {"default_actions": {"<inventory id>": 1 | 2 | 3},   // the portal-configured action (RET-DEFAULT-ACTION)
//    "items": [{id, channel_id, fulfillment_center_id, reference_id?, original_shipment_id?, tracking_number?,
//               return_type?, status, insert_date, inventory: [{id, quantity?, requested_action?, lot_number?, lot_date?}]}]}
// A seeded return's history is replayed along the warehouse path, one day per step from insert_date.

#include <chrono>

#include "refserver/api/returns_model.h"
#include "refserver/core/datetime.h"
#include "refserver/core/query.h"

namespace dockside::refserver {
namespace {

void replay_history(ReturnRecord& r, const std::string& target, const Lifecycle& life) {
    TimePoint when = r.insert_date;
    r.enter(life.initial(), when);
    std::string at = life.initial();
    while (at != target) {
        when += std::chrono::hours(24);
        auto next = target == life.cancelled() ? std::optional<std::string>(target) : life.next(at);
        if (!next) break;
        r.enter(*next, when);
        at = *next;
    }
}

std::optional<ReturnRecord> read_seeded(const nlohmann::json& j, const std::string& where, Store& store,
                                        const ReturnsState& state, std::vector<std::string>& problems) {
    if (!j.is_object() || !j.value("id", nlohmann::json()).is_number_integer() ||
        !j.value("inventory", nlohmann::json()).is_array()) {
        problems.push_back(where + " needs an integer id and an inventory array");
        return std::nullopt;
    }
    ReturnRecord r;
    r.id = j["id"].get<std::int32_t>();
    r.channel_id = j.value("channel_id", 0);
    r.fulfillment_center_id = j.value("fulfillment_center_id", 0);
    if (j.contains("reference_id") && j["reference_id"].is_string()) r.reference_id = j["reference_id"];
    if (j.contains("tracking_number") && j["tracking_number"].is_string()) r.tracking_number = j["tracking_number"];
    if (j.contains("original_shipment_id") && j["original_shipment_id"].is_number_integer())
        r.original_shipment_id = j["original_shipment_id"].get<std::int32_t>();
    r.return_type = j.value("return_type", "Regular");
    auto inserted = parse_iso8601(j.value("insert_date", ""));
    const Lifecycle& life = store.states.returns;
    const std::string status = j.value("status", life.initial());
    if (!inserted) problems.push_back(where + ".insert_date must be an ISO 8601 date-time");
    if (!life.has(status))
        problems.push_back(where + ".status is not a return status");
    if (!store.catalog.fulfillment_center(r.fulfillment_center_id))
        problems.push_back(where + ".fulfillment_center_id names no fulfillment center");
    for (const auto& l : j["inventory"]) {
        ReturnLine line;
        line.inventory_id = l.value("id", std::int64_t{0});
        const nlohmann::json* inv = store.catalog.inventory_item(line.inventory_id);
        if (!inv) {
            problems.push_back(where + ".inventory names unknown inventory id " + std::to_string(line.inventory_id));
            continue;
        }
        line.quantity = l.value("quantity", 1);
        line.action_defaulted = !l.contains("requested_action");
        line.action = l.value("requested_action", state.default_action(line.inventory_id));
        line.name = inv->value("name", "");
        line.sku = inv->value("sku", "");
        if (l.contains("lot_number")) line.lot_number = l.value("lot_number", "");
        if (l.contains("lot_date")) line.lot_date = parse_iso8601(l.value("lot_date", ""));
        r.invoice_amount += 2.5 * line.quantity;
        r.lines.push_back(std::move(line));
    }
    r.insert_date = inserted.value_or(TimePoint{});
    replay_history(r, status, life);
    return r;
}

}  // namespace

std::vector<std::string> load_returns_seed(const nlohmann::json& seed, Store& store) {
    std::vector<std::string> problems;
    auto section = seed.find("returns");
    if (section == seed.end() || (section->is_array() && section->empty())) return problems;
    if (!section->is_object()) return {"returns must be an object {default_actions, items}"};
    ReturnsState& state = returns_state(store);
    const auto defaults = section->value("default_actions", nlohmann::json::object());
    for (const auto& [key, value] : defaults.items()) {
        auto id = parse_int64(key);
        if (!id || !value.is_number_integer() || value.get<int>() < 1 || value.get<int>() > 3)
            problems.push_back("returns.default_actions[" + key + "] must map an inventory id to 1, 2 or 3");
        else
            state.default_actions[*id] = value.get<std::int32_t>();
    }
    const auto items = section->value("items", nlohmann::json::array());
    for (std::size_t i = 0; i < items.size(); ++i) {
        auto r = read_seeded(items[i], "returns.items[" + std::to_string(i) + "]", store, state, problems);
        if (!r) continue;
        link_original_shipment(*r, store);
        state.next_id = std::max(state.next_id, r->id + 1);
        state.insert(std::move(*r));
    }
    return problems;
}

}  // namespace dockside::refserver
