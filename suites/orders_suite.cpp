// Orders, create side: what the rules data cannot say about POST /2025-07/order — the 201 answer
// (ORD-CREATED), read-back (ORD-ROUNDTRIP, ORD-NUMBER-DEFAULT, ORD-REF-UNIQUE), the ship-option default
// of ORD-SHIPMETHOD, ORD-PRODUCT-NAME, ORD-LOCATION, get (ORD-GET), authentication of the order
// operations, and that a refused create stores nothing (ERR-NOSIDE). The field limits and required
// fields of the create body (ORD-GIFT-500, ORD-NUMBER-400, ORD-REF-1-300, ORD-ORIGIN-100, ORD-SALES-100,
// ORD-REQ, ORD-TYPE, ORD-SHIPMETHOD's minimum) are checks in specs/rules.yaml, run by
// harness/conform/probe_runner.cpp. Lists, cancel, estimate and the order's shipment are in orders_list_suite.cpp
// and orders_actions_suite.cpp.

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "generators/run_spec.h"
#include "suites/orders_support.h"
#include "suites/refusal_stances.h"
#include "suites/suite.h"

namespace dockside::suites {
namespace {

using nlohmann::json;
using namespace orders_support;

/// Whether any order carries this reference_id (list by ReferenceIds); nullopt when the list failed.
std::optional<bool> reference_exists(const std::string& reference_id) {
    auto items = list_orders({{"ReferenceIds", reference_id}, {"Limit", "10"}});
    if (!items) return std::nullopt;
    for (const auto& o : *items)
        if (o.is_object() && o.value("reference_id", json()) == json(reference_id)) return true;
    return false;
}

/// Sends a create that must be rejected (4xx, never 5xx), then proves no order with its reference_id
/// was stored (ERR-NOSIDE). Returns whether it was rejected. A create the target accepted is the rule's
/// finding alone: that it stored the order is the same fault, not a second one.
/// `stance`: the stance whose code the profile demands, where it is not the validation stance (a bad token,
/// a channel without _write scopes).
bool expect_create_rejected(const json& body, const std::string& rule, const std::string& what,
                            Auth auth = Auth::Token, std::optional<std::string> channel = std::nullopt,
                            RefusalStance stance = {}) {
    Exchange ex = send({.operation = "createOrder", .body = body, .auth = auth, .channel = channel});
    // An accepted create is named by what made it invalid, so the record says which case got through.
    if (ex.status() >= 200 && ex.status() < 300) return expect_that(false, ex, rule, "createOrder rejects " + what);
    if (!expect_rejected(ex, rule, stance)) return false;
    if (body.is_object() && body.value("reference_id", json()).is_string()) {
        auto exists = reference_exists(body["reference_id"].get<std::string>());
        if (exists && *exists)
            expect_no_side_effect(false, "createOrder", "a rejected create (" + what + ") still stored order " +
                                                            body["reference_id"].get<std::string>());
    }
    return true;
}

/// Sends a create that must be accepted with 201 and a conforming Order.
/// A create at a boundary the rule allows: accepted at all (any 2xx) is `rule`'s; the documented 201 is
/// ORD-CREATED's rule check.
std::optional<json> expect_create_accepted(const json& body, const std::string& rule, const std::string& what = "the request") {
    Exchange ex = send_create(body);
    if (!expect_that(ex.status() >= 200 && ex.status() < 300, ex, rule, "createOrder accepts " + what)) return std::nullopt;
    return created_order(ex, body);
}

TEST(Orders, ORD_CREATED_AnswersCreatedWithOrder) {
    // Accepted, with an answer that conforms to Order (its status among the documented ones is ORD-STATUS,
    // the response validator's).
    expect_create_accepted(valid_order_body(unique_ref("C")), "ORD-CREATED");
}

TEST(Orders, ORD_ROUNDTRIP_EveryFieldSentReadsBack) {
    json body = valid_order_body(unique_ref("RT"));
    body["gift_message"] = "Happy birthday from Dockside";
    body["order_number"] = "N-" + body["reference_id"].get<std::string>();
    body["purchase_date"] = "2025-06-30T08:15:00Z";
    body["shipping_method"] = "Standard";
    body["shipping_terms"] = {{"carrier_type", "Parcel"}, {"payment_term", "Prepaid"}};
    body["tags"] = json::array({{{"name", "source"}, {"value", "dockside"}}});
    body["type"] = "B2B";
    body["financials"] = {{"total_price", 42.5}};
    body["retailer_program_data"] = {{"purchase_order_number", "PO-77"}, {"department", "Toys"},
                                     {"customer_ticket_number", "T-1"}, {"mark_for_store", "S-9"},
                                     {"retailer_program_type", "Dropship"}};
    auto created = expect_create_accepted(body, "ORD-CREATED");
    if (!created) return;
    const std::string id = std::to_string((*created)["id"].get<std::int64_t>());

    // Every field that was sent reads back; fields the server adds are its business unless the document
    // closes the object; date-times are compared as instants ("…Z" and "….000+00:00" are one moment).
    auto compare = [&](const json& order, const std::string& via) {
        auto differs = [&](const std::string& what, const json& got, const json& sent) {
            if (!same_value(got, sent))
                record_failure("ORD-ROUNDTRIP", "getOrder",
                               via + ": " + what + " reads back " + got.dump() + ", sent " + sent.dump());
        };
        for (const char* f : {"gift_message", "order_number", "reference_id", "shipping_method", "type", "tags",
                              "purchase_date"})
            differs(f, order.value(f, json()), body[f]);
        differs("financials.total_price", order.value("financials", json::object()).value("total_price", json()),
                body["financials"]["total_price"]);
        for (const char* object : {"shipping_terms", "retailer_program_data"})
            for (auto& [k, v] : body[object].items())
                differs(std::string(object) + "." + k, order.value(object, json::object()).value(k, json()), v);
        const json rec = order.value("recipient", json::object());
        for (const char* f : {"name", "email", "phone_number"}) differs(std::string("recipient.") + f, rec.value(f, json()), body["recipient"][f]);
        for (auto& [k, v] : body["recipient"]["address"].items())
            differs("recipient.address." + k, rec.value("address", json::object()).value(k, json()), v);
        if (order.value("channel", json::object()).value("id", json()).dump() != write_channel())
            record_failure("ORD-ROUNDTRIP", "getOrder", via + ": channel.id is not the channel that created it");
    };
    compare(*created, "create response");
    Exchange got = send({.operation = "getOrder", .path = {{"orderId", id}}});
    if (needs_success(got) && got.violations.empty() &&
        expect_that(got.json().value("id", json()) == (*created)["id"], got, "ORD-GET", "GET answers the order asked for"))
        compare(got.json(), "GET /order/{orderId}");
    for (auto [param, value] : {std::pair<std::string, std::string>{"IDs", id}, {"ReferenceIds", body["reference_id"]}}) {
        auto items = list_orders({{param, value}, {"Limit", "10"}});
        if (!items) continue;
        // Orders the filter excludes are the filter's fault (ORD-LIST-FILTERS); the round trip is then not observed.
        const bool foreign = std::any_of(items->begin(), items->end(), [&](const json& o) { return o.value("id", json()) != (*created)["id"]; });
        if (foreign) {
            record_failure("ORD-LIST-FILTERS", "listOrders",
                           "GET /order?" + param + "=" + value + " answers orders the filter excludes");
            continue;
        }
        if (items->empty()) {
            record_failure("ORD-ROUNDTRIP", "listOrders", "GET /order?" + param + "=" + value + " does not list the created order");
            continue;
        }
        compare((*items)[0], "GET /order?" + param);
    }
}

TEST(Orders, ORD_NUMBER_DEFAULT_OmittedOrderNumberShowsReferenceId) {
    json body = valid_order_body(unique_ref("ND"));
    auto created = expect_create_accepted(body, "ORD-CREATED");
    if (!created) return;
    if ((*created).value("order_number", json()) != body["reference_id"])
        record_failure("ORD-NUMBER-DEFAULT", "createOrder",
                       "order_number is " + created->value("order_number", json()).dump() + " instead of the reference_id " +
                           body["reference_id"].dump());
    Exchange got = send({.operation = "getOrder", .path = {{"orderId", created->value("id", json()).dump()}}});
    if (needs_success(got) &&
        expect_that(got.json().value("id", json()) == (*created)["id"], got, "ORD-GET", "GET answers the order asked for"))
        expect_that(got.json().value("order_number", json()) == body["reference_id"], got, "ORD-NUMBER-DEFAULT",
                    "an order created without order_number shows its reference_id as order_number");
}

TEST(Orders, ORD_REF_UNIQUE_DuplicateReferenceRejectedAndNotStored) {
    json body = valid_order_body(unique_ref("DUP"));
    auto first = expect_create_accepted(body, "ORD-CREATED");
    if (!first) return;
    json second = body;
    second["gift_message"] = "second attempt";
    Exchange ex = send_create(second);
    if (!expect_rejected(ex, "ORD-REF-UNIQUE", kDuplicateReference)) return;  // a duplicate that was accepted is the finding
    auto items = list_orders({{"ReferenceIds", body["reference_id"]}, {"Limit", "10"}});
    if (!items) return;
    std::size_t same = 0;
    for (const auto& o : *items) same += o.value("reference_id", json()) == body["reference_id"];
    if (same != items->size()) return;  // the filter is broken (ORD-LIST-FILTERS' to judge): uniqueness not observed
    if (same != 1)
        record_failure("ORD-REF-UNIQUE", "listOrders",
                       std::to_string(same) + " orders carry reference_id " + body["reference_id"].dump());
    Exchange got = send({.operation = "getOrder", .path = {{"orderId", (*first)["id"].dump()}}});
    if (needs_success(got) &&
        expect_that(got.json().value("id", json()) == (*first)["id"], got, "ORD-GET", "GET answers the order asked for")) {
        expect_that(got.json().value("reference_id", json()) == body["reference_id"], got, "ORD-REF-UNIQUE",
                    "the first order keeps its reference_id (immutable)");
        expect_no_side_effect(got.json().value("gift_message", json()).is_null(), got, "the rejected duplicate did not change the first order");
    }
}

// ORD-SHIPMETHOD's second half (a `default` check the registry cannot run): the minimum length is the
// OpenAPI file's minLength, which the schema phase breaks and sends at its edge.
TEST(Orders, ORD_SHIPMETHOD_UnknownMethodDefaultsToStandard) {
    json unknown = valid_order_body(unique_ref("SM"));
    unknown["shipping_method"] = "Dockside Pigeon " + unknown["reference_id"].get<std::string>();
    auto created = expect_create_accepted(unknown, "ORD-SHIPMETHOD");
    if (!created) return;
    for (const auto& s : shipments_of(*created))
        if (s.value("ship_option", json()) != json("Standard"))
            record_failure("ORD-SHIPMETHOD", "createOrder",
                           "an unknown shipping_method maps to ship option " + s.value("ship_option", json()).dump() +
                               " instead of Standard");
}

TEST(Orders, ORD_PRODUCT_NAME_UnknownReferenceNeedsName) {
    json body = valid_order_body(unique_ref("PN"));
    body["products"][0].erase("name");
    expect_create_rejected(body, "ORD-PRODUCT-NAME", "product by unknown reference_id without name");
}

TEST(Orders, ORD_LOCATION_GivenLocationIdIsTheShipmentsFulfillmentCenter) {
    Exchange centers = send({.operation = "listFulfillmentCenters"});
    if (!needs_success(centers)) return;
    const json list = centers.json();
    // The last center, so a service that always picks its first one is told apart.
    if (!list.is_array() || list.empty() || !list.back().is_object() || !list.back().contains("id"))
        DOCKSIDE_SKIP("GET /fulfillment-center lists no center with an id to send as location_id");
    const json wanted = list.back()["id"];
    json body = valid_order_body(unique_ref("LOC"));
    body["location_id"] = wanted;
    auto created = expect_create_accepted(body, "ORD-LOCATION");
    if (!created) return;
    if (shipments_of(*created).empty()) DOCKSIDE_SKIP("new orders have no shipments on this target");
    for (const auto& s : shipments_of(*created)) {
        const json location = s.is_object() ? s.value("location", json::object()) : json::object();
        const json got = location.is_object() ? location.value("id", json()) : json();
        if (got != wanted)
            record_failure("ORD-LOCATION", "createOrder",
                           "location_id " + wanted.dump() + " was given but a shipment ships from location " + got.dump());
    }
}

TEST(Orders, ERR_4XX_WrongTypesAndMalformedJsonRejected) {
    json gift = valid_order_body(unique_ref("W"));
    gift["gift_message"] = 12345;
    expect_create_rejected(gift, "ERR-4XX", "gift_message as a number");
    json products = valid_order_body(unique_ref("W"));
    products["products"] = "one box";
    expect_create_rejected(products, "ERR-4XX", "products as a string");
    json quantity = valid_order_body(unique_ref("W"));
    quantity["products"][0]["quantity"] = "two";
    expect_create_rejected(quantity, "ERR-4XX", "quantity as a string");
    Exchange ex = send({.operation = "createOrder", .raw_body = std::string("{\"products\": [")});
    expect_rejected(ex, "ERR-4XX");
}

TEST(Orders, ORD_GET_UnknownOrderRejected) {
    expect_rejected(send({.operation = "getOrder", .path = {{"orderId", "2147483000"}}}), "ERR-4XX", kMissing);
    expect_rejected(send({.operation = "getOrder", .path = {{"orderId", "not-a-number"}}}), "ERR-4XX");
}

TEST(Orders, AUTH_BEARER_OrderOperationsNeedValidToken) {
    for (Auth auth : {Auth::None, Auth::Bad}) {
        json body = valid_order_body(unique_ref("AB"));
        expect_create_rejected(body, "AUTH-BEARER", "create without a valid token", auth, std::nullopt, kUnauthenticated);
        expect_rejected(send({.operation = "listOrders", .query = {{"Limit", "1"}}, .auth = auth}), "AUTH-BEARER", kUnauthenticated);
        expect_rejected(send({.operation = "getOrder", .path = {{"orderId", "1"}}, .auth = auth}), "AUTH-BEARER", kUnauthenticated);
        expect_rejected(send({.operation = "cancelOrder", .path = {{"orderId", "1"}}, .auth = auth}), "AUTH-BEARER", kUnauthenticated);
        expect_rejected(send({.operation = "estimateOrder", .body = json::object(), .auth = auth}), "AUTH-BEARER", kUnauthenticated);
    }
}

TEST(Orders, AUTH_CHANNEL_CreateWithoutWriteChannelRejected) {
    expect_create_rejected(valid_order_body(unique_ref("CH")), "AUTH-CHANNEL", "create without the channel header",
                           Auth::Token, std::string(), kChannelHeaderMissing);
    if (auto ro = read_only_channel())
        expect_create_rejected(valid_order_body(unique_ref("CH")), "AUTH-CHANNEL",
                               "create naming a channel without _write scopes", Auth::Token, *ro, kForbidden);
}

TEST(Orders, AUTH_FORBID_ReadOnlyTokenCannotCreate) {
    if (!has_read_only_token()) DOCKSIDE_SKIP(no_read_only_token());
    json body = valid_order_body(unique_ref("RO"));
    Exchange ex = send({.operation = "createOrder", .body = body, .auth = Auth::ReadOnly, .channel = read_only_channel()});
    expect_status(ex, 403, "AUTH-FORBID");
    auto exists = reference_exists(body["reference_id"]);
    if (exists && *exists) expect_no_side_effect(false, "createOrder", "a forbidden create still stored its order");
}

/// ERR-NOSIDE: creates refused for a documented limit leave no order behind. Whether each is refused is
/// its limit rule's check (RuleChecks); one the target accepts is not judged here, since storing what it
/// accepted is no second fault.
TEST(Orders, ERR_NOSIDE_RefusedCreatesStoreNothing) {
    std::vector<std::pair<std::string, json>> invalid;
    for (const char* field : {"gift_message", "order_number", "origin_platform_program"}) {
        json body = valid_order_body(unique_ref("NS"));
        const auto limit = generators::max_length_of(std::string("OrderCreateRequest.") + field);
        body[field] = std::string(static_cast<std::size_t>(limit + 1), 'n');
        invalid.emplace_back(std::string(field) + " one character past its limit", body);
    }
    json no_products = valid_order_body(unique_ref("NS"));
    no_products["products"] = json::array();
    invalid.emplace_back("no products", no_products);
    int refused = 0;
    for (const auto& [what, body] : invalid) {
        Exchange ex = send_create(body);
        if (ex.status() < 400 || ex.status() >= 500) continue;
        ++refused;
        auto exists = reference_exists(body["reference_id"].get<std::string>());
        if (exists && *exists)
            expect_no_side_effect(false, ex, "a create refused for " + what + " still stored order " + body["reference_id"].dump());
    }
    if (refused == 0) DOCKSIDE_SKIP("the target refused none of the invalid creates, so no refusal's effect can be seen");
}

}  // namespace
}  // namespace dockside::suites
