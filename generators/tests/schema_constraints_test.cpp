// Every constraint kind the schema phase breaks: found in a schema, broken by a value the validator rejects
// there and only there, attributed to the nearest x-rule, left alone where a stance says so; then the same
// over every request body of the real contract.

#include <set>

#include <gtest/gtest.h>

#include "generators/schema_constraints.h"
#include "generators/tests/test_support.h"
#include "harness/validate/response_validator.h"

namespace dockside::generators {
namespace {

using json = nlohmann::json;
using testing::sample;

const spec::Spec& tiny() {
    static const spec::Spec spec = [] {
        json doc = json::parse(R"({
          "openapi": "3.1.0", "info": {"title": "t", "version": "1"},
          "paths": {"/thing": {"post": {"operationId": "makeThing",
            "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Thing"}}}},
            "responses": {"201": {"description": "made"}}}}},
          "components": {"schemas": {
            "Thing": {"type": "object", "required": ["name", "kind"], "x-rule": "T-ALL", "properties": {
              "name": {"type": "string", "minLength": 1, "maxLength": 10, "x-rule": "T-NAME"},
              "kind": {"type": "string", "enum": ["a", "b"]},
              "code": {"type": "string", "pattern": "^[A-Z]{3}$"},
              "count": {"type": "integer", "minimum": 0, "maximum": 9},
              "when": {"type": "string", "format": "date-time"},
              "tags": {"type": "array", "minItems": 1, "maxItems": 3, "items": {"type": "string", "maxLength": 4}},
              "parts": {"type": "array", "items": {"$ref": "#/components/schemas/Part"}},
              "either": {"oneOf": [{"type": "string"}, {"type": "integer"}]},
              "note": {"type": ["string", "null"], "maxLength": 5}}},
            "Part": {"type": "object", "required": ["id"], "properties": {"id": {"type": "integer", "minimum": 1}}}}}})");
        auto loaded = spec::Spec::from_documents(doc, json());
        if (!loaded) std::abort();
        return std::move(loaded).value();
    }();
    return spec;
}

const json kThing = {{"$ref", "#/components/schemas/Thing"}};

/// Whether every violation sits where `c` is (the member itself for a removed required member).
void expect_only_at(const SchemaConstraint& c, const std::vector<validate::Violation>& violations, const json& value) {
    ASSERT_FALSE(violations.empty()) << c.describe() << ": the validator accepts " << value.dump();
    for (const auto& v : violations)
        EXPECT_TRUE(v.pointer == c.pointer() || (!c.property.empty() && v.pointer == c.pointer() + "/" + c.property))
            << c.describe() << " also broke " << v.message() << " in " << value.dump();
}

TEST(SchemaConstraints, EveryKindIsFoundAndCombinatorsAreLeftAlone) {
    std::vector<std::string> skipped;
    std::set<ConstraintKind> kinds;
    for (const auto& c : constraints_of(tiny(), kThing, {}, &skipped)) {
        kinds.insert(c.kind);
        EXPECT_EQ(c.pointer().rfind("/either", 0), std::string::npos) << c.describe();
    }
    for (auto kind : {ConstraintKind::Type, ConstraintKind::Required, ConstraintKind::Enum, ConstraintKind::Format,
                      ConstraintKind::Minimum, ConstraintKind::Maximum, ConstraintKind::MinLength, ConstraintKind::MaxLength,
                      ConstraintKind::Pattern, ConstraintKind::MinItems, ConstraintKind::MaxItems})
        EXPECT_TRUE(kinds.count(kind)) << to_string(kind) << " is not found";
    bool either_noted = false;
    for (const auto& line : skipped) either_noted = either_noted || line.rfind("/either", 0) == 0;
    EXPECT_TRUE(either_noted) << "the oneOf member is not reported as left alone";
}

