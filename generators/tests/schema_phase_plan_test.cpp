// The schema phase's plan over the real contract: the budget per operation, how --cases scales it, the
// ids a record-changing operation is sent, the stances, and negative queries that break their parameter.

#include <set>

#include <gtest/gtest.h>

#include "generators/schema_phase_plan.h"
#include "generators/tests/test_support.h"

namespace dockside::generators {
namespace {

using json = nlohmann::json;
using testing::sample;

const OperationPlan& plan_of(const std::vector<OperationPlan>& plans, const std::string& id) {
    for (const auto& p : plans)
        if (p.operation->id == id) return p;
    throw std::runtime_error("no plan for " + id);
}

TEST(SchemaPhasePlan, EveryOperationGetsFiftyRequestsAtTheDefaultBudget) {
    const auto plans = plan_schema_phase(testing::real_spec(), 25);
    ASSERT_EQ(plans.size(), testing::real_spec().operations().size());
    for (const auto& plan : plans) {
        EXPECT_GE(plan.requests(), 50) << plan.operation->id;
        int shares = 0;
        for (std::size_t i = 0; i < plan.cases.size(); ++i) {
            EXPECT_GE(plan.share(i), 1) << plan.operation->id << " never breaks " << plan.cases[i].describe();
            shares += plan.share(i);
        }
        EXPECT_EQ(shares, plan.negative) << plan.operation->id;
    }
}

TEST(SchemaPhasePlan, CasesScaleTheBudget) {
    const auto small = plan_schema_phase(testing::real_spec(), 3);
    const auto large = plan_schema_phase(testing::real_spec(), 100);
    for (std::size_t i = 0; i < small.size(); ++i) {
        EXPECT_GE(small[i].requests(), 6) << small[i].operation->id;
        EXPECT_GE(large[i].requests(), 200) << large[i].operation->id;
        EXPECT_LT(small[i].positive, large[i].positive + 1) << small[i].operation->id;
    }
}

TEST(SchemaPhasePlan, RecordChangingOperationsAreSentIdsNoRecordHas) {
    const auto plans = plan_schema_phase(testing::real_spec(), 25);
    const auto& cancel = plan_of(plans, "cancelOrder");
    ASSERT_TRUE(cancel.absent_records);
    for (std::uint64_t seed = 1; seed <= 30; ++seed) {
        const auto request = sample(gen_positive(testing::real_spec(), cancel), seed);
        EXPECT_LT(std::stoll(request.path.at("orderId")), 0) << "cancelOrder aimed at order " << request.path.at("orderId");
    }
    // The records a run makes itself (x-made-by) are where the suite aims these requests instead.
    ASSERT_TRUE(cancel.made_by);
    EXPECT_EQ(cancel.made_by->operation, "createOrder");
    EXPECT_EQ(cancel.made_by->fields, (std::map<std::string, std::string>{{"orderId", "id"}}));
    EXPECT_GT(cancel.positive, 0);
    const auto& shipment = plan_of(plans, "cancelOrderShipment");
    ASSERT_TRUE(shipment.made_by);
    EXPECT_EQ(shipment.made_by->fields, (std::map<std::string, std::string>{{"orderId", "id"}, {"shipmentId", "shipments.id"}}));
    const auto& receiving = plan_of(plans, "cancelReceiving");
    ASSERT_TRUE(receiving.made_by) << "no create of the contract makes a receiving order: the simulation control does";
    EXPECT_EQ(receiving.made_by->operation, "simCreateWro");
    EXPECT_FALSE(plan_of(plans, "getOrder").absent_records) << "a read may name any record";
    EXPECT_FALSE(plan_of(plans, "createOrder").absent_records) << "a create names no record";
}

// A merge takes variants of records of the run's own (x-made-by with apart) into the path's: each item of the
// body is given an id of its own record, put in where the drawn item had none.
TEST(SchemaPhasePlan, AMergeNamesRecordsOfItsOwnBesideThePathsInEveryItem) {
    const auto plans = plan_schema_phase(testing::real_spec(), 25);
    const auto& merge = plan_of(plans, "mergeVariants");
    ASSERT_TRUE(merge.made_by);
    EXPECT_EQ(merge.made_by->fields, (std::map<std::string, std::string>{{"variantId", "variants.id"}}));
    ASSERT_EQ(merge.made_by->body_fields.size(), 1u);
    EXPECT_TRUE(merge.made_by->body_fields[0].apart);
    EXPECT_EQ(merge.made_by->body_fields[0].place, (std::vector<std::string>{"[]", "id"}));

    nlohmann::json body = nlohmann::json::parse(R"([{"id": 5}, {}, {"id": 7}])");
    EXPECT_EQ(replace_at(body, {"[]", "id"}, {}, true), 3u);
    EXPECT_EQ(body, nlohmann::json::parse(R"([{"id": 5}, {}, {"id": 7}])")) << "no value: nothing changes";
    EXPECT_EQ(replace_at(body, {"[]", "id"}, {11, 12, 13}, true), 3u);
    EXPECT_EQ(body, nlohmann::json::parse(R"([{"id": 11}, {"id": 12}, {"id": 13}])"));
    nlohmann::json patch = nlohmann::json::parse(R"({"variants": [{"id": 5}, {"name": "new"}]})");
    EXPECT_EQ(replace_at(patch, {"variants", "[]", "id"}, {9}), 1u) << "without add, an entry without id stays new";
    EXPECT_EQ(patch, nlohmann::json::parse(R"({"variants": [{"id": 9}, {"name": "new"}]})"));
}

// listProducts' query parameters are all x-unspecified (their format is not shown): a correct server may
// refuse any value of them, so a valid request that sent one could be refused and prove nothing.
TEST(SchemaPhasePlan, ValidRequestsLeaveOutParametersWhoseFormatIsNotShown) {
    const auto plans = plan_schema_phase(testing::real_spec(), 25);
    const auto& list = plan_of(plans, "listProducts");
    for (std::uint64_t seed = 1; seed <= 30; ++seed)
        EXPECT_TRUE(sample(gen_positive(testing::real_spec(), list), seed).query.empty()) << "seed " << seed;
    bool sent_one = false;  // the documented ones are still sent, half the time
    for (std::uint64_t seed = 1; seed <= 30; ++seed)
        sent_one = sent_one || !sample(gen_positive(testing::real_spec(), plan_of(plans, "listOrders")), seed).query.empty();
    EXPECT_TRUE(sent_one);
}

// ORD-REF-UNIQUE holds reference_id unique on the target: the phase writes the run's tag and a counter there,
// so a valid create is not refused as a duplicate and the run knows the orders it made; a negative that
// breaks reference_id keeps its broken value.
TEST(SchemaPhasePlan, ValuesHeldUniqueCarryTheRunsPrefix) {
    const auto plans = plan_schema_phase(testing::real_spec(), 25);
    const auto& create = plan_of(plans, "createOrder");
    EXPECT_EQ(create.unique_members, (std::vector<std::string>{"reference_id"}));
    EXPECT_TRUE(plan_of(plans, "listOrders").unique_members.empty());
    std::set<std::string> seen;
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        const auto body = sample(gen_positive(testing::real_spec(), create, {nullptr, "DS-SP-run-"}), seed).body.value_or(json());
        const std::string reference = body.value("reference_id", "");
        EXPECT_EQ(reference.rfind("DS-SP-run-", 0), 0u) << body.dump();
        EXPECT_TRUE(seen.insert(reference).second) << "repeated " << reference;
    }
    for (const auto& c : create.cases) {
        if (c.constraint.path.empty() || c.constraint.path.front().name != "reference_id" || c.constraint.kind != ConstraintKind::MaxLength)
            continue;
        const auto body = sample(gen_negative(testing::real_spec(), create, c, {nullptr, "DS-SP-run-"}), 1).body.value_or(json());
        EXPECT_GT(body.value("reference_id", "").size(), 300u) << "the broken value stays";
    }
}

TEST(SchemaPhasePlan, StancesOfTheRulesDataAreHonoured) {
    const auto exclusions = exclusions_of(testing::real_spec());
    ASSERT_FALSE(exclusions.fields.empty());
    for (const auto& plan : plan_schema_phase(testing::real_spec(), 25))
        for (const auto& c : plan.cases) {
            EXPECT_FALSE(exclusions.fields.count(c.constraint.field)) << plan.operation->id << ": " << c.describe();
            EXPECT_FALSE(c.constraint.edges_only) << plan.operation->id << ": an open enum is broken: " << c.describe();
        }
}

// The limit itself is sent once per edge: the longest gift message, a unique reference at its full length
// carrying the run's prefix, each documented webhook topic (an open enum); never a path value.
TEST(SchemaPhasePlan, EdgesAreSentAtTheLimitWithTheRestValid) {
    const auto plans = plan_schema_phase(testing::real_spec(), 25);
    const auto& create = plan_of(plans, "createOrder");
    std::set<std::string> seen;
    for (const auto& edge : create.edges) {
        seen.insert(edge.describe());
        const auto requests = sample(gen_edge(testing::real_spec(), create, edge, {nullptr, "DS-SP-run-"}), 1);
        ASSERT_TRUE(requests.at_edge.body && requests.inside.body) << edge.describe();
        EXPECT_NE(*requests.at_edge.body, *requests.inside.body) << edge.describe();
        if (edge.describe() == "maxLength 500 at /gift_message (body): 500 characters") {
            EXPECT_EQ((*requests.at_edge.body)["gift_message"], json(std::string(500, 'a')));
        }
        if (edge.describe() == "maxLength 300 at /reference_id (body): 300 characters") {
            const std::string reference = (*requests.at_edge.body)["reference_id"];
            EXPECT_EQ(reference.size(), 300u);
            EXPECT_EQ(reference.rfind("DS-SP-run-", 0), 0u) << reference;
        }
    }
    EXPECT_TRUE(seen.count("maxLength 500 at /gift_message (body): 500 characters"));
    EXPECT_TRUE(seen.count("maxLength 300 at /reference_id (body): 300 characters"));
    EXPECT_TRUE(seen.count("minItems 1 at /products (body): 1 item"));
    const auto& webhook = plan_of(plans, "createWebhook");
    EXPECT_TRUE(std::any_of(webhook.edges.begin(), webhook.edges.end(), [](const EdgeCase& e) { return e.edge.value == json("order.shipment.on_hold"); }));
    for (const auto& plan : plans)
        for (const auto& edge : plan.edges) EXPECT_NE(edge.part, RequestPart::Path) << plan.operation->id << ": " << edge.describe();
}

TEST(SchemaPhasePlan, NegativeQueriesBreakTheirParameterAndPositiveOnesDoNot) {
    const auto plans = plan_schema_phase(testing::real_spec(), 25);
    const auto& list = plan_of(plans, "listOrders");
    int query_cases = 0;
    for (const auto& c : list.cases) {
        if (c.part != RequestPart::Query) continue;
        ++query_cases;
        for (std::uint64_t seed = 1; seed <= 5; ++seed) {
            const auto request = sample(gen_negative(testing::real_spec(), list, c), seed);
            EXPECT_FALSE(testing::query_violations("listOrders", request.query).empty())
                << c.describe() << ": " << request.query.dump();
        }
    }
    EXPECT_GT(query_cases, 5);
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        const auto request = sample(gen_positive(testing::real_spec(), list), seed);
        EXPECT_TRUE(testing::query_violations("listOrders", request.query).empty()) << request.query.dump();
    }
}

}  // namespace
}  // namespace dockside::generators
