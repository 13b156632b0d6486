// Paging across the lists: GET /order pages within Limit (ORD-LIST-LIMIT), GET /return cursor walks
// (RET-LIST, VER-CURSOR), GET /webhook RecordsPerPage walks (WH-LIST). The documented ranges of Limit,
// Page and Cursor are the OpenAPI file's, judged by the schema phase. Walks follow
// next links verbatim (NS-CURSOR-FORMAT) and must be disjoint, complete and within the page size.
// Unlisted defaults and ranges (NS-LIST-DEFAULTS) are never asserted: only documented bounds are probed.
// Walks run over records this run created (Ids= of its own returns), so they are as short on a server
// holding thousands of returns as on a fresh one; shapes are judged only on the run's own records.

#include <algorithm>
#include <cstdint>
#include <set>
#include <string>

#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include "generators/run_spec.h"
#include "suites/orders_support.h"
#include "suites/returns_support.h"
#include "suites/paging_links.h"
#include "suites/suite.h"
#include "harness/conform/run_apart.h"
#include "suites/undocumented_page_sizes.h"

namespace dockside::suites {
namespace {

DOCKSIDE_WALKS("Paging.WH_LIST_RecordsPerPageWalkDisjointAndComplete", "webhooks", "walks every subscription the target lists");
DOCKSIDE_WRITES("Paging", "webhooks", "creates subscriptions to walk over");

using nlohmann::json;

Exchange list_orders_raw(http::QueryParams query) { return send({.operation = "listOrders", .query = std::move(query)}); }

/// The documented range of a GET /order parameter, read from the session's spec (ORD-LIST-LIMIT).
struct Range {
    std::int64_t min = 0;
    std::int64_t max = 0;
};

Range documented_range(const char* param) {
    const std::string reference = std::string("listOrders.") + param;
    return {generators::minimum_of(reference), generators::maximum_of(reference)};
}

std::string text(std::int64_t value) { return std::to_string(value); }

// Which Limit and Page values are accepted or refused is the schema phase's (OpenAPI minimum and maximum,
// x-rule ORD-LIST-LIMIT, broken and sent at their edges). Its paging half is not data the registry runs: a page holds at most
// Limit orders.
RC_GTEST_PROP(Paging, ORD_LIST_LIMIT_AnyLimitWithinBoundsHonoured, ()) {
    const Range limit = documented_range("Limit");
    const std::int64_t size = *rc::gen::inRange<std::int64_t>(limit.min, limit.max + 1);
    Exchange ex = list_orders_raw({{"Limit", text(size)}, {"Page", text(generators::minimum_of("listOrders.Page"))}});
    if (ex.status() < 200 || ex.status() >= 300) return;  // a refused Limit in range is the schema phase's finding
    RC_ASSERT(expect_that(ex.json().is_array() && static_cast<std::int64_t>(ex.json().size()) <= size, ex, "ORD-LIST-LIMIT",
                          "at most Limit (" + text(size) + ") orders on a page"));
}

Exchange list_returns(http::QueryParams query) { return send({.operation = "listReturns", .query = std::move(query)}); }

/// The run's own returns (created once, as setup) and their ids; empty when none could be made.
struct OwnReturns {
    std::string ids;                  ///< for Ids=
    std::set<std::string> reference;  ///< ids as JSON text, what a walk over Ids= must give
};

OwnReturns own_returns() {
    OwnReturns own;
    const auto made = returns_support::own_returns(5);
    own.ids = returns_support::ids_csv(made);
    auto keys = paging::keys_of(made);
    own.reference = std::set<std::string>(keys.begin(), keys.end());
    return own;
}

#define DOCKSIDE_NEED_OWN_RETURNS(own)                                                                         \
    const OwnReturns own = own_returns();                                                                      \
    if (own.reference.size() < 3) {                                                                           \
        if (returns_support::returnable_ids().empty())                                                         \
            DOCKSIDE_SKIP("the target lists no returnable inventory item, so the run has no returns to page"); \
        return; /* the creation failed and was recorded */                                                     \
    }

TEST(Paging, RET_LIST_CursorWalkDisjointAndComplete) {
    DOCKSIDE_NEED_OWN_RETURNS(own);
    Exchange first = list_returns({{"Ids", own.ids}, {"Limit", "2"}});
    auto walk = paging::walk_next(first, "listReturns", "RET-LIST");
    if (walk.failed) return;
    if (!paging::expect_disjoint_complete(walk, own.reference, 2, "RET-LIST", "listReturns"))
        DOCKSIDE_SKIP("not observed: the walk over " + std::to_string(own.reference.size()) + " returns did not end within " +
                      walk.stopped);
    expect_that(first.json().value("next", json(nullptr)).is_string(), first, "RET-LIST",
                "a first page of 2 out of " + std::to_string(own.reference.size()) + " returns links to a next page");
}

TEST(Paging, RET_LIST_PrevLinkLeadsBack) {
    DOCKSIDE_NEED_OWN_RETURNS(own);
    Exchange first = list_returns({{"Ids", own.ids}, {"Limit", "2"}});
    if (!expect_status(first, 200, "RET-LIST")) return;
    const json next = first.json().value("next", json(nullptr));
    if (!expect_that(next.is_string(), first, "RET-LIST", "the first page links to a next page")) return;
    Exchange second = paging::follow(next, "listReturns");
    if (!expect_status(second, 200, "RET-LIST")) return;
    const json prev = second.json().value("prev", json(nullptr));
    if (!expect_that(prev.is_string(), second, "RET-LIST", "the second page links back with prev")) return;
    Exchange back = paging::follow(prev, "listReturns");
    if (!expect_status(back, 200, "RET-LIST")) return;
    expect_that(paging::keys_of(back.json().value("items", json::array())) == paging::keys_of(first.json()["items"]),
                back, "RET-LIST", "prev from the second page gives the first page again");
}

RC_GTEST_PROP(Paging, RET_LIST_AnyLimitWalkDisjointAndComplete, ()) {
    const OwnReturns own = own_returns();
    RC_PRE(own.reference.size() >= 3u);
    const int limit = *rc::gen::inRange(1, 8);
    RC_TAG(limit);
    auto walk = paging::walk_next(list_returns({{"Ids", own.ids}, {"Limit", std::to_string(limit)}}), "listReturns",
                                  "RET-LIST");
    RC_ASSERT(!walk.failed);
    RC_ASSERT(paging::expect_disjoint_complete(walk, own.reference, static_cast<std::size_t>(limit), "RET-LIST", "listReturns"));
}

/// Creates `n` webhook subscriptions; their ids (as JSON text).
std::vector<std::string> create_webhooks(int n) {
    std::vector<std::string> ids;
    for (int i = 0; i < n; ++i) {
        Exchange ex = send({.operation = "createWebhook",
                            .body = json{{"url", "https://hooks.example.com/dockside/" + unique_ref("WH")},
                                         {"topics", json::array({"order.shipped"})},
                                         {"description", "dockside paging probe " + unique_ref("WH")}}});
        if (!needs_success(ex)) break;
        ids.push_back(ex.json().value("id", json()).dump());
    }
    return ids;
}

void delete_webhooks(const std::vector<std::string>& ids) {
    for (const auto& id : ids) {
        const json parsed = json::parse(id, nullptr, false);
        const std::string text = parsed.is_string() ? parsed.get<std::string>() : id;
        expect_no_5xx(send({.operation = "deleteWebhook", .path = {{"id", text}}}));
    }
}

TEST(Paging, WH_LIST_RecordsPerPageWalkDisjointAndComplete) {
    std::vector<std::string> created;
    {
        SetupStep setup("creating three subscriptions of the test's own");
        created = create_webhooks(3);
    }
    struct Cleanup {
        std::vector<std::string>& ids;
        ~Cleanup() { delete_webhooks(ids); }
    } cleanup{created};
    if (created.size() < 3) return;
    Exchange big = send({.operation = "listWebhooks", .query = {{"RecordsPerPage", std::to_string(undocumented_page_sizes::kRecords)}}});
    const json page = big.json();
    if (big.status() != 200 || !page.is_object() || !page.contains("items") || !page.contains("next"))
        DOCKSIDE_SKIP("GET /webhook's shape is not shown and this target's answer has no items/next links to walk");
    auto everything = paging::walk_next(big, "listWebhooks", "WH-LIST");
    if (everything.failed) return;
    if (!everything.complete) DOCKSIDE_SKIP("not observed: the subscription list did not end within " + everything.stopped);
    auto keys = paging::keys_of(everything.items);
    std::set<std::string> reference(keys.begin(), keys.end());
    for (const auto& id : created)
        if (!reference.count(id)) record_failure("WH-LIST", big, "the new subscription " + id + " is not listed");
    // The subscriptions have no filter: the page size grows with the account so the walk stays short.
    const int per_page = paging::page_size_for(reference.size());
    auto walk = paging::walk_next(send({.operation = "listWebhooks", .query = {{"RecordsPerPage", std::to_string(per_page)}}}),
                                  "listWebhooks", "WH-LIST");
    if (!walk.failed && !paging::expect_disjoint_complete(walk, reference, static_cast<std::size_t>(per_page), "WH-LIST",
                                                          "listWebhooks"))
        DOCKSIDE_SKIP("not observed: the walk did not end within " + walk.stopped);
}

}  // namespace
}  // namespace dockside::suites
