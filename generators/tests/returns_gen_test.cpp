// Returns: valid bodies list each returnable id once and name only actions the target accepted; list
// queries validate.
#include <algorithm>
#include <set>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "generators/returns_gen.h"
#include "generators/tests/test_support.h"

namespace dockside::generators {
namespace {

using nlohmann::json;
const ReturnInputs kReturnInputs{{11, 12, 13, 14, 15}, 3, "Chicago (IL)", {1, 2}};

std::vector<std::int64_t> ids_of(const json& body) {
    std::vector<std::int64_t> out;
    for (const auto& line : body["inventory"]) out.push_back(line["id"].get<std::int64_t>());
    return out;
}

RC_GTEST_PROP(ReturnsGen, CreateBodiesValidateWithDistinctReturnableIds, ()) {
    auto body = *gen_return_create(kReturnInputs);
    RC_ASSERT(testing::body_violations("createReturn", body).empty());
    auto ids = ids_of(body);
    RC_ASSERT(!ids.empty());
    std::set<std::int64_t> distinct(ids.begin(), ids.end());
    RC_ASSERT(distinct.size() == ids.size());
    for (auto id : ids) RC_ASSERT(std::find(kReturnInputs.inventory_ids.begin(), kReturnInputs.inventory_ids.end(), id) != kReturnInputs.inventory_ids.end());
    // requested_action only from values the target accepted (NS-RET-REQUESTED-ACTION-VALUES).
    for (const auto& line : body["inventory"])
        if (line.contains("requested_action"))
            RC_ASSERT(std::find(kReturnInputs.accepted_actions.begin(), kReturnInputs.accepted_actions.end(),
                                line["requested_action"].get<std::int64_t>()) != kReturnInputs.accepted_actions.end());
    RC_ASSERT(body["fulfillment_center"]["id"] == 3);
}

RC_GTEST_PROP(ReturnsGen, ListQueriesValidate, ()) {
    RC_ASSERT(testing::query_violations("listReturns", *gen_list_returns_query()).empty());
}

}  // namespace
}  // namespace dockside::generators
