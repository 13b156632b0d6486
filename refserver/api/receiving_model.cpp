#include "refserver/api/receiving_model.h"

#include "refserver/core/datetime.h"
#include "refserver/core/json_body.h"

namespace dockside::refserver {
namespace {

using json = nlohmann::json;

json time_out(TimePoint t, const FaultSet& faults) {
    return faults.on(Fault::ConvTypesBadDatetime) ? format_us_style(t) : format_iso8601(t);
}

json fulfillment_center_json(std::int32_t id, const Store& store) {
    json out = {{"id", id}};
    const json* fc = store.catalog.fulfillment_center(id);
    for (const char* key : {"address1", "address2", "city", "country", "email", "name", "phone_number", "state",
                            "timezone", "zip_code"})
        out[key] = fc && fc->value(key, json()).is_string() ? (*fc)[key] : json("");
    return out;
}

std::string describe(const ApiError& e) { return e.field + ": " + e.message; }

/// One seeded WRO; problems are recorded in `r`.
WroRecord read_wro(BodyReader& r, const Store& store, ReceivingState& state) {
    WroRecord w;
    w.id = r.int32("id", Need::Required, 1).value_or(0);
    const Lifecycle& life = store.states.receiving;
    w.status = r.enumeration("status", Need::Required, life.states(), "WRO-ENUMS").value_or(life.initial());
    w.box_packaging_type =
        r.enumeration("box_packaging_type", Need::Optional, kBoxPackagingTypes, "WRO-ENUMS").value_or(w.box_packaging_type);
    w.package_type = r.enumeration("package_type", Need::Optional, kPackageTypes, "WRO-ENUMS").value_or(w.package_type);
    w.box_labels_uri = r.string("box_labels_uri", Need::Optional);
    w.purchase_order_number = r.string("purchase_order_number", Need::Optional);
    w.fulfillment_center_id = r.int32("fulfillment_center_id", Need::Required).value_or(0);
    if (!r.error() && !store.catalog.fulfillment_center(w.fulfillment_center_id))
        r.fail(validation_error(r.field("fulfillment_center_id"), "names no seeded fulfillment center"));
    w.insert_date = r.datetime("insert_date", Need::Required).value_or(TimePoint{});
    w.expected_arrival_date = r.datetime("expected_arrival_date", Need::Optional).value_or(w.insert_date);
    w.external_sync_timestamp = r.datetime("external_sync_timestamp", Need::Optional);
    if (const json* q = r.array("inventory_quantities", Need::Optional)) {
        for (std::size_t i = 0; i < q->size(); ++i) {
            BodyReader line = r.nested((*q)[i], "inventory_quantities[" + std::to_string(i) + "]");
            json out;
            for (const char* key : {"expected_quantity", "inventory_id", "received_quantity", "stowed_quantity"})
                out[key] = line.int32(key, Need::Optional, 0).value_or(0);
            out["sku"] = line.string("sku", Need::Optional).value_or("");
            w.inventory_quantities.push_back(std::move(out));
        }
    }
    if (const json* h = r.array("status_history", Need::Optional)) {
        for (std::size_t i = 0; i < h->size(); ++i) {
            BodyReader e = r.nested((*h)[i], "status_history[" + std::to_string(i) + "]");
            WroStatusChange change;
            change.status = e.enumeration("status", Need::Required, life.states(), "WRO-ENUMS").value_or("");
            change.timestamp = e.datetime("timestamp", Need::Required).value_or(TimePoint{});
            change.id = state.next_history_id++;
            w.status_history.push_back(std::move(change));
        }
    } else {
        w.status_history.push_back({state.next_history_id++, w.status, w.insert_date});
    }
    w.last_updated_date = r.datetime("last_updated_date", Need::Optional)
                              .value_or(w.status_history.empty() ? w.insert_date : w.status_history.back().timestamp);
    if (!r.error() && (w.status_history.empty() || w.status_history.back().status != w.status))
        r.fail(validation_error(r.field("status_history"), "the last status_history entry must equal status"));
    return w;
}

}  // namespace

json wro_json(const WroRecord& w, const Store& store, const FaultSet& faults) {
    json history = json::array();
    for (const auto& h : w.status_history)
        history.push_back({{"id", h.id}, {"status", h.status}, {"timestamp", time_out(h.timestamp, faults)}});
    std::string status = w.status;
    if (status == store.states.receiving.done() && faults.on(Fault::WroStatusOutsideSet)) status = "Received";
    return {{"id", w.id},
            {"box_labels_uri", w.box_labels_uri ? json(*w.box_labels_uri) : json(nullptr)},
            {"box_packaging_type", w.box_packaging_type},
            {"package_type", w.package_type},
            {"expected_arrival_date", time_out(w.expected_arrival_date, faults)},
            {"external_sync_timestamp", w.external_sync_timestamp ? time_out(*w.external_sync_timestamp, faults) : json(nullptr)},
            {"fulfillment_center", fulfillment_center_json(w.fulfillment_center_id, store)},
            {"insert_date", time_out(w.insert_date, faults)},
            {"last_updated_date", time_out(w.last_updated_date, faults)},
            {"inventory_quantities", w.inventory_quantities},
            {"purchase_order_number", w.purchase_order_number ? json(*w.purchase_order_number) : json(nullptr)},
            {"status", status},
            {"status_history", history}};
}

std::vector<std::string> load_receiving_seed(const json& seed, Store& store) {
    std::vector<std::string> problems;
    auto it = seed.find("wros");
    if (it == seed.end()) return problems;
    if (!it->is_array()) return {"wros must be an array"};
    auto& state = store.areas.get<ReceivingState>();
    for (std::size_t i = 0; i < it->size(); ++i) {
        BodyReader r((*it)[i], "wros[" + std::to_string(i) + "]", "seed");
        WroRecord w = read_wro(r, store, state);
        if (r.error()) problems.push_back(describe(*r.error()));
        else if (!state.wros.emplace(w.id, std::move(w)).second)
            problems.push_back("wros[" + std::to_string(i) + "].id duplicates another WRO");
    }
    return problems;
}

}  // namespace dockside::refserver
