#include "specs/loader/spec.h"

#include <algorithm>
#include <map>

#include <gtest/gtest.h>

namespace dockside::spec {
namespace {

TEST(SpecCheck, CleanFixtureHasNoProblems) {
    auto spec = Spec::load(DOCKSIDE_LOADER_FIXTURES "/mini.openapi.yaml",
                           DOCKSIDE_LOADER_FIXTURES "/mini.rules.yaml");
    ASSERT_TRUE(spec.ok()) << spec.error().to_string();
    auto problems = spec->check();
    for (const auto& p : problems) ADD_FAILURE() << p.to_string();
}

TEST(SpecCheck, BadOperationAndFieldReferencesAreNamedWithTheirPlace) {
    auto spec = Spec::load(DOCKSIDE_LOADER_FIXTURES "/mini.openapi.yaml",
                           DOCKSIDE_LOADER_FIXTURES "/bad_refs.rules.yaml");
    ASSERT_TRUE(spec.ok()) << spec.error().to_string();
    auto problems = spec->check();
    ASSERT_EQ(problems.size(), 3u);
    auto find = [&](const std::string& reference) {
        return std::find_if(problems.begin(), problems.end(),
                            [&](const SpecProblem& p) { return p.reference == reference; });
    };
    auto op = find("listOrdersTypo");
    ASSERT_NE(op, problems.end());
    EXPECT_EQ(op->rule_id, "ORD-LIST-LIMIT");
    EXPECT_NE(op->location.find("bad_refs.rules.yaml:9:"), std::string::npos) << op->location;
    EXPECT_NE(op->location.find("ORD-LIST-LIMIT.operations[1]"), std::string::npos) << op->location;
    EXPECT_NE(op->message.find("operation"), std::string::npos);

    auto field = find("Order.shipments.tracking.tracking_nubmer");
    ASSERT_NE(field, problems.end());
    EXPECT_EQ(field->rule_id, "ORD-LIST-LIMIT");
    EXPECT_NE(field->location.find("bad_refs.rules.yaml:10:"), std::string::npos) << field->location;
    EXPECT_NE(field->message.find("field"), std::string::npos);

    auto nested = find("cancelOrdr");  // inside an all_of check
    ASSERT_NE(nested, problems.end());
    EXPECT_NE(nested->location.find("bad_refs.rules.yaml:14:"), std::string::npos) << nested->location;
    EXPECT_NE(nested->to_string().find("ORD-LIST-LIMIT"), std::string::npos);
}

TEST(SpecCheck, XRuleNamingAnUnknownRuleIsAProblem) {
    json doc = json::parse(R"({"paths": {"/a": {"get": {"operationId": "a",
        "responses": {"200": {"description": "x", "content": {"application/json":
        {"schema": {"type": "object", "properties": {"f": {"type": "string", "x-rule": "NOPE-1"}}}}}}}}}}})");
    json rules = json::parse(R"({"rules": [{"id": "KNOWN", "operations": ["a"]}]})");
    auto spec = Spec::from_documents(doc, rules, "inline");
    ASSERT_TRUE(spec.ok());
    auto problems = spec->check();
    ASSERT_EQ(problems.size(), 1u);
    EXPECT_EQ(problems[0].reference, "NOPE-1");
    EXPECT_NE(problems[0].location.find("/properties/f/x-rule"), std::string::npos) << problems[0].location;
}

TEST(SpecCheck, XValuesFromMustNameAListOperation) {
    json doc = json::parse(R"({"paths": {
        "/a": {"get": {"operationId": "listA", "responses": {"200": {"description": "x"}}}},
        "/a/{id}": {"get": {"operationId": "getA", "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "integer"}}],
                            "responses": {"200": {"description": "x"}}}},
        "/b": {"post": {"operationId": "b", "requestBody": {"content": {"application/json": {"schema": {"type": "object", "properties": {
            "good": {"type": "integer", "x-values-from": {"operation": "listA", "field": "id"}},
            "unknown": {"type": "integer", "x-values-from": {"operation": "listZ", "field": "id"}},
            "one": {"type": "integer", "x-values-from": {"operation": "getA", "field": "id"}},
            "write": {"type": "integer", "x-values-from": {"operation": "b", "field": "id"}},
            "fieldless": {"type": "integer", "x-values-from": {"operation": "listA"}}}}}}},
            "responses": {"200": {"description": "x"}}}}}})");
    auto spec = Spec::from_documents(doc, json::parse(R"({"rules": []})"), "inline");
    ASSERT_TRUE(spec.ok());
    std::map<std::string, std::string> messages;
    for (const auto& p : spec->check()) messages[p.location] = p.message;
    const std::string at = "/paths/~1b/post/requestBody/content/application~1json/schema/properties/";
    EXPECT_EQ(messages.count(at + "good/x-values-from"), 0u);
    EXPECT_NE(messages[at + "unknown/x-values-from"].find("no operation"), std::string::npos);
    EXPECT_NE(messages[at + "one/x-values-from"].find("not a list"), std::string::npos);
    EXPECT_NE(messages[at + "write/x-values-from"].find("not a list"), std::string::npos);
    EXPECT_NE(messages[at + "fieldless/x-values-from"].find("{operation, field}"), std::string::npos);
    EXPECT_EQ(messages.size(), 4u);
}

