// GET /2025-07/order: Page/Limit paging (ORD-LIST-LIMIT) and the filters of ORD-LIST-FILTERS.
// Date ranges are inclusive at both ends. Limit's range is the contract's; its default is the server's
// own (NS-LIST-DEFAULTS, refserver/core/limits.h). Default order: created_date ascending.

#include <algorithm>

#include "refserver/api/order_handlers.h"
#include "refserver/api/order_model.h"
#include "refserver/core/context.h"
#include "refserver/core/limits.h"

namespace dockside::refserver {
namespace {

struct OrderFilter {
    std::optional<std::vector<std::int64_t>> ids;
    std::optional<std::vector<std::string>> reference_ids;
    std::optional<TimePoint> start, end, update_start, update_end, tracking_start, tracking_end;
    std::optional<bool> has_tracking, tracking_uploaded;
    std::optional<std::int32_t> channel_id;
    bool hide_api_orders = false;
};

bool in_range(TimePoint t, const std::optional<TimePoint>& lo, const std::optional<TimePoint>& hi) {
    return (!lo || t >= *lo) && (!hi || t <= *hi);
}

bool matches(const OrderRecord& o, const OrderBook& book, const OrderFilter& f, const FaultSet& faults) {
    if (f.hide_api_orders && o.created_through_api) return false;
    if (f.channel_id && o.channel_id != *f.channel_id) return false;
    if (f.ids && std::find(f.ids->begin(), f.ids->end(), o.id) == f.ids->end()) return false;
    if (f.reference_ids && (!o.reference_id || std::find(f.reference_ids->begin(), f.reference_ids->end(),
                                                         *o.reference_id) == f.reference_ids->end()))
        return false;
    if (!in_range(o.created, f.start, f.end)) return false;
    // The rest reads the order's shipments: only when a filter needs them, so a list on a server holding
    // many orders costs a pass over cheap fields, not a shipment look-up per order held.
    if (!f.has_tracking && !f.tracking_uploaded && !f.update_start && !f.update_end && !f.tracking_start && !f.tracking_end)
        return true;

    TimePoint last_update = o.last_update;
    std::optional<TimePoint> last_tracking;
    bool tracked = false, all_uploaded = !o.shipment_ids.empty();
    for (auto id : o.shipment_ids) {
        const auto* s = book.find_shipment(id);
        if (!s) continue;
        if (s->last_update_at) last_update = std::max(last_update, *s->last_update_at);
        if (s->has_tracking()) {
            tracked = true;
            if (s->last_tracking_update_at)
                last_tracking = last_tracking ? std::max(*last_tracking, *s->last_tracking_update_at) : *s->last_tracking_update_at;
        }
        if (!s->is_tracking_uploaded) all_uploaded = false;
    }
    if (f.has_tracking && *f.has_tracking != tracked) return false;
    if (f.tracking_uploaded && *f.tracking_uploaded != all_uploaded) return false;
    if ((f.update_start || f.update_end) && !in_range(last_update, f.update_start, f.update_end)) return false;
    if (f.tracking_start || f.tracking_end) {
        if (!last_tracking) return faults.on(Fault::OrderListTrackingRangeUntracked);
        if (!in_range(*last_tracking, f.tracking_start, f.tracking_end)) return false;
    }
    return true;
}

/// The page [offset, end) of the channel's orders (or every channel's) within the date range, from the
/// channel index. Where the index decides every filter, the page is found by rank: its cost does not depend
/// on how deep it lies or how many orders are held. Filters read from the shipments are applied while
/// walking from the range's near end, only as far as the page reaches.
void list_channel_page(RequestContext& ctx, const OrderFilter& f, bool descending, std::int64_t offset, std::int64_t end,
                       JsonArrayText& out) {
    const auto& index = ctx.store.orders.by_channel;
    const std::int32_t channel = f.channel_id.value_or(kEveryChannel);
    const std::size_t lo = index.order_of_key({channel, f.start.value_or(TimePoint::min()), INT32_MIN});
    const std::size_t hi = index.order_of_key({channel, f.end.value_or(TimePoint::max()), INT32_MAX});
    const bool index_decides = !f.hide_api_orders && !f.has_tracking && !f.tracking_uploaded && !f.update_start &&
                               !f.update_end && !f.tracking_start && !f.tracking_end;
    // Entries passed over by rank; the rest of the offset is counted while walking.
    const std::size_t skipped = index_decides ? static_cast<std::size_t>(std::max<std::int64_t>(offset, 0)) : 0;
    if (lo + skipped >= hi) return;
    std::int64_t position = static_cast<std::int64_t>(skipped);
    auto take = [&](std::int32_t id) {
        const OrderRecord* o = ctx.store.orders.find(id);
        if (!o || !matches(*o, ctx.store.orders, f, ctx.faults)) return true;
        if (position >= offset) out.push(order_text(*o, ctx.store, ctx.faults));
        return ++position < end;
    };
    const std::size_t count = hi - lo - skipped;
    auto it = index.find_by_order(descending ? hi - 1 - skipped : lo + skipped);
    for (std::size_t walked = 1; take(std::get<2>(*it)) && walked < count; ++walked) {
        if (descending) --it; else ++it;
    }
}

}  // namespace

Reply list_orders(RequestContext& ctx) {
    QueryReader q(ctx.query);
    const char* filters = "ORD-LIST-FILTERS";
    const OrderLimits& documented = ctx.store.limits.orders;
    const std::int32_t page =
        q.int32("Page", documented.list_page.min, documented.list_page.max, "ORD-LIST-LIMIT").value_or(1);
    std::int32_t limit =
        q.int32("Limit", documented.list_limit.min, documented.list_limit.max, "ORD-LIST-LIMIT").value_or(kListDefaultSize);
    OrderFilter f;
    f.ids = q.int_list("IDs", INT32_MIN, INT32_MAX, filters);
    f.reference_ids = q.string_list("ReferenceIds", filters);
    f.start = q.datetime("StartDate", filters);
    f.end = q.datetime("EndDate", filters);
    f.update_start = q.datetime("LastUpdateStartDate", filters);
    f.update_end = q.datetime("LastUpdateEndDate", filters);
    f.tracking_start = q.datetime("LastTrackingUpdateStartDate", filters);
    f.tracking_end = q.datetime("LastTrackingUpdateEndDate", filters);
    f.has_tracking = q.boolean("HasTracking", filters);
    f.tracking_uploaded = q.boolean("IsTrackingUploaded", filters);
    const bool descending = q.one_of("SortOrder", {"Ascending", "Descending"}, filters).value_or("Ascending") == "Descending";
    if (q.error()) return fail(*q.error());
    if (ctx.faults.on(Fault::OrderListReferenceIdsIgnored)) f.reference_ids.reset();
    if (ctx.faults.on(Fault::OrderListLimitIgnored)) limit = INT32_MAX;
    f.channel_id = ctx.channel_id;
    f.hide_api_orders = ctx.faults.on(Fault::OrderCreatedMissingFromList);

    std::int64_t offset = static_cast<std::int64_t>(page - 1) * limit;
    if (page > 1 && ctx.faults.on(Fault::OrderListOverlappingPages)) offset -= 1;
    const std::int64_t end = offset + limit;
    JsonArrayText out;
    if (f.ids || f.reference_ids) {  // the orders named, looked up instead of found among all held
        std::vector<std::int64_t> ids;
        if (f.reference_ids) {
            for (const auto& reference : *f.reference_ids) {
                auto [from, to] = ctx.store.orders.by_reference.equal_range(reference);
                for (auto it = from; it != to; ++it) ids.push_back(it->second);
            }
        } else {
            ids = *f.ids;
        }
        std::sort(ids.begin(), ids.end());
        ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
        std::vector<const OrderRecord*> selected;
        for (const auto id : ids)
            if (const OrderRecord* o = ctx.store.orders.find(static_cast<std::int32_t>(id)); o && matches(*o, ctx.store.orders, f, ctx.faults))
                selected.push_back(o);
        std::stable_sort(selected.begin(), selected.end(), [&](const OrderRecord* a, const OrderRecord* b) {
            if (a->created != b->created) return descending ? a->created > b->created : a->created < b->created;
            return descending ? a->id > b->id : a->id < b->id;
        });
        for (std::int64_t i = std::max<std::int64_t>(offset, 0); i < static_cast<std::int64_t>(selected.size()) && i < end; ++i)
            out.push(order_text(*selected[static_cast<std::size_t>(i)], ctx.store, ctx.faults));
    } else {
        list_channel_page(ctx, f, descending, offset, end, out);
    }
    return json_text_response(200, std::move(out).take(ctx.faults.on(Fault::OrderListWrappedInObject) ? "items" : ""));
}

}  // namespace dockside::refserver
