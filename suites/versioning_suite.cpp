// Versioning: what the 2025-07 shapes hold that no registered check type says. GET /channel, /webhook and
// /return answer cursor pages (VER-CURSOR: the paging check type is not in the registry) and a webhook
// subscription answers a string id, a topics array and the url it was given (VER-WEBHOOK-SHAPE's
// renamed_fields and openapi_schema parts). The slash-style and removed paths (VER-RENAMED, VER-REMOVED),
// the new endpoints (VER-NEW) and the subscription's required fields are checks of the rules data
// (RuleChecks.not_served_versioning, RuleChecks.served_versioning, …), run by `--only versioning` too.

#include "suites/returns_support.h"
#include "suites/suite.h"
#include "harness/conform/run_apart.h"

namespace dockside::suites {
namespace {

DOCKSIDE_WRITES("Versioning", "webhooks", "creates and deletes a subscription");

using json = nlohmann::json;

TEST(Versioning, VER_CURSOR_ChannelWebhookAndReturnListsAreCursorPages) {
    for (const auto& [op, query] : std::vector<std::pair<std::string, http::QueryParams>>{
             {"listChannels", {{"RecordsPerPage", "1"}}}, {"listWebhooks", {{"RecordsPerPage", "1"}}}, {"listReturns", {{"Limit", "1"}}}}) {
        SCOPED_TRACE(op);
        Exchange ex = send({.operation = op, .query = query});
        if (!needs_success(ex)) return;
        json body = ex.json();
        const bool page = body.is_object() && body.contains("items") && body.contains("next") && body.contains("prev");
        expect_that(page, ex, "VER-CURSOR", op + " answers a cursor page {items, next, prev}, not a bare array");
    }
    // GET /return has more than one return once this suite made one; page one then links onward.
    returns_support::create_probe_return("VER-CUR");
    Exchange ex = send({.operation = "listReturns", .query = {{"Limit", "1"}}});
    json body = ex.json();
    expect_that(body.is_object() && body.value("next", json()).is_string(), ex, "VER-CURSOR",
                "GET /return with more returns than Limit links to the next page");
}

TEST(Versioning, VER_WEBHOOK_SHAPE_CreateUsesUrlTopicsAndStringId) {
    json body{{"url", "https://hooks.dockside.invalid/version"},
              {"topics", {"order.shipped", "order.shipment.delivered"}},
              {"description", "dockside versioning probe " + unique_ref("WH")},  // the run tag: cleanup finds it
              {"secret", "versioning-secret"}};
    Exchange ex = send({.operation = "createWebhook", .body = body, .channel = std::string()});
    if (!needs_success(ex)) return;
    json s = ex.json();
    expect_that(s.is_object() && s.contains("id") && s["id"].is_string(), ex, "VER-WEBHOOK-SHAPE", "id is a string");
    expect_that(s.is_object() && s.value("topics", json()).is_array(), ex, "VER-WEBHOOK-SHAPE", "topics is an array");
    expect_that(s.is_object() && s.value("url", json()) == body["url"], ex, "VER-WEBHOOK-SHAPE", "url carries the subscription URL");
    if (s.is_object() && s.contains("id"))
        send({.operation = "deleteWebhook", .path = {{"id", s["id"].is_string() ? s["id"].get<std::string>() : s["id"].dump()}}});
}

}  // namespace
}  // namespace dockside::suites
