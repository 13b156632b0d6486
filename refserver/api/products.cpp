// The products area: list (GET /product), patch (PRD-PATCH-MERGE), delete (PRD-DELETE), the variants
// list, moving variants between products, and the seed of products, variants and taxonomies.
// Shapes the document does not show are documented in refserver/README.md ("Products, inventory,
// locations, receiving").

#include <algorithm>
#include <set>

#include "core/text.h"
#include "refserver/api/products_handlers.h"
#include "refserver/api/products_paging.h"
#include "refserver/api/variants_model.h"
#include "refserver/core/area.h"
#include "refserver/core/context.h"
#include "refserver/core/datetime.h"
#include "refserver/core/limits.h"

namespace dockside::refserver {
namespace {

using json = nlohmann::json;

/// Product type_id codes of the patch body (not shown by the document).
const std::vector<std::pair<std::int64_t, const char*>> kProductTypes = {{1, "Regular"}, {2, "Bundle"}, {3, "Digital"}};

template <class Pred>
bool any_variant(const json& product, Pred pred) {
    return std::any_of(product["variants"].begin(), product["variants"].end(), pred);
}

bool any_metadata(const json& product, const std::function<bool(const json&)>& pred) {
    return any_variant(product, [&](const json& v) {
        return std::any_of(v["channel_metadata"].begin(), v["channel_metadata"].end(), pred);
    });
}

bool in_list(const std::vector<std::string>& list, const json& value) {
    if (!value.is_string()) return false;
    const std::string v = ascii_lower(value.get<std::string>());
    return std::any_of(list.begin(), list.end(), [&](const std::string& s) { return ascii_lower(s) == v; });
}

/// The filters of GET /product; each absent filter selects everything.
struct ProductFilter {
    std::optional<std::vector<std::string>> barcodes, seller_skus;
    std::optional<std::vector<std::int64_t>> taxonomy_ids;
    std::optional<bool> sync_enabled, reviews_pending;

