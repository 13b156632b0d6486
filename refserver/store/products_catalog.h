#pragma once
/// Products, variants and inventory items kept in the shared Catalog (response-shape JSON, so the
/// orders area reads them unchanged). This file holds the structural operations: finding records,
/// id allocation, completing seeded variants, and keeping derived fields consistent (bundle
/// component names, associated_bundles, the inventory item flags a variant implies).

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "refserver/core/clock.h"
#include "refserver/store/store.h"

namespace dockside::refserver {

/// Id counters and reference tables of the products area; lives in Store::areas. Counters only
/// grow, so a deleted product's or variant's id is never handed out again.
struct ProductsState {
    std::int64_t next_product_id = 1;
    std::int64_t next_variant_id = 1;
    std::int64_t next_inventory_id = 1;
    std::int64_t next_metadata_id = 1;
    std::int64_t user_id = 0;  ///< the account's user id (seed `account.user_id`)
    /// Known taxonomies in response shape {id, name, parent_id, parent_name, path}.
    nlohmann::json taxonomies = nlohmann::json::array();
};

/// A variant and the product that holds it (both pointers into Catalog::products).
struct VariantSlot {
    nlohmann::json* product = nullptr;
    nlohmann::json* variant = nullptr;
    std::size_t index = 0;  ///< position in product["variants"]
};

/// The product with this id, or null.
nlohmann::json* find_product(Catalog& catalog, std::int64_t id);
/// The variant with this id and its product, or nullopt.
std::optional<VariantSlot> find_variant(Catalog& catalog, std::int64_t id);
/// The inventory item with this id (mutable), or null.
nlohmann::json* find_inventory_item(Catalog& catalog, std::int64_t inventory_id);
/// The taxonomy with this id, or null.
const nlohmann::json* find_taxonomy(const ProductsState& state, std::int64_t id);

/// A variant in response shape with every documented field at its default; id and inventory are
/// null until commit_new_ids() gives them.
nlohmann::json default_variant(TimePoint now);

/// Fills every documented field a (seeded) variant lacks, taking is_lot and the active flag from
/// its inventory item when the variant does not say.
void complete_variant(nlohmann::json& variant, const Catalog& catalog, TimePoint now);

/// Gives ids to the parts of `product` that have none yet (new variants, their inventory items,
/// new channel metadata records). Called only once a write has been fully validated, so a rejected
/// write allocates nothing.
void commit_new_ids(nlohmann::json& product, Catalog& catalog, ProductsState& state);

/// Stores `updated` (a new product, or a changed copy of a stored one, matched by id): gives new
/// parts their ids, stamps updated_on with `now` and refreshes derived fields. Returns the stored product.
nlohmann::json& store_product(Catalog& catalog, ProductsState& state, nlohmann::json updated, TimePoint now);

/// Recomputes derived fields across the catalog: bundle component product_id/variant_name/
/// variant_sku, associated_bundles, and inventory items' is_active/is_bundle/is_digital/is_lot/name/sku.
/// With `changed` (a stored product that was just written) only that product's inventory items are
/// refreshed: no other item's fields can have changed.
void refresh_catalog_links(Catalog& catalog, const nlohmann::json* changed = nullptr);

/// True when the variant is a bundle (its bundle_definition is not empty).
bool is_bundle(const nlohmann::json& variant);

}  // namespace dockside::refserver
