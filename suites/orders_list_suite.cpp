// Orders, list side: GET /2025-07/order paging (ORD-LIST-LIMIT) and filters (ORD-LIST-FILTERS).
// Paging is proven on orders this suite creates, selected by IDs, so the expected set is known exactly;
// filters are proven against the whole list: every item returned matches, and an order the full list
// holds that the filter must exclude is absent (or, for inclusive-only knowledge, must be present).
// Date bounds are compared inclusively: the document's "later than"/"earlier than" is not precise enough
// to fail a server for including an order stamped exactly at the bound.

#include <algorithm>
#include <map>
#include <set>
#include <string>

#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include "suites/orders_support.h"
#include "suites/support/api.h"

namespace dockside::suites {
namespace {

using nlohmann::json;
using namespace orders_support;

/// Five orders created for this process, the first time a test asks.
const std::vector<json>& probe_orders() {
    static std::vector<json> orders;
    if (orders.size() < 5)
        for (int i = static_cast<int>(orders.size()); i < 5; ++i)
            if (auto o = create_probe_order("L")) orders.push_back(*o);
    return orders;
}

std::vector<std::int64_t> probe_ids() { return ids_of(json(probe_orders())); }

std::string show_ids(const std::vector<std::int64_t>& ids) { return "[" + csv(ids) + "]"; }

/// Walks IDs-filtered pages of `limit` and checks each page's size, disjointness and completeness.
void expect_pages_cover(const std::vector<std::int64_t>& ids, int limit) {
    std::vector<std::int64_t> seen;
    const int pages = static_cast<int>(ids.size()) / limit + 2;  // one past the last full page
    for (int page = 1; page <= pages; ++page) {
        Exchange ex = send({.operation = "listOrders",
                            .query = {{"IDs", csv(ids)}, {"Limit", std::to_string(limit)}, {"Page", std::to_string(page)}}});
        if (!expect_status(ex, 200, "ORD-LIST-LIMIT")) return;
        const json items = ex.json();
        if (!expect_that(items.is_array(), ex, "ORD-LIST-SHAPE", "GET /order answers a JSON array")) return;
        expect_that(static_cast<int>(items.size()) <= limit, ex, "ORD-LIST-LIMIT",
                    "page " + std::to_string(page) + " holds " + std::to_string(items.size()) + " orders; Limit is " +
                        std::to_string(limit));
        for (auto id : ids_of(items)) {
            if (std::find(seen.begin(), seen.end(), id) != seen.end())
                expect_that(false, ex, "ORD-LIST-LIMIT",
                            "order " + std::to_string(id) + " appears again on page " + std::to_string(page));
            seen.push_back(id);
        }
    }
    std::vector<std::int64_t> want = ids, got = seen;
    std::sort(want.begin(), want.end());
    std::sort(got.begin(), got.end());
    got.erase(std::unique(got.begin(), got.end()), got.end());
    if (want != got)
        record_failure("ORD-LIST-LIMIT", "listOrders",
                       "pages of Limit " + std::to_string(limit) + " over IDs " + show_ids(want) + " returned " +
                           show_ids(got));
}

TEST(Orders, ORD_LIST_LIMIT_PagesAreDisjointAndComplete) {
    auto ids = probe_ids();
    if (ids.size() < 5) return;  // creation already recorded its failure
    expect_pages_cover(ids, 2);
    expect_pages_cover(ids, 1);
}

TEST(Orders, ORD_LIST_LIMIT_LimitBoundsTheUnfilteredPage) {
    if (probe_ids().size() < 5) return;
    auto one = list_orders({{"Limit", "1"}, {"Page", "1"}});
    if (one && one->size() > 1)
        record_failure("ORD-LIST-LIMIT", "listOrders",
                       "GET /order?Limit=1 answered " + std::to_string(one->size()) + " orders");
    auto p1 = list_orders({{"Limit", "2"}, {"Page", "1"}});
    auto p2 = list_orders({{"Limit", "2"}, {"Page", "2"}});
    if (!p1 || !p2) return;
    for (auto a : ids_of(*p1))
        for (auto b : ids_of(*p2))
            if (a == b)
                record_failure("ORD-LIST-LIMIT", "listOrders",
                               "order " + std::to_string(a) + " is on both page 1 and page 2 (Limit 2)");
}

TEST(Orders, ORD_LIST_FILTERS_IDsSelectExactly) {
    auto ids = probe_ids();
    if (ids.size() < 5) return;
    std::vector<std::int64_t> two = {ids[0], ids[3]};
    auto items = list_orders({{"IDs", csv(two)}, {"Limit", "250"}});
    if (!items) return;
    auto got = ids_of(*items);
    std::sort(got.begin(), got.end());
    std::sort(two.begin(), two.end());
    if (got != two)
        record_failure("ORD-LIST-FILTERS", "listOrders", "IDs=" + csv(two) + " answered orders " + show_ids(got));
}

TEST(Orders, ORD_LIST_FILTERS_ReferenceIdsSelectExactly) {
    const auto& orders = probe_orders();
    if (orders.size() < 5) return;
    const std::string refs = orders[1]["reference_id"].get<std::string>() + "," + orders[2]["reference_id"].get<std::string>();
    auto items = list_orders({{"ReferenceIds", refs}, {"Limit", "250"}});
    if (!items) return;
    auto got = ids_of(*items);
    std::sort(got.begin(), got.end());
    std::vector<std::int64_t> want = {orders[1]["id"].get<std::int64_t>(), orders[2]["id"].get<std::int64_t>()};
    std::sort(want.begin(), want.end());
    if (got != want)
        record_failure("ORD-LIST-FILTERS", "listOrders",
                       "ReferenceIds=" + refs + " answered orders " + show_ids(got) + " instead of " + show_ids(want));
}

/// The whole order list (bounded), or nullopt.
std::optional<std::vector<json>> everything() { return list_all_orders({}, 250, 20); }

/// Checks a date bound filter on created_date: all returned match; an order strictly outside is absent.
void expect_created_bound(const std::vector<json>& all, const std::string& param, bool lower) {
    std::vector<std::pair<TimePoint, std::string>> stamps;
    for (const auto& o : all)
        if (auto t = parse_time(o.value("created_date", json()))) stamps.emplace_back(*t, o["created_date"].get<std::string>());
    std::sort(stamps.begin(), stamps.end());
    if (stamps.size() < 2 || stamps.front().first == stamps.back().first) {
        record_failure("ORD-LIST-FILTERS", "listOrders", "the order list has no two different created_date values");
        return;
    }
    // A pivot that leaves at least one order strictly on the excluded side.
    auto pivot = lower ? std::upper_bound(stamps.begin(), stamps.end(), stamps.front(),
                                          [](auto& a, auto& b) { return a.first < b.first; })
                       : std::prev(std::lower_bound(stamps.begin(), stamps.end(), stamps.back(),
                                                    [](auto& a, auto& b) { return a.first < b.first; }));
    auto items = list_all_orders({{param, pivot->second}}, 250, 20);
    if (!items) return;
    for (const auto& o : *items) {
        auto t = parse_time(o.value("created_date", json()));
        if (!t || (lower ? *t < pivot->first : *t > pivot->first))
            record_failure("ORD-LIST-FILTERS", "listOrders",
                           param + "=" + pivot->second + " returned order " + o.value("id", json()).dump() +
                               " created " + o.value("created_date", json()).dump());
    }
    // The pivot leaves at least one order strictly outside the bound, so the check above can fail.
}

TEST(Orders, ORD_LIST_FILTERS_StartDateAndEndDateBoundCreatedDate) {
    if (probe_ids().size() < 5) return;
    auto all = everything();
    if (!all) return;
    expect_created_bound(*all, "StartDate", true);
    expect_created_bound(*all, "EndDate", false);
}

/// Makes sure at least one order with tracking exists: found in `all`, or made by shipping a probe
/// order through the simulation control. False when neither is possible.
bool ensure_tracked_order(std::vector<json>& all) {
    for (const auto& o : all)
        if (has_tracking(o)) return true;
    if (!sim_available()) return false;
    auto order = create_probe_order("TR");
    if (!order || shipments_of(*order).empty()) return false;
    Exchange ex = sim("/_sim/shipment/" + shipments_of(*order)[0]["id"].dump() + ":ship", json::object());
    if (!expect_status(ex, 200, "ORD-LIST-FILTERS")) return false;
    auto again = everything();
    if (!again) return false;
    all = *again;
    return true;
}

TEST(Orders, ORD_LIST_FILTERS_HasTrackingSelectsByTrackingNumber) {
    if (probe_ids().size() < 5) return;
    auto all = everything();
    if (!all) return;
    if (!ensure_tracked_order(*all)) DOCKSIDE_SKIP("no order with tracking exists and the simulation control is off");
    for (bool want : {true, false}) {
        auto items = list_all_orders({{"HasTracking", want ? "true" : "false"}}, 250, 20);
        if (!items) continue;
        std::set<std::int64_t> got;
        for (const auto& o : *items) {
            got.insert(o.value("id", 0LL));
            if (has_tracking(o) != want)
                record_failure("ORD-LIST-FILTERS", "listOrders",
                               std::string("HasTracking=") + (want ? "true" : "false") + " returned order " +
                                   o.value("id", json()).dump());
        }
        for (const auto& o : *all)
            if (has_tracking(o) == want && !got.count(o.value("id", 0LL)))
                record_failure("ORD-LIST-FILTERS", "listOrders",
                               std::string("HasTracking=") + (want ? "true" : "false") + " left out order " +
                                   o.value("id", json()).dump());
    }
}

bool all_uploaded(const json& order) {
    for (const auto& s : shipments_of(order))
        if (s.value("is_tracking_uploaded", false) != true) return false;
    return true;
}

TEST(Orders, ORD_LIST_FILTERS_IsTrackingUploadedMeansEveryShipmentUploaded) {
    if (probe_ids().size() < 5) return;
    auto items = list_all_orders({{"IsTrackingUploaded", "true"}}, 250, 20);
    if (items)
        for (const auto& o : *items)
            if (!all_uploaded(o))
                record_failure("ORD-LIST-FILTERS", "listOrders",
                               "IsTrackingUploaded=true returned order " + o.value("id", json()).dump() +
                                   " with a shipment not uploaded");
    auto not_uploaded = list_all_orders({{"IsTrackingUploaded", "false"}, {"IDs", csv(probe_ids())}}, 250, 2);
    if (not_uploaded && not_uploaded->size() != probe_ids().size())
        record_failure("ORD-LIST-FILTERS", "listOrders",
                       "IsTrackingUploaded=false left out some of the new, untracked orders " + show_ids(probe_ids()));
}

TEST(Orders, ORD_LIST_FILTERS_LastTrackingUpdateRangesOnlyTrackedOrders) {
    if (probe_ids().size() < 5) return;
    auto all = everything();
    if (!all) return;
    if (!ensure_tracked_order(*all)) DOCKSIDE_SKIP("no order with tracking exists and the simulation control is off");
    for (const char* param : {"LastTrackingUpdateStartDate", "LastTrackingUpdateEndDate"}) {
        const bool start = std::string(param).find("Start") != std::string::npos;
        const std::string bound = start ? "2000-01-01T00:00:00Z" : "2100-01-01T00:00:00Z";
        auto items = list_all_orders({{param, bound}}, 250, 20);
        if (!items) continue;
        std::set<std::int64_t> got;
        for (const auto& o : *items) {
            got.insert(o.value("id", 0LL));
            if (!has_tracking(o))
                record_failure("ORD-LIST-FILTERS", "listOrders",
                               std::string(param) + " returned order " + o.value("id", json()).dump() +
                                   ", which has no tracking information");
        }
        for (auto id : probe_ids())
            if (got.count(id))
                record_failure("ORD-LIST-FILTERS", "listOrders",
                               std::string(param) + " returned the new, untracked order " + std::to_string(id));
    }
}

/// The latest last_update_at of an order's shipments.
std::optional<TimePoint> latest_shipment_update(const json& order) {
    std::optional<TimePoint> latest;
    for (const auto& s : shipments_of(order))
        if (auto t = parse_time(s.value("last_update_at", json()))) latest = latest ? std::max(*latest, *t) : *t;
    return latest;
}

// The order's own update time is not in the response, so only what shipments prove is asserted: an
// order whose shipment changed on or after the bound must be in a LastUpdateStartDate list, and every
// shipment of an order in a LastUpdateEndDate list changed on or before the bound.
TEST(Orders, ORD_LIST_FILTERS_LastUpdateRangesFollowShipmentUpdates) {
    const auto& orders = probe_orders();
    if (orders.size() < 5) return;
    auto bound_time = latest_shipment_update(orders[2]);
    if (!bound_time) DOCKSIDE_SKIP("the new orders have no shipment with last_update_at");
    const std::string bound = format_time(*bound_time);
    auto after = list_all_orders({{"LastUpdateStartDate", bound}, {"IDs", csv(probe_ids())}}, 250, 2);
    if (after) {
        const auto got_ids = ids_of(json(*after));
        const std::set<std::int64_t> got(got_ids.begin(), got_ids.end());
        for (const auto& o : orders) {
            auto t = latest_shipment_update(o);
            if (t && *t >= *bound_time && !got.count(o["id"].get<std::int64_t>()))
                record_failure("ORD-LIST-FILTERS", "listOrders",
                               "LastUpdateStartDate=" + bound + " left out order " + o["id"].dump() +
                                   ", whose shipment changed at " + format_time(*t));
        }
    }
    auto before = list_all_orders({{"LastUpdateEndDate", bound}}, 250, 20);
    if (before)
        for (const auto& o : *before)
            for (const auto& s : shipments_of(o)) {
                auto t = parse_time(s.value("last_update_at", json()));
                if (t && *t > *bound_time)
                    record_failure("ORD-LIST-FILTERS", "listOrders",
                                   "LastUpdateEndDate=" + bound + " returned order " + o.value("id", json()).dump() +
                                       " whose shipment changed later, at " + s.value("last_update_at", json()).dump());
            }
}

/// For any Limit the pages over the probe orders are disjoint, complete and within the Limit.
RC_GTEST_PROP(Orders, ORD_LIST_LIMIT_AnyLimitPagesDisjointAndComplete, ()) {
    auto ids = probe_ids();
    RC_PRE(ids.size() >= 5u);
    const int limit = *rc::gen::inRange(1, 8);
    RC_TAG(limit);
    expect_pages_cover(ids, limit);
}

}  // namespace
}  // namespace dockside::suites
