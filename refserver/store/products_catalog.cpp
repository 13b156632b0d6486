#include "refserver/store/products_catalog.h"

#include <unordered_map>

#include "refserver/core/datetime.h"

namespace dockside::refserver {
namespace {

using json = nlohmann::json;

std::int64_t int_of(const json& object, const char* key, std::int64_t fallback = 0) {
    auto it = object.find(key);
    return it != object.end() && it->is_number_integer() ? it->get<std::int64_t>() : fallback;
}

/// Adds the members of `defaults` that `target` lacks, recursing into objects both have.
void fill_missing(json& target, const json& defaults) {
    for (auto it = defaults.begin(); it != defaults.end(); ++it) {
        auto have = target.find(it.key());
        if (have == target.end()) target[it.key()] = it.value();
        else if (have->is_object() && it.value().is_object()) fill_missing(*have, it.value());
    }
}

json id_name(std::int64_t id, const char* name) { return {{"id", id}, {"name", name}}; }

json new_inventory_item(const json& variant, std::int64_t inventory_id, std::int64_t user_id) {
    const json& dim = variant["dimension"];
    std::string barcode;
    if (!variant["barcodes"].empty()) barcode = variant["barcodes"][0].value("value", "");
    else if (variant["upc"].is_string()) barcode = variant["upc"].get<std::string>();
    return {{"inventory_id", inventory_id},
            {"name", variant["name"].is_string() ? variant["name"].get<std::string>() : ""},
            {"sku", variant["sku"].is_string() ? variant["sku"].get<std::string>() : ""},
            {"barcode", barcode},
            {"user_id", user_id},
            {"is_case", false},
            {"is_lot", false},
            {"dimensions",
             {{"height", dim.value("height", 0.0)},
              {"length", dim.value("length", 0.0)},
              {"width", dim.value("width", 0.0)},
              {"unit", dim.value("unit", "in")},
              {"is_locked", dim.value("is_locked", false)},
              {"validated", false}}},
            {"weight", {{"unit", variant["weight"].value("unit", "oz")}, {"value", variant["weight"].value("weight", 0.0)}}},
            {"variant",
             {{"is_active", true},
              {"is_bundle", false},
              {"is_digital", false},
              {"hazmat", {{"is_hazmat", false}, {"validated", false}}}}}};
}

}  // namespace

json* find_product(Catalog& catalog, std::int64_t id) {
    for (auto& p : catalog.products)
        if (int_of(p, "id", -1) == id) return &p;
    return nullptr;
}

std::optional<VariantSlot> find_variant(Catalog& catalog, std::int64_t id) {
    for (auto& p : catalog.products) {
        auto vs = p.find("variants");
        if (vs == p.end() || !vs->is_array()) continue;
        for (std::size_t i = 0; i < vs->size(); ++i)
            if (int_of((*vs)[i], "id", -1) == id) return VariantSlot{&p, &(*vs)[i], i};
    }
    return std::nullopt;
}

json* find_inventory_item(Catalog& catalog, std::int64_t inventory_id) {
    for (auto& item : catalog.inventory)
        if (int_of(item, "inventory_id", -1) == inventory_id) return &item;
    return nullptr;
}

const json* find_taxonomy(const ProductsState& state, std::int64_t id) {
    for (const auto& t : state.taxonomies)
        if (int_of(t, "id", -1) == id) return &t;
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
                                          ? int_of(variant["inventory"], "inventory_id")
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

void commit_new_ids(json& product, Catalog& catalog, ProductsState& state) {
    for (auto& v : product["variants"]) {
        if (v["id"].is_null()) v["id"] = state.next_variant_id++;
        if (!v["inventory"].is_object()) {
            const std::int64_t inventory_id = state.next_inventory_id++;
            v["inventory"] = {{"inventory_id", inventory_id}, {"on_hand_qty", 0}};
            catalog.inventory.push_back(new_inventory_item(v, inventory_id, state.user_id));
        }
        for (auto& m : v["channel_metadata"])
            if (!m.contains("id") || m["id"].is_null()) m["id"] = state.next_metadata_id++;
    }
}

json& store_product(Catalog& catalog, ProductsState& state, json updated, TimePoint now) {
    commit_new_ids(updated, catalog, state);
    updated["updated_on"] = format_iso8601(now);
    const std::int64_t id = int_of(updated, "id", -1);
    json* slot = find_product(catalog, id);
    if (slot) *slot = std::move(updated);
    else catalog.products.push_back(std::move(updated));
    json& stored = *find_product(catalog, id);
    refresh_catalog_links(catalog, &stored);
    return stored;
}

namespace {

/// Variants and inventory items by id, built once per refresh so that it stays linear in the catalog
/// (a lookup per bundle component and per inventory item made every write quadratic).
struct CatalogIndex {
    struct Slot {
        json* product;
        json* variant;
    };
    std::unordered_map<std::int64_t, Slot> variants;
    std::unordered_map<std::int64_t, json*> inventory;

    explicit CatalogIndex(Catalog& catalog) {
        for (auto& p : catalog.products) {
            auto vs = p.find("variants");
            if (vs == p.end() || !vs->is_array()) continue;
            for (auto& v : *vs) variants.try_emplace(int_of(v, "id", -1), Slot{&p, &v});
        }
        for (auto& item : catalog.inventory) inventory.try_emplace(int_of(item, "inventory_id", -1), &item);
    }
    const Slot* variant(std::int64_t id) const {
        auto it = variants.find(id);
        return it == variants.end() ? nullptr : &it->second;
    }
};

void refresh_bundle_components(Catalog& catalog, const CatalogIndex& index) {
    // Bundle components: names come from the component variant while it exists.
    for (auto& p : catalog.products) {
        for (auto& v : p["variants"]) {
            v["associated_bundles"] = json::array();
            for (auto& c : v["bundle_definition"]) {
                if (const auto* slot = index.variant(int_of(c, "variant_id", -1))) {
                    c["product_id"] = (*slot->product)["id"];
                    c["variant_name"] = (*slot->variant)["name"].is_string() ? (*slot->variant)["name"] : json("");
                    c["variant_sku"] = (*slot->variant)["sku"].is_string() ? (*slot->variant)["sku"] : json("");
                }
            }
        }
    }
    for (const auto& p : catalog.products) {
        for (const auto& bundle : p["variants"]) {
            for (const auto& c : bundle["bundle_definition"]) {
                const auto* slot = index.variant(int_of(c, "variant_id", -1));
                if (!slot) continue;
                (*slot->variant)["associated_bundles"].push_back(
                    {{"product_id", p["id"]},
                     {"product_name", p["name"].is_string() ? p["name"] : json("")},
                     {"quantity", c.value("quantity", 1)},
                     {"variant_id", bundle["id"]},
                     {"variant_sku", bundle["sku"].is_string() ? bundle["sku"] : json("")}});
            }
        }
    }
}

/// An inventory item follows the variant that owns it.
void follow_variant(json& item, const json& v) {
    if (v["name"].is_string()) item["name"] = v["name"];
    if (v["sku"].is_string()) item["sku"] = v["sku"];
    item["is_lot"] = v["lot_information"].value("is_lot", false);
    item["variant"]["is_active"] = v["status"] == "Active";
    item["variant"]["is_bundle"] = is_bundle(v);
    item["variant"]["is_digital"] = v.value("is_digital", false);
}

}  // namespace

void refresh_catalog_links(Catalog& catalog, const json* changed) {
    const CatalogIndex index(catalog);
    refresh_bundle_components(catalog, index);
    // An inventory item's fields depend on its own variant alone, so after one product's write only that
    // product's items can have changed: a write then costs the same however large the catalogue is.
    const auto follow = [&](const json& product) {
        for (const auto& v : product["variants"]) {
            if (!v["inventory"].is_object()) continue;
            auto it = index.inventory.find(int_of(v["inventory"], "inventory_id", -1));
            if (it != index.inventory.end()) follow_variant(*it->second, v);
        }
    };
    if (changed) {
        follow(*changed);
        return;
    }
    for (const auto& p : catalog.products) follow(p);
}

}  // namespace dockside::refserver
