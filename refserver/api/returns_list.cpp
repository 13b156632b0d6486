// GET /2025-07/return (RET-LIST, RET-STATUS, VER-CURSOR): every filter of the document, sorting
// (NS-RET-SORT-VALUES: Sortby Id | InsertDate | Status, default Id; SortOrder 0 ascending | 1 descending),
// Limit (the server's own default and range, NS-LIST-DEFAULTS: refserver/core/limits.h) and Cursor
// paging within the contract's Cursor bounds (NS-CURSOR-FORMAT: Cursor is the 1-based position of the
// page's first return; first/last/next/prev are absolute URLs carrying the same filters, or null).

#include <algorithm>
#include <set>

#include "refserver/api/returns_model.h"
#include "core/url_escapes.h"
#include "refserver/core/context.h"
#include "refserver/core/limits.h"
#include "refserver/core/query.h"

namespace dockside::refserver {
namespace {

struct ReturnFilter {
    std::optional<std::vector<std::int64_t>> ids, fulfillment_centers, shipments, inventory;
    std::optional<std::vector<std::string>> references, statuses, tracking, types, actions, store_orders;
    std::optional<TimePoint> start, end, completed_start, completed_end;
    std::optional<std::int32_t> channel;
    bool ignore_status = false;
    std::string done;  ///< the state whose entry CompletedStartDate/EndDate filter on

