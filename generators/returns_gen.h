#pragma once
/// Returns: the create body (ReturnCreateRequest) and the GET /return query, valid. Inventory ids come
/// from the target at run time. What is refused (a repeated id, …) is the rule checks' probes.

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <rapidcheck.h>

namespace dockside::generators {

struct ReturnInputs {
    std::vector<std::int64_t> inventory_ids;  ///< returnable (physical, not bundle); at least one
    std::int64_t fulfillment_center_id = 0;   ///< 0: the body names no fulfillment center
    std::string fulfillment_center_name;
    /// requested_action values the target accepted before; empty: lines carry none, since the allowed
    /// values are not shown (NS-RET-REQUESTED-ACTION-VALUES).
    std::vector<std::int64_t> accepted_actions;
};

/// A valid create body: distinct returnable ids (one line each), tracking and reference ids.
rc::Gen<nlohmann::json> gen_return_create(const ReturnInputs& inputs);
/// A GET /return query: paging plus Status lists, date ranges, ReturnTypes and ReturnActions.
rc::Gen<nlohmann::json> gen_list_returns_query();

}  // namespace dockside::generators
