// Returns: valid bodies list each returnable id once; the invalid cases really repeat an id or
// name a digital or bundle item, which the schema cannot see and the target must refuse.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "generators/returns_gen.h"
#include "generators/tests/test_support.h"

namespace dockside::generators {
namespace {

using nlohmann::json;
using testing::case_named;

const ReturnInputs kInputs{{11, 12, 13, 14, 15}, {91}, {81, 82}, 3, "Chicago (IL)", {1, 2}};

std::vector<std::int64_t> ids_of(const json& body) {
    std::vector<std::int64_t> out;
    for (const auto& line : body["inventory"]) out.push_back(line["id"].get<std::int64_t>());
    return out;
}

RC_GTEST_PROP(ReturnsGen, CreateBodiesValidateWithDistinctReturnableIds, ()) {
    auto body = *gen_return_create(kInputs);
    RC_ASSERT(testing::body_violations("createReturn", body).empty());
    auto ids = ids_of(body);
    RC_ASSERT(!ids.empty());
    std::set<std::int64_t> distinct(ids.begin(), ids.end());
    RC_ASSERT(distinct.size() == ids.size());
    for (auto id : ids) RC_ASSERT(std::find(kInputs.inventory_ids.begin(), kInputs.inventory_ids.end(), id) != kInputs.inventory_ids.end());
    // requested_action only from values the target accepted (NS-RET-REQUESTED-ACTION-VALUES).
    for (const auto& line : body["inventory"])
        if (line.contains("requested_action"))
            RC_ASSERT(std::find(kInputs.accepted_actions.begin(), kInputs.accepted_actions.end(),
                                line["requested_action"].get<std::int64_t>()) != kInputs.accepted_actions.end());
    RC_ASSERT(body["fulfillment_center"]["id"] == 3);
}

TEST(ReturnsGen, BoundaryAndInvalidCasesHold) {
    testing::expect_body_cases("createReturn", return_create_boundary_cases(kInputs), true);
    testing::expect_body_cases("createReturn", return_create_invalid_cases(kInputs), false);
    EXPECT_EQ(case_named(return_create_boundary_cases(kInputs), "exactly one inventory line").value["inventory"].size(), 1u);
}

TEST(ReturnsGen, DuplicateCaseRepeatsAnId) {
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        auto ids = ids_of(case_named(return_create_invalid_cases(kInputs), "one inventory id listed twice", seed).value);
        std::set<std::int64_t> distinct(ids.begin(), ids.end());
        EXPECT_EQ(distinct.size() + 1, ids.size()) << "seed " << seed;
    }
}

TEST(ReturnsGen, DigitalAndBundleCasesNameThoseItems) {
    auto cases = return_create_invalid_cases(kInputs);
    auto digital = ids_of(case_named(cases, "a digital inventory item among returnable ones").value);
    EXPECT_NE(std::find(digital.begin(), digital.end(), 91), digital.end());
    auto bundle = ids_of(case_named(cases, "a bundle inventory item among returnable ones").value);
    EXPECT_TRUE(std::find(bundle.begin(), bundle.end(), 81) != bundle.end() ||
                std::find(bundle.begin(), bundle.end(), 82) != bundle.end());
}

TEST(ReturnsGen, NoDigitalOrBundleIdsMeansNoSuchCases) {
    ReturnInputs plain{{1, 2}, {}, {}, 0, "", {}};
    for (const auto& gen : return_create_invalid_cases(plain))
        EXPECT_NE(testing::sample(gen, 1).rule_id, "RET-NO-DIGITAL-BUNDLE");
}

RC_GTEST_PROP(ReturnsGen, ListQueriesValidate, ()) {
    RC_ASSERT(testing::query_violations("listReturns", *gen_list_returns_query()).empty());
}

RC_GTEST_PROP(ReturnsGen, InvalidListQueriesViolate, ()) {
    auto c = *gen_list_returns_query_invalid();
    RC_ASSERT(testing::has_rule(testing::query_violations("listReturns", c.value), c.schema_rule));
}

}  // namespace
}  // namespace dockside::generators