TEST(SchemaConstraints, EachBrokenValueBreaksOnlyItsConstraint) {
    const validate::ResponseValidator validator(tiny());
    const spec::Operation& op = *tiny().find("makeThing");
    for (const auto& c : constraints_of(tiny(), kThing, {}))
        for (std::uint64_t seed = 1; seed <= 20 && !c.edges_only; ++seed) {
            const json value = sample(gen_breaking(tiny(), kThing, c), seed);
            expect_only_at(c, validator.validate_request_body(op, value), value);
        }
}

TEST(SchemaConstraints, TheNearestXRuleNamesTheConstraint) {
    for (const auto& c : constraints_of(tiny(), kThing, {})) {
        if (c.pointer() == "/name") {
            EXPECT_EQ(c.rule, "T-NAME") << c.describe();
            EXPECT_EQ(c.field, "Thing.name");
        }
        if (c.pointer() == "/kind") {
            EXPECT_EQ(c.rule, "T-ALL") << c.describe();
        }
        if (c.pointer() == "/parts/0/id") {
            EXPECT_EQ(c.rule, "T-ALL") << c.describe();
            EXPECT_EQ(c.field, "Part.id");
        }
    }
}

TEST(SchemaConstraints, StancesLeaveTheirFieldsAlone) {
    ConstraintExclusions exclusions;
    exclusions.fields = {"Thing.code"};
    for (const auto& c : constraints_of(tiny(), kThing, exclusions)) EXPECT_NE(c.pointer(), "/code") << c.describe();
}

// An optional member is an edge: the object without it (the request must still be served); the same
// object with it is the request inside.
TEST(SchemaConstraints, AnOptionalMemberIsAnEdgeWithoutIt) {
    std::set<std::string> optional;
    for (const auto& c : constraints_of(tiny(), kThing, {})) {
        if (c.kind != ConstraintKind::Optional) continue;
        EXPECT_TRUE(c.edges_only);
        optional.insert(c.property);
        const auto edges = edge_values(c);
        ASSERT_EQ(edges.size(), 1u);
        const auto [without, with] = sample(gen_at_edge(tiny(), kThing, c, edges[0]), 3);
        EXPECT_FALSE(without.contains(c.property)) << without.dump();
        EXPECT_TRUE(with.contains(c.property)) << with.dump();
    }
    EXPECT_FALSE(optional.count("name")) << "a required member is no optional edge";
    EXPECT_TRUE(optional.count("code"));
}

// An open enum (x-open-enum) is a constraint whose listed values are edges, never one to break.
TEST(SchemaConstraints, AnOpenEnumHasEdgesAndIsNeverBroken) {
    const json open = {{"type", "string"}, {"enum", {"a", "b"}}, {"x-open-enum", true}, {"x-rule", "T-OPEN"}};
    bool found = false;
    for (const auto& c : constraints_of(tiny(), open, {})) {
        if (c.kind != ConstraintKind::Enum) continue;
        found = true;
        EXPECT_TRUE(c.edges_only);
        const auto edges = edge_values(c);
        ASSERT_EQ(edges.size(), 2u);
        EXPECT_EQ(edges[0].value, json("a"));
    }
    EXPECT_TRUE(found);
}

// The edges of each kind: the limit itself, which the schema admits.
TEST(SchemaConstraints, EdgesSitAtTheLimitAndKeepTheSchema) {
    const json text = {{"type", "string"}, {"minLength", 2}, {"maxLength", 5}};
    const json number = {{"type", "integer"}, {"minimum", 1}, {"exclusiveMaximum", 251}};
    std::vector<std::string> labels;
    for (const auto& schema : {text, number})
        for (const auto& c : constraints_of(tiny(), schema, {}))
            for (const auto& edge : edge_values(c, "\u00e9")) labels.push_back(to_string(c.kind) + " " + edge.label);
    EXPECT_EQ(labels, (std::vector<std::string>{"minLength 2 characters", "minLength 2 multi-byte characters", "maxLength 5 characters",
                                                "maxLength 5 multi-byte characters", "minimum 1", "maximum 250"}));
    const json patterned = {{"type", "string"}, {"maxLength", 5}, {"pattern", "^[0-9]+$"}};
    for (const auto& c : constraints_of(tiny(), patterned, {})) EXPECT_TRUE(edge_values(c).empty()) << c.describe();
}

