#pragma once
/// Products and variants: the merge patch (ProductPatchRequest), variant create
/// (VariantCreateRequest[]), batch update (VariantBatchUpdateRequest), merge (MergeTarget[]) and
/// channel metadata (ChannelMetadataRequest) bodies. Request shapes differ from responses
/// (PRD-SHAPES): weight is a number, status_id an integer.

#include <cstdint>
#include <vector>

#include <nlohmann/json.hpp>
#include <rapidcheck.h>

namespace dockside::generators {

struct ProductInputs {
    std::vector<std::int64_t> variant_ids;  ///< variants of the product under test; at least one
    std::vector<std::int64_t> channel_ids;  ///< channels for metadata records; empty: 1
};

/// One variant request shape without id: sku, name, weight, dimension, customs, barcodes, …
rc::Gen<nlohmann::json> gen_variant_request();
/// A merge patch: a name and/or variants that each carry an existing id (never taxonomy_id, which would
/// have to name a taxonomy of the target).
rc::Gen<nlohmann::json> gen_product_patch(const ProductInputs& inputs);
/// 1 to 3 new variants, none with an id (PRD-VARIANTS-CREATE).
rc::Gen<nlohmann::json> gen_variant_create();
/// One existing variant with id, sometimes status and reviews_pending from their enums (PRD-VARIANTS-UPDATE).
rc::Gen<nlohmann::json> gen_variant_batch_update(const ProductInputs& inputs);
/// [{id}, …] of existing variants to merge into a target.
rc::Gen<nlohmann::json> gen_merge_targets(const ProductInputs& inputs);
/// One marketplace channel metadata record.
rc::Gen<nlohmann::json> gen_channel_metadata(const ProductInputs& inputs);

}  // namespace dockside::generators