    bool selects(const json& p) const {
        if (taxonomy_ids && std::find(taxonomy_ids->begin(), taxonomy_ids->end(), p["taxonomy"].value("id", std::int64_t{-1})) ==
                                taxonomy_ids->end())
            return false;
        if (barcodes && !any_variant(p, [&](const json& v) {
                return std::any_of(v["barcodes"].begin(), v["barcodes"].end(),
                                   [&](const json& b) { return in_list(*barcodes, b["value"]); });
            }))
            return false;
        if (seller_skus && !any_variant(p, [&](const json& v) { return in_list(*seller_skus, v["sku"]); }) &&
            !any_metadata(p, [&](const json& m) { return in_list(*seller_skus, m["seller_sku"]); }))
            return false;
        if (sync_enabled &&
            any_metadata(p, [](const json& m) { return m.value("is_inventory_sync_enabled", false); }) != *sync_enabled)
            return false;
        if (reviews_pending &&
            any_variant(p, [](const json& v) { return v["reviews_pending"].is_array() && !v["reviews_pending"].empty(); }) !=
                *reviews_pending)
            return false;
        return true;
    }
};

json sort_key(const json& p, const std::string& by) {
    if (by == "Name") return p["name"].is_string() ? json(ascii_lower(p["name"].get<std::string>())) : json("");
    if (by == "CreatedOn") return p["created_on"];
    if (by == "UpdatedOn") return p["updated_on"].is_string() ? p["updated_on"] : json("");
    return p["id"];
}

Reply list_products(RequestContext& ctx) {
    QueryReader q(ctx.query);
    ProductFilter f;
    f.barcodes = q.string_list("Barcodes");
    f.seller_skus = q.string_list("SellerSKU");
    f.taxonomy_ids = q.int_list("TaxonomyIds", 0, INT64_MAX);
    f.sync_enabled = q.boolean("IsInventorySyncEnabled");
    f.reviews_pending = q.boolean("ReviewsPending");
    const std::string by = q.one_of("SortBy", {"Id", "Name", "CreatedOn", "UpdatedOn"}).value_or("Id");
    const bool descending = q.one_of("SortOrder", {"Ascending", "Descending"}).value_or("Ascending") == "Descending";
    const PageRequest page = read_page_request(q, "ERR-4XX");
    if (q.error()) return fail(*q.error());

    // Sort keys computed once per product, not twice per comparison: a page costs one pass over the catalog.
    struct Keyed {
        const json* product;
        json key;
        json id;
    };
    std::vector<Keyed> selected;
    for (const auto& p : ctx.store.catalog.products)
        if (f.selects(p)) selected.push_back({&p, sort_key(p, by), p["id"]});
    std::stable_sort(selected.begin(), selected.end(), [&](const Keyed& a, const Keyed& b) {
        if (a.key == b.key) return a.id < b.id;
        return descending ? b.key < a.key : a.key < b.key;
    });
    json items = json::array();
    for (std::size_t i = page.offset; i < selected.size() && i < page.offset + page.size; ++i)
        items.push_back(product_response(*selected[i].product, ctx.faults));
    json links = page_links(ctx, selected.size(), page);
    return json_response(200, {{"items", items}, {"next", links["next"]}, {"prev", links["prev"]}});
}

Result<json*, ApiError> product_of(RequestContext& ctx) {
    const std::int64_t id = ctx.path.integer("productId");
    json* p = find_product(ctx.store.catalog, id);
    if (!p) return fail(not_found("no product with id " + std::to_string(id), "productId"));
    return p;
}

/// The product-level fields of a patch body (id, name, taxonomy_id, type_id).
void apply_product_fields(BodyReader& r, const json& body, json& product, const ProductsState& state,
                          const RequestContext& ctx) {
    if (auto id = r.int64("id", Need::Optional); id && *id != product["id"].get<std::int64_t>())
        r.fail(validation_error("id", "id must equal the productId of the path", "PRD-PATCH-MERGE"));
    if (body.contains("name") && body["name"].is_null()) product["name"] = nullptr;
    else if (auto name = r.string("name", Need::Optional)) product["name"] = *name;
    else if (ctx.faults.on(Fault::ProductPatchReplacesUnsupplied)) product["name"] = nullptr;
    if (auto t = r.int64("taxonomy_id", Need::Optional)) {
        if (const json* tax = find_taxonomy(state, *t)) product["taxonomy"] = *tax;
        else r.fail(validation_error("taxonomy_id", "no taxonomy with id " + std::to_string(*t)));
    }
    if (auto t = r.int64("type_id", Need::Optional)) {
        auto it = std::find_if(kProductTypes.begin(), kProductTypes.end(), [&](const auto& row) { return row.first == *t; });
        if (it != kProductTypes.end()) product["type"] = it->second;
        else r.fail(validation_error("type_id", "type_id must be 1 (Regular), 2 (Bundle) or 3 (Digital)"));
    }
}

Reply patch_product(RequestContext& ctx) {
    auto stored = product_of(ctx);
    if (!stored) return fail(stored.error());
    auto body = parse_json_body(ctx.request);
    if (!body) return fail(body.error());
    auto& state = ctx.store.areas.get<ProductsState>();
    const TimePoint now = ctx.clock.now();
    BodyReader r(*body, "", "PRD-PATCH-MERGE");
    ProductChange change;
    for (const auto& [key, value] : (*stored)->items())
        if (key != "variants") change.fields[key] = value;
    if (body->is_object()) apply_product_fields(r, *body, change.fields, state, ctx);
    const json* variants = r.array("variants", Need::Optional);
    // Each new variant costs a full variant record; the cap keeps one request's work bounded.
    if (variants && variants->size() > kMaxItemsPerWrite)
        r.fail(validation_error("variants", "at most " + std::to_string(kMaxItemsPerWrite) + " variants per request",
                                "NS-REQUEST-LIMITS"));
    for (std::size_t i = 0; variants && i < variants->size() && !r.error(); ++i) {
        const json& entry = (*variants)[i];
        const std::string name = "variants[" + std::to_string(i) + "]";
        BodyReader v = r.nested(entry, name);
        if (auto id = v.int64("id", Need::Optional)) {
            json* variant = change.variant(**stored, *id);
            if (!variant) {
                r.fail(validation_error(name + ".id", "product " + (**stored)["id"].dump() + " has no variant " + std::to_string(*id),
                                        "PRD-PATCH-MERGE"));
                break;
            }
            apply_variant_request(r, entry, name, *variant, VariantWrite::Patch, ctx.store, ctx.faults, now);
        } else if (!r.error()) {
            json fresh = default_variant(now);
            apply_variant_request(r, entry, name, fresh, VariantWrite::Patch, ctx.store, ctx.faults, now);
            change.added.push_back(std::move(fresh));
        }
    }
    if (r.error()) return fail(*r.error());
    return product_reply(200, apply_change(ctx.store.catalog, state, **stored, std::move(change), now), ctx.faults);
}

Reply delete_product(RequestContext& ctx) {
    auto stored = product_of(ctx);
    if (!stored) return fail(stored.error());
    http::Response answer = product_reply(200, **stored, ctx.faults);
    if (ctx.faults.on(Fault::ProductDeleteStillListed)) return answer;
    // Goods still in the warehouse keep their inventory items, inactive; an item holding nothing goes with its
    // product, so a catalog that clients fill and empty all day does not grow the inventory without end.
    std::set<std::int64_t> emptied;
    auto& merged_away = ctx.store.areas.get<ProductsState>().emptied_by_merge;
    for (const auto& v : (**stored)["variants"]) {
        for (const auto& child : v.value("merge_children", json::array()))
            if (merged_away.erase(child.value("inventory_id", std::int64_t{-1})) > 0) emptied.insert(child["inventory_id"].get<std::int64_t>());
        if (!v["inventory"].is_object()) continue;
        const std::int64_t inventory_id = v["inventory"].value("inventory_id", std::int64_t{-1});
        if (v["inventory"].value("on_hand_qty", std::int64_t{0}) <= 0) emptied.insert(inventory_id);
        else if (json* item = find_inventory_item(ctx.store.catalog, inventory_id)) (*item)["variant"]["is_active"] = false;
    }
    remove_product(ctx.store.catalog, (**stored)["id"].get<std::int64_t>(), emptied);
    return answer;
}

Reply list_variants(RequestContext& ctx) {
    auto stored = product_of(ctx);
    if (!stored) return fail(stored.error());
    json out = json::array();
    for (const auto& v : (**stored)["variants"]) out.push_back(variant_response(v, ctx.faults));
    return json_response(200, out);
}

/// Reads {variant_ids: [int64, 1..kMaxItemsPerWrite]}: every id an existing variant, none twice.
Result<std::vector<std::int64_t>, ApiError> read_variant_ids(const json& body, Catalog& catalog) {
    BodyReader r(body, "", "ERR-4XX");
    const json* list = r.array("variant_ids", Need::Required, 1);
    std::vector<std::int64_t> ids;
    if (list && list->size() > kMaxItemsPerWrite)
        r.fail(validation_error("variant_ids", "at most " + std::to_string(kMaxItemsPerWrite) + " variant ids per call"));
    for (std::size_t i = 0; list && i < list->size() && !r.error(); ++i) {
        const std::string field = "variant_ids[" + std::to_string(i) + "]";
        const json& v = (*list)[i];
        if (!v.is_number_integer()) r.fail(validation_error(field, field + " must be an int64 variant id", "CONV-TYPES"));
        else if (!find_variant(catalog, v.get<std::int64_t>()))
            r.fail(validation_error(field, "no variant with id " + v.dump()));
        else if (std::find(ids.begin(), ids.end(), v.get<std::int64_t>()) != ids.end())
            r.fail(validation_error(field, "variant " + v.dump() + " is listed twice"));
        else ids.push_back(v.get<std::int64_t>());
    }
    if (r.error()) return fail(*r.error());
    return ids;
}

Reply move_variants(RequestContext& ctx) {
    auto body = parse_json_body(ctx.request);
    if (!body) return fail(body.error());
    auto ids = read_variant_ids(*body, ctx.store.catalog);
    if (!ids) return fail(ids.error());
    BodyReader r(*body, "", "ERR-4XX");
    auto name = r.string("name", Need::Optional, {1, kMaxNameChars, "NS-REQUEST-LIMITS"});
    if (r.error()) return fail(*r.error());
    auto& state = ctx.store.areas.get<ProductsState>();
    const TimePoint now = ctx.clock.now();
    const json& source = *find_variant(ctx.store.catalog, ids->front())->product;
    json product = {{"id", state.next_product_id++},
                    {"name", name ? json(*name) : source["name"]},
                    {"type", source["type"]},
                    {"user_id", state.user_id},
                    {"created_on", format_iso8601(now)},
                    {"updated_on", nullptr},
                    {"taxonomy", source["taxonomy"]}};
    product["variants"] = take_variants(ctx.store.catalog, *ids, now);
    return product_reply(200, add_product(ctx.store.catalog, state, std::move(product), now), ctx.faults);
}

Reply merge_into_product(RequestContext& ctx) {
    auto stored = product_of(ctx);
    if (!stored) return fail(stored.error());
    auto body = parse_json_body(ctx.request);
    if (!body) return fail(body.error());
    auto ids = read_variant_ids(*body, ctx.store.catalog);
    if (!ids) return fail(ids.error());
    for (std::size_t i = 0; i < ids->size(); ++i)
        if (find_variant(ctx.store.catalog, (*ids)[i])->product == *stored)
            return fail(validation_error("variant_ids[" + std::to_string(i) + "]",
                                         "variant " + std::to_string((*ids)[i]) + " is already in this product"));
    ProductChange change;
    change.added = take_variants(ctx.store.catalog, *ids, ctx.clock.now());
    json& saved = apply_change(ctx.store.catalog, ctx.store.areas.get<ProductsState>(), **stored, std::move(change), ctx.clock.now());
    return product_reply(200, saved, ctx.faults);
}

void bind_products(HandlerTable& table, const FaultSet&) {
    table.bind_reads({{"listProducts", list_products}, {"listVariants", list_variants}});
    table.bind_writes({{"patchProduct", patch_product}, {"deleteProduct", delete_product},
                       {"moveVariants", move_variants}, {"mergeIntoProduct", merge_into_product}});
}

}  // namespace

Area products_area() { return {"products", bind_products, load_products_seed}; }

}  // namespace dockside::refserver
