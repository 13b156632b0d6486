#pragma once
/// Products, variants and inventory items kept in the shared Catalog (response-shape JSON, so the
/// orders area reads them unchanged). This file holds the structural operations: finding records,
/// id allocation, completing seeded variants, and keeping derived fields consistent (bundle
/// component names, associated_bundles, the inventory item flags a variant implies), the latter in
/// catalog_links.cpp, where a write redoes only the links of what it changes.

#include <cstdint>
#include <deque>
#include <optional>
#include <set>
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
    /// Seeded products with a variant that has no inventory item: the first write to one gives every
    /// variant of it what it lacks, in product order.
    std::set<std::int64_t> unnumbered_products;
    /// Inventory items of variants merged away while they held nothing: no variant holds them any more, and
    /// they go when the product whose merge children name them is deleted, as an empty item goes with its own
    /// variant's product (a mock that merges all day does not keep them).
    std::set<std::int64_t> emptied_by_merge;
};

/// A variant and the product that holds it (both pointers into Catalog::products).
struct VariantSlot {
    nlohmann::json* product = nullptr;
    nlohmann::json* variant = nullptr;
    std::size_t index = 0;  ///< position in product["variants"]
};

/// `object[key]` when it is an integer, else `fallback`.
std::int64_t int_member(const nlohmann::json& object, const char* key, std::int64_t fallback = -1);

/// The product with this id, or null (Catalog::index).
nlohmann::json* find_product(Catalog& catalog, std::int64_t id);
/// The variant with this id and its product, or nullopt.
std::optional<VariantSlot> find_variant(Catalog& catalog, std::int64_t id);
/// The variant with this id, or null.
const nlohmann::json* stored_variant(const Catalog& catalog, std::int64_t id);
/// The inventory item with this id (mutable), or null.
nlohmann::json* find_inventory_item(Catalog& catalog, std::int64_t inventory_id);
/// The taxonomy with this id, or null.
const nlohmann::json* find_taxonomy(const ProductsState& state, std::int64_t id);

/// A variant in response shape with every documented field at its default; id and inventory are
/// null until a write is applied (apply_change) and gives them.
nlohmann::json default_variant(TimePoint now);

/// Fills every documented field a (seeded) variant lacks, taking is_lot and the active flag from
/// its inventory item when the variant does not say.
void complete_variant(nlohmann::json& variant, const Catalog& catalog, TimePoint now);

/// A write to one stored product, gathered apart from it, so that a rejected write changes nothing and an
/// accepted one copies and relinks only the variants it names.
struct ProductChange {
    nlohmann::json fields = nlohmann::json::object();  ///< product members to set ("variants" never among them)
    std::deque<nlohmann::json> changed;  ///< new values of variants of the product, matched by id
    std::vector<nlohmann::json> added;   ///< variants to append: new ones (id null) or moved ones (with theirs)

    /// The changed copy of `product`'s variant with this id, copied on first use (a deque: the reference
    /// stays good as more are copied); null when the product has no such variant.
    nlohmann::json* variant(const nlohmann::json& product, std::int64_t id);
};

/// Applies `change` to the stored `product`: gives new parts their ids (new inventory items among them),
/// stamps updated_on with `now`, and redoes the links of the variants it names (bundle components, the
/// associated_bundles they are listed in, their inventory items). Returns the stored product.
nlohmann::json& apply_change(Catalog& catalog, ProductsState& state, nlohmann::json& product, ProductChange change,
                             TimePoint now);
/// Stores a new product (its variants new, or moved with their ids) as apply_change() stores a write.
nlohmann::json& add_product(Catalog& catalog, ProductsState& state, nlohmann::json product, TimePoint now);
/// Removes the variants with these ids from their products (stamping those products' updated_on)
/// and returns them, in the order of `ids`, no longer listed by any component. Ids not found are skipped;
/// callers validate first.
std::vector<nlohmann::json> take_variants(Catalog& catalog, const std::vector<std::int64_t>& ids, TimePoint now);
/// Removes the product with this id (which must exist) and the inventory items with these ids.
void remove_product(Catalog& catalog, std::int64_t id, const std::set<std::int64_t>& inventory_ids);

/// Rebuilds Catalog::index and every derived field from the arrays alone: bundle component product_id/
/// variant_name/variant_sku, associated_bundles, and inventory items' is_active/is_bundle/is_digital/
/// is_lot/name/sku. Once, after the seed is loaded; every write after keeps them itself.
void relink_catalog(Catalog& catalog);

/// True when the variant is a bundle (its bundle_definition is not empty).
bool is_bundle(const nlohmann::json& variant);

}  // namespace dockside::refserver
