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

TEST(CheckRegistry, MaxLengthProbesBothSidesOfTheLimit) {
    auto plan = plan_check(real(), entry_of(real(), "ORD-GIFT-500", "max_length"));
    ASSERT_TRUE(plan.ok()) << plan.error();
    const Probe* at = probe_named(*plan, "gift_message of 500 characters is accepted");
    const Probe* past = probe_named(*plan, "gift_message of 501 characters is rejected");
    ASSERT_TRUE(at && past) << whats(*plan);
    EXPECT_EQ(at->operation, "createOrder");
    EXPECT_EQ(at->place, Place::Body);
    EXPECT_EQ(at->path, std::vector<std::string>{"gift_message"});
    EXPECT_EQ(at->value.kind, ProbeValue::Kind::Text);
    EXPECT_EQ(at->value.count, 500);
    EXPECT_EQ(at->expect, Expect::Accepted);
    EXPECT_EQ(past->value.count, 501);
    EXPECT_EQ(past->expect, Expect::Rejected);
    // Multi-byte probes exist but run only where the profile's NS-TEXT-LENGTH-UNIT stance asks for them.
    const Probe* wide = probe_named(*plan, "gift_message of 501 characters (multi-byte) is rejected");
    ASSERT_TRUE(wide) << whats(*plan);
    EXPECT_EQ(wide->stance, "NS-TEXT-LENGTH-UNIT");
    EXPECT_EQ(wide->stance_key, "probe_multibyte");
    // Drawn lengths on both sides, as properties: anywhere within, anywhere a little past.
    const Probe* within = probe_named(*plan, "gift_message of any length in [0, 500] is accepted");
    const Probe* beyond = probe_named(*plan, "gift_message of any length in [501, 600] is rejected");
    ASSERT_TRUE(within && beyond) << whats(*plan);
    EXPECT_EQ(within->value.kind, ProbeValue::Kind::TextIn);
    EXPECT_EQ(within->expect, Expect::Accepted);
    EXPECT_TRUE(within->varies);
    EXPECT_EQ(within->value.count, 500);  // each starts at the limit
    EXPECT_EQ(beyond->value.low, 501);
    EXPECT_EQ(beyond->value.count, 501);
    EXPECT_EQ(beyond->expect, Expect::Rejected);
}

TEST(CheckRegistry, ALimitWhoseValueMustNameSomethingOfTheTargetProbesOnlyRefusals) {
    auto plan = plan_check(real(), entry_of(real(), "ORD-SALES-100", "max_length"));  // match: case_insensitive
    ASSERT_TRUE(plan.ok()) << plan.error();
    EXPECT_TRUE(probe_named(*plan, "sales_channel of 101 characters is rejected")) << whats(*plan);
    EXPECT_TRUE(probe_named(*plan, "sales_channel of any length in [101, 200] is rejected")) << whats(*plan);
    for (const auto& p : plan->probes) EXPECT_NE(p.expect, Expect::Accepted) << p.what;
    ASSERT_EQ(plan->omitted.size(), 1u);
    EXPECT_NE(plan->omitted[0].find("match"), std::string::npos);
}

TEST(CheckRegistry, UniqueShortValueIsOmittedWithItsReason) {
    auto plan = plan_check(real(), entry_of(real(), "ORD-REF-1-300", "length_range"));
    ASSERT_TRUE(plan.ok());
    EXPECT_TRUE(probe_named(*plan, "reference_id of 0 characters is rejected")) << whats(*plan);
    EXPECT_TRUE(probe_named(*plan, "reference_id of 301 characters is rejected"));
    const Probe* longest = probe_named(*plan, "reference_id of 300 characters is accepted");
    ASSERT_TRUE(longest);
    EXPECT_TRUE(longest->value.unique);
    EXPECT_FALSE(probe_named(*plan, "reference_id of 1 character is accepted"));
    const Probe* drawn = probe_named(*plan, "reference_id of any length in [24, 300] is accepted");
    ASSERT_TRUE(drawn) << whats(*plan);
    EXPECT_TRUE(drawn->value.unique);
    ASSERT_EQ(plan->omitted.size(), 1u);
    EXPECT_NE(plan->omitted[0].find("unique"), std::string::npos);
}

TEST(CheckRegistry, ResponseOnlyFieldIsOmittedNotProbed) {
    auto plan = plan_check(real(), entry_of(real(), "SHP-GIFT-500", "max_length"));
    ASSERT_TRUE(plan.ok());
    EXPECT_TRUE(plan->probes.empty());
    ASSERT_EQ(plan->omitted.size(), 1u);
    EXPECT_NE(plan->omitted[0].find("response"), std::string::npos);
}

