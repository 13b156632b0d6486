// The receiving area: list (WRO-LIST), get (WRO-GET), cancel (WRO-CANCEL; NS-WRO-TRANSITIONS:
// only from Awaiting, otherwise 409 and unchanged) and setExternalSync. Shapes the document does
// not show are documented in refserver/README.md ("Products, inventory, locations, receiving").

#include <algorithm>

#include "refserver/api/receiving_model.h"
#include "refserver/core/area.h"
#include "refserver/core/context.h"
#include "refserver/core/json_body.h"
#include "refserver/core/limits.h"

namespace dockside::refserver {
namespace {

using json = nlohmann::json;


/// The filters of GET /receiving; an absent filter selects everything. Date ranges are inclusive.
struct WroFilter {
    std::optional<std::vector<std::int64_t>> ids, fulfillment_center_ids;
    std::optional<std::vector<std::string>> statuses, purchase_order_numbers;
    std::optional<TimePoint> insert_start, insert_end, completed_start, completed_end;
    std::string done;  ///< the state whose entry CompletedStartDate/EndDate filter on (the end of the warehouse path)
    /// ExternalSync as three states rather than an optional<bool>, which GCC 12 warns may be read uninitialized.
    enum class Sync { Any, Synced, Unsynced } external_sync = Sync::Any;

