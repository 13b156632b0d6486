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

/// The integer `key` of every item; items whose `key` is something else are counted in a note, since the
/// operations that would read them by id are then sent as their fallback instead.
std::vector<std::int64_t> ids_of(const std::vector<json>& items, const char* key, const std::string& what,
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
    std::string failed;  // the first listing that failed, and how
    generators::TargetHoldings holdings(spec, [&](const std::string& operation) -> std::optional<json> {
        // One page holding all: the most GET /order serves, and a catalogue size its range does not bound.
        const std::string query = operation == "listInventory" ? "PageSize=1000" : operation == "listFulfillmentCenters" ? "" : "Limit=250";
        auto body = list(access, spec, operation, query);
        if (body) return *body;
        if (failed.empty()) failed = body.error();
        return std::nullopt;
    });
    TargetCatalog catalog;
    if (needs.count(CatalogNeed::orders))
        catalog.order_ids = ids_of(holdings.items("listOrders"), "id", "listOrders", catalog.notes);
    if (needs.count(CatalogNeed::receiving))
        catalog.receiving_ids = ids_of(holdings.items("listReceiving"), "id", "listReceiving", catalog.notes);
    if (needs.count(CatalogNeed::returnable_inventory)) {
        catalog.returnable_inventory_ids = holdings.ids_for("createReturn", "listInventory");
        if (failed.empty() && catalog.returnable_inventory_ids.empty())
            return fail(std::string("createReturn needs an active, physical inventory item; GET /inventory lists none"));
    }
    if (needs.count(CatalogNeed::fulfillment_center))
        for (const auto& fc : holdings.items("listFulfillmentCenters"))
            if (fc.is_object() && fc.contains("id") && fc["id"].is_number_integer()) {
                catalog.fulfillment_center_id = fc["id"].get<std::int64_t>();
                catalog.fulfillment_center_name = fc.value("name", "");
                break;
            }
    if (!failed.empty()) return fail(failed);
    return catalog;
}

}  // namespace dockside::loadtool
