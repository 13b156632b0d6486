// Channels: GET /2025-07/channel (CH-LIST, VER-CURSOR) and what the document says a channel list must
// give a client (AUTH-CHANNEL: the write channel carries _write scopes). The scope names (AUTH-SCOPES) are
// the response validator's, read from the Channel schema.
// Page links are followed verbatim (NS-CURSOR-FORMAT); the page size is only asserted as an upper bound
// and through the walk being disjoint and complete.

#include <set>
#include <string>

#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include "generators/run_spec.h"
#include "suites/paging_links.h"
#include "suites/refusal_stances.h"
#include "suites/suite.h"

namespace dockside::suites {
namespace {

using nlohmann::json;
using paging::keys_of;

Exchange list_channels(http::QueryParams query = {}) {
    return send({.operation = "listChannels", .query = std::move(query)});
}

/// Every channel the caller can see, walked with the default page size; nullopt when the walk broke.
std::optional<std::set<std::string>> all_channel_ids() {
    auto walk = paging::walk_next(list_channels(), "listChannels", "CH-LIST");
    if (walk.failed || !walk.complete) return std::nullopt;
    auto keys = keys_of(walk.items);
    return std::set<std::string>(keys.begin(), keys.end());
}

TEST(Channels, CH_LIST_AnswersItemsNextPrev) {
    Exchange ex = list_channels();
    needs_success(ex);
    json body = ex.json();
    expect_that(body.is_object() && body.contains("items") && body.contains("next") && body.contains("prev"), ex,
                "CH-LIST", "GET /channel answers {items, next, prev}");
}

TEST(Channels, CH_LIST_DefaultPageHoldsAtMostTheDocumentedDefault) {
    const auto documented = static_cast<std::size_t>(generators::default_integer_of("listChannels.RecordsPerPage"));
    const std::string per_page = std::to_string(documented);
    Exchange ex = list_channels();
    if (!expect_status(ex, 200, "CH-LIST")) return;
    json body = ex.json();
    if (!expect_that(body.is_object(), ex, "CH-LIST", "GET /channel answers a JSON object")) return;
    const json items = body.value("items", json::array());
    const std::size_t n = items.is_array() ? items.size() : 0;
    expect_that(n <= documented, ex, "CH-LIST",
                "RecordsPerPage defaults to " + per_page + ", so the first page holds at most " + per_page + " channels");
    if (body.value("next", json(nullptr)).is_string())
        expect_that(n == documented, ex, "CH-LIST",
                    "a first page with a next link under the default RecordsPerPage (" + per_page + ") holds " + per_page +
                        " channels");
}

TEST(Channels, CH_LIST_RecordsPerPageOneWalksEveryChannelOnce) {
    auto reference = all_channel_ids();
    if (!reference) return;
    Exchange first = list_channels({{"RecordsPerPage", "1"}});
    auto walk = paging::walk_next(first, "listChannels", "CH-LIST");
    if (walk.failed) return;
    paging::expect_disjoint_complete(walk, *reference, 1, "CH-LIST", "listChannels");
    if (reference->size() >= 2)
        expect_that(first.json().value("next", json(nullptr)).is_string(), first, "CH-LIST",
                    "with RecordsPerPage=1 and " + std::to_string(reference->size()) +
                        " channels the first page links to a next page");
}

TEST(Channels, CH_LIST_PrevLinkLeadsBackToFirstPage) {
    auto reference = all_channel_ids();
    if (!reference) return;
    if (reference->size() < 2) DOCKSIDE_SKIP("the caller sees fewer than two channels, so there is no second page");
    Exchange first = list_channels({{"RecordsPerPage", "1"}});
    if (!expect_status(first, 200, "CH-LIST")) return;
    const json next = first.json().value("next", json(nullptr));
    if (!expect_that(next.is_string(), first, "CH-LIST", "a first page of one of several channels has a next link"))
        return;
    Exchange second = paging::follow(next, "listChannels");
    if (!expect_status(second, 200, "CH-LIST")) return;
    const json prev = second.json().value("prev", json(nullptr));
    if (!expect_that(prev.is_string(), second, "CH-LIST", "the second page has a prev link")) return;
    Exchange back = paging::follow(prev, "listChannels");
    if (!expect_status(back, 200, "CH-LIST")) return;
    expect_that(keys_of(back.json().value("items", json::array())) == keys_of(first.json()["items"]), back, "CH-LIST",
                "following prev from the second page gives the first page again");
    expect_that(back.json().value("prev", json(nullptr)).is_null(), back, "CH-LIST",
                "the first page has no prev link");
}

TEST(Channels, CH_LIST_NonIntegerRecordsPerPageRejected) {
    Exchange ex = list_channels({{"RecordsPerPage", "many"}});
    expect_rejected(ex, "ERR-4XX");
    expect_no_5xx(list_channels({{"Cursor", "not-a-cursor-%%"}}));
}

TEST(Channels, AUTH_BEARER_ListChannelsNeedsValidToken) {
    expect_rejected(send({.operation = "listChannels", .auth = Auth::None}), "AUTH-BEARER", kUnauthenticated);
    expect_rejected(send({.operation = "listChannels", .auth = Auth::Bad}), "AUTH-BEARER", kUnauthenticated);
}

TEST(Channels, AUTH_CHANNEL_WriteChannelListedWithWriteScopes) {
    auto walk = paging::walk_next(list_channels(), "listChannels", "CH-LIST");
    if (walk.failed) return;
    const std::string wanted = write_channel();
    bool found = false;
    for (const auto& c : walk.items) {
        if (!c.is_object() || !c.contains("id") || c["id"].dump() != wanted) continue;
        found = true;
        bool writes = false;
        for (const auto& s : c.value("scopes", json::array()))
            if (s.is_string() && s.get<std::string>().ends_with("_write")) writes = true;
        if (!writes)
            record_failure("AUTH-CHANNEL", "listChannels",
                           "the write channel " + wanted + " is listed without any _write scope");
    }
    if (!found)
        record_failure("AUTH-CHANNEL", "listChannels",
                       "the channel used for writes (" + wanted + ") is not among the channels GET /channel lists");
}


/// For any page size the cursor walk is disjoint, complete and within the size.
RC_GTEST_PROP(Channels, CH_LIST_AnyRecordsPerPageWalksDisjointAndComplete, ()) {
    static const auto reference = all_channel_ids();
    RC_PRE(reference.has_value());
    const int per_page = *rc::gen::inRange(1, 61);
    RC_TAG(per_page);
    Exchange first = list_channels({{"RecordsPerPage", std::to_string(per_page)}});
    auto walk = paging::walk_next(first, "listChannels", "CH-LIST");
    RC_ASSERT(!walk.failed);
    paging::expect_disjoint_complete(walk, *reference, static_cast<std::size_t>(per_page), "CH-LIST", "listChannels");
}

}  // namespace
}  // namespace dockside::suites