    bool selects(const WroRecord& w) const {
        auto has = [](const auto& list, const auto& v) { return std::find(list->begin(), list->end(), v) != list->end(); };
        if (ids && !has(ids, std::int64_t{w.id})) return false;
        if (fulfillment_center_ids && !has(fulfillment_center_ids, std::int64_t{w.fulfillment_center_id})) return false;
        if (statuses && !has(statuses, w.status)) return false;
        if (purchase_order_numbers && (!w.purchase_order_number || !has(purchase_order_numbers, *w.purchase_order_number)))
            return false;
        if (insert_start && w.insert_date < *insert_start) return false;
        if (insert_end && w.insert_date > *insert_end) return false;
        if (external_sync != Sync::Any && w.external_sync_timestamp.has_value() != (external_sync == Sync::Synced)) return false;
        if (completed_start || completed_end) {
            auto at = w.entered_at(done);
            if (!at || (completed_start && *at < *completed_start) || (completed_end && *at > *completed_end)) return false;
        }
        return true;
    }
};

Reply list_receiving(RequestContext& ctx) {
    QueryReader q(ctx.query);
    const std::int32_t page = q.int32("Page", 1, INT32_MAX, "WRO-LIST").value_or(1);
    const std::int32_t limit = q.int32("Limit", 1, kListMaxSize, "WRO-LIST").value_or(kListDefaultSize);
    WroFilter f;
    // Ids of the pattern the data gives ([0-9]+): 0 names no WRO and matches nothing, as any unknown id.
    f.ids = q.int_list("IDs", 0, INT32_MAX, "WRO-LIST");
    f.statuses = q.string_list("Statuses", "WRO-LIST");
    f.insert_start = q.datetime("InsertStartDate", "WRO-LIST");
    f.insert_end = q.datetime("InsertEndDate", "WRO-LIST");
    f.fulfillment_center_ids = q.int_list("FulfillmentCenterIds", 0, INT32_MAX, "WRO-LIST");
    f.purchase_order_numbers = q.string_list("PurchaseOrderNumbers", "WRO-LIST");
    if (const auto sync = q.boolean("ExternalSync", "WRO-LIST")) f.external_sync = *sync ? WroFilter::Sync::Synced : WroFilter::Sync::Unsynced;
    f.completed_start = q.datetime("CompletedStartDate", "WRO-LIST");
    f.completed_end = q.datetime("CompletedEndDate", "WRO-LIST");
    if (q.error()) return fail(*q.error());
    f.done = ctx.store.states.receiving.done();
    for (const auto& s : f.statuses.value_or(std::vector<std::string>{}))
        if (!ctx.store.states.receiving.has(s))
            return fail(validation_error("Statuses", quoted_excerpt(s) + " is not a WRO status", "WRO-ENUMS"));
    if (ctx.faults.on(Fault::WroListStatusesIgnored)) f.statuses.reset();
    if (ctx.faults.on(Fault::WroListExternalSyncIgnored)) f.external_sync = WroFilter::Sync::Any;

    json out = json::array();
    const std::size_t first = static_cast<std::size_t>(page - 1) * static_cast<std::size_t>(limit);
    std::size_t index = 0;
    for (const auto& [id, w] : ctx.store.areas.get<ReceivingState>().wros) {
        if (!f.selects(w)) continue;
        if (index >= first && index < first + static_cast<std::size_t>(limit)) out.push_back(wro_json(w, ctx.store, ctx.faults));
        ++index;
    }
    return json_response(200, out);
}

Result<WroRecord*, ApiError> find_wro(RequestContext& ctx) {
    const auto id = static_cast<std::int32_t>(ctx.path.integer("id"));
    auto& wros = ctx.store.areas.get<ReceivingState>().wros;
    auto it = wros.find(id);
    if (it == wros.end()) return fail(not_found("no WRO with id " + std::to_string(id), "id"));
    return &it->second;
}

Reply get_receiving(RequestContext& ctx) {
    auto w = find_wro(ctx);
    if (!w) return fail(w.error());
    if (ctx.faults.on(Fault::WroGetWrongRecord)) {
        // Answers the neighbouring record: the next WRO by id, or the first one for the last.
        auto& wros = ctx.store.areas.get<ReceivingState>().wros;
        auto next = wros.upper_bound((*w)->id);
        const WroRecord& other = next != wros.end() ? next->second : wros.begin()->second;
        return json_response(200, wro_json(other, ctx.store, ctx.faults));
    }
    return json_response(200, wro_json(**w, ctx.store, ctx.faults));
}

Reply cancel_receiving(RequestContext& ctx) {
    auto w = find_wro(ctx);
    if (!w) return fail(w.error());
    WroRecord& wro = **w;
    const Lifecycle& life = ctx.store.states.receiving;
    if (const auto cancel = life.cancel_in(wro.status); !cancel || cancel->outcome != "accepted") {
        ApiError e = conflict("id", "WRO " + std::to_string(wro.id) + " is " + wro.status + "; only a WRO in " + life.initial() +
                                        " can be cancelled",
                              "WRO-CANCEL");
        e.code = "invalid_state";
        return fail(e);
    }
    const TimePoint now = ctx.clock.now();
    auto& state = ctx.store.areas.get<ReceivingState>();
    if (ctx.faults.on(Fault::WroCancelStatusUnchanged)) return json_response(200, wro_json(wro, ctx.store, ctx.faults));
    wro.status = life.cancelled();
    wro.status_history.push_back({state.next_history_id++, wro.status, now});
    wro.last_updated_date = now;
    return json_response(200, wro_json(wro, ctx.store, ctx.faults));
}

Reply set_external_sync(RequestContext& ctx) {
    auto body = parse_json_body(ctx.request);
    if (!body) return fail(body.error());
    BodyReader r(*body, "", "ERR-4XX");
    const json* list = r.array("ids", Need::Required, 1);
    // Without external_sync each WRO's flag flips; with it, every WRO is set to that value.
    auto value = r.boolean("external_sync", Need::Optional);
    if (list && list->size() > kMaxItemsPerWrite)
        r.fail(validation_error("ids", "at most " + std::to_string(kMaxItemsPerWrite) + " WRO ids per call", "NS-REQUEST-LIMITS"));
    std::vector<std::int32_t> ids;
    for (std::size_t i = 0; list && i < list->size() && !r.error(); ++i) {
        const json& v = (*list)[i];
        if (!v.is_number_integer() || v.get<std::int64_t>() < 1 || v.get<std::int64_t>() > INT32_MAX)
            r.fail(validation_error("ids[" + std::to_string(i) + "]", "must be an int32 WRO id", "CONV-TYPES"));
        else ids.push_back(v.get<std::int32_t>());
    }
    if (r.error()) return fail(*r.error());
    const TimePoint now = ctx.clock.now();
    auto& wros = ctx.store.areas.get<ReceivingState>().wros;
    json results = json::array();
    for (auto id : ids) {
        auto it = wros.find(id);
        if (it == wros.end()) {
            results.push_back({{"id", id}, {"is_success", false}, {"reason", "no such WRO"}});
            continue;
        }
        WroRecord& w = it->second;
        const bool on = value.value_or(!w.external_sync_timestamp.has_value());
        w.external_sync_timestamp = on ? std::optional<TimePoint>(now) : std::nullopt;
        w.last_updated_date = now;
        results.push_back({{"id", id}, {"is_success", true}, {"reason", ""}});
    }
    return json_response(200, results);
}

void bind_receiving(HandlerTable& table, const FaultSet&) {
    table.bind_reads({{"listReceiving", list_receiving}, {"getReceiving", get_receiving}});
    table.bind_writes({{"cancelReceiving", cancel_receiving}, {"setReceivingExternalSync", set_external_sync}});
}

}  // namespace

Area receiving_area() { return {"receiving", bind_receiving, load_receiving_seed}; }

}  // namespace dockside::refserver
