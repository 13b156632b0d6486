// The catalogue's index and derived fields kept as products and variants are written: a write names the
// variants it changes, adds or takes away, and only their links are redone, so its cost follows what it
// changes, not the size of the catalogue. relink_catalog() recomputes everything, once, after the seed.

#include <algorithm>
#include <numeric>
#include <utility>

#include "refserver/core/datetime.h"
#include "refserver/store/products_catalog.h"

namespace dockside::refserver {
namespace {

using json = nlohmann::json;

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

/// Gives ids to the parts of a variant that have none yet (a new variant, its inventory item, new channel
/// metadata records). Called only once a write has been fully validated, so a rejected write allocates nothing.
void commit_ids(json& v, Catalog& catalog, ProductsState& state) {
    if (v["id"].is_null()) v["id"] = state.next_variant_id++;
    if (!v["inventory"].is_object()) {
        const std::int64_t inventory_id = state.next_inventory_id++;
        v["inventory"] = {{"inventory_id", inventory_id}, {"on_hand_qty", 0}};
        catalog.index.inventory[inventory_id] = catalog.inventory.size();
        catalog.inventory.push_back(new_inventory_item(v, inventory_id, state.user_id));
    }
    for (auto& m : v["channel_metadata"])
        if (!m.contains("id") || m["id"].is_null()) m["id"] = state.next_metadata_id++;
}

/// An inventory item follows the variant that owns it.
void follow(Catalog& catalog, const json& v) {
    if (!v["inventory"].is_object()) return;
    json* item = find_inventory_item(catalog, int_member(v["inventory"], "inventory_id"));
    if (!item) return;
    if (v["name"].is_string()) (*item)["name"] = v["name"];
    if (v["sku"].is_string()) (*item)["sku"] = v["sku"];
    (*item)["is_lot"] = v["lot_information"].value("is_lot", false);
    (*item)["variant"]["is_active"] = v["status"] == "Active";
    (*item)["variant"]["is_bundle"] = is_bundle(v);
    (*item)["variant"]["is_digital"] = v.value("is_digital", false);
}

/// Where a variant stands in the catalogue (its product's position, its own in the product): the order in
/// which a component's associated_bundles lists the bundles holding it.
std::pair<std::size_t, std::size_t> place(Catalog& catalog, std::int64_t variant_id) {
    auto slot = find_variant(catalog, variant_id);
    if (!slot) return {0, 0};
    return {catalog.index.products.at(int_member(*slot->product, "id")), slot->index};
}

/// A bundle component names the variant it holds while that variant exists.
void fill_component(json& component, const VariantSlot& held) {
    const json& v = *held.variant;
    component["product_id"] = (*held.product)["id"];
    component["variant_name"] = v["name"].is_string() ? v["name"] : json("");
    component["variant_sku"] = v["sku"].is_string() ? v["sku"] : json("");
}

/// Takes the bundle's entries out of the associated_bundles of the components `definition` names.
void unlink_bundle(Catalog& catalog, std::int64_t bundle_id, const json& definition) {
    for (const auto& c : definition) {
        auto held = find_variant(catalog, int_member(c, "variant_id"));
        if (!held) continue;
        json& list = (*held->variant)["associated_bundles"];
        list.erase(std::remove_if(list.begin(), list.end(), [&](const json& e) { return int_member(e, "variant_id") == bundle_id; }),
                   list.end());
    }
}

/// Fills the bundle's components and lists the bundle in each component's associated_bundles, in catalogue order.
void link_bundle(Catalog& catalog, const VariantSlot& bundle) {
    const json& product = *bundle.product;
    json& b = *bundle.variant;
    const std::pair<std::size_t, std::size_t> at_bundle{catalog.index.products.at(int_member(product, "id")), bundle.index};
    for (auto& c : b["bundle_definition"]) {
        auto held = find_variant(catalog, int_member(c, "variant_id"));
        if (!held) continue;
        fill_component(c, *held);
        json& list = (*held->variant)["associated_bundles"];
        std::size_t at = list.size();
        while (at > 0 && at_bundle < place(catalog, int_member(list[at - 1], "variant_id"))) --at;
        list.insert(list.begin() + static_cast<std::ptrdiff_t>(at),
                    json{{"product_id", product["id"]},
                         {"product_name", product["name"].is_string() ? product["name"] : json("")},
                         {"quantity", c.value("quantity", 1)},
                         {"variant_id", b["id"]},
                         {"variant_sku", b["sku"].is_string() ? b["sku"] : json("")}});
    }
}

/// The components naming this variant, in the bundles its associated_bundles lists, take its name, sku and product.
void refill_components(Catalog& catalog, const VariantSlot& held) {
    const std::int64_t id = int_member(*held.variant, "id");
    for (const auto& entry : (*held.variant)["associated_bundles"]) {
        auto bundle = find_variant(catalog, int_member(entry, "variant_id"));
        if (!bundle) continue;
        for (auto& c : (*bundle->variant)["bundle_definition"])
            if (int_member(c, "variant_id") == id) fill_component(c, held);
    }
}

std::size_t position_in(const json& variants, std::int64_t id) {
    for (std::size_t i = 0; i < variants.size(); ++i)
        if (int_member(variants[i], "id") == id) return i;
    return variants.size();
}

}  // namespace

json* ProductChange::variant(const json& product, std::int64_t id) {
    for (auto& v : changed)
        if (int_member(v, "id") == id) return &v;
    for (const auto& v : product["variants"])
        if (int_member(v, "id") == id) return &changed.emplace_back(v);
    return nullptr;
}

json& apply_change(Catalog& catalog, ProductsState& state, json& product, ProductChange change, TimePoint now) {
    const std::int64_t product_id = int_member(product, "id");
    json& variants = product["variants"];
    // Bundles whose entries in their components' lists are redone: the changed ones, and every bundle of a renamed
    // product (the entries carry its name). Each is unlinked as it was before the write.
    std::vector<std::pair<std::int64_t, json>> unlinked;
    std::vector<std::size_t> touched, relinked;
    for (auto& v : change.changed) {
        const std::size_t i = position_in(variants, int_member(v, "id"));
        if (is_bundle(variants[i])) unlinked.emplace_back(int_member(v, "id"), variants[i]["bundle_definition"]);
        variants[i] = std::move(v);
        touched.push_back(i);
    }
    if (change.fields.contains("name") && change.fields["name"] != product["name"])
        for (std::size_t i = 0; i < variants.size(); ++i)
            if (is_bundle(variants[i]) && std::find(touched.begin(), touched.end(), i) == touched.end()) {
                unlinked.emplace_back(int_member(variants[i], "id"), variants[i]["bundle_definition"]);
                relinked.push_back(i);
            }
    for (auto& [key, value] : change.fields.items()) product[key] = std::move(value);
    for (auto& v : change.added) {
        variants.push_back(std::move(v));
        touched.push_back(variants.size() - 1);
    }
    std::sort(touched.begin(), touched.end());
    // A seeded variant without an inventory item gets one with the first write to its product, in product order.
    std::vector<std::size_t> numbered = touched;
    if (state.unnumbered_products.erase(product_id) > 0) {
        numbered.resize(variants.size());
        std::iota(numbered.begin(), numbered.end(), std::size_t{0});
    }
    for (auto i : numbered) commit_ids(variants[i], catalog, state);
    for (auto i : touched) catalog.index.variant_products[int_member(variants[i], "id")] = product_id;
    product["updated_on"] = format_iso8601(now);
    for (const auto& [id, definition] : unlinked) unlink_bundle(catalog, id, definition);
    relinked.insert(relinked.end(), touched.begin(), touched.end());
    for (auto i : relinked)
        if (is_bundle(variants[i])) link_bundle(catalog, VariantSlot{&product, &variants[i], i});
    for (auto i : touched) {
        refill_components(catalog, VariantSlot{&product, &variants[i], i});
        follow(catalog, variants[i]);
    }
    return product;
}

json& add_product(Catalog& catalog, ProductsState& state, json product, TimePoint now) {
    ProductChange change;
    for (auto& v : product["variants"]) change.added.push_back(std::move(v));
    product["variants"] = json::array();
    catalog.index.products[int_member(product, "id")] = catalog.products.size();
    catalog.products.push_back(std::move(product));
    return apply_change(catalog, state, catalog.products.back(), std::move(change), now);
}

std::vector<json> take_variants(Catalog& catalog, const std::vector<std::int64_t>& ids, TimePoint now) {
    // Bundles leave their components' lists first, while every component is still where it can be found.
    for (auto id : ids)
        if (auto slot = find_variant(catalog, id); slot && is_bundle(*slot->variant))
            unlink_bundle(catalog, id, (*slot->variant)["bundle_definition"]);
    std::vector<json> taken;
    for (auto id : ids) {
        auto slot = find_variant(catalog, id);
        if (!slot) continue;
        taken.push_back(std::move(*slot->variant));
        auto& list = (*slot->product)["variants"];
        list.erase(list.begin() + static_cast<std::ptrdiff_t>(slot->index));
        (*slot->product)["updated_on"] = format_iso8601(now);
        catalog.index.variant_products.erase(id);
    }
    return taken;
}

void remove_product(Catalog& catalog, std::int64_t id, const std::set<std::int64_t>& inventory_ids) {
    auto& index = catalog.index;
    const std::size_t at = index.products.at(id);
    for (const auto& v : catalog.products[at]["variants"]) {
        if (is_bundle(v)) unlink_bundle(catalog, int_member(v, "id"), v["bundle_definition"]);
        index.variant_products.erase(int_member(v, "id"));
    }
    // Erasing shifts what follows; only those positions are written again.
    catalog.products.erase(at);
    index.products.erase(id);
    for (std::size_t i = at; i < catalog.products.size(); ++i) index.products[int_member(catalog.products[i], "id")] = i;
    auto& items = catalog.inventory;
    std::size_t first = items.size();
    for (auto inventory_id : inventory_ids)
        if (auto it = index.inventory.find(inventory_id); it != index.inventory.end()) first = std::min(first, it->second);
    if (first == items.size()) return;
    items.erase(std::remove_if(items.begin() + static_cast<std::ptrdiff_t>(first), items.end(),
                               [&](const json& item) { return inventory_ids.count(int_member(item, "inventory_id")) > 0; }),
                items.end());
    for (auto inventory_id : inventory_ids) index.inventory.erase(inventory_id);
    for (std::size_t i = first; i < items.size(); ++i) index.inventory[int_member(items[i], "inventory_id")] = i;
}

void relink_catalog(Catalog& catalog) {
    auto& index = catalog.index;
    index = CatalogIndex{};
    for (std::size_t i = 0; i < catalog.products.size(); ++i) {
        json& p = catalog.products[i];
        index.products.try_emplace(int_member(p, "id"), i);
        for (auto& v : p["variants"]) {
            index.variant_products.try_emplace(int_member(v, "id"), int_member(p, "id"));
            v["associated_bundles"] = json::array();
        }
    }
    for (std::size_t i = 0; i < catalog.inventory.size(); ++i) index.inventory.try_emplace(int_member(catalog.inventory[i], "inventory_id"), i);
    for (auto& p : catalog.products) {
        json& variants = p["variants"];
        for (std::size_t i = 0; i < variants.size(); ++i)
            if (is_bundle(variants[i])) link_bundle(catalog, VariantSlot{&p, &variants[i], i});
    }
    for (const auto& p : catalog.products)
        for (const auto& v : p["variants"]) follow(catalog, v);
}

}  // namespace dockside::refserver
