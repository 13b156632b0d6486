#include "specs/loader/spec.h"

#include <gtest/gtest.h>

namespace dockside::spec {
namespace {

const Spec& mini() {
    static const Spec spec = [] {
        auto loaded = Spec::load(DOCKSIDE_LOADER_FIXTURES "/mini.openapi.yaml",
                                 DOCKSIDE_LOADER_FIXTURES "/mini.rules.yaml");
        if (!loaded) ADD_FAILURE() << loaded.error().to_string();
        return std::move(loaded).value();
    }();
    return spec;
}

TEST(SpecLoad, BuildsOneRowPerOperation) {
    EXPECT_EQ(mini().operations().size(), 7u);
    for (const char* id : {"listOrders", "createOrder", "getOrder", "cancelOrder", "estimateOrder",
                           "getOrderShipment", "deleteWebhook"})
        EXPECT_NE(mini().find(id), nullptr) << id;
    EXPECT_EQ(mini().find("nope"), nullptr);
}

TEST(SpecLoad, OperationCarriesExtensionsAndSecurity) {
    const Operation* op = mini().find("createOrder");
    ASSERT_NE(op, nullptr);
    EXPECT_EQ(op->method, "POST");
    EXPECT_EQ(op->path_template, "/2025-07/order");
    EXPECT_EQ(op->area, "orders");
    EXPECT_EQ(op->section, "Endpoints > Orders > POST /2025-07/order");
    EXPECT_EQ(op->rules, (std::vector<std::string>{"ORD-CREATED", "ORD-GIFT-500"}));
    EXPECT_EQ(op->channel_header, ChannelHeader::Required);
    EXPECT_EQ(op->scopes, (std::vector<std::string>{"orders_write"}));
    EXPECT_EQ(op->pointer, "/paths/~12025-07~1order/post");
    EXPECT_FALSE(op->request_unspecified);
    EXPECT_FALSE(op->response_unspecified);
    EXPECT_TRUE(op->request_body_required);
    ASSERT_TRUE(op->request_schema.has_value());
    EXPECT_EQ((*op->request_schema)["$ref"], "#/components/schemas/OrderCreateRequest");
    EXPECT_EQ(op->request_schema_pointer, "/paths/~12025-07~1order/post/requestBody/content/application~1json/schema");
}

TEST(SpecLoad, ParametersMergeAndResolveReferences) {
    const Operation* list = mini().find("listOrders");
    ASSERT_NE(list, nullptr);
    ASSERT_EQ(list->parameters.size(), 2u);
    const Parameter* header = list->parameter("service_channel_id", "header");
    ASSERT_NE(header, nullptr);
    EXPECT_FALSE(header->required);
    EXPECT_EQ(header->pointer, "/components/parameters/ChannelHeaderOptional");
    const Parameter* limit = list->parameter("Limit", "query");
    ASSERT_NE(limit, nullptr);
    EXPECT_EQ(limit->schema["maximum"], 250);

    const Operation* get = mini().find("getOrder");  // path-level parameter inherited
    ASSERT_NE(get, nullptr);
    const Parameter* id = get->parameter("orderId", "path");
    ASSERT_NE(id, nullptr);
    EXPECT_TRUE(id->required);
    EXPECT_EQ(id->schema["format"], "int32");
}

TEST(SpecLoad, ChannelHeaderFromExtensionOrParameter) {
    EXPECT_EQ(mini().find("listOrders")->channel_header, ChannelHeader::Optional);
    EXPECT_EQ(mini().find("deleteWebhook")->channel_header, ChannelHeader::NotUsed);
    // getOrder has no x-channel-header and no header parameter.
    EXPECT_EQ(mini().find("getOrder")->channel_header, ChannelHeader::NotUsed);
    EXPECT_EQ(to_string(ChannelHeader::NotUsed), "not-used");
}

TEST(SpecLoad, ResponsesWithContentSchemaAndPointers) {
    const Operation* op = mini().find("createOrder");
    ASSERT_EQ(op->responses.size(), 2u);
    const ResponseSpec& created = op->responses.at("201");
    EXPECT_EQ(created.content_types, (std::vector<std::string>{"application/json"}));
    EXPECT_TRUE(created.declares_json());
    EXPECT_EQ((*created.schema)["$ref"], "#/components/schemas/Order");
    EXPECT_EQ(created.pointer, "/paths/~12025-07~1order/post/responses/201");
    EXPECT_FALSE(created.unspecified);
    const ResponseSpec& rejected = op->responses.at("4XX");
    EXPECT_EQ(rejected.pointer, "/components/responses/Rejected");  // where the $ref led
    EXPECT_EQ(rejected.schema_pointer, "/components/responses/Rejected/content/application~1json/schema");
    EXPECT_TRUE(rejected.unspecified);  // the Error schema is x-unspecified

    const ResponseSpec& deleted = mini().find("deleteWebhook")->responses.at("204");
    EXPECT_TRUE(deleted.content_types.empty());
    EXPECT_FALSE(deleted.schema.has_value());
}

TEST(SpecLoad, ResponseForPrefersExactThenRangeThenDefault) {
    const Operation* create = mini().find("createOrder");
    EXPECT_EQ(create->response_for(201)->status, "201");
    EXPECT_EQ(create->response_for(404)->status, "4XX");
    EXPECT_EQ(create->response_for(200), nullptr);
    EXPECT_EQ(create->response_for(500), nullptr);
    const Operation* get = mini().find("getOrder");
    EXPECT_EQ(get->response_for(503)->status, "default");
}

TEST(SpecLoad, UnspecifiedMarksFromOperationExtension) {
    const Operation* estimate = mini().find("estimateOrder");
    EXPECT_TRUE(estimate->response_unspecified);
    EXPECT_FALSE(estimate->request_unspecified);
    EXPECT_TRUE(estimate->responses.at("200").unspecified);
}

TEST(SpecLoad, ResolveAndDeref) {
    const json* order = mini().resolve("#/components/schemas/Order");
    ASSERT_NE(order, nullptr);
    EXPECT_EQ((*order)["type"], "object");
    EXPECT_EQ(mini().resolve("/components/schemas/Missing"), nullptr);
    EXPECT_EQ(mini().resolve("http://elsewhere/x.json#/a"), nullptr);
    EXPECT_EQ(mini().resolve(""), &mini().document());
    json ref = {{"$ref", "#/components/schemas/Tracking"}};
    std::string where;
    const json* tracking = mini().deref(&ref, &where);
    ASSERT_NE(tracking, nullptr);
    EXPECT_EQ(where, "/components/schemas/Tracking");
    EXPECT_TRUE(tracking->contains("allOf"));
}

TEST(SpecLoad, RulesAreRead) {
    ASSERT_EQ(mini().rules().size(), 4u);
    const Rule* gift = mini().rule("ORD-GIFT-500");
    ASSERT_NE(gift, nullptr);
    EXPECT_EQ(gift->kind, "S");
    EXPECT_EQ(gift->area, "orders");
    EXPECT_EQ(gift->operations, (std::vector<std::string>{"createOrder"}));
    EXPECT_EQ(gift->fields, (std::vector<std::string>{"OrderCreateRequest.gift_message"}));
    EXPECT_EQ(gift->check["max"], 500);
    EXPECT_FALSE(gift->added);
    EXPECT_NE(gift->location.find("mini.rules.yaml:3:"), std::string::npos) << gift->location;
    EXPECT_TRUE(mini().rule("ORD-STATUS")->added);
    EXPECT_TRUE(mini().rule("ORD-STATUS")->check.is_null());
    EXPECT_EQ(mini().rules_document()["version"], "2025-07");
}

TEST(SpecLoad, FieldExistsStepsThroughRefsItemsAndCombinators) {
    EXPECT_TRUE(mini().field_exists("Order.status"));
    EXPECT_TRUE(mini().field_exists("Order.shipments.tracking.tracking_number"));  // items, anyOf, allOf
    EXPECT_TRUE(mini().field_exists("Order.shipments[].id"));
    EXPECT_TRUE(mini().field_exists("OrderCreateRequest.products.id"));
    EXPECT_TRUE(mini().field_exists("listOrders.Limit"));
    EXPECT_FALSE(mini().field_exists("listOrders.Page"));
    EXPECT_FALSE(mini().field_exists("Order.shipments.tracking.carrier"));
    EXPECT_FALSE(mini().field_exists("Order"));
    EXPECT_FALSE(mini().field_exists("Nope.id"));
    EXPECT_FALSE(mini().field_exists("Order.status.more"));
}

TEST(SpecLoad, EmptyRulesPathLoadsNoRules) {
    auto spec = Spec::load(DOCKSIDE_LOADER_FIXTURES "/mini.openapi.yaml", "");
    ASSERT_TRUE(spec.ok());
    EXPECT_TRUE(spec->rules().empty());
    EXPECT_TRUE(spec->check().empty());
}

TEST(SpecLoad, StructuralProblemsAreAllReported) {
    json doc = json::parse(R"({
      "paths": {
        "/a": {"get": {"responses": {}}},
        "/b": {"get": {"operationId": "x", "responses": {"200": {"$ref": "#/nowhere"}}},
               "post": {"operationId": "x", "responses": {}}},
        "c": {}
      }})");
    auto spec = Spec::from_documents(doc, json(), "inline");
    ASSERT_FALSE(spec.ok());
    const auto& details = spec.error().details;
    ASSERT_EQ(details.size(), 4u) << spec.error().to_string();
    auto mentions = [&](const std::string& text) {
        for (const auto& d : details)
            if (d.find(text) != std::string::npos) return true;
        return false;
    };
    EXPECT_TRUE(mentions("/paths/~1a/get: operation has no operationId"));
    EXPECT_TRUE(mentions("response reference does not resolve"));
    EXPECT_TRUE(mentions("duplicate operationId x"));
    EXPECT_TRUE(mentions("/paths/c: path does not start with '/'"));
}

TEST(SpecLoad, RulesWithoutIdsOrDuplicatesAreRejected) {
    json doc = json::parse(R"({"paths": {}})");
    json rules = json::parse(R"({"rules": [{"id": "A"}, {"kind": "S"}, {"id": "A"}]})");
    auto spec = Spec::from_documents(doc, rules);
    ASSERT_FALSE(spec.ok());
    EXPECT_EQ(spec.error().details.size(), 2u) << spec.error().to_string();
}

TEST(SpecLoad, MissingFilesAreErrorsNotCrashes) {
    auto spec = Spec::load("/nonexistent.yaml", "");
    ASSERT_FALSE(spec.ok());
    EXPECT_EQ(spec.error().file, "/nonexistent.yaml");
}

TEST(SpecMatch, ResolvesConcretePathsIncludingColonActions) {
    auto cancel = mini().match("POST", "/2025-07/order/12:cancel");
    ASSERT_TRUE(cancel);
    EXPECT_EQ(cancel->operation->id, "cancelOrder");
    EXPECT_EQ(cancel->path_params.at("orderId"), "12");

    auto estimate = mini().match("post", "/2025-07/order:estimate");
    ASSERT_TRUE(estimate);
    EXPECT_EQ(estimate->operation->id, "estimateOrder");
    EXPECT_TRUE(estimate->path_params.empty());

    auto get = mini().match("GET", "/2025-07/order/12?x=1");
    ASSERT_TRUE(get);
    EXPECT_EQ(get->operation->id, "getOrder");
    EXPECT_EQ(get->path_params.at("orderId"), "12");

    auto shipment = mini().match("GET", "/2025-07/order/7/shipment/9");
    ASSERT_TRUE(shipment);
    EXPECT_EQ(shipment->operation->id, "getOrderShipment");
    EXPECT_EQ(shipment->path_params.at("shipmentId"), "9");

    EXPECT_EQ(mini().match("GET", "/2025-07/order")->operation->id, "listOrders");
    EXPECT_EQ(mini().match("POST", "/2025-07/order")->operation->id, "createOrder");
}

TEST(SpecMatch, UnknownPathsAndMethodsDoNotMatch) {
    EXPECT_FALSE(mini().match("POST", "/2025-07/order/12/cancel"));  // the 2.0 slash style
    EXPECT_FALSE(mini().match("DELETE", "/2025-07/order"));
    EXPECT_FALSE(mini().match("GET", "/2025-07/order:estimate"));
    EXPECT_FALSE(mini().match("GET", "/2025-07/nothing"));
}

TEST(SpecMatch, AllowedMethodsForAPath) {
    EXPECT_EQ(mini().allowed_methods("/2025-07/order"), (std::vector<std::string>{"GET", "POST"}));
    EXPECT_EQ(mini().allowed_methods("/2025-07/order/3:cancel"), (std::vector<std::string>{"GET", "POST"}));
    EXPECT_TRUE(mini().allowed_methods("/x").empty());
}

}  // namespace
}  // namespace dockside::spec
