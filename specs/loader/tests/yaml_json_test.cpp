#include "specs/loader/yaml_json.h"

#include <cmath>
#include <limits>

#include <gtest/gtest.h>

namespace dockside::spec {
namespace {

using nlohmann::json;

json parse(std::string_view text) {
    auto result = yaml_to_json(text);
    EXPECT_TRUE(result.ok()) << (result.ok() ? "" : result.error().to_string());
    return result.ok() ? result.value() : json();
}

TEST(YamlJson, PlainScalarsFollowTheCoreSchema) {
    json doc = parse(
        "a: null\nb: ~\nc:\nd: Null\n"
        "e: true\nf: False\ng: TRUE\n"
        "h: 42\ni: -7\nj: +3\nk: 0x1F\nl: 0o17\n"
        "m: 1.5\nn: -2e3\no: .5\np: .inf\nq: -.Inf\nr: .nan\n"
        "s: yes\nt: no\nu: on\nv: 2025-07\nw: 1_000\nx: 0b101\n");
    EXPECT_TRUE(doc["a"].is_null());
    EXPECT_TRUE(doc["b"].is_null());
    EXPECT_TRUE(doc["c"].is_null());
    EXPECT_TRUE(doc["d"].is_null());
    EXPECT_EQ(doc["e"], true);
    EXPECT_EQ(doc["f"], false);
    EXPECT_EQ(doc["g"], true);
    EXPECT_EQ(doc["h"], 42);
    EXPECT_TRUE(doc["h"].is_number_integer());
    EXPECT_EQ(doc["i"], -7);
    EXPECT_EQ(doc["j"], 3);
    EXPECT_EQ(doc["k"], 31);
    EXPECT_EQ(doc["l"], 15);
    EXPECT_TRUE(doc["m"].is_number_float());
    EXPECT_DOUBLE_EQ(doc["m"].get<double>(), 1.5);
    EXPECT_DOUBLE_EQ(doc["n"].get<double>(), -2000.0);
    EXPECT_DOUBLE_EQ(doc["o"].get<double>(), 0.5);
    EXPECT_TRUE(std::isinf(doc["p"].get<double>()) && doc["p"].get<double>() > 0);
    EXPECT_TRUE(std::isinf(doc["q"].get<double>()) && doc["q"].get<double>() < 0);
    EXPECT_TRUE(std::isnan(doc["r"].get<double>()));
    // YAML 1.1 booleans and other look-alikes stay strings under the 1.2 core schema.
    EXPECT_EQ(doc["s"], "yes");
    EXPECT_EQ(doc["t"], "no");
    EXPECT_EQ(doc["u"], "on");
    EXPECT_EQ(doc["v"], "2025-07");
    EXPECT_EQ(doc["w"], "1_000");
    EXPECT_EQ(doc["x"], "0b101");
}

TEST(YamlJson, QuotedAndBlockScalarsAreAlwaysStrings) {
    json doc = parse("a: '200'\nb: \"null\"\nc: 'true'\nd: \"0x10\"\ne: |\n  12\nf: >\n  ~\n'404': x\n");
    EXPECT_EQ(doc["a"], "200");
    EXPECT_EQ(doc["b"], "null");
    EXPECT_EQ(doc["c"], "true");
    EXPECT_EQ(doc["d"], "0x10");
    EXPECT_EQ(doc["e"], "12\n");
    EXPECT_EQ(doc["f"], "~\n");
    EXPECT_TRUE(doc.contains("404"));  // keys are strings whatever they look like
}

TEST(YamlJson, ExplicitTagsAreHonoured) {
    json doc = parse("a: !!str 12\nb: !!int '12'\nc: !!float 3\n");
    EXPECT_EQ(doc["a"], "12");
    EXPECT_EQ(doc["b"], 12);  // the explicit tag wins over the quoting
    EXPECT_TRUE(doc["c"].is_number_float());
}

TEST(YamlJson, LargeIntegersKeepTheirValue) {
    json doc = parse("a: 9223372036854775807\nb: 9223372036854775808\nc: -9223372036854775808\n"
                     "d: 2147483648\n");
    EXPECT_EQ(doc["a"].get<std::int64_t>(), std::numeric_limits<std::int64_t>::max());
    EXPECT_TRUE(doc["b"].is_number_unsigned());
    EXPECT_EQ(doc["b"].get<std::uint64_t>(), 9223372036854775808ull);
    EXPECT_EQ(doc["c"].get<std::int64_t>(), std::numeric_limits<std::int64_t>::min());
    EXPECT_EQ(doc["d"].get<std::int64_t>(), 2147483648LL);
}

TEST(YamlJson, NestedStructuresAndFlowStyle) {
    json doc = parse("list:\n  - {a: 1, b: [x, 'y', 3]}\n  - - nested\nempty_map: {}\nempty_list: []\n");
    EXPECT_EQ(doc["list"][0]["b"], json::parse(R"(["x","y",3])"));
    EXPECT_EQ(doc["list"][1][0], "nested");
    EXPECT_TRUE(doc["empty_map"].is_object() && doc["empty_map"].empty());
    EXPECT_TRUE(doc["empty_list"].is_array() && doc["empty_list"].empty());
}

TEST(YamlJson, SyntaxErrorCarriesFileLineAndColumn) {
    auto result = load_document(DOCKSIDE_LOADER_FIXTURES "/broken.yaml");
    ASSERT_FALSE(result.ok());
    EXPECT_EQ(result.error().file, DOCKSIDE_LOADER_FIXTURES "/broken.yaml");
    EXPECT_EQ(result.error().line, 5);  // the flow sequence opened on line 4 is never closed
    EXPECT_GT(result.error().column, 0);
    EXPECT_NE(result.error().to_string().find("broken.yaml:5:"), std::string::npos);
}

TEST(YamlJson, DuplicateKeyIsAnErrorAtTheSecondKey) {
    auto result = load_document(DOCKSIDE_LOADER_FIXTURES "/duplicate_key.yaml");
    ASSERT_FALSE(result.ok());
    EXPECT_EQ(result.error().line, 4);
    EXPECT_EQ(result.error().column, 3);
    EXPECT_NE(result.error().message.find("duplicate mapping key 'first'"), std::string::npos);
}

TEST(YamlJson, MissingFileIsAnError) {
    auto result = load_document("/nonexistent/dir/spec.yaml");
    ASSERT_FALSE(result.ok());
    EXPECT_EQ(result.error().line, 0);
    EXPECT_EQ(result.error().message, "cannot open file");
}

TEST(YamlJson, JsonFilesUseTheJsonParserWithPositions) {
    auto result = load_document(DOCKSIDE_LOADER_FIXTURES "/sample.json");
    ASSERT_FALSE(result.ok());  // the object is never closed
    EXPECT_EQ(result.error().line, 3);
    auto good = yaml_to_json(R"({"a": [1, 2.5, "x", null, true]})");
    ASSERT_TRUE(good.ok());
    EXPECT_EQ(good.value()["a"][1], 2.5);
}

TEST(YamlJson, PositionsAreRecordedPerPointer) {
    PositionMap positions;
    auto result = yaml_to_json("a:\n  b: [1, 2]\n  'c/d': x\n", "<t>", &positions);
    ASSERT_TRUE(result.ok());
    ASSERT_TRUE(positions.count("/a/b/1"));
    EXPECT_EQ(positions["/a/b"].line, 2);
    EXPECT_EQ(positions["/a/b/1"].column, 10);
    ASSERT_TRUE(positions.count("/a/c~1d"));
    EXPECT_EQ(positions["/a/c~1d"].line, 3);
}

TEST(YamlJson, PointerAppendEscapes) {
    EXPECT_EQ(pointer_append("/paths", "/2025-07/order"), "/paths/~12025-07~1order");
    EXPECT_EQ(pointer_append("", "a~b"), "/a~0b");
}

}  // namespace
}  // namespace dockside::spec
