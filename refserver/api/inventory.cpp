// GET /2025-07/inventory (INV-LIST): {first, last, next, prev, items}. The string parameters follow
// NS-INV-STRING-PARAMS (specs/rules.yaml): InventoryIds a comma-separated id list, SearchBy a
// case-insensitive substring of name or sku, SortBy inventory_id | name | sku (a leading '-' sorts
// descending), FilterOperations accepted and not interpreted.

#include <algorithm>

#include "core/text.h"
#include "refserver/api/products_paging.h"
#include "refserver/core/area.h"
#include "refserver/core/context.h"

namespace dockside::refserver {
namespace {

using json = nlohmann::json;

bool contains_text(const json& item, const std::string& needle) {
    for (const char* key : {"name", "sku"})
        if (item.value(key, json()).is_string() && ascii_lower(item[key].get<std::string>()).find(needle) != std::string::npos)
            return true;
    return false;
}

Reply list_inventory(RequestContext& ctx) {
    QueryReader q(ctx.query);
    auto is_active = q.boolean("IsActive", "INV-LIST");
    auto is_digital = q.boolean("IsDigital", "INV-LIST");
    auto ids = q.int_list("InventoryIds", 0, INT64_MAX, "INV-LIST");
    auto search = q.string("SearchBy");
    q.string("FilterOperations");  // accepted, not interpreted (NS-INV-STRING-PARAMS)
    std::string sort = q.string("SortBy").value_or("inventory_id");
    const PageRequest page = read_page_request(q, "INV-LIST");
    if (q.error()) return fail(*q.error());
    const bool descending = !sort.empty() && sort.front() == '-';
    if (descending) sort.erase(0, 1);
    sort = ascii_lower(sort);
    if (sort != "inventory_id" && sort != "name" && sort != "sku")
        return fail(validation_error("SortBy", "SortBy must be inventory_id, name or sku (optionally prefixed with '-')"));
    if (ctx.faults.on(Fault::InventoryIsDigitalIgnored)) is_digital.reset();
    const std::string needle = ascii_lower(search.value_or(""));

    // Each selected item with its sort key, computed once: the comparisons then cost no JSON copies, so a
    // page costs a pass over the catalog, not a pass times log n allocations.
    struct Keyed {
        const json* item;
        std::int64_t id;
        std::string text;  ///< lower-cased name or sku when sorting by one
    };
    std::vector<Keyed> selected;
    const bool by_id = sort == "inventory_id";
    for (const auto& item : ctx.store.catalog.inventory) {
        const json& v = item["variant"];
        if (is_active && v.value("is_active", false) != *is_active) continue;
        if (is_digital && v.value("is_digital", false) != *is_digital) continue;
        const std::int64_t id = item.value("inventory_id", std::int64_t{-1});
        if (ids && std::find(ids->begin(), ids->end(), id) == ids->end()) continue;
        if (!needle.empty() && !contains_text(item, needle)) continue;
        selected.push_back({&item, id, by_id ? std::string() : ascii_lower(item.value(sort, ""))});
    }
    std::stable_sort(selected.begin(), selected.end(), [&](const Keyed& a, const Keyed& b) {
        const bool less = by_id ? a.id < b.id : a.text < b.text;
        const bool greater = by_id ? b.id < a.id : b.text < a.text;
        return descending ? greater : less;
    });
    json items = json::array();
    for (std::size_t i = page.offset; i < selected.size() && i < page.offset + page.size; ++i) items.push_back(*selected[i].item);
    json out = page_links(ctx, selected.size(), page);
    out["items"] = std::move(items);
    return json_response(200, out);
}

void bind_inventory(HandlerTable& table, const FaultSet&) { table.bind("listInventory", list_inventory, StoreLock::Shared); }

}  // namespace

Area inventory_area() { return {"inventory", bind_inventory, nullptr}; }

}  // namespace dockside::refserver
