// Response shapes of returns. The document lists the list-only fields; the create shape omits them.
// Stances where the shape is silent (documented in refserver/README.md): action_requested.action_type
// is "Requested" or "Default" (the portal's action applied, RET-DEFAULT-ACTION), instructions "";
// action_taken is empty until the warehouse completes the return; lot_information of a line without a
// lot carries number "", minimumShelfLife 0 and the return's insert date as expiration.

#include "refserver/api/order_model.h"
#include "refserver/api/returns_model.h"

namespace dockside::refserver {
namespace {

nlohmann::json id_name(std::int64_t id, const std::string& name) { return {{"id", id}, {"name", name}}; }

nlohmann::json line_json(const ReturnLine& line, const ReturnRecord& r, const Store& store, const FaultSet& faults,
                         bool list_shape) {
    nlohmann::json taken = nlohmann::json::array();
    if (r.status == store.states.returns.done())
        taken.push_back({{"action", return_action_name(line.action)},
                         {"action_reason", "processed by the warehouse"},
                         {"image_url", "https://refserver.dockside.invalid/returns/" + std::to_string(r.id) + ".jpg"},
                         {"quantity_processed", line.quantity}});
    nlohmann::json j{{"id", line.inventory_id},
                     {"name", line.name},
                     {"quantity", line.quantity},
                     {"action_requested",
                      {{"action", return_action_name(line.action)},
                       {"action_type", line.action_defaulted ? "Default" : "Requested"},
                       {"instructions", ""}}},
                     {"action_taken", taken}};
    if (list_shape) {
        j["sku"] = line.sku;
        j["lot_information"] = {{"expiration", time_json(line.lot_date.value_or(r.insert_date), faults)},
                                {"minimumShelfLife", 0},
                                {"number", line.lot_number.value_or("")}};
    }
    return j;
}

nlohmann::json transactions_json(const ReturnRecord& r, const Store& store) {
    nlohmann::json out = nlohmann::json::array();
    if (r.status == store.states.returns.done()) out.push_back({{"amount", r.invoice_amount}, {"transaction_type", "Charge"}});
    return out;
}

nlohmann::json common_json(const ReturnRecord& r, const Store& store, const FaultSet& faults, bool list_shape) {
    const Channel* ch = store.channel(r.channel_id);
    const nlohmann::json* fc = store.catalog.fulfillment_center(r.fulfillment_center_id);
    nlohmann::json lines = nlohmann::json::array();
    for (const auto& l : r.lines) lines.push_back(line_json(l, r, store, faults, list_shape));
    return {{"id", r.id},
            {"channel", id_name(r.channel_id, ch ? ch->name : "")},
            {"fulfillment_center", id_name(r.fulfillment_center_id, fc ? fc->value("name", "") : "")},
            {"reference_id", or_null(r.reference_id)},
            {"original_shipment_id", or_null(r.original_shipment_id)},
            {"tracking_number", or_null(r.tracking_number)},
            {"store_order_id", or_null(r.store_order_id)},
            {"customer_name", or_null(r.customer_name)},
            {"return_type", r.return_type},
            {"status", r.status == store.states.returns.initial() && faults.on(Fault::ReturnStatusOutsideSet) ? "Pending" : r.status},
            {"insert_date", time_json(r.insert_date, faults)},
            {"transactions", transactions_json(r, store)},
            {"inventory", lines}};
}

}  // namespace

nlohmann::json return_created_json(const ReturnRecord& r, const Store& store, const FaultSet& faults) {
    auto j = common_json(r, store, faults, false);
    j["invoice_amount"] = r.invoice_amount;
    return j;
}

nlohmann::json return_list_json(const ReturnRecord& r, const Store& store, const FaultSet& faults) {
    auto j = common_json(r, store, faults, true);
    j["shipment_tracking_number"] = r.shipment_tracking_number;
    const Lifecycle& life = store.states.returns;
    for (const auto& status : life.states()) {
        const std::string field = life.date_field(status);
        if (field.empty()) continue;
        auto it = r.entered.find(status);
        j[field] = time_json(it == r.entered.end() ? std::nullopt : std::optional<TimePoint>(it->second), faults);
    }
    nlohmann::json history = nlohmann::json::array();
    for (const auto& [status, when] : r.history) history.push_back({{"status", status}, {"timestamp", time_json(when, faults)}});
    j["status_history"] = history;
    j["invoice"] = {{"amount", r.invoice_amount}, {"currency_code", "USD"}};
    return j;
}

RenderCache::Text return_list_text(const ReturnRecord& r, const ReturnsState& held, const Store& store, const FaultSet& faults) {
    if (auto body = held.rendered->find(r.id, r.revision)) return body;
    return held.rendered->put(r.id, r.revision, dump_json(return_list_json(r, store, faults)));
}

}  // namespace dockside::refserver
