#include "specs/loader/spec.h"

#include <algorithm>

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

}  // namespace
}  // namespace dockside::spec