    bool matches(const ReturnRecord& r) const;
    /// True when no filter but the channel is given: the channel index then decides the list alone.
    bool only_channel() const {
        return !ids && !fulfillment_centers && !shipments && !inventory && !references && !statuses && !tracking &&
               !types && !actions && !store_orders && !start && !end && !completed_start && !completed_end;
    }
};

/// One page of a list, and how many returns the whole list holds (for its links).
struct ReturnPage {
    std::vector<const ReturnRecord*> items;
    std::size_t total = 0;
};

template <class T, class V>
bool in(const std::optional<std::vector<T>>& set, const V& value) {
    return !set || std::find(set->begin(), set->end(), value) != set->end();
}

template <class T>
bool opt_in(const std::optional<std::vector<T>>& set, const std::optional<T>& value) {
    return !set || (value && std::find(set->begin(), set->end(), *value) != set->end());
}

bool ReturnFilter::matches(const ReturnRecord& r) const {
    if (channel && r.channel_id != *channel) return false;
    if (!in(ids, static_cast<std::int64_t>(r.id)) || !in(fulfillment_centers, r.fulfillment_center_id)) return false;
    if (!opt_in(references, r.reference_id) || !opt_in(tracking, r.tracking_number)) return false;
    if (!opt_in(store_orders, r.store_order_id) || !in(types, r.return_type)) return false;
    if (!ignore_status && !in(statuses, r.status)) return false;
    if (shipments && (!r.original_shipment_id || !in(shipments, static_cast<std::int64_t>(*r.original_shipment_id))))
        return false;
    if (inventory && std::none_of(r.lines.begin(), r.lines.end(), [&](const ReturnLine& l) { return in(inventory, l.inventory_id); }))
        return false;
    if (actions && std::none_of(r.lines.begin(), r.lines.end(),
                                [&](const ReturnLine& l) { return in(actions, return_action_name(l.action)); }))
        return false;
    if ((start && r.insert_date < *start) || (end && r.insert_date > *end)) return false;
    if (completed_start || completed_end) {
        auto it = r.entered.find(done);
        if (it == r.entered.end()) return false;
        if ((completed_start && it->second < *completed_start) || (completed_end && it->second > *completed_end)) return false;
    }
    return true;
}

/// Checks that every value of a multi-value parameter is one of `allowed`.
std::optional<ApiError> check_values(const char* name, const std::optional<std::vector<std::string>>& values,
                                     const std::vector<std::string>& allowed, const char* rule) {
    if (!values) return std::nullopt;
    for (const auto& v : *values)
        if (std::find(allowed.begin(), allowed.end(), v) == allowed.end())
            return validation_error(name, quoted_excerpt(v) + " is not one of the allowed values", rule);
    return std::nullopt;
}

/// The same query with Cursor set to `position`.
std::string page_link(const RequestContext& ctx, std::size_t position) {
    std::string q;
    for (const auto& [k, v] : ctx.query.items()) {
        if (http::iequals(k, "Cursor")) continue;
        q += percent_encode(k) + "=" + percent_encode(v) + "&";
    }
    return ctx.base_url + std::string(ctx.request.path()) + "?" + q + "Cursor=" + std::to_string(position);
}

bool sort_before(const ReturnRecord& a, const ReturnRecord& b, const std::string& by, const std::vector<std::string>& states) {
    auto rank = [&](const std::string& s) { return std::find(states.begin(), states.end(), s) - states.begin(); };
    if (by == "InsertDate" && a.insert_date != b.insert_date) return a.insert_date < b.insert_date;
    if (by == "Status" && a.status != b.status) return rank(a.status) < rank(b.status);
    return a.id < b.id;
}

/// The page of a channel's returns (or every channel's) in id order, found by rank in the channel index: no
/// return before the page or of another channel is looked at.
ReturnPage channel_page(const ReturnsState& held, std::int32_t channel, bool descending, std::size_t start, std::size_t per) {
    const auto& index = held.by_channel;
    const std::size_t lo = index.order_of_key({channel, INT32_MIN}), hi = index.order_of_key({channel, INT32_MAX});
    ReturnPage page{{}, hi - lo};
    for (std::size_t i = start; i < page.total && i < start + per; ++i) {
        const auto entry = index.find_by_order(descending ? hi - 1 - i : lo + i);
        page.items.push_back(&held.returns.at(entry->second));
    }
    return page;
}

/// Where a filter's key runs out inside an index: entries before `key`, and `key` itself when held (so that a
/// bound made of INT32_MAX still counts a return of that id).
template <class Index, class Key>
std::size_t rank_through(const Index& index, const Key& key) {
    return index.order_of_key(key) + (index.find(key) != index.end() ? 1 : 0);
}

/// The groups of by_facets (one per status, type and action mask held in the channel) whose returns pass the
/// Status, ReturnTypes and ReturnActions filters, as rank ranges [first, second).
std::vector<std::pair<std::size_t, std::size_t>> facet_ranges(const ReturnsState& held, const ReturnFilter& f, std::int32_t channel) {
    const auto& index = held.by_facets;
    std::uint8_t wanted_actions = 0;
    if (f.actions)
        for (std::size_t code = 1; code <= kReturnActions.size(); ++code)
            if (in(f.actions, kReturnActions[code - 1])) wanted_actions |= static_cast<std::uint8_t>(1u << (code - 1));
    std::vector<std::pair<std::size_t, std::size_t>> ranges;
    std::size_t at = index.order_of_key({channel, "", "", 0, INT32_MIN});
    while (at < index.size()) {
        const auto& [group_channel, status, type, actions, id] = *index.find_by_order(at);
        if (group_channel != channel) break;
        const std::size_t past = rank_through(index, ReturnFacetKey{channel, status, type, actions, INT32_MAX});
        if ((f.ignore_status || in(f.statuses, status)) && in(f.types, type) && (!f.actions || (actions & wanted_actions)))
            ranges.emplace_back(at, past);
        at = past;
    }
    return ranges;
}

/// True when the filters read only what by_facets groups by: the groups then decide the list alone.
bool only_facets(const ReturnFilter& f) {
    return !f.ids && !f.fulfillment_centers && !f.shipments && !f.inventory && !f.references && !f.tracking &&
           !f.store_orders && !f.start && !f.end && !f.completed_start && !f.completed_end;
}

/// The returns at positions [first, last) of the union of facet groups in id order, found by rank: the id at
/// `first` by bisection over ids (how many group members lie below an id is a sum of ranks), then a merge of
/// the groups from there, so no return before the page is looked at.
std::vector<std::int32_t> facet_window(const ReturnsState& held, const std::vector<std::pair<std::size_t, std::size_t>>& ranges,
                                       std::size_t first, std::size_t last) {
    const auto& index = held.by_facets;
    std::vector<ReturnFacetKey> groups;  // each group's key, its id to be replaced by the one asked about
    for (const auto& range : ranges) groups.push_back(*index.find_by_order(range.first));
    auto below = [&](std::int64_t id) {  // how many group members have an id below `id`
        std::size_t n = 0;
        for (std::size_t g = 0; g < groups.size(); ++g) {
            std::get<4>(groups[g]) = static_cast<std::int32_t>(std::min<std::int64_t>(id, INT32_MAX));
            n += (id > INT32_MAX ? ranges[g].second : index.order_of_key(groups[g])) - ranges[g].first;
        }
        return n;
    };
    // The largest id with at most `first` members below it: the id at position `first`.
    std::int64_t lo = INT32_MIN, hi = std::int64_t{INT32_MAX} + 1;
    while (first > 0 && lo < hi) {
        const std::int64_t mid = lo + (hi - lo + 1) / 2;
        if (below(mid) <= first) lo = mid;
        else hi = mid - 1;
    }
    struct Cursor {
        decltype(index.begin()) at;
        std::size_t left;
    };
    std::vector<Cursor> cursors;
    for (std::size_t g = 0; g < groups.size(); ++g) {
        std::get<4>(groups[g]) = static_cast<std::int32_t>(lo);
        const std::size_t from = index.order_of_key(groups[g]);
        cursors.push_back({index.find_by_order(from), ranges[g].second - from});
    }
    std::vector<std::int32_t> ids;
    while (ids.size() < last - first) {
        Cursor* next = nullptr;
        for (auto& c : cursors)
            if (c.left > 0 && (!next || std::get<4>(*c.at) < std::get<4>(*next->at))) next = &c;
        if (!next) break;
        ids.push_back(std::get<4>(*next->at));
        ++next->at;
        --next->left;
    }
    return ids;
}

/// The page of a list filtered on facets alone, in id order: counted and found by rank.
ReturnPage facet_page(const ReturnsState& held, const ReturnFilter& f, bool descending, std::size_t start, std::size_t per) {
    const auto ranges = facet_ranges(held, f, f.channel.value_or(kEveryChannel));
    ReturnPage page;
    for (const auto& [lo, hi] : ranges) page.total += hi - lo;
    if (start >= page.total) return page;
    // A descending page is the ascending window that many from the end, read backwards.
    const std::size_t first = descending ? page.total - std::min(page.total, start + per) : start;
    const std::size_t last = descending ? page.total - start : std::min(page.total, start + per);
    std::vector<std::int32_t> ids = facet_window(held, ranges, first, last);
    if (descending) std::reverse(ids.begin(), ids.end());
    for (const auto id : ids) page.items.push_back(&held.returns.at(id));
    return page;
}

/// The ids the narrowest index offers for the filters (every one the filters select is among them, each once),
/// or nothing when none is narrower than the channel's returns.
std::optional<std::vector<std::int32_t>> candidates(const ReturnsState& held, const ReturnFilter& f) {
    const std::int32_t channel = f.channel.value_or(kEveryChannel);
    if (f.ids) {  // the returns named, looked up instead of found among all held
        std::vector<std::int32_t> ids;
        for (const auto id : *f.ids)
            if (id >= INT32_MIN && id <= INT32_MAX) ids.push_back(static_cast<std::int32_t>(id));
        return ids;
    }
    if (f.references) {
        std::vector<std::int32_t> ids;
        for (const auto& reference : *f.references) {
            auto [from, to] = held.by_reference.equal_range(reference);
            for (auto it = from; it != to; ++it) ids.push_back(it->second);
        }
        return ids;
    }
    const std::size_t all = held.by_channel.order_of_key({channel, INT32_MIN}), past = rank_through(held.by_channel, std::pair{channel, INT32_MAX});
    std::size_t best = past - all;
    std::optional<std::vector<std::int32_t>> ids;
    if (f.start || f.end) {
        const auto& index = held.by_inserted;
        const std::size_t lo = index.order_of_key({channel, f.start.value_or(TimePoint::min()), INT32_MIN});
        const std::size_t hi = rank_through(index, std::tuple{channel, f.end.value_or(TimePoint::max()), INT32_MAX});
        if (hi <= lo) return std::vector<std::int32_t>{};  // an empty range (EndDate before StartDate)
        if (hi - lo < best) {
            best = hi - lo;
            ids.emplace();
            for (auto it = index.find_by_order(lo); ids->size() < best; ++it) ids->push_back(std::get<2>(*it));
        }
    }
    const auto ranges = facet_ranges(held, f, channel);
    std::size_t grouped = 0;
    for (const auto& [lo, hi] : ranges) grouped += hi - lo;
    if (grouped < best) {
        ids.emplace();
        for (const auto& [lo, hi] : ranges) {
            auto it = held.by_facets.find_by_order(lo);
            for (std::size_t i = lo; i < hi; ++i, ++it) ids->push_back(std::get<4>(*it));
        }
    }
    return ids;
}

/// The page of the returns the filters select, in the order asked for: the candidates of the narrowest index
/// are looked at, or, when none is narrower, every return held.
ReturnPage filtered_page(const ReturnsState& held, const ReturnFilter& f, const std::string& sort_by, bool descending,
                         const std::vector<std::string>& states, std::size_t start, std::size_t per) {
    std::vector<const ReturnRecord*> selected;
    if (auto ids = candidates(held, f)) {
        std::sort(ids->begin(), ids->end());
        ids->erase(std::unique(ids->begin(), ids->end()), ids->end());
        for (const auto id : *ids) {
            auto it = held.returns.find(id);
            if (it != held.returns.end() && f.matches(it->second)) selected.push_back(&it->second);
        }
    } else {
        for (const auto& [id, r] : held.returns)
            if (f.matches(r)) selected.push_back(&r);
    }
    // Both ways the returns come in id order: a list sorted by id needs no sort, only a reversal.
    if (sort_by == "Id") {
        if (descending) std::reverse(selected.begin(), selected.end());
    } else {
        std::stable_sort(selected.begin(), selected.end(), [&](const ReturnRecord* a, const ReturnRecord* b) {
            return descending ? sort_before(*b, *a, sort_by, states) : sort_before(*a, *b, sort_by, states);
        });
    }
    ReturnPage page{{}, selected.size()};
    for (std::size_t i = start; i < selected.size() && i < start + per; ++i) page.items.push_back(selected[i]);
    return page;
}

}  // namespace

Reply list_returns(RequestContext& ctx) {
    QueryReader q(ctx.query);
    ReturnFilter f;
    f.ids = q.int_list("Ids", INT32_MIN, INT32_MAX, "RET-LIST");
    f.references = q.string_list("ReferenceIds", "RET-LIST");
    f.statuses = q.string_list("Status", "RET-STATUS");
    f.fulfillment_centers = q.int_list("FulfillmentCenterIds", INT64_MIN, INT64_MAX, "RET-LIST");
    f.tracking = q.string_list("TrackingNumbers", "RET-LIST");
    f.shipments = q.int_list("OriginalShipmentIds", INT32_MIN, INT32_MAX, "RET-LIST");
    f.inventory = q.int_list("InventoryIds", INT64_MIN, INT64_MAX, "RET-LIST");
    f.start = q.datetime("StartDate", "RET-LIST");
    f.end = q.datetime("EndDate", "RET-LIST");
    f.types = q.string_list("ReturnTypes", "RET-LIST");
    f.actions = q.string_list("ReturnActions", "RET-LIST");
    f.store_orders = q.string_list("StoreOrderIds", "RET-LIST");
    f.completed_start = q.datetime("CompletedStartDate", "RET-LIST");
    f.completed_end = q.datetime("CompletedEndDate", "RET-LIST");
    const std::string sort_by = q.one_of("Sortby", {"Id", "InsertDate", "Status"}, "RET-LIST").value_or("Id");
    const Bounds& cursors = ctx.store.limits.returns.list_cursor;
    const std::int32_t cursor = q.int32("Cursor", cursors.min, cursors.max, "RET-LIST").value_or(static_cast<std::int32_t>(cursors.min));
    const std::int32_t limit = q.int32("Limit", 1, kListMaxSize, "RET-LIST").value_or(kListDefaultSize);
    const bool descending = q.int32("SortOrder", 0, 1, "RET-LIST").value_or(0) == 1;
    if (q.error()) return fail(*q.error());
    const std::vector<std::string>& states = ctx.store.states.returns.states();
    if (auto e = check_values("Status", f.statuses, states, "RET-STATUS")) return fail(*e);
    if (auto e = check_values("ReturnActions", f.actions, kReturnActions, "RET-LIST")) return fail(*e);
    f.channel = ctx.channel_id;
    f.ignore_status = ctx.faults.on(Fault::ReturnListStatusFilterIgnored);
    f.done = ctx.store.states.returns.done();

    // Cursor is a 1-based position (NS-CURSOR-FORMAT); a contract whose Cursor starts lower reads 0 as the first.
    const std::size_t start = cursor > 1 ? static_cast<std::size_t>(cursor) - 1 : 0, per = static_cast<std::size_t>(limit);
    const ReturnsState& held = returns_state(ctx.store);
    const ReturnPage found = sort_by != "Id"     ? filtered_page(held, f, sort_by, descending, states, start, per)
                             : f.only_channel() ? channel_page(held, f.channel.value_or(kEveryChannel), descending, start, per)
                             : only_facets(f)   ? facet_page(held, f, descending, start, per)
                                                : filtered_page(held, f, sort_by, descending, states, start, per);
    const std::size_t total = found.total;
    JsonArrayText items;
    for (const ReturnRecord* r : found.items) items.push(*return_list_text(*r, held, ctx.store, ctx.faults));
    // The 2.0 page style: the items alone, no cursor links.
    if (ctx.faults.on(Fault::VersionReturnListBareArray)) return json_text_response(200, std::move(items).take());
    // The overlap fault starts the next page on this page's last return.
    const std::size_t next_start = start + per - (ctx.faults.on(Fault::ReturnListCursorOverlap) ? 1 : 0);
    const auto link = [&](bool present, std::size_t position) { return present ? dump_json(page_link(ctx, position)) : std::string("null"); };
    // The members in the order every other object of the API is written in (sorted).
    return json_text_response(200, "{\"first\":" + link(total > 0, 1) + ",\"items\":" + std::move(items).take() +
                                       ",\"last\":" + link(total > 0, (total - 1) / per * per + 1) +
                                       ",\"next\":" + link(start + per < total, next_start + 1) +
                                       ",\"prev\":" + link(start > 0 && total > 0, start > per ? start - per + 1 : 1) + "}");
}

}  // namespace dockside::refserver