TEST(CheckRegistry, IntRangeOnAParameter) {
    auto plan = plan_check(real(), entry_of(real(), "ORD-LIST-LIMIT", "int_range"));
    ASSERT_TRUE(plan.ok());
    const Probe* over = probe_named(*plan, "Limit 251 is rejected");
    ASSERT_TRUE(over) << whats(*plan);
    EXPECT_EQ(over->place, Place::Query);
    EXPECT_EQ(over->path, std::vector<std::string>{"Limit"});
    const Probe* any = probe_named(*plan, "Limit anywhere in [1, 250] is accepted");
    ASSERT_TRUE(any);
    EXPECT_EQ(any->value.kind, ProbeValue::Kind::IntegerIn);
    const Probe* far_above = probe_named(*plan, "Limit anywhere in [251, 100250] is rejected");
    const Probe* far_below = probe_named(*plan, "Limit anywhere in [-99999, 0] is rejected");
    const Probe* word = probe_named(*plan, "Limit \"ten\" (not an integer) is rejected");
    ASSERT_TRUE(far_above && far_below && word) << whats(*plan);
    EXPECT_EQ(far_above->value.kind, ProbeValue::Kind::IntegerIn);
    EXPECT_EQ(word->value.literal, "ten");
}

TEST(CheckRegistry, AnIntegerEnumIsRefusedPastBothEnds) {
    for (const auto& c : real().checks()) {
        if (c.rule_id != "PRD-VARIANTS-UPDATE" || c.params.value("field", "") != "VariantBatchUpdateRequest.status") continue;
        auto plan = plan_check(real(), c);
        ASSERT_TRUE(plan.ok()) << plan.error();
        EXPECT_TRUE(probe_named(*plan, "status 4 (not listed) is rejected")) << whats(*plan);
        EXPECT_TRUE(probe_named(*plan, "status 0 (not listed) is rejected")) << whats(*plan);
        return;
    }
    ADD_FAILURE() << "PRD-VARIANTS-UPDATE has no enum check of VariantBatchUpdateRequest.status";
}

TEST(CheckRegistry, EveryListedValueOfAnEnumIsSentOnce) {
    auto plan = plan_check(real(), entry_of(real(), "WH-TOPICS", "enum"));
    ASSERT_TRUE(plan.ok()) << plan.error();
    for (const char* topic : {"order.shipped", "order.shipment.cancelled", "order.shipment.delivered",
                              "order.shipment.exception", "order.shipment.on_hold"}) {
        const Probe* one = probe_named(*plan, std::string("topics \"") + topic + "\" is accepted");
        ASSERT_TRUE(one) << topic << whats(*plan);
        EXPECT_EQ(one->value.literal, topic);
        EXPECT_TRUE(one->value.as_array_item);
        EXPECT_FALSE(one->varies);
    }
}

TEST(CheckRegistry, EnumOfAnArrayFieldSendsOneItemArrays) {
    auto plan = plan_check(real(), entry_of(real(), "BIL-ENUMS", "enum"));  // the first enum of BIL-ENUMS is a response field
    ASSERT_TRUE(plan.ok());
    EXPECT_TRUE(plan->probes.empty());
    for (const auto& c : real().checks()) {
        if (c.rule_id != "BIL-ENUMS" || c.params.value("field", "") != "TransactionQuery.transaction_types") continue;
        auto types = plan_check(real(), c);
        ASSERT_TRUE(types.ok());
        const auto listed = c.params["values"].size();
        // The drawn value, each value, one outside, one outside among a listed one.
        ASSERT_EQ(types->probes.size(), 3u + listed) << whats(*types);
        for (const auto& p : types->probes) EXPECT_TRUE(p.value.as_array_item || p.value.literal.is_array()) << p.what;
        EXPECT_EQ(types->probes.back().expect, Expect::Rejected);
        EXPECT_EQ(types->probes.back().value.literal.size(), 2u);
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
                                 {"text", "description is at most 40 characters."},
                                 {"check", {{"type", "max_length"}, {"field", "WebhookCreateRequest.description"}, {"max", 40}}}});
    auto spec = spec::Spec::from_documents(*openapi, *rules, "edited");
    ASSERT_TRUE(spec.ok());
    auto checks = registered_checks(*spec);
    auto added = std::find_if(checks.begin(), checks.end(), [](const spec::CheckEntry& c) { return c.rule_id == "TEST-ADDED-1"; });
    ASSERT_NE(added, checks.end());
    auto plan = plan_check(*spec, *added);
    ASSERT_TRUE(plan.ok());
    const Probe* past = probe_named(*plan, "description of 41 characters is rejected");
    ASSERT_TRUE(past) << whats(*plan);
    EXPECT_EQ(past->operation, "createWebhook");
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

namespace dockside::checks {
namespace {

// A limit on a field only answers carry is judged by the response validator, which reads the OpenAPI
// file: a rule stating it in the rules data alone would be tested by nothing, so planning refuses it.
TEST(CheckRegistry, AResponseFieldLimitTheOpenApiFileLacksIsRefused) {
    spec::CheckEntry stated{"X-8", "enum", {{"type", "enum"}, {"field", "Transaction.reference_type"}, {"values", {"Shipment", "Return", "WRO", "URO"}}}, "", ""};
    EXPECT_TRUE(plan_check(real(), stated).ok());
    spec::CheckEntry unstated{"X-9", "enum", {{"type", "enum"}, {"field", "Transaction.invoice_type"}, {"values", {"Monthly"}}}, "", ""};
    auto plan = plan_check(real(), unstated);
    ASSERT_FALSE(plan.ok());
    EXPECT_NE(plan.error().find("Transaction.invoice_type"), std::string::npos) << plan.error();
    EXPECT_NE(plan.error().find("validator would judge nothing"), std::string::npos) << plan.error();
}

}  // namespace
}  // namespace dockside::checks
