// Versioning: the 2.0 slash-style paths and the removed endpoints are not served under /2025-07
// (VER-RENAMED, VER-REMOVED), their 2025-07 forms are, and the 2025-07 shapes hold: cursor-paged lists
// (VER-CURSOR) and the webhook subscription with a string id, topics array and url (VER-WEBHOOK-SHAPE).
// The probes come from specs/rules.yaml `versioning` (the rename table row by row), so the data and the
// suite cannot drift. Stance NS-NOT-SERVED-STATUS: any 4xx, never 2xx or 5xx (strict: 404 or 405).
// Path parameters are ids of records this suite creates, so a target that does serve an old POST path
// acts on Dockside's own records only.

#include <algorithm>
#include <regex>

#include "suites/orders_support.h"
#include "suites/returns_support.h"
#include "suites/support/api.h"
#include "suites/support/session_token.h"
#include "suites/support/run_apart.h"

namespace dockside::suites {
namespace {

DOCKSIDE_WRITES("Versioning", "webhooks", "creates and deletes a subscription");

using json = nlohmann::json;

/// Values for {orderId}, {shipmentId} and {id} in the probe paths.
std::map<std::string, std::string> probe_ids() {
    std::map<std::string, std::string> ids{{"orderId", "2147483000"}, {"shipmentId", "2147483000"}, {"id", "2147483000"}};
    if (auto order = orders_support::create_probe_order("VER")) {
        ids["orderId"] = std::to_string(order->value("id", std::int64_t{0}));
        for (const auto& s : orders_support::shipments_of(*order))
            if (s.contains("id") && s["id"].is_number_integer()) ids["shipmentId"] = s["id"].dump();
    }
    if (auto r = returns_support::create_probe_return("VER")) ids["id"] = std::to_string(r->value("id", std::int64_t{0}));
    return ids;
}

std::string fill(std::string path, const std::map<std::string, std::string>& ids) {
    for (const auto& [name, value] : ids) path = std::regex_replace(path, std::regex("\\{" + name + "\\}"), value);
    return path;
}

/// Sends `method path` (outside the spec) with the full token and the write channel.
Exchange probe(const std::string& method, const std::string& path, const std::string& label) {
    http::Request r;
    r.method = method;
    r.target = path;
    r.headers.set("Authorization", "Bearer " + session_token());
    r.headers.set(current_session().info().channel_header, write_channel());
    if (method != "GET" && method != "DELETE") {
        r.headers.set("Content-Type", "application/json");
        r.body = "{}";
    }
    return send_raw(std::move(r), label);
}

void expect_not_served(const Exchange& ex, const std::string& rule, const std::string& what) {
    const int s = ex.status();
    expect_that(s >= 400 && s < 500, ex, rule, what + " is not served in 2025-07 (received " + std::to_string(s) + ", expected a 4xx)");
    const auto codes = current_session().not_served_codes();
    if (!codes.empty())
        expect_that(std::find(codes.begin(), codes.end(), s) != codes.end(), ex, rule,
                    "the profile's NS-NOT-SERVED-STATUS: a path that is not served answers one of its codes");
    expect_no_5xx(ex);
}

TEST(Versioning, VER_RENAMED_SlashStylePathsNotServed) {
    const json& renamed = current_session().spec().rules_document()["versioning"]["renamed"];
    ASSERT_TRUE(renamed.is_array() && !renamed.empty()) << "specs/rules.yaml versioning.renamed is missing";
    const auto ids = probe_ids();
    int probes = 0;
    for (const auto& row : renamed) {
        for (const auto& p : row.value("probes", json::array())) {
            const std::string method = p.value("method", "GET");
            const std::string path = fill(p.value("path", ""), ids);
            SCOPED_TRACE(method + " " + path);
            expect_not_served(probe(method, path, "2.0 " + row.value("row", path)), "VER-RENAMED",
                              method + " " + p.value("path", ""));
            ++probes;
        }
    }
    EXPECT_GE(probes, 11) << "every row of the rename table has at least one probe";
}

TEST(Versioning, VER_RENAMED_NewFormsAreServed) {
    const auto ids = probe_ids();
    // The read-only new forms answer 200 (ERR-CODES: successful reads).
    for (const auto& [op, path] : std::vector<std::pair<std::string, std::map<std::string, std::string>>>{
             {"listShippingMethods", {}}, {"listFulfillmentCenters", {}}, {"getStoreOrderJson", {{"orderId", ids.at("orderId")}}}}) {
        Exchange ex = send({.operation = op, .path = path});
        expect_status(ex, 200, "VER-RENAMED");
        expect_conforms(ex);
    }
    // The colon-style cancel of a fresh return is served (and cancels it).
    if (ids.at("id") != "2147483000") {
        Exchange ex = send({.operation = "cancelReturn", .path = {{"id", ids.at("id")}}});
        expect_no_5xx(ex);
        expect_that(ex.status() != 404 && ex.status() != 405, ex, "VER-RENAMED", "POST /return/{id}:cancel is served");
    }
}

TEST(Versioning, VER_NEW_NewListEndpointsAreServed) {
    // The parameterless reads among the endpoints new in 2025-07; shapes are not shown, so only being served.
    for (const std::string op : {"listInvoices", "listTransactionFees"}) {
        Exchange ex = send({.operation = op});
        expect_no_5xx(ex);
        expect_that(ex.status() != 404 && ex.status() != 405, ex, "VER-NEW",
                    op + " (new in 2025-07) is served at its documented method and path");
    }
}

TEST(Versioning, VER_REMOVED_StatusHistoryAndShipmentPutGone) {
    const json& removed = current_session().spec().rules_document()["versioning"]["removed"];
    ASSERT_TRUE(removed.is_array() && removed.size() == 2) << "specs/rules.yaml versioning.removed lists the two endpoints";
    auto ids = probe_ids();
    // Probe statushistory with a real return, and with a seeded-looking low id as well.
    for (const auto& row : removed) {
        const json& p = row["probe"];
        const std::string method = p.value("method", "GET");
        for (const std::string& value : {ids.at("id"), std::string("1")}) {
            auto local = ids;
            local["id"] = value;
            if (value == "1") local["shipmentId"] = "1";
            const std::string path = fill(p.value("path", ""), local);
            SCOPED_TRACE(method + " " + path);
            expect_not_served(probe(method, path, "2.0 removed " + row.value("path", "")), "VER-REMOVED", method + " " + row.value("path", ""));
        }
    }
}

TEST(Versioning, VER_CURSOR_ChannelWebhookAndReturnListsAreCursorPages) {
    for (const auto& [op, query] : std::vector<std::pair<std::string, http::QueryParams>>{
             {"listChannels", {{"RecordsPerPage", "1"}}}, {"listWebhooks", {{"RecordsPerPage", "1"}}}, {"listReturns", {{"Limit", "1"}}}}) {
        SCOPED_TRACE(op);
        Exchange ex = send({.operation = op, .query = query});
        expect_status(ex, 200, "VER-CURSOR");
        expect_conforms(ex);
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
    expect_status(ex, 200, "VER-WEBHOOK-SHAPE");
    expect_conforms(ex);
    json s = ex.json();
    expect_that(s.is_object() && s.contains("id") && s["id"].is_string(), ex, "VER-WEBHOOK-SHAPE", "id is a string");
    expect_that(s.is_object() && s.value("topics", json()).is_array(), ex, "VER-WEBHOOK-SHAPE", "topics is an array");
    expect_that(s.is_object() && s.value("url", json()) == body["url"], ex, "VER-WEBHOOK-SHAPE", "url carries the subscription URL");
    expect_that(s.is_object() && s.contains("description") && s.contains("secret"), ex, "VER-WEBHOOK-SHAPE",
                "the response carries description and secret");
    if (s.is_object() && s.contains("id"))
        send({.operation = "deleteWebhook", .path = {{"id", s["id"].is_string() ? s["id"].get<std::string>() : s["id"].dump()}}});
}

}  // namespace
}  // namespace dockside::suites
