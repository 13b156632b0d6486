// The registry plans the real rules data into probes, and any rule added with a registered type is
// planned with no new code.
#include "harness/checks/registry.h"

#include <algorithm>

#include <gtest/gtest.h>

#include "harness/checks/tests/real_spec.h"

namespace dockside::checks {
namespace {

spec::CheckEntry entry_of(const spec::Spec& spec, const std::string& rule, const std::string& type) {
    for (const auto& c : spec.checks())
        if (c.rule_id == rule && c.type == type) return c;
    ADD_FAILURE() << "no " << type << " check in " << rule;
    return {};
}

const Probe* probe_named(const Plan& plan, const std::string& what) {
    for (const auto& p : plan.probes)
        if (p.what == what) return &p;
    return nullptr;
}

std::string whats(const Plan& plan) {
    std::string out;
    for (const auto& p : plan.probes) out += "\n  " + p.what;
    return out;
}

TEST(CheckRegistry, EveryRegisteredCheckOfTheRealRulesPlans) {
    const auto checks = registered_checks(real());
    EXPECT_GT(checks.size(), 100u);
    for (const auto& check : checks) {
        auto plan = plan_check(real(), check);
        ASSERT_TRUE(plan.ok()) << plan.error();
        EXPECT_FALSE(plan->probes.empty() && plan->omitted.empty()) << check.rule_id << " " << check.type
                                                                    << ": a plan with neither probes nor a reason";
        for (const auto& p : plan->probes) {
            EXPECT_EQ(p.rule_id, check.rule_id);
            EXPECT_FALSE(p.what.empty());
            EXPECT_TRUE(!p.operation.empty() || !p.raw_path.empty()) << p.what;
        }
    }
}

TEST(CheckRegistry, StatusCodeOfAnOperationWhoseBodyIsNotShownIsOmitted) {
    spec::CheckEntry check{"X-1", "status_code", {{"type", "status_code"}, {"operation", "cancelReturn"}, {"status", 200}}, "", "test"};
    auto plan = plan_check(real(), check);
    ASSERT_TRUE(plan.ok());
    EXPECT_TRUE(plan->probes.empty());
    ASSERT_EQ(plan->omitted.size(), 1u);
    EXPECT_NE(plan->omitted[0].find("not shown (x-unspecified)"), std::string::npos);
}

TEST(CheckRegistry, MalformedAndUnknownChecksAreErrorsNamingTheRule) {
    spec::CheckEntry no_max{"X-2", "max_length", {{"type", "max_length"}, {"field", "OrderCreateRequest.gift_message"}}, "", "rules.yaml:9:5"};
    auto plan = plan_check(real(), no_max);
    ASSERT_FALSE(plan.ok());
    EXPECT_NE(plan.error().find("X-2"), std::string::npos);
    EXPECT_NE(plan.error().find("max"), std::string::npos);
    spec::CheckEntry typo{"X-3", "max_length", {{"type", "max_length"}, {"field", "OrderCreate.gift_message"}, {"max", 5}}, "", ""};
    EXPECT_FALSE(plan_check(real(), typo).ok());
    spec::CheckEntry unknown{"X-4", "roundtrip", {{"type", "roundtrip"}}, "", ""};
    auto none = plan_check(real(), unknown);
    ASSERT_FALSE(none.ok());
    EXPECT_NE(none.error().find("not in the registry"), std::string::npos);
}

TEST(CheckRegistry, ARuleAddedToTheDataIsPlannedWithNoNewCode) {
    auto openapi = spec::load_document(DOCKSIDE_SPECS_DIR "/fulfillment-2025-07.openapi.yaml");
    auto rules = spec::load_document(DOCKSIDE_SPECS_DIR "/rules.yaml");
    ASSERT_TRUE(openapi.ok() && rules.ok());
    (*rules)["rules"].push_back({{"id", "TEST-ADDED-1"},
                                 {"kind", "S"},
                                 {"area", "webhooks"},
                                 {"text", "a subscription's description is never sent."},
                                 {"check", {{"type", "forbidden_field"}, {"field", "WebhookCreateRequest.description"}}}});
    auto spec = spec::Spec::from_documents(*openapi, *rules, "edited");
    ASSERT_TRUE(spec.ok());
    auto checks = registered_checks(*spec);
    auto added = std::find_if(checks.begin(), checks.end(), [](const spec::CheckEntry& c) { return c.rule_id == "TEST-ADDED-1"; });
    ASSERT_NE(added, checks.end());
    auto plan = plan_check(*spec, *added);
    ASSERT_TRUE(plan.ok());
    auto refused = std::find_if(plan->probes.begin(), plan->probes.end(), [](const Probe& p) { return p.expect == Expect::Rejected; });
    ASSERT_NE(refused, plan->probes.end()) << whats(*plan);
    EXPECT_EQ(refused->operation, "createWebhook");
}

TEST(CheckRegistry, NotServedLeavesPlaceholdersToTheOperationItIsLike) {
    spec::CheckEntry check{"X-5", "not_served", {{"type", "not_served"}, {"method", "POST"}, {"path", "/2025-07/order/{orderId}/cancel"}, {"like", "cancelOrder"}}, "", ""};
    auto plan = plan_check(real(), check);
    ASSERT_TRUE(plan.ok()) << plan.error();
    ASSERT_EQ(plan->probes.size(), 1u);
    EXPECT_EQ(plan->probes[0].raw_path, "/2025-07/order/{orderId}/cancel");
    EXPECT_EQ(plan->probes[0].path_values_from, "cancelOrder");
    EXPECT_EQ(plan->probes[0].expect, Expect::NotServed);
    EXPECT_FALSE(plan->probes[0].varies);
}

TEST(CheckRegistry, AServedRouteIsOneRequest) {
    auto plan = plan_check(real(), entry_of(real(), "SHP-CANCEL", "served"));
    ASSERT_TRUE(plan.ok()) << plan.error();
    ASSERT_FALSE(plan->probes.empty());
    for (const auto& probe : plan->probes) {
        EXPECT_EQ(probe.expect, Expect::Served) << probe.what;
        EXPECT_FALSE(probe.varies) << probe.what;
    }
}

TEST(CheckRegistry, NotServedRefusesALikeThatCannotFillThePath) {
    spec::CheckEntry unknown{"X-6", "not_served", {{"type", "not_served"}, {"method", "POST"}, {"path", "/2025-07/order/{orderId}/cancel"}, {"like", "cancelEverything"}}, "", ""};
    auto plan = plan_check(real(), unknown);
    ASSERT_FALSE(plan.ok());
    EXPECT_NE(plan.error().find("cancelEverything"), std::string::npos) << plan.error();
    spec::CheckEntry other{"X-7", "not_served", {{"type", "not_served"}, {"method", "POST"}, {"path", "/2025-07/return/{id}/cancel"}, {"like", "cancelOrder"}}, "", ""};
    plan = plan_check(real(), other);
    ASSERT_FALSE(plan.ok());
    EXPECT_NE(plan.error().find("{id}"), std::string::npos) << plan.error();
}

}  // namespace
}  // namespace dockside::checks
