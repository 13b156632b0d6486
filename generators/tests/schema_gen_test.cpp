// gen_from_schema: every value it draws for the contract's request bodies, query parameters and
// response shapes validates against the schema it came from; the keywords it understands are
// honoured one by one on small schemas.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <set>

#include "generators/schema_gen.h"
#include "generators/tests/test_support.h"
#include "generators/text_gen.h"

namespace dockside::generators {
namespace {

using nlohmann::json;
using testing::body_violations;
using testing::describe;
using testing::real_spec;
using testing::real_validator;
using testing::sample;

constexpr int kSeedsPerSchema = 40;

TEST(SchemaGen, EveryRequestBodyOfTheContractValidates) {
    int checked = 0;
    for (const auto& op : real_spec().operations()) {
        const json* schema = request_schema_of(op);
        if (!schema) continue;
        ++checked;
        auto gen = gen_from_schema(real_spec(), *schema);
        for (int seed = 1; seed <= kSeedsPerSchema; ++seed) {
            json value = sample(gen, static_cast<std::uint64_t>(seed));
            auto found = real_validator().validate_request_body(op, value);
            ASSERT_TRUE(found.empty()) << op.id << " seed " << seed << ": " << value.dump() << describe(found);
        }
    }
    EXPECT_GE(checked, 10);  // createOrder, estimateOrder, createReturn, createWebhook, … at least
}

TEST(SchemaGen, EveryQueryParameterOfTheContractValidates) {
    int checked = 0;
    for (const auto& op : real_spec().operations()) {
        json object_schema = {{"type", "object"}, {"properties", json::object()}, {"required", json::array()}};
        for (const auto& p : op.parameters) {
            if (p.in != "query" || p.schema.is_null()) continue;
            object_schema["properties"][p.name] = p.schema;
            if (p.required) object_schema["required"].push_back(p.name);
        }
        if (object_schema["properties"].empty()) continue;
        ++checked;
        auto gen = gen_from_schema(real_spec(), object_schema);
        for (int seed = 1; seed <= kSeedsPerSchema; ++seed) {
            json query = sample(gen, static_cast<std::uint64_t>(seed));
            auto found = testing::query_violations(op.id, query);
            ASSERT_TRUE(found.empty()) << op.id << " seed " << seed << ": " << query.dump() << describe(found);
        }
    }
    EXPECT_GE(checked, 10);
}

TEST(SchemaGen, EveryDeclaredResponseShapeValidates) {
    int checked = 0;
    for (const auto& op : real_spec().operations()) {
        for (const auto& [status, response] : op.responses) {
            if (!response.schema || response.unspecified || status[0] != '2') continue;
            ++checked;
            auto gen = gen_from_schema(real_spec(), *response.schema);
            for (int seed = 1; seed <= 10; ++seed) {
                json value = sample(gen, static_cast<std::uint64_t>(seed));
                auto found = real_validator().validate_body(op, status, value);
                ASSERT_TRUE(found.empty()) << op.id << " " << status << " seed " << seed << describe(found);
            }
        }
    }
    EXPECT_GE(checked, 15);
}

// A tiny contract for keyword-by-keyword checks.
const spec::Spec& tiny() {
    static const spec::Spec spec = [] {
        json doc = {{"openapi", "3.1.0"},
                    {"info", {{"title", "t"}, {"version", "1"}}},
                    {"paths", json::object()},
                    {"components",
                     {{"schemas",
                       {{"Base", {{"type", "object"}, {"required", {"name"}}, {"properties", {{"id", {{"type", "integer"}}}, {"name", {{"type", "string"}}}}}}},
                        {"Child", {{"allOf", {{{"$ref", "#/components/schemas/Base"}}}}, {"not", {{"type", "object"}, {"required", {"id"}}}}}},
                        {"Either", {{"type", "object"}, {"properties", {{"a", {{"type", "integer"}}}, {"b", {{"type", "string"}}}}},
                                    {"anyOf", {{{"required", {"a"}}}, {{"required", {"b"}}}}}}}}}}}};
        auto loaded = spec::Spec::from_documents(doc, json());
        if (!loaded) std::abort();
        return std::move(loaded).value();
    }();
    return spec;
}

TEST(SchemaGen, KeywordsAreHonoured) {
    for (std::uint64_t seed = 1; seed <= 60; ++seed) {
        json s = sample(gen_from_schema(tiny(), {{"type", "string"}, {"minLength", 3}, {"maxLength", 5}}), seed);
        EXPECT_GE(code_points(s.get<std::string>()), 3u);
        EXPECT_LE(code_points(s.get<std::string>()), 5u);
        json n = sample(gen_from_schema(tiny(), {{"type", "integer"}, {"minimum", 1}, {"maximum", 250}}), seed);
        EXPECT_TRUE(n.is_number_integer() && n.get<int>() >= 1 && n.get<int>() <= 250) << n;
        json e = sample(gen_from_schema(tiny(), {{"type", {"string", "null"}}, {"enum", {"A", "B", nullptr}}}), seed);
        EXPECT_TRUE(e == "A" || e == "B" || e.is_null()) << e;
        EXPECT_EQ(sample(gen_from_schema(tiny(), {{"const", 3600}}), seed), 3600);
        json a = sample(gen_from_schema(tiny(), {{"type", "array"}, {"minItems", 2}, {"maxItems", 4}, {"items", {{"type", "boolean"}}}}), seed);
        EXPECT_TRUE(a.size() >= 2 && a.size() <= 4) << a;
        json child = sample(gen_from_schema(tiny(), {{"$ref", "#/components/schemas/Child"}}), seed);
        EXPECT_FALSE(child.contains("id")) << "not: {required: [id]} must drop id: " << child;
        json either = sample(gen_from_schema(tiny(), {{"$ref", "#/components/schemas/Either"}}), seed);
        EXPECT_TRUE(either.contains("a") || either.contains("b")) << either;
        json i32 = sample(gen_from_schema(tiny(), {{"type", "integer"}, {"format", "int32"}}), seed);
        EXPECT_TRUE(i32.get<std::int64_t>() >= INT32_MIN && i32.get<std::int64_t>() <= INT32_MAX);
    }
}

// `x-unique-by: id` never repeats an item's id (one line per inventory id); an optional member whose values
// the document does not show (x-unspecified) is left out, a required one is not.
TEST(SchemaGen, ItemsKeepTheirMemberDistinctAndUnshownOptionalMembersStayOut) {
    const json lines = {{"type", "array"}, {"minItems", 3}, {"maxItems", 6}, {"x-unique-by", "id"},
                        {"items", {{"type", "object"}, {"required", {"id"}},
                                   {"properties", {{"id", {{"type", "integer"}, {"minimum", 1}, {"maximum", 4}}},
                                                   {"action", {{"type", "integer"}, {"x-unspecified", true}}},
                                                   {"shown", {{"type", "integer"}, {"x-unspecified", true}}}}}}}};
    json with_shown = lines;
    with_shown["items"]["required"] = {"id", "shown"};
    for (std::uint64_t seed = 1; seed <= 60; ++seed) {
        const json a = sample(gen_from_schema(tiny(), lines), seed);
        std::set<std::int64_t> ids;
        for (const auto& line : a) {
            EXPECT_TRUE(ids.insert(line["id"].get<std::int64_t>()).second) << "id repeated: " << a;
            EXPECT_FALSE(line.contains("action")) << line;
        }
        for (const auto& line : sample(gen_from_schema(tiny(), with_shown), seed)) EXPECT_TRUE(line.contains("shown"));
    }
}

TEST(SchemaGen, NullableTypesProduceBothNullAndValues) {
    std::set<bool> nulls;
    for (std::uint64_t seed = 1; seed <= 60; ++seed)
        nulls.insert(sample(gen_from_schema(tiny(), {{"type", {"string", "null"}}}), seed).is_null());
    EXPECT_EQ(nulls.size(), 2u);
}

TEST(SchemaGen, MaxLengthIsReachedAsABoundary) {
    bool reached = false;
    for (std::uint64_t seed = 1; seed <= 100 && !reached; ++seed) {
        auto text = sample(gen_from_schema(tiny(), {{"type", "string"}, {"maxLength", 500}}), seed).get<std::string>();
        reached = code_points(text) == 500;
    }
    EXPECT_TRUE(reached);
}

TEST(SchemaGen, UnsupportedPatternFailsGenerationWithItsName) {
    auto gen = gen_from_schema(tiny(), {{"type", "string"}, {"pattern", "^(?=x)y$"}});
    try {
        (void)sample(gen, 1);
        ADD_FAILURE() << "generation should fail";
    } catch (const rc::GenerationFailure& failure) {
        EXPECT_NE(std::string(failure.what()).find("(?=x)"), std::string::npos) << failure.what();
    }
}

RC_GTEST_PROP(SchemaGen, OrderCreateRequestPropertyValidates, ()) {
    const auto* op = real_spec().find("createOrder");
    RC_ASSERT(op != nullptr);
    auto body = *gen_from_schema(real_spec(), *request_schema_of(*op));
    auto found = real_validator().validate_request_body(*op, body);
    RC_ASSERT(found.empty());
}

}  // namespace
}  // namespace dockside::generators
