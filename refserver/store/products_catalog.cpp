#include "refserver/store/products_catalog.h"

#include "refserver/core/datetime.h"

namespace dockside::refserver {
namespace {

using json = nlohmann::json;

/// Adds the members of `defaults` that `target` lacks, recursing into objects both have.
void fill_missing(json& target, const json& defaults) {
    for (auto it = defaults.begin(); it != defaults.end(); ++it) {
        auto have = target.find(it.key());
        if (have == target.end()) target[it.key()] = it.value();
        else if (have->is_object() && it.value().is_object()) fill_missing(*have, it.value());
    }
}

json id_name(std::int64_t id, const char* name) { return {{"id", id}, {"name", name}}; }

}  // namespace

std::int64_t int_member(const json& object, const char* key, std::int64_t fallback) {
    auto it = object.find(key);
    return it != object.end() && it->is_number_integer() ? it->get<std::int64_t>() : fallback;
}

json* find_product(Catalog& catalog, std::int64_t id) {
    auto it = catalog.index.products.find(id);
    return it == catalog.index.products.end() ? nullptr : &catalog.products[it->second];
}

std::optional<VariantSlot> find_variant(Catalog& catalog, std::int64_t id) {
    auto held = catalog.index.variant_products.find(id);
    json* product = held == catalog.index.variant_products.end() ? nullptr : find_product(catalog, held->second);
    if (!product) return std::nullopt;
    json& variants = (*product)["variants"];
    for (std::size_t i = 0; i < variants.size(); ++i)
        if (int_member(variants[i], "id") == id) return VariantSlot{product, &variants[i], i};
    return std::nullopt;
}

const json* stored_variant(const Catalog& catalog, std::int64_t id) {
    // find_variant changes nothing; the cast only lets the reads share the writers' lookup.
    auto slot = find_variant(const_cast<Catalog&>(catalog), id);
    return slot ? slot->variant : nullptr;
}

json* find_inventory_item(Catalog& catalog, std::int64_t inventory_id) {
    auto it = catalog.index.inventory.find(inventory_id);
    return it == catalog.index.inventory.end() ? nullptr : &catalog.inventory[it->second];
}

const json* find_taxonomy(const ProductsState& state, std::int64_t id) {
    for (const auto& t : state.taxonomies)
        if (int_member(t, "id") == id) return &t;
    return nullptr;
}

bool is_bundle(const json& variant) {
    auto it = variant.find("bundle_definition");
    return it != variant.end() && it->is_array() && !it->empty();
}

json default_variant(TimePoint now) {
    const std::string stamp = format_iso8601(now);
    return {{"id", nullptr},
            {"name", nullptr},
            {"sku", nullptr},
            {"gtin", nullptr},
            {"upc", nullptr},
            {"is_digital", false},
            {"weight", {{"unit", "oz"}, {"weight", 0.0}}},
            {"dimension", {{"height", 0.0}, {"length", 0.0}, {"width", 0.0}, {"is_locked", false}, {"source", "Merchant"}, {"unit", "in"}}},
            {"status", "Active"},
            {"additional_hazmat_attributes",
             {{"charge_state_percentage", 0.0},
              {"container_metal", false},
              {"container_type", ""},
              {"lithium_battery_packaging", ""},
              {"lithium_battery_type", ""},
              {"magnet", false},
              {"net_volume", 0.0},
              {"net_weight", 0.0}}},
            {"barcodes", json::array()},
            {"bundle_definition", json::array()},
            {"associated_bundles", json::array()},
            {"channel_metadata", json::array()},
            {"customs",
             {{"country_code_of_origin", ""},
              {"description", ""},
              {"hs_tariff_code", ""},
              {"is321_eligible", false},
              {"value", 0.0},
              {"currency", "USD"}}},
            {"fulfillment_settings",
             {{"dangerous_goods", false},
              {"is_bpm_parcel", false},
              {"is_case_pick", false},
              {"msds_url", ""},
              {"requires_prop65", false},
              {"serial_scan", {{"exact_character_length", 0}, {"is_enabled", false}, {"prefix", ""}, {"suffix", ""}}}}},
            {"lot_information", {{"is_lot", false}, {"minimum_shelf_life_days", 0}}},
            {"packaging_material_type", id_name(0, "Unknown")},
            {"packaging_requirement", id_name(0, "None")},
            {"return_preferences",
             {{"backup_action", id_name(3, "Dispose")},
              {"instructions", ""},
              {"primary_action", id_name(1, "Restock")},
              {"return_to_sender_backup_action", id_name(3, "Dispose")},
              {"return_to_sender_primary_action", id_name(1, "Restock")}}},
            {"inventory", nullptr},
            {"is_image_uploaded", false},
            {"merge_children", json::array()},
            {"reviews_pending", nullptr},
            {"created_on", stamp},
            {"updated_on", stamp}};
}

void complete_variant(json& variant, const Catalog& catalog, TimePoint now) {
    const std::int64_t inventory_id = variant.contains("inventory") && variant["inventory"].is_object()
                                          ? int_member(variant["inventory"], "inventory_id", 0)
                                          : 0;
    if (const json* item = catalog.inventory_item(inventory_id)) {
        if (!variant.contains("lot_information"))
            variant["lot_information"] = {{"is_lot", item->value("is_lot", false)}, {"minimum_shelf_life_days", 0}};
        if (!variant.contains("status") && item->contains("variant"))
            variant["status"] = (*item)["variant"].value("is_active", true) ? "Active" : "Inactive";
    }
    json defaults = default_variant(now);
    defaults.erase("id");
    fill_missing(variant, defaults);
    if (variant["inventory"].is_object()) fill_missing(variant["inventory"], json{{"on_hand_qty", 0}});
}

}  // namespace dockside::refserver
