#pragma once
/// Variant request shape -> stored response shape (PRD-SHAPES), and products/variants in response
/// shape. The code tables the document leaves unshown (NS-VARIANT-STATUS-CODES,
/// NS-REVIEWS-PENDING-CODES, packaging and return-action ids) are here, one place.

#include <cstdint>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "refserver/core/errors.h"
#include "refserver/core/json_body.h"
#include "refserver/faults/fault.h"
#include "refserver/store/products_catalog.h"

namespace dockside::refserver {

/// Which request a variant body comes from; they differ in the id rule and the status field.
enum class VariantWrite {
    Create,       ///< POST /product/{id}/variants: no id allowed, status_id
    Patch,        ///< PATCH /product/{id} variants[]: id when updating, status_id
    BatchUpdate,  ///< PATCH /product/{id}/variants: id required, status 1..3, reviews_pending 0..4
};

/// Applies the supplied fields of the request-shape variant `body` (named `name` under `parent`,
/// e.g. "[0]" or "variants[1]") to `variant` (response shape); fields not supplied stay as they are
/// (PRD-PATCH-MERGE). The first problem goes to `parent`. New channel metadata records get a null
/// id, filled by apply_change(). Checks of `id` are the caller's (they depend on the operation).
void apply_variant_request(const BodyReader& parent, const nlohmann::json& body, const std::string& name,
                           nlohmann::json& variant, VariantWrite mode, const Store& store, const FaultSet& faults,
                           TimePoint now);

/// Reads a channel metadata record (request shape) into response shape; `existing` is the record
/// it updates, if any. NS-CHANNEL-METADATA-SHAPES: channel_id is required and must be a known channel.
nlohmann::json channel_metadata_from_request(BodyReader& r, const nlohmann::json* existing, const Store& store,
                                             bool accepts_channel_name);

/// A stored variant as answered (faults that corrupt the shape act here).
nlohmann::json variant_response(const nlohmann::json& stored, const FaultSet& faults);
/// A stored product as answered, each variant through variant_response().
nlohmann::json product_response(const nlohmann::json& stored, const FaultSet& faults);
/// The JSON response of product_response(stored), written straight from the stored product when no fault
/// reshapes it (a product of 250 variants is then serialised once, not copied twice first).
http::Response product_reply(int status, const nlohmann::json& stored, const FaultSet& faults);

/// A datetime string as answered: unchanged, or US-style under CONV-TYPES.bad-datetime.
nlohmann::json datetime_response(const nlohmann::json& stored, const FaultSet& faults);

}  // namespace dockside::refserver
