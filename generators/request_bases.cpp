#include "generators/request_bases.h"

#include "generators/billing_gen.h"
#include "generators/orders_gen.h"
#include "generators/paging_gen.h"
#include "generators/products_gen.h"
#include "generators/returns_gen.h"
#include "generators/webhooks_gen.h"

namespace dockside::generators {

namespace {

using checks::ProbeRequest;
using checks::SetupRequest;
using nlohmann::json;

rc::Gen<ProbeRequest> query_request(std::string operation, rc::Gen<json> query) {
    return rc::gen::map(std::move(query), [operation](json q) {
        ProbeRequest r;
        r.operation = operation;
        r.query = std::move(q);
        return r;
    });
}

rc::Gen<ProbeRequest> body_request(std::string operation, rc::Gen<json> body, std::map<std::string, std::string> path = {}) {
    return rc::gen::map(std::move(body), [operation, path](json b) {
        ProbeRequest r;
        r.operation = operation;
        r.path = path;
        r.body = std::move(b);
        return r;
    });
}

/// A fresh order first (ids bound from its answer), then `operation` on it.
rc::Gen<ProbeRequest> on_fresh_order(std::string operation, const TargetInputs& inputs,
                                     std::map<std::string, std::string> bind, std::optional<json> body = std::nullopt) {
    return rc::gen::map(gen_order_create(inputs.orders), [operation, bind, body](json order) {
        ProbeRequest r;
        r.operation = operation;
        r.body = body;
        r.setup.push_back(SetupRequest{"createOrder", {}, json::object(), std::move(order), bind});
        return r;
    });
}

Result<rc::Gen<ProbeRequest>, std::string> need(bool present, const std::string& what, rc::Gen<ProbeRequest> gen) {
    if (!present) return fail("the target lists no " + what);
    return gen;
}

std::string id_text(std::int64_t id) { return std::to_string(id); }

/// Parameterless reads and reads of a resource the target lists.
void add_reads(std::map<std::string, Base>& t) {
    for (const char* op : {"listReceiving", "listLocations", "listInventory", "listInvoices", "listTransactionFees",
                           "listProducts", "listShippingMethods", "listFulfillmentCenters"})
        t[op] = [op](const TargetInputs&) { return query_request(op, rc::gen::just(json::object())); };
    t["listChannels"] = [](const TargetInputs&) { return query_request("listChannels", gen_records_page_query()); };
    t["listWebhooks"] = [](const TargetInputs&) { return query_request("listWebhooks", gen_records_page_query()); };
    t["listOrders"] = [](const TargetInputs& in) {
        return query_request("listOrders", rc::gen::map(gen_list_orders_query(), [since = in.orders_since](json q) {
                                 if (!since.empty() && !q.contains("StartDate") && !q.contains("EndDate")) q["StartDate"] = since;
                                 return q;
                             }));
    };
    t["listReturns"] = [](const TargetInputs&) { return query_request("listReturns", gen_list_returns_query()); };
    t["listInvoiceTransactions"] = [](const TargetInputs& in) {
        auto gen = rc::gen::map(gen_invoice_transactions_query(), [id = in.invoice_id](json q) {
            ProbeRequest r;
            r.operation = "listInvoiceTransactions";
            r.path = {{"invoiceId", id_text(id)}};
            r.query = std::move(q);
            return r;
        });
        return need(in.invoice_id != 0, "invoice", gen);
    };
    t["getReceiving"] = [](const TargetInputs& in) {
        ProbeRequest r;
        r.operation = "getReceiving";
        r.path = {{"id", id_text(in.receiving_id)}};
        return need(in.receiving_id != 0, "receiving order", rc::gen::just(r));
    };
}

/// Writes whose body the generators draw.
void add_writes(std::map<std::string, Base>& t) {
    t["createOrder"] = [](const TargetInputs& in) { return body_request("createOrder", gen_order_create(in.orders)); };
    t["estimateOrder"] = [](const TargetInputs& in) { return body_request("estimateOrder", gen_estimate_request(in.orders)); };
    t["createWebhook"] = [](const TargetInputs&) {
        return rc::gen::map(body_request("createWebhook", gen_webhook_create()), [](ProbeRequest r) {
            r.undo = SetupRequest{"deleteWebhook", {}, json::object(), std::nullopt, {{"id", "/id"}}};
            return r;
        });
    };
    t["queryTransactions"] = [](const TargetInputs&) { return body_request("queryTransactions", gen_transaction_query()); };
    t["createReturn"] = [](const TargetInputs& in) {
        return need(!in.returns.inventory_ids.empty(), "returnable inventory item",
                    body_request("createReturn", gen_return_create(in.returns)));
    };
}

/// Operations on the product of the run's own making (seeded products are never changed).
void add_product_operations(std::map<std::string, Base>& t) {
    auto on_product = [](const char* op, std::function<rc::Gen<json>(const TargetInputs&)> body) -> Base {
        return [op, body](const TargetInputs& in) -> Result<rc::Gen<ProbeRequest>, std::string> {
            if (in.product_id == 0 || in.products.variant_ids.empty()) return fail(std::string("the target lists no product with variants"));
            return body_request(op, body(in), {{"productId", id_text(in.product_id)}});
        };
    };
    t["updateVariants"] = on_product("updateVariants", [](const TargetInputs& in) { return gen_variant_batch_update(in.products); });
    t["createVariants"] = on_product("createVariants", [](const TargetInputs&) { return gen_variant_create(); });
    t["patchProduct"] = on_product("patchProduct", [](const TargetInputs& in) { return gen_product_patch(in.products); });
    t["listVariants"] = [](const TargetInputs& in) {
        ProbeRequest r;
        r.operation = "listVariants";
        r.path = {{"productId", id_text(in.product_id)}};
        return need(in.product_id != 0, "product", rc::gen::just(r));
    };
    t["addChannelMetadata"] = [](const TargetInputs& in) -> Result<rc::Gen<ProbeRequest>, std::string> {
        if (in.products.variant_ids.empty()) return fail(std::string("the target lists no product with variants"));
        return body_request("addChannelMetadata", gen_channel_metadata(in.products),
                            {{"variantId", id_text(in.products.variant_ids.front())}});
    };
}

/// Operations on a resource created first for the request alone.
void add_on_fresh_resources(std::map<std::string, Base>& t) {
    t["getOrder"] = [](const TargetInputs& in) { return on_fresh_order("getOrder", in, {{"orderId", "/id"}}); };
    t["cancelOrder"] = [](const TargetInputs& in) { return on_fresh_order("cancelOrder", in, {{"orderId", "/id"}}); };
    t["getStoreOrderJson"] = [](const TargetInputs& in) { return on_fresh_order("getStoreOrderJson", in, {{"orderId", "/id"}}); };
    t["getOrderShipment"] = [](const TargetInputs& in) {
        return on_fresh_order("getOrderShipment", in, {{"orderId", "/id"}, {"shipmentId", "/shipments/0/id"}});
    };
    t["deleteWebhook"] = [](const TargetInputs&) {
        return rc::gen::map(gen_webhook_create(), [](json hook) {
            ProbeRequest r;
            r.operation = "deleteWebhook";
            r.setup.push_back(SetupRequest{"createWebhook", {}, json::object(), std::move(hook), {{"id", "/id"}}});
            return r;
        });
    };
}

/// Operations whose body the document does not show (NS-OTHER-OPS-SHAPES): `{}` on resources of the
/// harness's own making only reaches them (served checks); no success status is ever demanded.
void add_unshown_bodies(std::map<std::string, Base>& t) {
    for (const char* op : {"moveVariants", "setReceivingExternalSync", "batchCancelShipments", "batchUpdateTrackingUpload"})
        t[op] = [op](const TargetInputs&) { return body_request(op, rc::gen::just(json::object())); };
    t["postStoreOrderJson"] = [](const TargetInputs& in) {
        return on_fresh_order("postStoreOrderJson", in, {{"orderId", "/id"}}, json::object());
    };
    t["cancelOrderShipment"] = [](const TargetInputs& in) {
        return on_fresh_order("cancelOrderShipment", in, {{"orderId", "/id"}, {"shipmentId", "/shipments/0/id"}}, json::object());
    };
    t["cancelShipment"] = [](const TargetInputs& in) {
        return on_fresh_order("cancelShipment", in, {{"shipmentId", "/shipments/0/id"}}, json::object());
    };
    t["cancelReturn"] = [](const TargetInputs& in) -> Result<rc::Gen<ProbeRequest>, std::string> {
        if (in.returns.inventory_ids.empty()) return fail(std::string("the target lists no returnable inventory item"));
        return rc::gen::map(gen_return_create(in.returns), [](json created) {
            ProbeRequest r;
            r.operation = "cancelReturn";
            r.body = json::object();
            r.setup.push_back(SetupRequest{"createReturn", {}, json::object(), std::move(created), {{"id", "/id"}}});
            return r;
        });
    };
}

}  // namespace

const std::map<std::string, Base>& request_bases() {
    static const std::map<std::string, Base> table = [] {
        std::map<std::string, Base> t;
        add_reads(t);
        add_writes(t);
        add_product_operations(t);
        add_on_fresh_resources(t);
        add_unshown_bodies(t);
        return t;
    }();
    return table;
}

/// Why an operation has no base: each would change data the harness did not create.
const std::map<std::string, std::string>& operations_without_base() {
    static const std::map<std::string, std::string> reasons = {
        {"deleteProduct", "it would delete one of the target's own products (there is no product create operation)"},
        {"mergeIntoProduct", "it would move the target's own variants (its body is not shown)"},
        {"convertToBundle", "it would convert one of the target's own variants (its body is not shown)"},
        {"cancelReceiving", "it would cancel one of the target's own receiving orders (there is no create operation)"},
        {"mergeVariants", "it would merge the target's own variants away; variants made for the purpose are not tracked yet"},
        {"deleteChannelMetadata", "the id of a metadata record the harness added is not read back from the Product yet"},
        {"authorize", "the OAuth client and its registered redirect URI are not part of the inputs yet"},
        {"token", "the OAuth client and an authorization code are not part of the inputs yet"},
    };
    return reasons;
}

}  // namespace dockside::generators
