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

bool matches(const OrderRecord& o, const OrderFilter& f, const FaultSet& faults) {
    if (f.hide_api_orders && o.created_through_api) return false;
    if (f.channel_id && o.channel_id != *f.channel_id) return false;
    if (f.ids && std::find(f.ids->begin(), f.ids->end(), o.id) == f.ids->end()) return false;
    if (f.reference_ids && (!o.reference_id || std::find(f.reference_ids->begin(), f.reference_ids->end(),
                                                         *o.reference_id) == f.reference_ids->end()))
        return false;
    if (!in_range(o.created, f.start, f.end)) return false;
    // What the shipments say is read from the order's facts (OrderBook keeps them), not from each shipment.
    const ShipmentFacts& facts = o.facts;
    if (f.has_tracking && *f.has_tracking != facts.tracked) return false;
    if (f.tracking_uploaded && *f.tracking_uploaded != facts.all_uploaded) return false;
    if ((f.update_start || f.update_end) && !in_range(facts.last_update, f.update_start, f.update_end)) return false;
    if (f.tracking_start || f.tracking_end) {
        if (!facts.last_tracking) return faults.on(Fault::OrderListTrackingRangeUntracked);
        if (!in_range(*facts.last_tracking, f.tracking_start, f.tracking_end)) return false;
    }
    return true;
}

/// The sub-range of a facts index (by_last_update or by_last_tracking) that a [lo, hi] range of the channel
/// selects, as ranks: how many orders it holds is known before any is looked at.
using FactsIndex = decltype(OrderBook::by_last_update);
std::pair<std::size_t, std::size_t> facts_range(const FactsIndex& index, std::int32_t channel,
                                                const std::optional<TimePoint>& lo, const std::optional<TimePoint>& hi) {
    const std::size_t first = index.order_of_key({channel, lo.value_or(TimePoint::min()), INT32_MIN});
    return {first, std::max(first, index.order_of_key({channel, hi.value_or(TimePoint::max()), INT32_MAX}))};  // empty when hi < lo
}

/// The page [offset, end) when a LastUpdate or LastTrackingUpdate range holds fewer orders than the created
/// range: its orders are read from that range's index, filtered, and put in the list's order, so a narrow
/// range costs its own orders, not a walk over every order of the channel. False when the created range is
/// the smaller one (or when untracked orders may match a tracking range, which its index does not hold).
bool list_facts_page(RequestContext& ctx, const OrderFilter& f, bool descending, std::int64_t offset, std::int64_t end,
                     std::size_t created_count, JsonArrayText& out) {
    const OrderBook& book = ctx.store.orders;
    const std::int32_t channel = f.channel_id.value_or(kEveryChannel);
    const FactsIndex* index = nullptr;
    std::pair<std::size_t, std::size_t> range{0, created_count};
    auto consider = [&](const FactsIndex& candidate, const std::optional<TimePoint>& lo, const std::optional<TimePoint>& hi) {
        const auto r = facts_range(candidate, channel, lo, hi);
        if (r.second - r.first < range.second - range.first) index = &candidate, range = r;
    };
    if (f.update_start || f.update_end) consider(book.by_last_update, f.update_start, f.update_end);
    if ((f.tracking_start || f.tracking_end) && !ctx.faults.on(Fault::OrderListTrackingRangeUntracked))
        consider(book.by_last_tracking, f.tracking_start, f.tracking_end);
    if (!index) return false;
    std::vector<const OrderRecord*> selected;
    auto it = index->find_by_order(range.first);
    for (std::size_t i = range.first; i < range.second; ++i, ++it)
        if (const OrderRecord* o = book.find(it->id); o && matches(*o, f, ctx.faults)) selected.push_back(o);
    std::sort(selected.begin(), selected.end(), [&](const OrderRecord* a, const OrderRecord* b) {
        const auto ka = std::tie(a->created, a->id), kb = std::tie(b->created, b->id);
        return descending ? kb < ka : ka < kb;
    });
    for (std::int64_t i = std::max<std::int64_t>(offset, 0); i < static_cast<std::int64_t>(selected.size()) && i < end; ++i)
        out.push(*order_text(*selected[static_cast<std::size_t>(i)], ctx.store, ctx.faults));
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
    if (!index_decides && list_facts_page(ctx, f, descending, offset, end, hi - lo, out)) return;
    std::int64_t position = static_cast<std::int64_t>(skipped);
    auto take = [&](std::int32_t id) {
        const OrderRecord* o = ctx.store.orders.find(id);
        if (!o || !matches(*o, f, ctx.faults)) return true;
        if (position >= offset) out.push(*order_text(*o, ctx.store, ctx.faults));
        return ++position < end;
    };
    const std::size_t count = hi - lo - skipped;
    auto it = index.find_by_order(descending ? hi - 1 - skipped : lo + skipped);
    for (std::size_t walked = 1; take(it->id) && walked < count; ++walked) {
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
            for (const auto& reference : *f.reference_ids)
                for (const auto id : ctx.store.orders.with_reference(reference)) ids.push_back(id);
        } else {
            ids = *f.ids;
        }
        std::sort(ids.begin(), ids.end());
        ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
        std::vector<const OrderRecord*> selected;
        for (const auto id : ids)
            if (const OrderRecord* o = ctx.store.orders.find(static_cast<std::int32_t>(id)); o && matches(*o, f, ctx.faults))
                selected.push_back(o);
        std::stable_sort(selected.begin(), selected.end(), [&](const OrderRecord* a, const OrderRecord* b) {
            if (a->created != b->created) return descending ? a->created > b->created : a->created < b->created;
            return descending ? a->id > b->id : a->id < b->id;
        });
        for (std::int64_t i = std::max<std::int64_t>(offset, 0); i < static_cast<std::int64_t>(selected.size()) && i < end; ++i)
            out.push(*order_text(*selected[static_cast<std::size_t>(i)], ctx.store, ctx.faults));
    } else {
        list_channel_page(ctx, f, descending, offset, end, out);
    }
    return json_text_response(200, std::move(out).take(ctx.faults.on(Fault::OrderListWrappedInObject) ? "items" : ""));
}

}  // namespace dockside::refserver
