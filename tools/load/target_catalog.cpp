#include "tools/load/target_catalog.h"

#include <nlohmann/json.hpp>

#include "generators/known_values.h"

namespace dockside::loadtool {
namespace {

using nlohmann::json;

/// GET of a list operation (by id, path from the spec) with a query; the parsed body or an error.
Result<json, std::string> list(const load::TargetAccess& access, const spec::Spec& spec, const std::string& operation_id,
                               const std::string& query) {
    const spec::Operation* op = spec.find(operation_id);
    if (!op) return fail("the contract has no operation " + operation_id);
    http::HttpClient client(access.base, access.client);
    http::Request request;
    request.method = op->method;
    request.target = op->path_template + (query.empty() ? "" : "?" + query);
    request.headers.set("Accept", "application/json");
    if (!access.token.empty()) request.headers.set("Authorization", "Bearer " + access.token);
    auto response = client.send(request);
    const std::string what = operation_id + " (" + op->method + " " + request.target + ")";
    if (!response) return fail("listing " + what + " failed: " + http::to_string(response.error()));
    if (response->status != 200)
        return fail("listing " + what + " answered HTTP " + std::to_string(response->status));
    auto body = json::parse(response->body, nullptr, false);
    if (body.is_discarded()) return fail("listing " + what + " answered a body that is not JSON");
    return body;
}

/// The items of a list answer: the array itself, or its `items`.
const json& items_of(const json& body) {
    static const json empty = json::array();
    if (body.is_array()) return body;
    if (body.is_object() && body.contains("items") && body["items"].is_array()) return body["items"];
    return empty;
}

/// The integer `key` of every item; items whose `key` is something else are counted in a note, since the
/// operations that would read them by id are then sent as their fallback instead.
std::vector<std::int64_t> ids_of(const json& items, const char* key, const std::string& what,
                                 std::vector<std::string>& notes) {
    std::vector<std::int64_t> out;
    for (const auto& item : items)
        if (item.is_object() && item.contains(key) && item[key].is_number_integer())
            out.push_back(item[key].get<std::int64_t>());
    if (const auto unusable = items.size() - out.size(); unusable > 0)
        notes.push_back(what + ": " + std::to_string(unusable) + " of the " + std::to_string(items.size()) +
                        " listed have no integer `" + key + "`, so they cannot be used");
    return out;
}

}  // namespace

Result<TargetCatalog, std::string> read_catalog(const load::TargetAccess& access, const spec::Spec& spec,
                                                const std::set<CatalogNeed>& needs) {
    TargetCatalog catalog;
    if (needs.count(CatalogNeed::orders)) {
        auto body = list(access, spec, "listOrders", "Limit=250");
        if (!body) return fail(body.error());
        catalog.order_ids = ids_of(items_of(*body), "id", "listOrders", catalog.notes);
    }
    if (needs.count(CatalogNeed::receiving)) {
        auto body = list(access, spec, "listReceiving", "Limit=250");
        if (!body) return fail(body.error());
        catalog.receiving_ids = ids_of(items_of(*body), "id", "listReceiving", catalog.notes);
    }
    if (needs.count(CatalogNeed::returnable_inventory)) {
        auto body = list(access, spec, "listInventory", "PageSize=1000");
        if (!body) return fail(body.error());
        catalog.returnable_inventory_ids = generators::listed_ids_for(spec, "createReturn", "listInventory", *body);
        if (catalog.returnable_inventory_ids.empty())
            return fail(std::string("createReturn needs an active, physical inventory item; GET /inventory lists none"));
    }
    if (needs.count(CatalogNeed::fulfillment_center)) {
        auto body = list(access, spec, "listFulfillmentCenters", "");
        if (!body) return fail(body.error());
        for (const auto& fc : items_of(*body))
            if (fc.is_object() && fc.contains("id") && fc["id"].is_number_integer()) {
                catalog.fulfillment_center_id = fc["id"].get<std::int64_t>();
                catalog.fulfillment_center_name = fc.value("name", "");
                break;
            }
    }
    return catalog;
}

}  // namespace dockside::loadtool
