// The validator against the project's real contract: one valid and several invalid documents for every
// resource's response shape (fixtures/real_shapes.json), each invalid one asserting the exact pointer
// and rule of its single violation.
#include <fstream>

#include <gtest/gtest.h>

#include "harness/validate/response_validator.h"

namespace dockside::validate {
namespace {

using nlohmann::json;

const spec::Spec* real_spec() {
    static const std::optional<spec::Spec> spec = []() -> std::optional<spec::Spec> {
        auto loaded = spec::Spec::load(DOCKSIDE_SPECS_DIR "/fulfillment-2025-07.openapi.yaml",
                                       DOCKSIDE_SPECS_DIR "/rules.yaml");
        if (!loaded) {
            ADD_FAILURE() << loaded.error().to_string();
            return std::nullopt;
        }
        return std::move(loaded).value();
    }();
    return spec ? &*spec : nullptr;
}

const ResponseValidator* real_validator() {
    static const std::unique_ptr<ResponseValidator> v =
        real_spec() ? std::make_unique<ResponseValidator>(*real_spec()) : nullptr;
    return v.get();
}

json load_cases() {
    std::ifstream in(DOCKSIDE_VALIDATE_FIXTURES "/real_shapes.json");
    return json::parse(in);
}

const json& cases() {
    static const json all = load_cases();
    return all;
}

std::vector<std::string> shape_names() {
    std::vector<std::string> names;
    for (const auto& c : load_cases()) names.push_back(c["shape"].get<std::string>());
    return names;
}

const json& case_for(const std::string& shape) {
    for (const auto& c : cases())
        if (c["shape"] == shape) return c;
    throw std::runtime_error("no case " + shape);
}

http::Response respond(int status, const json& body) {
    http::Response r;
    r.status = status;
    r.headers.set("Content-Type", "application/json");
    r.body = body.dump();
    return r;
}

std::string indented(const std::vector<Violation>& vs) {
    std::string out;
    for (const auto& v : vs) out += "  " + v.message() + "\n";
    return out;
}

class RealShape : public ::testing::TestWithParam<std::string> {};

TEST_P(RealShape, ValidDocumentPasses) {
    ASSERT_NE(real_validator(), nullptr);
    const json& c = case_for(GetParam());
    const spec::Operation* op = real_spec()->find(c["operation"].get<std::string>());
    ASSERT_NE(op, nullptr) << c["operation"];
    ASSERT_NE(op->response_for(std::stoi(c["status"].get<std::string>())), nullptr);
    auto vs = real_validator()->validate(*op, respond(std::stoi(c["status"].get<std::string>()), c["valid"]));
    EXPECT_TRUE(vs.empty()) << GetParam() << " valid document rejected:\n" << indented(vs);
}

TEST_P(RealShape, InvalidDocumentsNameTheExactPointerAndRule) {
    ASSERT_NE(real_validator(), nullptr);
    const json& c = case_for(GetParam());
    const spec::Operation* op = real_spec()->find(c["operation"].get<std::string>());
    ASSERT_NE(op, nullptr);
    ASSERT_FALSE(c["invalid"].empty());
    for (const auto& bad : c["invalid"]) {
        json body = c["valid"].patch(bad["patch"]);
        auto vs = real_validator()->validate(*op, respond(std::stoi(c["status"].get<std::string>()), body));
        SCOPED_TRACE(bad["patch"].dump());
        ASSERT_EQ(vs.size(), 1u) << indented(vs);
        EXPECT_EQ(vs[0].pointer, bad["pointer"].get<std::string>()) << indented(vs);
        EXPECT_EQ(vs[0].rule, bad["rule"].get<std::string>()) << indented(vs);
        EXPECT_FALSE(vs[0].expected.empty());
        EXPECT_FALSE(vs[0].actual.empty());
        EXPECT_NE(vs[0].spec_location.find(op->section), std::string::npos) << vs[0].spec_location;
    }
}

INSTANTIATE_TEST_SUITE_P(EveryResource, RealShape, ::testing::ValuesIn(shape_names()),
                         [](const auto& info) { return info.param; });

TEST(RealSpecValidator, EveryResourceShapeIsCovered) {
    std::set<std::string> covered;
    for (const auto& c : cases()) covered.insert(c["shape"].get<std::string>());
    for (const char* shape : {"ChannelPage", "Order", "Shipment", "Product", "VariantResponse", "ReturnCreated",
                              "ReturnPage", "Wro", "Location", "InventoryPage", "TransactionPage",
                              "WebhookSubscription", "OrderCancelResponse", "EstimateResponse", "TokenResponse"})
        EXPECT_TRUE(covered.count(shape)) << shape;
}

TEST(RealSpecValidator, EverySchemaCompiles) {
    ASSERT_NE(real_validator(), nullptr);
    for (const auto& problem : real_validator()->compile_all()) ADD_FAILURE() << problem;
}

TEST(RealSpecValidator, StatusRulesOnRealOperations) {
    ASSERT_NE(real_validator(), nullptr);
    const spec::Operation* create = real_spec()->find("createOrder");
    const json& order = case_for("Order")["valid"];
    auto vs = real_validator()->validate(*create, respond(200, order));  // ERR-CODES: create answers 201
    ASSERT_EQ(vs.size(), 1u) << indented(vs);
    EXPECT_EQ(vs[0].rule, "ERR-CODES");
    EXPECT_TRUE(real_validator()->validate(*create, respond(201, order)).empty());

    const spec::Operation* del = real_spec()->find("deleteWebhook");
    http::Response not_found;
    not_found.status = 404;  // WH-DELETE: no 404 in this version
    vs = real_validator()->validate(*del, not_found);
    ASSERT_EQ(vs.size(), 1u) << indented(vs);
    EXPECT_EQ(vs[0].rule, "ERR-CODES");

    // A rejection's body is not shown: any JSON passes.
    EXPECT_TRUE(real_validator()->validate(*create, respond(400, json{{"anything", 1}})).empty());
}


TEST(RealSpecValidator, OpenEnumAcceptsUnlistedTopicsButNotFormerNames) {
    // WebhookTopic is x-open-enum (the document says its list is incomplete): a topic it does not list is
    // not judged, while a name the 2025-07 version renamed away still is (its `not: {enum: …}`).
    ASSERT_NE(real_validator(), nullptr);
    const spec::Operation* create = real_spec()->find("createWebhook");
    ASSERT_NE(create, nullptr);
    const json& shape = case_for("WebhookSubscription");
    const int status = std::stoi(shape["status"].get<std::string>());
    json subscription = shape["valid"];
    subscription["topics"] = json::array({"order.shipped", "order.return.received"});
    auto vs = real_validator()->validate(*create, respond(status, subscription));
    EXPECT_TRUE(vs.empty()) << indented(vs);
    subscription["topics"] = json::array({"order.shipped", "shipment_onhold"});
    vs = real_validator()->validate(*create, respond(status, subscription));
    ASSERT_EQ(vs.size(), 1u) << indented(vs);
    EXPECT_EQ(vs[0].rule, "WH-TOPICS");
    EXPECT_EQ(vs[0].pointer, "/topics/1");
}

}  // namespace
}  // namespace dockside::validate
