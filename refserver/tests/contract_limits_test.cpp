// The documented limits come from the contract the server is given: a limit moved in the spec data is
// the one enforced (with its fault loosening that limit by one), and a limit the spec lacks stops the
// start with a problem naming it.
#include <gtest/gtest.h>

#include "refserver/core/contract_limits.h"
#include "refserver/tests/test_support.h"
#include "specs/loader/spec.h"

namespace dockside::refserver::testing {
namespace {

struct Documents {
    nlohmann::json openapi = *spec::load_document(DOCKSIDE_SPECS_DIR "/fulfillment-2025-07.openapi.yaml");
    nlohmann::json rules = *spec::load_document(DOCKSIDE_SPECS_DIR "/rules.yaml");

    nlohmann::json& gift_message() { return openapi["components"]["schemas"]["OrderCreateRequest"]["properties"]["gift_message"]; }
    spec::Spec load() { return std::move(spec::Spec::from_documents(openapi, rules, "test copy")).value(); }
};

Result<std::unique_ptr<ReferenceServer>, std::vector<std::string>> server_on(const spec::Spec& contract,
                                                                              std::set<std::string> faults = {}) {
    Options o;
    o.spec = &contract;
    o.faults = std::move(faults);
    return ReferenceServer::create(std::move(o));
}

/// Every problem a server on `contract` reports at start, one a line ("" when it starts).
std::string start_problems(const spec::Spec& contract) {
    auto server = server_on(contract);
    std::string all;
    if (!server)
        for (const auto& p : server.error()) all += p + "\n";
    return all;
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

TEST(ContractLimits, TheCompiledInContractStatesEveryLimitTheServerReads) {
    auto limits = ContractLimits::compiled_in();
    ASSERT_TRUE(limits) << limits.error().front();
    EXPECT_EQ(limits->orders.gift_message.max, 500);
    EXPECT_EQ(limits->orders.reference_id.min, 1);
    EXPECT_EQ(limits->orders.list_limit.max, 250);
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

}  // namespace
}  // namespace dockside::refserver::testing