TEST(SpecCheck, XMadeByMustNameACreateOfTheContractOrOfTheSimulationControlAndARemoverOfTheContract) {
    json doc = json::parse(R"({"paths": {
        "/a": {"post": {"operationId": "createA", "responses": {"201": {"description": "x"}}}},
        "/a/{id}": {"get": {"operationId": "getA", "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "integer"}}],
                            "responses": {"200": {"description": "x"}}}},
        "/b/{a}/{w}/{z}/{g}/{r}": {"post": {"operationId": "b", "parameters": [
            {"name": "a", "in": "path", "required": true, "schema": {"type": "integer", "x-made-by": {"operation": "createA", "field": "id"}}},
            {"name": "w", "in": "path", "required": true, "schema": {"type": "integer", "x-made-by": {"operation": "simCreateWro", "field": "id", "removed_by": "getA"}}},
            {"name": "z", "in": "path", "required": true, "schema": {"type": "integer", "x-made-by": {"operation": "simMakeZ", "field": "id"}}},
            {"name": "g", "in": "path", "required": true, "schema": {"type": "integer", "x-made-by": {"operation": "getA", "field": "id"}}},
            {"name": "r", "in": "path", "required": true, "schema": {"type": "integer", "x-made-by": {"operation": "createA", "field": "id", "removed_by": "dropA"}}}],
            "responses": {"200": {"description": "x"}}}}}})");
    auto spec = Spec::from_documents(doc, json::parse(R"({"rules": []})"), "inline");
    ASSERT_TRUE(spec.ok());
    std::map<std::string, std::string> messages;
    for (const auto& p : spec->check())
        if (p.location.ends_with("/x-made-by")) messages[p.location.substr(p.location.find("/parameters/"))] = p.message;
    EXPECT_EQ(messages.count("/parameters/0/schema/x-made-by"), 0u) << "a create of the contract";
    EXPECT_EQ(messages.count("/parameters/1/schema/x-made-by"), 0u) << "a create of the simulation control";
    EXPECT_NE(messages["/parameters/2/schema/x-made-by"].find("no operation"), std::string::npos);
    EXPECT_NE(messages["/parameters/3/schema/x-made-by"].find("not a create"), std::string::npos);
    EXPECT_NE(messages["/parameters/4/schema/x-made-by"].find("removed_by names no operation of the contract: dropA"), std::string::npos);
    EXPECT_EQ(messages.size(), 3u);
}

TEST(SpecCheck, XNamesMustNameAFieldOfARecordAndAKnownRule) {
    json doc = json::parse(R"({"paths": {}, "components": {"schemas": {
        "Order": {"type": "object", "properties": {"id": {"type": "integer"}}},
        "Shipment": {"type": "object", "properties": {
            "good": {"type": "integer", "x-names": {"record": "Order", "field": "id", "rule": "R-1"}},
            "field": {"type": "integer", "x-names": {"record": "Order", "field": "number", "rule": "R-1"}},
            "rule": {"type": "integer", "x-names": {"record": "Order", "field": "id", "rule": "R-2"}},
            "ruleless": {"type": "integer", "x-names": {"record": "Order", "field": "id"}}}}}}})");
    auto spec = Spec::from_documents(doc, json::parse(R"({"rules": [{"id": "R-1", "kind": "S", "text": "t"}]})"), "inline");
    ASSERT_TRUE(spec.ok()) << spec.error().to_string();
    std::map<std::string, std::string> messages;
    for (const auto& p : spec->check())
        if (p.location.ends_with("/x-names")) messages[p.location] = p.message;
    const std::string at = "/components/schemas/Shipment/properties/";
    EXPECT_NE(messages[at + "field/x-names"].find("Order.number"), std::string::npos);
    EXPECT_NE(messages[at + "rule/x-names"].find("R-2"), std::string::npos);
    EXPECT_NE(messages[at + "ruleless/x-names"].find("{record, field, rule}"), std::string::npos);
    EXPECT_EQ(messages.size(), 3u);
    ASSERT_EQ(spec->record_references().size(), 1u);
    EXPECT_EQ(spec->record_references()[0].property, "good");
}

}  // namespace
}  // namespace dockside::spec
