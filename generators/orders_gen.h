#pragma once
/// Orders: the create body (OrderCreateRequest), the estimate body (EstimateRequest) and the list
/// query, each realistic, at its documented limits, and one step past them.

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <rapidcheck.h>

#include "generators/case.h"

namespace dockside::generators {

/// What the target has, read at run time: order lines name products that exist there.
struct OrderInputs {
    std::vector<std::int64_t> product_ids;  ///< empty: lines carry reference_id and name (ORD-PRODUCT-NAME)
    /// Starts every generated reference_id so reruns with one seed do not collide (ORD-REF-UNIQUE).
    std::string reference_prefix = "DS-";
};

/// AddressInput: street, city, state, zip and country of a plausible address, sometimes multi-byte.
rc::Gen<nlohmann::json> gen_address();
/// RecipientInput: name, email, phone and address.
rc::Gen<nlohmann::json> gen_recipient();
/// One OrderProductCreate line: an existing product id, or reference_id + name when there is none.
rc::Gen<nlohmann::json> gen_order_line(const OrderInputs& inputs);

/// A valid create body: mostly realistic, sometimes with every optional field and arbitrary text.
rc::Gen<nlohmann::json> gen_order_create(const OrderInputs& inputs);
/// gift_message 500 (ASCII, and multi-byte: CodePoints), order_number 400 (both), reference_id 1 and
/// 300 (and 300 multi-byte), origin_platform_program and sales_channel 100, one product,
/// shipping_method of 1 character.
std::vector<rc::Gen<BoundaryCase>> order_create_boundary_cases(const OrderInputs& inputs);
rc::Gen<BoundaryCase> gen_order_create_boundary(const OrderInputs& inputs);
/// One step past each limit (501, 401, 0 and 301, 101), empty and missing products, missing
/// recipient, wrong types, an unknown type, an empty shipping_method, a reference line without name,
/// a location_id past int32.
std::vector<rc::Gen<InvalidCase>> order_create_invalid_cases(const OrderInputs& inputs);
rc::Gen<InvalidCase> gen_order_create_invalid(const OrderInputs& inputs);

/// A valid estimate body: address, products by id or reference_id, sometimes shipping_methods.
rc::Gen<nlohmann::json> gen_estimate_request(const OrderInputs& inputs);
/// A product with neither id nor reference_id, missing address or products, shipping_methods not
/// an array.
std::vector<rc::Gen<InvalidCase>> estimate_request_invalid_cases(const OrderInputs& inputs);
rc::Gen<InvalidCase> gen_estimate_request_invalid(const OrderInputs& inputs);

/// A GET /order query: paging (paging_gen.h) plus filters (ids, dates in order, booleans).
rc::Gen<nlohmann::json> gen_list_orders_query();
/// Paging one step past its limits, a date that is not a date-time, a boolean that is not one.
rc::Gen<InvalidCase> gen_list_orders_query_invalid();

}  // namespace dockside::generators
