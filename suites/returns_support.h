#pragma once
/// Helpers of the returns, stateful, auth and versioning suites: finding inventory items a return may
/// (and may not) carry on the target, creating returns, reading GET /return completely and exactly.
/// Header-only because suites/CMakeLists.txt compiles only `*_suite.cpp`.
///
/// Nothing here assumes seed data: items are found through GET /inventory (IsDigital, variant.is_bundle)
/// and fulfillment centers through GET /fulfillment-center, so the suites run against any target.

#include <algorithm>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "generators/run_spec.h"
#include "suites/orders_support.h"
#include "suites/paging_links.h"
#include "suites/suite.h"
#include "suites/target_holdings.h"
#include "suites/undocumented_page_sizes.h"

namespace dockside::suites::returns_support {

using json = nlohmann::json;

/// The return states of the document (States and transitions), read from the session's spec.
inline std::vector<std::string> return_states() { return generators::states_of("return"); }

inline bool is_return_state(const json& status) {
    const auto s = return_states();
    return status.is_string() && std::find(s.begin(), s.end(), status.get<std::string>()) != s.end();
}

/// Inventory items of the target (one large first page of GET /inventory, read once per worker).
inline std::vector<json> inventory_items() { return target_holdings().items("listInventory"); }

inline bool variant_flag(const json& item, const char* flag) {
    if (!item.is_object() || !item.contains("variant") || !item["variant"].is_object()) return false;
    const json& v = item["variant"];
    return v.contains(flag) && v[flag].is_boolean() && v[flag].get<bool>();
}

inline std::int64_t inventory_id(const json& item) { return item.value("inventory_id", std::int64_t{0}); }

/// The inventory ids a return may carry, by the filter the contract data gives a return line's item.
inline std::vector<std::int64_t> returnable_ids() { return target_holdings().ids_for("createReturn", "listInventory"); }

/// First inventory item whose variant has `flag` set ("is_digital", "is_bundle").
inline std::optional<std::int64_t> item_with(const char* flag) {
    for (const auto& i : inventory_items())
        if (variant_flag(i, flag) && inventory_id(i) > 0) return inventory_id(i);
    return std::nullopt;
}

/// {id, name} of the first fulfillment center the target lists; null when it lists none readable.
inline json fulfillment_center() {
    for (const auto& f : target_holdings().items("listFulfillmentCenters"))
        if (f.is_object() && f.contains("id") && f["id"].is_number_integer()) return json{{"id", f["id"]}, {"name", f.value("name", "")}};
    return json();
}

/// A valid create body: one line per id (quantity 1 + position), a unique reference_id and tracking number.
inline json return_body(const std::vector<std::int64_t>& ids, const std::string& tag) {
    json lines = json::array();
    int n = 0;
    for (auto id : ids) lines.push_back({{"id", id}, {"quantity", 1 + n++}});
    const std::string ref = unique_ref(tag);
    json body{{"reference_id", ref}, {"tracking_number", "TRK-" + ref}, {"inventory", lines}};
    if (!fulfillment_center().is_null()) body["fulfillment_center"] = fulfillment_center();
    return body;
}

inline Exchange send_create(const json& body, std::optional<std::string> channel = std::nullopt) {
    return send({.operation = "createReturn", .body = body, .channel = std::move(channel)});
}

/// Creates a return from `body` and expects 200 with an integer id (RET-CREATED); nullopt otherwise
/// (already recorded).
inline std::optional<json> create_return(const json& body) {
    Exchange ex = send_create(body);
    if (!needs_success(ex)) return std::nullopt;
    json r = ex.json();
    if (!expect_that(r.is_object() && r.contains("id") && r["id"].is_number_integer(), ex, "RET-CREATED",
                     "the created Return carries an integer id"))
        return std::nullopt;
    return r;
}

/// A fresh return of `count` returnable items, created as the test's setup (a failure blocks the test);
/// nullopt when the target lists too few returnable items or the create failed (recorded).
inline std::optional<json> create_probe_return(const std::string& tag, std::size_t count = 1) {
    auto ids = returnable_ids();
    if (ids.size() < count) return std::nullopt;
    ids.resize(count);
    SetupStep setup("creating a return of the test's own");
    return create_return(return_body(ids, tag));
}

/// Every return `query` selects, following next links from a large first page (no Limit range is documented); nullopt when a page
/// failed (already recorded on `rule`) or the walk's end was not observed within its bounds. Callers
/// narrow `query` to records of their own (Ids=, ReferenceIds=) so the walk is short on any target.
inline std::optional<std::vector<json>> list_all_returns(http::QueryParams query, const std::string& rule = "RET-LIST") {
    query.emplace_back("Limit", std::to_string(undocumented_page_sizes::kRecords));
    Exchange first = send({.operation = "listReturns", .query = std::move(query)});
    auto walk = paging::walk_next(first, "listReturns", rule);
    if (walk.failed || !walk.complete) return std::nullopt;
    return walk.items;
}

/// Comma list of the records' ids (for Ids= / IDs= filters).
inline std::string ids_csv(const std::vector<json>& records) {
    std::string out;
    for (const auto& r : records)
        if (r.is_object() && r.contains("id")) out += (out.empty() ? "" : ",") + r["id"].dump();
    return out;
}

/// `n` returns this run created for read-only checks (paging walks, filters), made the first time a test
/// asks (as its setup) and kept for the run; empty when the target lists no returnable item or a create
/// failed (recorded, the asking test is blocked). Nobody changes them afterwards.
inline std::vector<json> own_returns(std::size_t n = 5) {
    static std::vector<json> made;
    if (made.size() >= n) return std::vector<json>(made.begin(), made.begin() + static_cast<std::ptrdiff_t>(n));
    auto ids = returnable_ids();
    if (ids.empty()) return {};
    SetupStep setup("creating the run's own returns");
    while (made.size() < n) {
        // Varied lines (one or two items) so the inventory filters have something to tell apart.
        std::vector<std::int64_t> lines{ids[made.size() % ids.size()]};
        if (made.size() % 2 == 1 && ids.size() > 1) lines.push_back(ids[(made.size() + 1) % ids.size()]);
        auto r = create_return(return_body(lines, "OWN"));
        if (!r) return {};
        made.push_back(*r);
    }
    return made;
}

/// The one return with this id as GET /return?Ids= shows it; null when absent (or the read failed).
inline json read_return(std::int64_t id) {
    Exchange ex = send({.operation = "listReturns", .query = {{"Ids", std::to_string(id)}}});
    expect_no_5xx(ex);
    json body = ex.json();
    if (ex.status() != 200 || !body.is_object() || !body.contains("items") || !body["items"].is_array()) return json();
    for (const auto& r : body["items"])
        if (r.is_object() && r.value("id", std::int64_t{-1}) == id) return r;
    return json();
}

inline Exchange send_cancel(std::int64_t id) {
    return send({.operation = "cancelReturn", .path = {{"id", std::to_string(id)}}});
}

/// Moves a return one warehouse step through the simulation control; true on 200.
inline bool sim_advance(std::int64_t id) { return sim("simAdvanceReturn", {{"id", id}}).status() == 200; }

/// Advances a fresh return until it reads back in `target`; false when that did not happen.
inline bool advance_to(std::int64_t id, const std::string& target) {
    for (int step = 0; step < 4; ++step) {
        if (read_return(id).value("status", "") == target) return true;
        if (!sim_advance(id)) return false;
    }
    return read_return(id).value("status", "") == target;
}

}  // namespace dockside::suites::returns_support
