#include "tools/load/operation_bindings.h"

#include "generators/billing_gen.h"
#include "generators/orders_gen.h"
#include "generators/paging_gen.h"
#include "generators/returns_gen.h"

namespace dockside::loadtool {
namespace {

using nlohmann::json;
namespace gens = dockside::generators;

generators::OrderInputs order_inputs(const std::string& prefix) {
    // Lines by reference_id and name (ORD-PRODUCT-NAME): valid on any target, whatever its catalog.
    generators::OrderInputs inputs;
    inputs.reference_prefix = prefix;
    return inputs;
}

std::vector<Binding> make_bindings() {
    std::vector<Binding> b;
    b.push_back({.operation = "createOrder",
                 .body = [](const TargetCatalog&, const std::string& prefix) { return gens::gen_order_create(order_inputs(prefix)); },
                 .sequence_field = "reference_id",
                 .capture_key = "id",
                 .capture_pools = {pools::orders, pools::created_orders}});
    b.push_back({.operation = "listOrders",
                 .query = [] { return gens::gen_order_page_query(); },
                 .query_id_name = "IDs",
                 .query_id_pool = pools::orders,
                 .fallback = "createOrder",
                 .needs = {CatalogNeed::orders}});
    b.push_back({.operation = "getOrder",
                 .path = {{"orderId", pools::orders, false}},
                 .fallback = "createOrder",
                 .needs = {CatalogNeed::orders}});
    b.push_back({.operation = "cancelOrder",
                 .path = {{"orderId", pools::created_orders, true}},
                 .fallback = "createOrder"});
    b.push_back({.operation = "estimateOrder",
                 .body = [](const TargetCatalog&, const std::string& prefix) {
                     return gens::gen_estimate_request(order_inputs(prefix));
                 }});
    b.push_back({.operation = "createReturn",
                 .body =
                     [](const TargetCatalog& catalog, const std::string&) {
                         gens::ReturnInputs inputs;
                         inputs.inventory_ids = catalog.returnable_inventory_ids;
                         inputs.fulfillment_center_id = catalog.fulfillment_center_id;
                         inputs.fulfillment_center_name = catalog.fulfillment_center_name;
                         return gens::gen_return_create(inputs);
                     },
                 // The document does not show requested_action's allowed values (a target may refuse any
                 // it does not know); omitted, the portal's configured action applies (RET-DEFAULT-ACTION).
                 .adjust =
                     [](json& body) {
                         if (body.contains("inventory") && body["inventory"].is_array())
                             for (auto& line : body["inventory"])
                                 if (line.is_object()) line.erase("requested_action");
                     },
                 .capture_key = "id",
                 .capture_pools = {pools::created_returns},
                 .needs = {CatalogNeed::returnable_inventory, CatalogNeed::fulfillment_center}});
    b.push_back({.operation = "listReturns", .query = [] { return gens::gen_return_page_query(); }});
    b.push_back({.operation = "cancelReturn",
                 .path = {{"id", pools::created_returns, true}},
                 .fallback = "createReturn"});
    b.push_back({.operation = "queryTransactions",
                 .body = [](const TargetCatalog&, const std::string&) { return gens::gen_transaction_query(); }});
    b.push_back({.operation = "getReceiving", .path = {{"id", pools::receiving, false}}, .needs = {CatalogNeed::receiving}});
    return b;
}

const std::vector<Binding>& bindings() {
    static const std::vector<Binding> all = make_bindings();
    return all;
}

}  // namespace

const Binding* binding_for(const std::string& operation_id) {
    for (const auto& b : bindings())
        if (b.operation == operation_id) return &b;
    return nullptr;
}

std::vector<std::string> bound_operations() {
    std::vector<std::string> names;
    for (const auto& b : bindings()) names.push_back(b.operation);
    return names;
}

}  // namespace dockside::loadtool