// A number whose bounds the document does not show (x-unspecified) is still a number: its type alone is
// broken; a text of unshown values has nothing left to break.
TEST(SchemaConstraints, AnUnshownNumberKeepsItsTypeAndNothingElse) {
    const json page = {{"type", "integer"}, {"minimum", 1}, {"x-unspecified", true}};
    const auto found = constraints_of(tiny(), page, {});
    ASSERT_EQ(found.size(), 1u);
    EXPECT_EQ(found[0].kind, ConstraintKind::Type);
    EXPECT_TRUE(constraints_of(tiny(), {{"type", "string"}, {"maxLength", 3}, {"x-unspecified", true}}, {}).empty());
    EXPECT_TRUE(constraints_of(tiny(), {{"type", "integer"}, {"x-type-inferred", true}, {"x-unspecified", true}}, {}).empty());
}

TEST(SchemaConstraints, ABreakThatWouldBreakAnotherConstraintIsRefused) {
    const SchemaConstraint too_long{ConstraintKind::MaxLength, {}, "", {{"type", "string"}, {"maxLength", 3}, {"pattern", "^a+$"}}, "", ""};
    EXPECT_FALSE(breakable(too_long).ok()) << "a longer text must also keep the pattern: not broken alone";
    const SchemaConstraint edge{ConstraintKind::Maximum, {}, "", {{"type", "integer"}, {"format", "int32"}, {"maximum", 2147483647}}, "", ""};
    EXPECT_FALSE(breakable(edge).ok()) << "past int32's edge the width breaks too";
}

TEST(SchemaConstraints, ATypeIsBrokenWithWhatNoDeserializerCoerces) {
    SchemaConstraint text{ConstraintKind::Type, {}, "", {{"type", {"string", "null"}}}, "", ""};
    auto body_value = breaking_value(text, json());
    ASSERT_TRUE(body_value.ok() && *body_value);
    EXPECT_TRUE((*body_value)->is_object()) << "a number for a string is often coerced: " << (*body_value)->dump();
    SchemaConstraint number{ConstraintKind::Type, {}, "", {{"type", "integer"}}, "", ""};
    number.as_text = true;
    auto query_value = breaking_value(number, json());
    ASSERT_TRUE(query_value.ok() && *query_value);
    EXPECT_TRUE((*query_value)->is_string()) << "a parameter travels as text: " << (*query_value)->dump();
}

TEST(SchemaConstraints, EveryRequestBodyOfTheContract) {
    const spec::Spec& spec = testing::real_spec();
    const auto exclusions = exclusions_of(spec);
    int broken = 0;
    for (const auto& op : spec.operations()) {
        const json* schema = op.request_unspecified || !op.request_schema ? nullptr : &*op.request_schema;
        if (!schema) continue;
        for (const auto& c : constraints_of(spec, *schema, exclusions))
            for (std::uint64_t seed = 1; seed <= 3 && !c.edges_only; ++seed) {
                const json value = sample(gen_breaking(spec, *schema, c), seed);
                ++broken;
                if (c.kind != ConstraintKind::UniqueBy) {
                    expect_only_at(c, testing::body_violations(op.id, value), value);
                    continue;
                }
                // JSON Schema cannot state x-unique-by: the validator sees a valid body, and two items share the member.
                EXPECT_TRUE(testing::body_violations(op.id, value).empty()) << c.describe() << " in " << value.dump();
                const json& items = value.at(c.path.front().name);
                const std::string key = c.schema["x-unique-by"].get<std::string>();
                ASSERT_EQ(items.size(), 2u) << value.dump();
                EXPECT_EQ(items[0].at(key), items[1].at(key)) << value.dump();
            }
    }
    EXPECT_GT(broken, 100) << "the contract's bodies state few constraints: is the walk broken?";
}

}  // namespace
}  // namespace dockside::generators
