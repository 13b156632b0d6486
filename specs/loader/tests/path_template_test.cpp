#include "specs/loader/path_template.h"

#include <gtest/gtest.h>

namespace dockside::spec {
namespace {

TEST(PathTemplate, LiteralPathMatchesOnlyItself) {
    PathTemplate t("/2025-07/order");
    EXPECT_TRUE(t.match("/2025-07/order"));
    EXPECT_FALSE(t.match("/2025-07/order/1"));
    EXPECT_FALSE(t.match("/2025-07/order:estimate"));
    EXPECT_FALSE(t.match("/2025-07/orders"));
}

TEST(PathTemplate, ParametersCaptureDecodedValues) {
    PathTemplate t("/2025-07/order/{orderId}/shipment/{shipmentId}");
    auto m = t.match("/2025-07/order/12/shipment/a%20b");
    ASSERT_TRUE(m);
    EXPECT_EQ((*m)["orderId"], "12");
    EXPECT_EQ((*m)["shipmentId"], "a b");
    EXPECT_FALSE(t.match("/2025-07/order//shipment/1"));  // parameters are never empty
    EXPECT_EQ(t.parameter_names(), (std::vector<std::string>{"orderId", "shipmentId"}));
}

TEST(PathTemplate, ColonActionAfterParameter) {
    PathTemplate t("/2025-07/order/{orderId}:cancel");
    auto m = t.match("/2025-07/order/12:cancel");
    ASSERT_TRUE(m);
    EXPECT_EQ((*m)["orderId"], "12");
    EXPECT_FALSE(t.match("/2025-07/order/12"));
    EXPECT_FALSE(t.match("/2025-07/order/:cancel"));
    EXPECT_FALSE(t.match("/2025-07/order/12:cancelled"));
}

TEST(PathTemplate, ScorePrefersLiteralText) {
    PathTemplate generic("/2025-07/order/{orderId}");
    PathTemplate action("/2025-07/order/{orderId}:cancel");
    PathTemplate::Score g, a;
    ASSERT_TRUE(generic.match("/2025-07/order/12:cancel", &g));  // on its own the generic one fits too
    ASSERT_TRUE(action.match("/2025-07/order/12:cancel", &a));
    EXPECT_TRUE(a > g);
    EXPECT_FALSE(g > a);
}

TEST(PathTemplate, TwoParametersInOneSegment) {
    PathTemplate t("/files/{name}.{ext}");
    auto m = t.match("/files/archive.tar.gz");
    ASSERT_TRUE(m);
    EXPECT_EQ((*m)["name"], "archive");
    EXPECT_EQ((*m)["ext"], "tar.gz");
}

TEST(PathTemplate, PiecesAreLiteralsAndParametersInOrder) {
    const auto pieces = template_pieces("/v1/items/{itemId}:cancel");
    ASSERT_EQ(pieces.size(), 3u);
    EXPECT_FALSE(pieces[0].parameter);
    EXPECT_EQ(pieces[0].text, "/v1/items/");
    EXPECT_TRUE(pieces[1].parameter);
    EXPECT_EQ(pieces[1].text, "itemId");
    EXPECT_EQ(pieces[2].text, ":cancel");
    const auto open = template_pieces("/v1/{broken");
    ASSERT_EQ(open.size(), 1u);  // an unclosed brace is literal text
    EXPECT_EQ(open[0].text, "/v1/{broken");
}

TEST(PathTemplate, FillReplacesEachNameOrSaysWhichItLacks) {
    const auto value = [](const std::string& name) -> std::optional<std::string> {
        if (name == "orderId") return "12";
        if (name == "ext") return "gz";
        return std::nullopt;
    };
    EXPECT_EQ(fill_path("/2025-07/order/{orderId}:cancel", value), "/2025-07/order/12:cancel");
    EXPECT_EQ(fill_path("/a/{orderId}.{ext}/b", value), "/a/12.gz/b");
    EXPECT_EQ(fill_path("/a/{orderId", value), "/a/{orderId") << "an unclosed brace is literal, as the parser reads it";
    std::string missing;
    EXPECT_FALSE(fill_path("/order/{orderId}/{shipmentId}", value, &missing));
    EXPECT_EQ(missing, "shipmentId");
    EXPECT_EQ(PathTemplate("/order/{orderId}/shipment/{shipmentId}").parameter_names(),
              (std::vector<std::string>{"orderId", "shipmentId"}));
}

TEST(PathTemplate, AValueIsDecodedAndAMalformedOneKeptAsSent) {
    const PathTemplate t("/a/{x}");
    EXPECT_EQ(t.match("/a/b%20c")->at("x"), "b c");
    EXPECT_EQ(t.match("/a/b%zz%4")->at("x"), "b%zz%4");
}

}  // namespace
}  // namespace dockside::spec
