#pragma once
/// Shared pieces of the orders and shipments areas: building records from request data, writing
/// them in response shape, and the cancellation transition.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "refserver/core/json_body.h"
#include "refserver/faults/fault.h"
#include "refserver/store/store.h"

namespace dockside::refserver {

inline const std::vector<std::string> kOrderTypes = {"DTC", "DropShip", "B2B"};

/// The value, or null where it is absent: an optional field in response shape.
template <class T>
nlohmann::json or_null(const std::optional<T>& v) {
    return v ? nlohmann::json(*v) : nlohmann::json(nullptr);
}

/// A datetime in response form: ISO 8601 UTC, or null.
nlohmann::json time_json(const std::optional<TimePoint>& t, const FaultSet& faults);

nlohmann::json order_json(const OrderRecord& order, const Store& store, const FaultSet& faults);
/// order_json serialised, from the store's render cache while no write came since it was rendered (the
/// one rendering GET /order/{id} and the order list both answer with).
RenderCache::Text order_text(const OrderRecord& order, Store& store, const FaultSet& faults);
nlohmann::json shipment_json(const ShipmentRecord& shipment, const Store& store, const FaultSet& faults);

/// The variant an order or estimate line's product `id` names (stance NS-ORD-PRODUCT-ID): a variant id,
/// else the id of a product with exactly one variant (a number that is both names the variant). nullptr
/// when it names neither; a product with several variants is a 400 on `field` listing its variant ids,
/// since any one of them would be a guess.
Result<const nlohmann::json*, ApiError> variant_for_line_id(const Catalog& catalog, std::int64_t id,
                                                           const std::string& field, const std::string& rule);

/// Order products in response shape from create-shape items (`reader` records the first problem:
/// unknown id, reference_id without a match and without a name, bad quantity). `name_optional` is the
/// ORD-PRODUCT-NAME fault: an unknown reference_id without a name is accepted, named after the reference.
nlohmann::json resolve_order_products(const nlohmann::json& items, BodyReader& reader, Catalog& catalog,
                                      std::int64_t& next_adhoc_id, bool name_optional = false);
/// Recipient in response shape (every string field present).
nlohmann::json normalize_recipient(const nlohmann::json* recipient, BodyReader& reader);
/// retailer_program_data in response shape.
nlohmann::json normalize_retailer_program_data(const nlohmann::json* data, BodyReader& reader);

/// The ship option a client shipping method maps to; an unknown method gains a mapping to
/// "Standard" (ORD-SHIPMETHOD).
std::string ship_option_for(Catalog& catalog, const std::string& shipping_method);

/// The first shipment of a new order, in the shipment lifecycle's initial state, with every field filled;
/// `order_echoed` is the order's echoed fields, unpacked (its products, recipient, gift message and shipping
/// method make the shipment's). An unknown shipping method gains its ship option mapping (ship_option_for).
ShipmentRecord make_shipment(const OrderRecord& order, const nlohmann::json& order_echoed, std::int32_t id,
                             std::int32_t location_id, Store& store, TimePoint now);

/// An order's echoed fields packed to be kept, once its shipments are made: each product line's `_name` (the
/// product's name, which only make_shipment reads) is left out.
PackedJson packed_order_fields(nlohmann::json echoed);

/// Cancels one shipment as the shipment lifecycle's cancel in its state says (refused where the data
/// lists no accepted cancel); answers the CanceledShipmentResult {action, is_success, reason, shipment_id}
/// and refreshes the owning order's status.
nlohmann::json cancel_shipment(Store& store, ShipmentRecord& shipment, TimePoint now, const FaultSet& faults);
/// Order status after a cancel: once every shipment is in the shipment lifecycle's cancelled state, the
/// order takes the order lifecycle's cancel from its state (it keeps its state where the data lists none).
void refresh_order_status(Store& store, OrderRecord& order, TimePoint now);

}  // namespace dockside::refserver
