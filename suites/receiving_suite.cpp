// Receiving suite: GET /2025-07/receiving (WRO-LIST: Page/Limit paging and every filter), GET
// /2025-07/receiving/{id} (WRO-GET; the WRO enums are the response validator's: WRO-ENUMS), and the two write operations whose shapes
// are not shown (cancel, setExternalSync: NS-OTHER-OPS-SHAPES, so only success status, JSON and their
// documented effect on the list are asserted). Filters are checked as "select exactly" on a sample narrowed
// with IDs: the run's own WROs (made through the simulation control, when the target has it) and the first
// page the target lists. Within the sample every WRO returned matches and every WRO that matches is
// returned, so the checks hold, and take the same time, however many WROs the target holds.

#include <algorithm>
#include <cctype>
#include <chrono>
#include <functional>
#include <map>
#include <set>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include "generators/run_spec.h"
#include "generators/subset_gen.h"
#include "suites/billing_times.h"
#include "suites/orders_support.h"
#include "suites/refusal_stances.h"
#include "suites/suite.h"
#include "suites/undocumented_page_sizes.h"

namespace dockside::suites {
namespace {

using json = nlohmann::json;
using Wros = std::map<long long, json>;

constexpr int kPageLimit = undocumented_page_sizes::kRecords;  ///< explicit Limit for whole-list reads
constexpr int kMaxReceivingPages = 4;    ///< bound on pages read: the sample fits on one

/// The documented WRO statuses (WRO-ENUMS), read from the session's spec.
std::vector<std::string> wro_statuses() { return generators::enum_strings_of("Wro.status"); }

Exchange list_receiving(http::QueryParams query) {
    return send(Call{.operation = "listReceiving", .query = std::move(query)});
}

Wros by_id(const json& list) {
    Wros out;
    if (!list.is_array()) return out;
    for (const auto& w : list)
        if (w.is_object() && w.value("id", json()).is_number_integer()) out[w["id"].get<long long>()] = w;
    return out;
}

std::string comma_joined(const std::vector<std::string>& values);

/// A new WRO of the run's own in Awaiting (simulation control), as the test's setup; nullopt without it.
std::optional<long long> own_wro() {
    if (!sim_available()) return std::nullopt;
    SetupStep setup("creating a WRO of the test's own through the simulation control");
    Exchange ex = sim("simCreateWro", {}, {{"purchase_order_number", unique_ref("PO")}});
    if (!needs_success(ex)) return std::nullopt;
    return ex.json().value("id", json()).is_number_integer() ? std::optional<long long>(ex.json()["id"].get<long long>())
                                                             : std::nullopt;
}

/// The ids the list checks look at: three WROs of the run's own (one moved to Completed) when the simulation
/// control is on, and the first page of the target's list.
const std::vector<std::string>& sample_ids() {
    static std::vector<std::string> ids = [] {
        std::vector<std::string> out;
        for (int i = 0; i < 3; ++i)
            if (auto id = own_wro()) out.push_back(std::to_string(*id));
        if (!out.empty()) {
            SetupStep setup("moving a WRO of the run's own to Completed");
            for (int step = 0; step < 3; ++step) sim("simAdvanceWro", {{"id", out.back()}});
        }
        Exchange first = send(Call{.operation = "listReceiving", .query = {{"Page", "1"}, {"Limit", "20"}}});
        if (first.json().is_array())
            for (const auto& w : first.json())
                if (w.is_object() && w.value("id", json()).is_number_integer()) out.push_back(w["id"].dump());
        std::sort(out.begin(), out.end());
        out.erase(std::unique(out.begin(), out.end()), out.end());
        return out;
    }();
    return ids;
}

/// Every sampled WRO matching `filters` (IDs= narrows to the sample unless the filter is IDs itself),
/// reading Page 1, 2, … with an explicit Limit until a short page.
std::optional<Wros> whole_list(http::QueryParams filters = {}) {
    const bool by_ids = std::any_of(filters.begin(), filters.end(), [](const auto& p) { return p.first == "IDs"; });
    if (!by_ids) filters.emplace_back("IDs", comma_joined(sample_ids()));
    Wros out;
    for (int page = 1; page <= kMaxReceivingPages; ++page) {
        http::QueryParams query = filters;
        query.emplace_back("Page", std::to_string(page));
        query.emplace_back("Limit", std::to_string(kPageLimit));
        Exchange ex = list_receiving(query);
        if (!needs_success(ex)) return std::nullopt;
        const json items = ex.json();
        for (auto& [id, w] : by_id(items)) out[id] = w;
        if (!items.is_array() || items.size() < static_cast<std::size_t>(kPageLimit)) return out;
    }
    return out;
}

std::optional<std::chrono::sys_seconds> time_of(const json& value) { return times::of(value); }
using times::iso;

/// The moment the WRO entered Completed (its status_history entry), if any.
std::optional<std::chrono::sys_seconds> completed_at(const json& w) {
    std::optional<std::chrono::sys_seconds> at;
    for (const auto& h : w.value("status_history", json::array()))
        if (h.value("status", "") == "Completed") at = time_of(h.value("timestamp", json()));
    return at;
}

/// Checks that `ex` (a filtered list) holds exactly the WROs of `all` for which `matches` says true.
/// `matches` answers nullopt for WROs on a boundary the document leaves open (either way is fine).
void expect_selects(const Exchange& ex, const Wros& all, const std::string& filter,
                    const std::function<std::optional<bool>(const json&)>& matches) {
    const Wros got = by_id(ex.json());
    for (const auto& [id, w] : got)
        expect_that(matches(w).value_or(true), ex, "WRO-LIST", filter + " returned WRO " + std::to_string(id) + ", which does not match");
    for (const auto& [id, w] : all)
        if (matches(w).value_or(false))
            expect_that(got.count(id) == 1, ex, "WRO-LIST", filter + " left out WRO " + std::to_string(id) + ", which matches");
}

std::string comma_joined(const std::vector<std::string>& values) {
    std::string out;
    for (const auto& v : values) out += (out.empty() ? "" : ",") + v;
    return out;
}


TEST(Receiving, WRO_LIST_LimitRespectedPagesDisjointAndComplete) {
    auto all = whole_list();
    if (!all) return;
    if (all->size() < 3) DOCKSIDE_SKIP("fewer than 3 WROs; paging cannot be observed");
    const int limit = 3;
    std::set<long long> seen;
    const int pages = static_cast<int>(all->size()) / limit + 2;
    for (int page = 1; page <= pages; ++page) {
        Exchange ex = list_receiving({{"IDs", comma_joined(sample_ids())}, {"Page", std::to_string(page)}, {"Limit", std::to_string(limit)}});
        if (!needs_success(ex)) return;
        const json items = ex.json();
        expect_that(items.is_array() && items.size() <= limit, ex, "WRO-LIST",
                    "Limit=3 answered " + std::to_string(items.size()) + " WROs");
        for (const auto& [id, w] : by_id(items))
            expect_that(seen.insert(id).second, ex, "WRO-LIST", "WRO " + std::to_string(id) + " appears on two pages");
        if (!items.is_array() || items.size() < static_cast<std::size_t>(limit)) break;
    }
    for (const auto& [id, w] : *all)
        if (!seen.count(id)) record_failure("WRO-LIST", "listReceiving", "paging with Limit=3 never reached WRO " + std::to_string(id));
}

TEST(Receiving, WRO_LIST_StatusesSelectsExactly) {
    auto all = whole_list();
    if (!all || all->empty()) DOCKSIDE_SKIP("no WROs to filter");
    std::set<std::string> present;
    // Only documented statuses are asked for: one outside the set is WRO-ENUMS' finding, not this filter's.
    const auto documented = wro_statuses();
    for (const auto& [id, w] : *all)
        if (std::find(documented.begin(), documented.end(), w.value("status", "")) != documented.end())
            present.insert(w.value("status", ""));
    if (present.size() < 2) DOCKSIDE_SKIP("every WRO has the same status; Statuses cannot exclude anything");
    for (const auto& status : present) {
        Exchange ex = list_receiving({{"Statuses", status}, {"IDs", comma_joined(sample_ids())}, {"Page", "1"}, {"Limit", std::to_string(kPageLimit)}});
        if (!needs_success(ex)) continue;
        expect_selects(ex, *all, "Statuses=" + status, [&](const json& w) { return w.value("status", "") == status; });
    }
}

RC_GTEST_PROP(Receiving, WRO_LIST_CsvFiltersSelectExactly, ()) {
    static std::optional<Wros> all;
    if (!all) all = whole_list();
    const bool any = all.has_value() && !all->empty();  // not inside RC_PRE: its captured && evaluates both sides
    RC_PRE(any);
    // Pick a filter and a non-empty set of values that occur in the data, plus maybe one that does not.
    struct Filter {
        const char* param;
        std::function<std::string(const json&)> key;
    };
    const std::vector<Filter> filters = {
        {"IDs", [](const json& w) { return w.value("id", json()).dump(); }},
        {"Statuses", [](const json& w) { return w.value("status", ""); }},
        {"FulfillmentCenterIds", [](const json& w) { return w.value("fulfillment_center", json::object()).value("id", json()).dump(); }},
        {"PurchaseOrderNumbers", [](const json& w) { return w.value("purchase_order_number", json()).is_string() ? w["purchase_order_number"].get<std::string>() : std::string(); }},
    };
    const auto& f = *rc::gen::elementOf(filters);
    std::vector<std::string> values;
    for (const auto& [id, w] : *all)
        if (auto k = f.key(w); !k.empty() && std::find(values.begin(), values.end(), k) == values.end()) values.push_back(k);
    RC_PRE(!values.empty());
    const auto chosen = *generators::gen_subset(values);
    const std::set<std::string> wanted(chosen.begin(), chosen.end());
    http::QueryParams query = {{f.param, comma_joined(chosen)}, {"Page", "1"}, {"Limit", std::to_string(kPageLimit)}};
    if (std::string(f.param) != "IDs") query.emplace_back("IDs", comma_joined(sample_ids()));
    Exchange ex = list_receiving(query);
    if (!needs_success(ex)) RC_SUCCEED("nothing to judge: the answer was not a 2xx");
    const Wros got = by_id(ex.json());
    for (const auto& [id, w] : got)
        RC_ASSERT(expect_that(wanted.count(f.key(w)) == 1, ex, "WRO-LIST",
                              std::string(f.param) + "=" + comma_joined(chosen) + " returned WRO " + std::to_string(id)));
    for (const auto& [id, w] : *all)
        if (wanted.count(f.key(w)))
            RC_ASSERT(expect_that(got.count(id) == 1, ex, "WRO-LIST",
                                  std::string(f.param) + "=" + comma_joined(chosen) + " left out WRO " + std::to_string(id)));
}

/// A date-range filter: bounds between records, so inclusive and exclusive readings agree.
void check_range(const char* start_param, const char* end_param, const char* what,
                 const std::function<std::optional<std::chrono::sys_seconds>(const json&)>& field) {
    auto all = whole_list();
    if (!all) return;
    std::vector<std::chrono::sys_seconds> times;
    for (const auto& [id, w] : *all)
        if (auto t = field(w)) times.push_back(*t);
    std::sort(times.begin(), times.end());
    times.erase(std::unique(times.begin(), times.end()), times.end());
    if (times.size() < 3)
        DOCKSIDE_SKIP(std::string("not observed: fewer than 3 distinct ") + what + " values among the sampled WROs; the range cannot exclude on both sides");
    // [just after the first, just after the middle]: excludes the first and everything after the middle.
    const auto from = times.front() + std::chrono::seconds(1);
    const auto to = times[times.size() / 2] + std::chrono::seconds(1);
    auto inside = [&](const json& w) -> std::optional<bool> {
        auto t = field(w);
        if (!t) return false;
        if (*t == from || *t == to) return std::nullopt;
        return *t > from && *t < to;
    };
    const std::string ids = comma_joined(sample_ids());
    Exchange both = list_receiving({{start_param, iso(from)}, {end_param, iso(to)}, {"IDs", ids}, {"Page", "1"}, {"Limit", std::to_string(kPageLimit)}});
    if (needs_success(both))
        expect_selects(both, *all, std::string(start_param) + "&" + end_param, inside);
    Exchange start = list_receiving({{start_param, iso(from)}, {"IDs", ids}, {"Page", "1"}, {"Limit", std::to_string(kPageLimit)}});
    if (needs_success(start))
        expect_selects(start, *all, start_param, [&](const json& w) -> std::optional<bool> {
            auto t = field(w);
            if (!t) return false;
            if (*t == from) return std::nullopt;
            return *t > from;
        });
    Exchange end = list_receiving({{end_param, iso(to)}, {"IDs", ids}, {"Page", "1"}, {"Limit", std::to_string(kPageLimit)}});
    if (needs_success(end))
        expect_selects(end, *all, end_param, [&](const json& w) -> std::optional<bool> {
            auto t = field(w);
            if (!t) return false;
            if (*t == to) return std::nullopt;
            return *t < to;
        });
}

TEST(Receiving, WRO_LIST_InsertDateRangeSelectsExactly) {
    check_range("InsertStartDate", "InsertEndDate", "insert_date",
                [](const json& w) { return time_of(w.value("insert_date", json())); });
}

TEST(Receiving, WRO_LIST_CompletedDateRangeSelectsExactly) {
    check_range("CompletedStartDate", "CompletedEndDate", "completion", completed_at);
}

TEST(Receiving, WRO_LIST_ExternalSyncTrueGivesOnlySyncedWros) {
    auto all = whole_list();
    if (!all) return;
    Exchange ex = list_receiving({{"ExternalSync", "true"}, {"IDs", comma_joined(sample_ids())}, {"Page", "1"}, {"Limit", std::to_string(kPageLimit)}});
    if (!needs_success(ex)) return;
    expect_selects(ex, *all, "ExternalSync=true", [](const json& w) { return !w.value("external_sync_timestamp", json()).is_null(); });
}

TEST(Receiving, WRO_GET_AnswersTheWroAsListed) {
    auto all = whole_list();
    if (!all || all->empty()) DOCKSIDE_SKIP("no WROs to fetch");
    int fetched = 0;
    for (const auto& [id, listed] : *all) {
        if (++fetched > 20) break;  // enough to show the mapping; keeps the suite fast on big accounts
        Exchange ex = send(Call{.operation = "getReceiving", .path = {{"id", std::to_string(id)}}});
        if (!needs_success(ex)) continue;
        const json got = ex.json();
        if (!expect_that(got.value("id", json()) == json(id), ex, "WRO-GET",
                         "GET /receiving/" + std::to_string(id) + " answered WRO " + got.value("id", json()).dump()))
            continue;
        for (const char* key : {"status", "purchase_order_number", "insert_date", "external_sync_timestamp", "fulfillment_center"})
            expect_that(orders_support::same_value(got.value(key, json()), listed.value(key, json())) &&
                            orders_support::same_value(listed.value(key, json()), got.value(key, json())),
                        ex, "WRO-GET",
                        std::string(key) + " differs between get (" + got.value(key, json()).dump() + ") and list (" +
                            listed.value(key, json()).dump() + ")");
    }
}

TEST(Receiving, ERR_4XX_MissingWroRejected) {
    auto all = whole_list();
    if (!all) return;
    long long missing = 2147483000;
    while (all->count(missing)) ++missing;
    expect_rejected(send(Call{.operation = "getReceiving", .path = {{"id", std::to_string(missing)}}}), "ERR-4XX", kMissing);
}

TEST(Receiving, ERR_4XX_InvalidQueryRejected) {
    const http::QueryParams bad[] = {{{"Limit", "lots"}},       {{"Page", "first"}},
                                     {{"IDs", "abc"}},          {{"InsertStartDate", "yesterday"}},
                                     {{"ExternalSync", "maybe"}}, {{"CompletedEndDate", "2025-13-45"}}};
    for (const auto& query : bad) expect_rejected(list_receiving(query), "ERR-4XX");
}

/// A WRO in `status`, if the whole list has one.
std::optional<long long> wro_in(const Wros& all, const std::string& status) {
    for (const auto& [id, w] : all)
        if (w.value("status", "") == status) return id;
    return std::nullopt;
}

/// The WRO as GET /receiving/{id} answers it; nullopt when it does not answer that WRO (recorded on WRO-GET):
/// nothing is judged on the state of another record.
std::optional<json> get_wro(long long id) {
    Exchange ex = send(Call{.operation = "getReceiving", .path = {{"id", std::to_string(id)}}});
    if (!needs_success(ex)) return std::nullopt;
    if (!expect_that(ex.json().value("id", json()) == json(id), ex, "WRO-GET",
                     "GET /receiving/" + std::to_string(id) + " answered WRO " + ex.json().value("id", json()).dump()))
        return std::nullopt;
    return ex.json();
}

/// The write calls of this area, answered 401 without a valid token and rejected without a channel,
/// each leaving the WRO as it was (ERR-NOSIDE).
void expect_write_refused(const Call& call, long long id, bool read_only) {
    auto before = get_wro(id);
    if (!before) return;
    if (read_only) {
        Call c = call;
        c.auth = Auth::ReadOnly;
        if (auto ch = read_only_channel()) c.channel = *ch;
        expect_status(send(c), 403, "AUTH-FORBID");
    } else {
        for (Auth auth : {Auth::None, Auth::Bad}) {
            Call c = call;
            c.auth = auth;
            expect_status(send(c), 401, "AUTH-BEARER");
        }
        Call c = call;
        c.channel = "";
        expect_rejected(send(c), "AUTH-CHANNEL");
        if (auto ch = read_only_channel()) {
            c.channel = *ch;
            expect_rejected(send(c), "AUTH-CHANNEL", kForbidden);
        }
    }
    auto after = get_wro(id);
    if (after && *after != *before)
        expect_no_side_effect(false, call.operation, "a refused " + call.operation + " changed WRO " + std::to_string(id));
}

Call cancel_call(long long id) { return Call{.operation = "cancelReceiving", .path = {{"id", std::to_string(id)}}}; }

/// setExternalSync's body is not shown (NS-OTHER-OPS-SHAPES); this is the reference server's shape.
Call sync_call(long long id, bool on) {
    return Call{.operation = "setReceivingExternalSync", .body = json{{"ids", {id}}, {"external_sync", on}}};
}

TEST(Receiving, AUTH_BEARER_CancelWithoutValidTokenOrChannelRefused) {
    auto all = whole_list();
    if (!all || all->empty()) DOCKSIDE_SKIP("no WROs");
    const long long id = wro_in(*all, "Awaiting").value_or(all->begin()->first);
    expect_write_refused(cancel_call(id), id, false);
}

TEST(Receiving, AUTH_FORBID_CancelWithReadOnlyTokenIs403) {
    auto all = whole_list();
    if (!all || all->empty()) DOCKSIDE_SKIP("no WROs");
    const long long id = wro_in(*all, "Awaiting").value_or(all->begin()->first);
    expect_write_refused(cancel_call(id), id, true);
}

TEST(Receiving, WRO_CANCEL_AwaitingWroBecomesCancelled) {
    // A WRO of the test's own when the simulation control can make one; otherwise one the target has.
    std::optional<long long> id = own_wro();
    if (!id && sim_available()) return;  // the setup failed and was recorded
    if (!id) {
        auto all = whole_list();
        if (!all) return;
        id = wro_in(*all, "Awaiting");
    }
    if (!id) DOCKSIDE_SKIP("not observed: no WRO in Awaiting among the first page, and no simulation control to make one");
    Exchange ex = send(cancel_call(*id));
    if (!needs_success(ex)) return;
    auto after = get_wro(*id);
    if (!after) return;
    if (!expect_that(after->value("status", "") == "Cancelled", ex, "WRO-CANCEL",
                     "after a successful cancel WRO " + std::to_string(*id) + " reads back as " + after->value("status", json()).dump()))
        return;  // not cancelled: whether a list shows it as cancelled follows
    Exchange listed = list_receiving({{"Statuses", "Cancelled"}, {"IDs", std::to_string(*id)}, {"Page", "1"}, {"Limit", "10"}});
    if (needs_success(listed))
        expect_that(by_id(listed.json()).count(*id) == 1, listed, "WRO-LIST",
                    "the cancelled WRO " + std::to_string(*id) + " is missing from Statuses=Cancelled");
}

TEST(Receiving, ERR_4XX_CancelMissingWroRejected) {
    auto all = whole_list();
    if (!all) return;
    long long missing = 2147483000;
    while (all->count(missing)) ++missing;
    expect_rejected(send(cancel_call(missing)), "ERR-4XX", kMissing);
}

TEST(Receiving, AUTH_BEARER_SetExternalSyncWithoutValidTokenOrChannelRefused) {
    auto all = whole_list();
    if (!all || all->empty()) DOCKSIDE_SKIP("no WROs");
    const long long id = all->begin()->first;
    expect_write_refused(sync_call(id, all->begin()->second.value("external_sync_timestamp", json()).is_null()), id, false);
    expect_write_refused(sync_call(id, all->begin()->second.value("external_sync_timestamp", json()).is_null()), id, true);
}

TEST(Receiving, WRO_LIST_SetExternalSyncMovesWroInAndOutOfExternalSyncList) {
    std::optional<long long> id = own_wro();
    if (!id && sim_available()) return;  // the setup failed and was recorded
    if (!id) {
        auto all = whole_list();
        if (!all) return;
        for (const auto& [wid, w] : *all)
            if (w.value("external_sync_timestamp", json()).is_null()) id = wid;
    }
    if (!id) DOCKSIDE_SKIP("not observed: every sampled WRO already has an external_sync_timestamp");
    auto synced_list = [&] {
        Exchange ex = list_receiving({{"ExternalSync", "true"}, {"IDs", std::to_string(*id)}, {"Page", "1"},
                                      {"Limit", std::to_string(kPageLimit)}});
        needs_success(ex);
        return ex;
    };
    Exchange on = send(sync_call(*id, true));
    if (on.status() >= 400 && on.status() < 500)
        DOCKSIDE_SKIP("the target refuses {ids, external_sync} (HTTP " + std::to_string(on.status()) +
                      "); the setExternalSync body is not shown by the document");
    if (!needs_success(on)) return;
    auto after = get_wro(*id);
    if (!after || !expect_that(!after->value("external_sync_timestamp", json()).is_null(), on, "WRO-LIST",
                               "after setExternalSync on, WRO " + std::to_string(*id) + " has no external_sync_timestamp")) {
        send(sync_call(*id, false));  // restores the WRO as it was
        return;
    }
    Exchange in = synced_list();
    expect_that(by_id(in.json()).count(*id) == 1, in, "WRO-LIST",
                "ExternalSync=true lacks WRO " + std::to_string(*id) + ", which now has an external_sync_timestamp");
    Exchange off = send(sync_call(*id, false));  // also restores the WRO as it was
    if (!needs_success(off)) return;
    Exchange out = synced_list();
    expect_that(by_id(out.json()).count(*id) == 0, out, "WRO-LIST",
                "ExternalSync=true still lists WRO " + std::to_string(*id) + " after its sync flag was cleared");
}

TEST(Receiving, AUTH_BEARER_MissingOrBadTokenIs401) {
    for (Auth auth : {Auth::None, Auth::Bad}) {
        expect_status(send(Call{.operation = "listReceiving", .auth = auth}), 401, "AUTH-BEARER");
        expect_status(send(Call{.operation = "getReceiving", .path = {{"id", "1"}}, .auth = auth}), 401, "AUTH-BEARER");
    }
}

}  // namespace
}  // namespace dockside::suites
