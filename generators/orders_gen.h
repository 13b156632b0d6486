#pragma once
/// Orders: the create body (OrderCreateRequest), the estimate body (EstimateRequest) and the list
/// query, each valid within the documented limits. Values at and past the limits are the rule checks'
/// probes (harness/checks), put into these bodies by probe_requests.h.

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <rapidcheck.h>

namespace dockside::generators {

/// What the target has, read at run time: order lines name products that exist there.
struct OrderInputs {
    /// Ids lines may name. Whether a line's `id` is a product or a variant id is not said (NS-ORD-PRODUCT-ID),
    /// so callers judging a target leave this empty: lines then carry reference_id and name (ORD-PRODUCT-NAME),
    /// which a server taking either reading accepts. Filled only where the target's reading is known (fuzzing
    /// the reference server with its seeded variant ids).
    std::vector<std::int64_t> product_ids;
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
/// A valid estimate body: address, products by id or reference_id, sometimes shipping_methods.
rc::Gen<nlohmann::json> gen_estimate_request(const OrderInputs& inputs);
/// A GET /order query: paging (paging_gen.h) plus filters (ids, dates in order, booleans).
rc::Gen<nlohmann::json> gen_list_orders_query();

}  // namespace dockside::generators
