// The documented limits come from the contract the server is given: a limit moved in the spec data is
// the one enforced (with its fault loosening that limit by one), and a limit the spec lacks stops the
// start with a problem naming it.
#include <gtest/gtest.h>

#include "refserver/core/contract_limits.h"
#include "refserver/tests/oauth_flow.h"
#include "refserver/tests/test_support.h"
#include "specs/loader/spec.h"

namespace dockside::refserver::testing {
namespace {

struct Documents {
    nlohmann::json openapi = *spec::load_document(DOCKSIDE_SPECS_DIR "/fulfillment-2025-07.openapi.yaml");
    nlohmann::json rules = *spec::load_document(DOCKSIDE_SPECS_DIR "/rules.yaml");

    nlohmann::json& gift_message() { return openapi["components"]["schemas"]["OrderCreateRequest"]["properties"]["gift_message"]; }
    nlohmann::json& property(const std::string& schema, const std::string& name) {
        return openapi["components"]["schemas"][schema]["properties"][name];
    }
    nlohmann::json& topics() { return property("WebhookCreateRequest", "topics"); }
    nlohmann::json& topic_names() { return openapi["components"]["schemas"]["WebhookTopic"]["enum"]; }
    /// A query parameter's schema of an operation.
    nlohmann::json& param(const std::string& path, const std::string& method, const std::string& name) {
        for (auto& p : openapi["paths"][path][method]["parameters"])
            if (p.value("name", "") == name) return p["schema"];
        throw std::runtime_error("no parameter " + name);
    }
    /// Drops the limit checks of the rules data that name `target` (a field, or "operation.param"), so
    /// the OpenAPI keyword is the only statement left to remove.
    void drop_rule_checks(const std::string& target) {
        auto names = [&](const nlohmann::json& c) {
            return c.value("field", "") == target || c.value("operation", "") + "." + c.value("param", "") == target;
        };
        for (auto& rule : rules["rules"]) {
            if (!rule.contains("check")) continue;
            if (names(rule["check"])) rule.erase("check");
            else if (rule["check"].contains("checks")) {
                auto& checks = rule["check"]["checks"];
                for (auto it = checks.begin(); it != checks.end();) it = names(*it) ? checks.erase(it) : it + 1;
            }
        }
    }
    spec::Spec load() { return std::move(spec::Spec::from_documents(openapi, rules, "test copy")).value(); }
};

Result<std::unique_ptr<ReferenceServer>, std::vector<std::string>> server_on(const spec::Spec& contract,
                                                                              std::set<std::string> faults = {}) {
    Options o;
    o.spec = &contract;
    o.faults = std::move(faults);
    return ReferenceServer::create(std::move(o));
}

http::Response send(ReferenceServer& server, const std::string& method, const std::string& target,
                    const nlohmann::json& body = nullptr) {
    http::Request r;
    r.method = method;
    r.target = target;
    if (!body.is_null()) {
        r.body = body.dump();
        r.headers.set("Content-Type", "application/json");
    }
    r.headers.set("Authorization", "Bearer " + server.pat());
    r.headers.set("service_channel_id", std::to_string(server.write_channel_id()));
    return server.handle(r);
}

int create_with_gift(ReferenceServer& server, std::size_t length, const std::string& ref) {
    nlohmann::json body = valid_order(ref);
    body["gift_message"] = std::string(length, 'g');
    http::Request r;
    r.method = "POST";
    r.target = "/2025-07/order";
    r.body = body.dump();
    r.headers.set("Authorization", "Bearer " + server.pat());
    r.headers.set("Content-Type", "application/json");
    r.headers.set("service_channel_id", std::to_string(server.write_channel_id()));
    return server.handle(r).status;
}

TEST(ContractLimits, TheDefaultContractStatesEveryLimitTheServerReads) {
    auto limits = ContractLimits::of_default_spec();
    ASSERT_TRUE(limits) << limits.error().front();
    EXPECT_EQ(limits->orders.gift_message.max, 500);
    EXPECT_EQ(limits->orders.reference_id.min, 1);
    EXPECT_EQ(limits->orders.list_limit.max, 250);
    EXPECT_EQ(limits->shipments.gift_message.max, 500);
    EXPECT_EQ(limits->returns.list_cursor.min, 1);
    EXPECT_EQ(limits->returns.list_cursor.max, 2147483647);
    EXPECT_EQ(limits->variants.batch_status_codes, (std::vector<std::int64_t>{1, 2, 3}));
    EXPECT_EQ(limits->variants.review_codes, (std::vector<std::int64_t>{0, 1, 2, 3, 4}));
    EXPECT_EQ(limits->webhooks.min_topics, 1);
    EXPECT_EQ(limits->webhooks.topics.size(), 5u);
}

TEST(ContractLimits, ALimitMovedInTheSpecIsTheOneEnforced) {
    Documents docs;
    docs.gift_message()["maxLength"] = 450;
    const spec::Spec contract = docs.load();
    auto server = server_on(contract);
    ASSERT_TRUE(server) << server.error().front();
    EXPECT_EQ(create_with_gift(**server, 450, "CL-450"), 201);
    EXPECT_EQ(create_with_gift(**server, 451, "CL-451"), 400);
}

TEST(ContractLimits, TheFaultLoosensTheSpecsLimitByOne) {
    Documents docs;
    docs.gift_message()["maxLength"] = 450;
    const spec::Spec contract = docs.load();
    auto server = server_on(contract, {"ORD-GIFT-500.accepts-501"});
    ASSERT_TRUE(server) << server.error().front();
    EXPECT_EQ(create_with_gift(**server, 451, "CL-F451"), 201);
    EXPECT_EQ(create_with_gift(**server, 452, "CL-F452"), 400);
}

TEST(ContractLimits, BillingPageSizeBoundsComeFromTheSpec) {
    Documents docs;
    docs.openapi["components"]["schemas"]["TransactionQuery"]["properties"]["page_size"]["maximum"] = 900;
    const spec::Spec contract = docs.load();
    auto server = server_on(contract);
    ASSERT_TRUE(server) << server.error().front();
    EXPECT_EQ(send(**server, "POST", "/2025-07/transactions:query", {{"page_size", 900}}).status, 200);
    EXPECT_EQ(send(**server, "POST", "/2025-07/transactions:query", {{"page_size", 901}}).status, 400);
}

TEST(ContractLimits, ADefaultTheRulesDataLacksIsAStartUpProblemNamingIt) {
    Documents docs;
    for (auto& rule : docs.rules["rules"]) {
        if (rule["id"] != "CH-LIST" || !rule["check"].contains("checks")) continue;
        auto& checks = rule["check"]["checks"];
        for (auto it = checks.begin(); it != checks.end();)
            it = (*it).value("type", "") == "default" ? checks.erase(it) : it + 1;
    }
    const std::string all = start_problems(docs.load());
    ASSERT_FALSE(all.empty());
    EXPECT_NE(all.find("listChannels.RecordsPerPage"), std::string::npos) << all;
}

TEST(ContractLimits, ALimitTheSpecLacksIsAStartUpProblemNamingIt) {
    Documents docs;
    docs.gift_message().erase("maxLength");
    for (auto& rule : docs.rules["rules"])  // the rules data would fill the limit in otherwise
        if (rule["id"] == "ORD-GIFT-500") rule.erase("check");
    const std::string all = start_problems(docs.load());
    ASSERT_FALSE(all.empty());
    EXPECT_NE(all.find("OrderCreateRequest.gift_message"), std::string::npos) << all;
    EXPECT_NE(all.find("contract limits"), std::string::npos) << all;
}

// ---- returns, variants, webhooks, shipments, invoices

TEST(ContractLimits, TheReturnListCursorBoundsComeFromTheSpec) {
    Documents docs;
    docs.param("/2025-07/return", "get", "Cursor")["maximum"] = 10;
    docs.drop_rule_checks("listReturns.Cursor");
    const spec::Spec contract = docs.load();
    auto server = server_on(contract);
    ASSERT_TRUE(server) << server.error().front();
    EXPECT_EQ(send(**server, "GET", "/2025-07/return?Cursor=10").status, 200);
    EXPECT_EQ(send(**server, "GET", "/2025-07/return?Cursor=11").status, 400);
}

TEST(ContractLimits, VariantStatusCodesComeFromTheSpec) {
    Documents docs;
    docs.property("VariantBatchUpdateRequest", "status")["enum"] = {1, 2};
    docs.drop_rule_checks("VariantBatchUpdateRequest.status");
    const spec::Spec narrowed = docs.load();
    auto server = server_on(narrowed);
    ASSERT_TRUE(server) << server.error().front();
    const std::string path = "/2025-07/product/2001/variants";
    EXPECT_EQ(send(**server, "PATCH", path, {{"id", 3001}, {"status", 2}}).status, 200);
    EXPECT_EQ(send(**server, "PATCH", path, {{"id", 3001}, {"status", 3}}).status, 400);
    // The fault accepts a code one past the spec's, whatever the spec says.
    auto faulty = server_on(narrowed, {"PRD-VARIANTS-UPDATE.accepts-status-4"});
    ASSERT_TRUE(faulty) << faulty.error().front();
    EXPECT_EQ(send(**faulty, "PATCH", path, {{"id", 3001}, {"status", 3}}).status, 200);

    docs.property("VariantBatchUpdateRequest", "status")["enum"] = {1, 2, 3, 4};
    const spec::Spec widened = docs.load();
    auto wide = server_on(widened);
    ASSERT_TRUE(wide) << wide.error().front();
    auto r = send(**wide, "PATCH", path, {{"id", 3001}, {"status", 4}});
    ASSERT_EQ(r.status, 200) << r.body;
    EXPECT_EQ(nlohmann::json::parse(r.body)[0]["status"], "Code 4");  // a code the server has no name for
}

TEST(ContractLimits, ReviewsPendingCodesComeFromTheSpec) {
    Documents docs;
    docs.property("VariantBatchUpdateRequest", "reviews_pending")["items"]["enum"] = {0, 1, 2};
    docs.drop_rule_checks("VariantBatchUpdateRequest.reviews_pending");
    const spec::Spec contract = docs.load();
    auto server = server_on(contract);
    ASSERT_TRUE(server) << server.error().front();
    const std::string path = "/2025-07/product/2001/variants";
    EXPECT_EQ(send(**server, "PATCH", path, {{"id", 3001}, {"reviews_pending", {2}}}).status, 200);
    EXPECT_EQ(send(**server, "PATCH", path, {{"id", 3001}, {"reviews_pending", {3}}}).status, 400);
}

nlohmann::json webhook(std::vector<std::string> topics) {
    return {{"url", "https://hooks.example.com/in"}, {"topics", std::move(topics)}};
}

TEST(ContractLimits, WebhookTopicsAndTheirCountComeFromTheSpec) {
    Documents docs;
    docs.topic_names().push_back("order.created");
    docs.topics()["minItems"] = 2;
    docs.drop_rule_checks("WebhookCreateRequest.topics");
    const spec::Spec contract = docs.load();
    auto server = server_on(contract);
    ASSERT_TRUE(server) << server.error().front();
    EXPECT_EQ(send(**server, "POST", "/2025-07/webhook", webhook({"order.created", "order.shipped"})).status, 200);
    EXPECT_EQ(send(**server, "POST", "/2025-07/webhook", webhook({"order.shipped"})).status, 400);
    EXPECT_EQ(send(**server, "POST", "/2025-07/webhook", webhook({"order.updated", "order.shipped"})).status, 400);
}

TEST(ContractLimits, AContractWithoutATopicTheServerPublishesDoesNotStart) {
    Documents docs;
    auto& names = docs.topic_names();
    names.erase(std::find(names.begin(), names.end(), "order.shipment.delivered"));
    docs.drop_rule_checks("WebhookCreateRequest.topics");
    const std::string all = start_problems(docs.load());
    EXPECT_NE(all.find("order.shipment.delivered"), std::string::npos) << all;
}

TEST(ContractLimits, AShipmentGiftMessageShorterThanTheOrdersDoesNotStart) {
    Documents docs;
    docs.property("Shipment", "gift_message")["maxLength"] = 450;
    docs.drop_rule_checks("Shipment.gift_message");
    const std::string all = start_problems(docs.load());
    EXPECT_NE(all.find("Shipment.gift_message"), std::string::npos) << all;
}

TEST(ContractLimits, InvoicesPageAsTheSpecsInvoiceTransactionsDo) {
    Documents docs;
    auto& size = docs.param("/2025-07/invoices/{invoiceId}/transactions", "get", "PageSize");
    size["maximum"] = 7;  // the OpenAPI keyword wins over the rules data's range; its default check stays
    const spec::Spec contract = docs.load();
    auto server = server_on(contract);
    ASSERT_TRUE(server) << server.error().front();
    EXPECT_EQ(send(**server, "GET", "/2025-07/invoices?PageSize=7").status, 200);
    EXPECT_EQ(send(**server, "GET", "/2025-07/invoices?PageSize=8").status, 400);
}

TEST(ContractLimits, TokenLifetimesComeFromTheRulesData) {
    Documents docs;
    for (auto& rule : docs.rules["rules"])
        if (rule["id"] == "AUTH-LIFETIME") {
            rule["check"]["access_token_seconds"] = 1800;
            rule["check"]["refresh_token_seconds"] = 7200;
        }
    docs.property("TokenResponse", "expires_in")["const"] = 1800;
    const spec::Spec contract = docs.load();
    Harness h({}, std::nullopt, &contract);
    ASSERT_TRUE(h.server);
    OAuthFlow f{h};
    auto tokens = body_of(f.exchange(f.code()));
    EXPECT_EQ(tokens["expires_in"], 1800);
    const std::string access = tokens["access_token"].get<std::string>();
    h.clock->advance(std::chrono::seconds(1799));
    EXPECT_EQ(h.send("GET", "/2025-07/order", "", access).status, 200);
    h.clock->advance(std::chrono::seconds(2));
    EXPECT_EQ(h.send("GET", "/2025-07/order", "", access).status, 401);
    h.clock->advance(std::chrono::seconds(7200));  // past the refresh token's lifetime too
    EXPECT_EQ(f.token("grant_type=refresh_token&refresh_token=" + tokens["refresh_token"].get<std::string>()).status, 400);
}

TEST(ContractLimits, EveryLimitOfTheOtherAreasIsAStartUpProblemWhenMissing) {
    Documents docs;
    docs.param("/2025-07/return", "get", "Cursor").erase("maximum");
    docs.drop_rule_checks("listReturns.Cursor");
    docs.property("VariantBatchUpdateRequest", "status").erase("enum");
    docs.drop_rule_checks("VariantBatchUpdateRequest.status");
    docs.property("VariantBatchUpdateRequest", "reviews_pending")["items"].erase("enum");
    docs.drop_rule_checks("VariantBatchUpdateRequest.reviews_pending");
    docs.topics().erase("minItems");
    docs.drop_rule_checks("WebhookCreateRequest.topics");
    docs.property("Shipment", "gift_message").erase("maxLength");
    docs.drop_rule_checks("Shipment.gift_message");
    for (auto& rule : docs.rules["rules"])
        if (rule["id"] == "AUTH-LIFETIME") rule["check"].erase("refresh_token_seconds");
    const std::string all = start_problems(docs.load());
    for (const char* named : {"listReturns.Cursor", "VariantBatchUpdateRequest.status", "VariantBatchUpdateRequest.reviews_pending",
                              "WebhookCreateRequest.topics", "Shipment.gift_message", "refresh_token_seconds"})
        EXPECT_NE(all.find(named), std::string::npos) << named << " not named in:\n" << all;
}

}  // namespace
}  // namespace dockside::refserver::testing
