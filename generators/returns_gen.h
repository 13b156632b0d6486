#pragma once
/// Returns: the create body (ReturnCreateRequest) and the GET /return query. Inventory ids come
/// from the target at run time; digital and bundle ids are passed in so the refusal cases name
/// items the target really knows.

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <rapidcheck.h>

#include "generators/case.h"

namespace dockside::generators {

struct ReturnInputs {
    std::vector<std::int64_t> inventory_ids;  ///< returnable (physical, not bundle); at least one
    std::vector<std::int64_t> digital_ids;    ///< digital inventory items, for RET-NO-DIGITAL-BUNDLE
    std::vector<std::int64_t> bundle_ids;     ///< bundle inventory items, for RET-NO-DIGITAL-BUNDLE
    std::int64_t fulfillment_center_id = 0;   ///< 0: the body names no fulfillment center
    std::string fulfillment_center_name;
    /// requested_action values the target accepted before; empty: lines carry none, since the allowed
    /// values are not shown (NS-RET-REQUESTED-ACTION-VALUES).
    std::vector<std::int64_t> accepted_actions;
};

/// A valid create body: distinct returnable ids (one line each), tracking and reference ids.
rc::Gen<nlohmann::json> gen_return_create(const ReturnInputs& inputs);
/// A return of exactly one inventory line.
std::vector<rc::Gen<BoundaryCase>> return_create_boundary_cases(const ReturnInputs& inputs);
/// A repeated inventory id (RET-DUP-ID), a digital or a bundle item (when such ids are given),
/// two requested actions for one item (RET-ONE-ACTION), inventory not an array, an id not an integer.
std::vector<rc::Gen<InvalidCase>> return_create_invalid_cases(const ReturnInputs& inputs);
rc::Gen<InvalidCase> gen_return_create_invalid(const ReturnInputs& inputs);

/// A GET /return query: paging plus Status lists, date ranges, ReturnTypes and ReturnActions.
rc::Gen<nlohmann::json> gen_list_returns_query();
/// Cursor past its limits, an unknown Status, a date that is not a date-time.
rc::Gen<InvalidCase> gen_list_returns_query_invalid();

}  // namespace dockside::generators
