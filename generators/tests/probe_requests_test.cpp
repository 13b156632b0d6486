// The generators' RequestProvider: every probe the check registry plans for the real rules data becomes
// requests that are what the probe says (valid where it expects acceptance, invalid under the schema
// where it expects refusal), and everything follows the spec data: a limit changed in a copy of it is
// what the generators and the planned probes use, with no code change.
#include "generators/probe_requests.h"
#include "generators/schema_phase_plan.h"

#include <set>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "generators/orders_gen.h"
#include "generators/run_spec.h"
#include "generators/tests/test_support.h"
#include "generators/text_gen.h"
#include "harness/checks/registry.h"

namespace dockside::generators {
namespace {

using nlohmann::json;

TargetInputs full_inputs() {
    TargetInputs in;
    in.returns.inventory_ids = {11, 12, 13};
    in.products.variant_ids = {501, 502};
    in.products.channel_ids = {7};
    in.product_id = 500;
    in.invoice_id = 900;
    in.receiving_id = 800;
    in.run_tag = "DS-TEST-";
    return in;
}

std::vector<checks::Probe> planned_probes(const spec::Spec& spec) {
    std::vector<checks::Probe> out;
    for (const auto& check : checks::registered_checks(spec)) {
        auto plan = checks::plan_check(spec, check);
        EXPECT_TRUE(plan.ok()) << (plan.ok() ? "" : plan.error());
        if (plan) out.insert(out.end(), plan->probes.begin(), plan->probes.end());
    }
    return out;
}

TEST(ProbeRequests, EveryPlannedProbeOfTheRealRulesIsWhatItSays) {
    const GeneratedRequests provider(full_inputs());
    const auto& validator = testing::real_validator();
    int checked = 0;
    for (const auto& probe : planned_probes(testing::real_spec())) {
        auto gen = provider.requests(probe);
        if (!gen) continue;  // the unprovided operations are pinned below
        for (std::uint64_t seed = 1; seed <= 4; ++seed) {
            const checks::ProbeRequest request = testing::sample(*gen, seed);
            const spec::Operation* op = testing::real_spec().find(probe.operation);
            if (!op) {
                EXPECT_EQ(request.raw_target, probe.raw_path);
                continue;
            }
            ++checked;
            std::vector<validate::Violation> found;
            if (request.body && op->request_schema && !op->request_unspecified)
                found = validator.validate_request_body(*op, *request.body);
            else continue;
            if (probe.expect == checks::Expect::Rejected) {
                EXPECT_FALSE(found.empty()) << probe.what << ": the schema sees no problem in " << request;
            }
            if (probe.expect == checks::Expect::Accepted) {
                EXPECT_TRUE(found.empty()) << probe.what << ": " << testing::describe(found) << " in " << request;
            }
        }
    }
    EXPECT_GT(checked, 400);
}

TEST(ProbeRequests, ValuesArePutWhereTheProbeSays) {
    const GeneratedRequests provider(full_inputs());
    checks::Probe gift;
    gift.operation = "createOrder";
    gift.place = checks::Place::Body;
    gift.path = {"gift_message"};

    gift.value.kind = checks::ProbeValue::Kind::Present;
    gift.value.literal = "dockside-present";
    auto created = testing::sample(*provider.requests(gift), 5);
    ASSERT_TRUE(created.body.has_value());
    EXPECT_EQ(created.body->at("gift_message"), "dockside-present");
}

TEST(ProbeRequests, FreshResourcesComeFromSetupAndWebhooksAreUndone) {
    const GeneratedRequests provider(full_inputs());
    auto shipment = testing::sample(*provider.base("getOrderShipment"), 1);
    ASSERT_EQ(shipment.setup.size(), 1u);
    EXPECT_EQ(shipment.setup[0].operation, "createOrder");
    EXPECT_EQ(shipment.setup[0].bind.at("shipmentId"), "/shipments/0/id");
    auto hook = testing::sample(*provider.base("createWebhook"), 1);
    ASSERT_TRUE(hook.undo.has_value());
    EXPECT_EQ(hook.undo->operation, "deleteWebhook");
}

TEST(ProbeRequests, APathThatIsNotServedGetsTheIdsOfARecordOfTheRunsOwn) {
    const GeneratedRequests provider(full_inputs());
    checks::Probe old_cancel;
    old_cancel.method = "POST";
    old_cancel.raw_path = "/2025-07/order/{orderId}/shipment/{shipmentId}/cancel";
    old_cancel.path_values_from = "cancelOrderShipment";
    auto request = testing::sample(*provider.requests(old_cancel), 2);
    EXPECT_TRUE(request.operation.empty());
    EXPECT_EQ(request.method, "POST");
    EXPECT_EQ(request.raw_target, old_cancel.raw_path);
    ASSERT_EQ(request.setup.size(), 1u);
    EXPECT_EQ(request.setup[0].operation, "createOrder");
    EXPECT_EQ(request.setup[0].bind.at("orderId"), "/id");
    EXPECT_EQ(request.setup[0].bind.at("shipmentId"), "/shipments/0/id");
    EXPECT_TRUE(request.body.has_value());
    // Each request's order is a new one: the same reference_id twice would be refused as a duplicate.
    auto again = testing::sample(*provider.requests(old_cancel), 2);
    EXPECT_NE(request.setup[0].body->value("reference_id", json()), again.setup[0].body->value("reference_id", json()));

    // Without an operation to borrow from, the ids are ones no record has, and a read sends no body.
    checks::Probe removed;
    removed.method = "GET";
    removed.raw_path = "/2025-07/receiving/{id}/history";
    auto unknown = testing::sample(*provider.requests(removed), 1);
    EXPECT_TRUE(unknown.setup.empty());
    EXPECT_EQ(unknown.path.at("id"), checks::kUnknownId);
    EXPECT_FALSE(unknown.body.has_value());
}

TEST(ProbeRequests, OperationsWithoutARequestSayWhy) {
    const GeneratedRequests provider(full_inputs());
    std::set<std::string> provided;
    for (const auto& op : provider.operations()) provided.insert(op);
    std::set<std::string> missing;
    for (const auto& op : testing::real_spec().operations())
        if (!provided.count(op.id)) {
            missing.insert(op.id);
            auto why = provider.base(op.id);
            ASSERT_FALSE(why.ok());
            EXPECT_NE(why.error().find(op.id), std::string::npos);
        }
    // What phase 2's stateful setup (and OAuth inputs) will close; changing it must be deliberate.
    EXPECT_EQ(missing, (std::set<std::string>{"authorize", "cancelReceiving", "convertToBundle", "deleteChannelMetadata",
                                              "deleteProduct", "mergeIntoProduct", "mergeVariants", "token"}));
    // Without inputs from the target, every operation that needs one says so (and none crashes).
    const GeneratedRequests bare(TargetInputs{});
    auto none = bare.base("createReturn");
    ASSERT_FALSE(none.ok());
    EXPECT_NE(none.error().find("inventory"), std::string::npos);
    for (const char* op : {"addChannelMetadata", "updateVariants", "createVariants", "patchProduct", "listVariants",
                           "listInvoiceTransactions", "getReceiving", "cancelReturn"})
        EXPECT_FALSE(bare.base(op).ok()) << op;
}

/// The real contract with gift_message's limit moved from 500 to 450 in both files, as a user editing
/// specs/ would do.
spec::Spec with_gift_limit(std::int64_t limit) {
    json openapi = testing::real_spec().document();
    json rules = testing::real_spec().rules_document();
    openapi["components"]["schemas"]["OrderCreateRequest"]["properties"]["gift_message"]["maxLength"] = limit;
    auto spec = spec::Spec::from_documents(openapi, rules, "gift-450");
    EXPECT_TRUE(spec.ok());
    for (const auto& problem : spec->check()) ADD_FAILURE() << problem.to_string();
    return std::move(spec).value();
}

TEST(GeneratorsFollowSpec, GeneratorsAndTheSchemaPhaseFollowAChangedLimit) {
    const spec::Spec edited = with_gift_limit(450);
    SpecScope scope(edited);
    const OrderInputs inputs{{}, "DS-F-"};
    // Valid bodies stay inside the new limit.
    for (std::uint64_t seed = 1; seed <= 60; ++seed) {
        json body = testing::sample(gen_order_create(inputs), seed, 100);
        if (body.contains("gift_message") && body["gift_message"].is_string()) {
            EXPECT_LE(code_points(body["gift_message"].get<std::string>()), 450u);
        }
    }
    // The schema phase's plan: the limit itself is an edge, one past it a broken constraint.
    const auto plans = plan_schema_phase(edited, 25);
    const auto create = std::find_if(plans.begin(), plans.end(), [](const OperationPlan& p) { return p.operation->id == "createOrder"; });
    ASSERT_NE(create, plans.end());
    std::set<std::string> edges, broken;
    for (const auto& edge : create->edges) edges.insert(edge.describe());
    for (const auto& c : create->cases) broken.insert(c.describe());
    EXPECT_TRUE(edges.count("maxLength 450 at /gift_message (body): 450 characters")) << "the edge follows the limit";
    EXPECT_TRUE(broken.count("maxLength 450 at /gift_message (body)"));
}

TEST(GeneratorsFollowSpec, WithoutAScopeTheCompiledInContractIsRead) {
    EXPECT_EQ(max_length_of("OrderCreateRequest.gift_message"), 500);
    {
        const spec::Spec edited = with_gift_limit(450);
        SpecScope scope(edited);
        EXPECT_EQ(max_length_of("OrderCreateRequest.gift_message"), 450);
    }
    EXPECT_EQ(max_length_of("OrderCreateRequest.gift_message"), 500);
    EXPECT_THROW(max_length_of("OrderCreate.gift_message"), rc::GenerationFailure);
}

}  // namespace
}  // namespace dockside::generators
