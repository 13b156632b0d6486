// The products seed. The core loader has already copied `products` and `inventory` into the catalog
// as given; here seeded variants are completed to the documented response shape (so a seed may
// leave defaults out), taxonomies are collected and the id counters start after the seeded ids.

#include <set>

#include "refserver/api/products_handlers.h"
#include "refserver/store/products_catalog.h"

namespace dockside::refserver {
namespace {

using json = nlohmann::json;

std::int64_t int_of(const json& o, const char* key) {
    auto it = o.find(key);
    return it != o.end() && it->is_number_integer() ? it->get<std::int64_t>() : 0;
}

bool valid_taxonomy(const json& t) {
    return t.is_object() && t.value("id", json()).is_number_integer() && t.value("name", json()).is_string() &&
           t.value("parent_id", json()).is_number_integer() && t.value("parent_name", json()).is_string() &&
           t.value("path", json()).is_string();
}

void add_taxonomy(ProductsState& state, const json& t) {
    if (!find_taxonomy(state, int_of(t, "id"))) state.taxonomies.push_back(t);
}

struct SeenIds {
    std::set<std::int64_t> products, variants, metadata;
};

void load_variant(json& v, const std::string& where, const json& product, Catalog& catalog, ProductsState& state,
                  SeenIds& seen, std::vector<std::string>& problems) {
    if (!v.is_object() || !v.value("id", json()).is_number_integer()) {
        problems.push_back(where + " needs an integer id");
        return;
    }
    if (!v.contains("created_on")) v["created_on"] = product["created_on"];
    if (!v.contains("updated_on")) v["updated_on"] = v["created_on"];
    complete_variant(v, catalog, TimePoint{});
    if (!seen.variants.insert(int_of(v, "id")).second) problems.push_back(where + ".id duplicates another variant");
    state.next_variant_id = std::max(state.next_variant_id, int_of(v, "id") + 1);
    for (const auto& child : v["merge_children"]) state.next_variant_id = std::max(state.next_variant_id, int_of(child, "variant_id") + 1);
    for (const auto& m : v["channel_metadata"]) {
        if (!m.value("id", json()).is_number_integer()) problems.push_back(where + ".channel_metadata needs integer ids");
        else if (!seen.metadata.insert(int_of(m, "id")).second) problems.push_back(where + ".channel_metadata id " + m["id"].dump() + " is used twice");
        state.next_metadata_id = std::max(state.next_metadata_id, int_of(m, "id") + 1);
    }
    if (!v["inventory"].is_object()) state.unnumbered_products.insert(int_of(product, "id"));
    else if (!catalog.inventory_item(int_of(v["inventory"], "inventory_id")))
        problems.push_back(where + ".inventory names an inventory item the seed lacks");
}

void load_product(json& p, const std::string& where, Catalog& catalog, ProductsState& state, SeenIds& seen,
                  std::vector<std::string>& problems) {
    if (!p.contains("variants") || !p["variants"].is_array() || !p.value("taxonomy", json()).is_object() ||
        !p.value("created_on", json()).is_string()) {
        problems.push_back(where + " needs a variants array, a taxonomy object and created_on");
        return;
    }
    if (!valid_taxonomy(p["taxonomy"])) problems.push_back(where + ".taxonomy is incomplete");
    else add_taxonomy(state, p["taxonomy"]);
    for (const char* key : {"name", "type", "updated_on"})
        if (!p.contains(key)) p[key] = nullptr;
    if (!p.contains("user_id")) p["user_id"] = state.user_id;
    if (!seen.products.insert(int_of(p, "id")).second) problems.push_back(where + ".id duplicates another product");
    state.next_product_id = std::max(state.next_product_id, int_of(p, "id") + 1);
    for (std::size_t j = 0; j < p["variants"].size(); ++j)
        load_variant(p["variants"][j], where + ".variants[" + std::to_string(j) + "]", p, catalog, state, seen, problems);
}

}  // namespace

std::vector<std::string> load_products_seed(const json& seed, Store& store) {
    std::vector<std::string> problems;
    auto& state = store.areas.get<ProductsState>();
    auto& catalog = store.catalog;
    if (auto a = seed.find("account"); a != seed.end() && a->is_object()) state.user_id = int_of(*a, "user_id");
    if (auto t = seed.find("taxonomies"); t != seed.end()) {
        if (!t->is_array()) problems.push_back("taxonomies must be an array");
        for (std::size_t i = 0; t->is_array() && i < t->size(); ++i) {
            if (valid_taxonomy((*t)[i])) add_taxonomy(state, (*t)[i]);
            else problems.push_back("taxonomies[" + std::to_string(i) + "] needs integer id, parent_id and string name, parent_name, path");
        }
    }
    // Seeded datetimes are kept as written; a variant without dates gets the product's created_on.
    SeenIds seen;
    for (std::size_t i = 0; i < catalog.products.size(); ++i)
        load_product(catalog.products[i], "products[" + std::to_string(i) + "]", catalog, state, seen, problems);
    for (const auto& item : catalog.inventory)
        state.next_inventory_id = std::max(state.next_inventory_id, int_of(item, "inventory_id") + 1);
    relink_catalog(catalog);
    return problems;
}

}  // namespace dockside::refserver
