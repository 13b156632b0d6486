// Locations suite: GET /2025-07/location and its three filters (LOC-FILTERS). The document words
// IncludeInactive as "include inactive locations" (so without it every location is active) and
// ReceivingEnabled / AccessGranted as "only ..." (so =true keeps only matching ones). What =false means
// for the last two is not said, so it is only checked for 4xx/5xx, never for content.

#include <set>
#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "suites/suite.h"

namespace dockside::suites {
namespace {

using json = nlohmann::json;

Exchange list_locations(http::QueryParams query = {}) {
    return send(Call{.operation = "listLocations", .query = std::move(query)});
}

/// The ids of the locations of a list answer (empty when the answer is not an array).
std::set<long long> location_ids(const json& list) {
    std::set<long long> ids;
    if (!list.is_array()) return ids;
    for (const auto& loc : list)
        if (loc.is_object() && loc.value("id", json()).is_number_integer()) ids.insert(loc["id"].get<long long>());
    return ids;
}

/// Every location in `list` has `field` == true; names the first that does not.
bool all_true(const Exchange& ex, const std::string& field, const std::string& filter) {
    for (const auto& loc : ex.json())
        if (!loc.value(field, false))
            return expect_that(false, ex, "LOC-FILTERS",
                               filter + " returned location " + loc.value("id", json()).dump() + " whose " + field +
                                   " is " + loc.value(field, json()).dump());
    return true;
}

TEST(Locations, LOC_FILTERS_ListConformsWithEveryFilterCombination) {
    // Every combination of the three booleans is a valid request: 200 and the documented shape.
    for (int mask = 0; mask < 27; ++mask) {
        http::QueryParams query;
        const char* names[] = {"IncludeInactive", "ReceivingEnabled", "AccessGranted"};
        int m = mask;
        for (const char* name : names) {
            const int v = m % 3;  // 0 absent, 1 true, 2 false
            m /= 3;
            if (v) query.emplace_back(name, v == 1 ? "true" : "false");
        }
        Exchange ex = list_locations(query);
        if (!needs_success(ex)) continue;
        expect_that(ex.json().is_array(), ex, "LOC-FILTERS", "GET /location answers an array of Location");
    }
}

TEST(Locations, LOC_FILTERS_WithoutIncludeInactiveEveryLocationIsActive) {
    Exchange ex = list_locations();
    if (!needs_success(ex)) return;
    all_true(ex, "is_active", "GET /location without IncludeInactive");
    Exchange off = list_locations({{"IncludeInactive", "false"}});
    if (!needs_success(off)) return;
    all_true(off, "is_active", "GET /location?IncludeInactive=false");
}

TEST(Locations, LOC_FILTERS_IncludeInactiveAddsOnlyInactiveLocations) {
    Exchange base = list_locations();
    Exchange all = list_locations({{"IncludeInactive", "true"}});
    if (!needs_success(base) || !needs_success(all)) return;
    const auto base_ids = location_ids(base.json());
    const auto all_ids = location_ids(all.json());
    for (auto id : base_ids)
        expect_that(all_ids.count(id) == 1, all, "LOC-FILTERS",
                    "IncludeInactive=true lost active location " + std::to_string(id));
    // Whatever IncludeInactive adds must be inactive; an added active location means the default
    // list left out an active one.
    for (const auto& loc : all.json())
        if (!base_ids.count(loc.value("id", -1LL)))
            expect_that(!loc.value("is_active", true), all, "LOC-FILTERS",
                        "location " + loc.value("id", json()).dump() +
                            " is active but is missing from the list without IncludeInactive");
}

TEST(Locations, LOC_FILTERS_ReceivingEnabledKeepsOnlyReceivingLocations) {
    for (const char* inactive : {"false", "true"}) {
        Exchange all = list_locations({{"IncludeInactive", inactive}});
        Exchange only = list_locations({{"IncludeInactive", inactive}, {"ReceivingEnabled", "true"}});
        if (!needs_success(all) || !needs_success(only)) return;
        all_true(only, "is_receiving_enabled", "ReceivingEnabled=true");
        // Selects exactly: every receiving-enabled location of the unfiltered list is kept.
        const auto kept = location_ids(only.json());
        for (const auto& loc : all.json())
            if (loc.value("is_receiving_enabled", false))
                expect_that(kept.count(loc.value("id", -1LL)) == 1, only, "LOC-FILTERS",
                            "ReceivingEnabled=true dropped receiving-enabled location " + loc.value("id", json()).dump());
    }
}

TEST(Locations, LOC_FILTERS_AccessGrantedKeepsOnlyUsableLocations) {
    for (const char* inactive : {"false", "true"}) {
        Exchange all = list_locations({{"IncludeInactive", inactive}});
        Exchange only = list_locations({{"IncludeInactive", inactive}, {"AccessGranted", "true"}});
        if (!needs_success(all) || !needs_success(only)) return;
        all_true(only, "access_granted", "AccessGranted=true");
        const auto kept = location_ids(only.json());
        for (const auto& loc : all.json())
            if (loc.value("access_granted", false))
                expect_that(kept.count(loc.value("id", -1LL)) == 1, only, "LOC-FILTERS",
                            "AccessGranted=true dropped access-granted location " + loc.value("id", json()).dump());
    }
}

TEST(Locations, LOC_FILTERS_BothFiltersGiveUsableLocations) {
    // "A location is usable when access_granted and is_receiving_enabled are true."
    Exchange ex = list_locations({{"IncludeInactive", "true"}, {"ReceivingEnabled", "true"}, {"AccessGranted", "true"}});
    if (!needs_success(ex)) return;
    all_true(ex, "is_receiving_enabled", "ReceivingEnabled=true&AccessGranted=true");
    all_true(ex, "access_granted", "ReceivingEnabled=true&AccessGranted=true");
}

TEST(Locations, ERR_4XX_NonBooleanFilterRejected) {
    for (const char* name : {"IncludeInactive", "ReceivingEnabled", "AccessGranted"}) {
        Exchange ex = list_locations({{name, "maybe"}});
        expect_rejected(ex, "ERR-4XX");
    }
}

TEST(Locations, AUTH_BEARER_MissingOrBadTokenIs401) {
    for (Auth auth : {Auth::None, Auth::Bad}) {
        Exchange ex = send(Call{.operation = "listLocations", .auth = auth});
        expect_status(ex, 401, "AUTH-BEARER");
    }
}

}  // namespace
}  // namespace dockside::suites
