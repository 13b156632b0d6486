#include "generators/probe_requests.h"

#include <atomic>
#include <functional>
#include <map>

#include "generators/billing_gen.h"
#include "generators/paging_gen.h"
#include "generators/run_spec.h"
#include "generators/text_gen.h"
#include "generators/webhooks_gen.h"

namespace dockside::generators {

namespace {

using checks::ProbeRequest;
using checks::SetupRequest;
using nlohmann::json;
using Base = std::function<Result<rc::Gen<ProbeRequest>, std::string>(const TargetInputs&)>;

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

/// The operations a valid request is known for, and how to draw it.
const std::map<std::string, Base>& bases() {
    static const std::map<std::string, Base> table = [] {
        std::map<std::string, Base> t;
        for (const char* op : {"listReceiving", "listLocations", "listInventory", "listInvoices", "listTransactionFees",
                               "listProducts", "listShippingMethods", "listFulfillmentCenters"})
            t[op] = [op](const TargetInputs&) { return query_request(op, rc::gen::just(json::object())); };
        t["listChannels"] = [](const TargetInputs&) { return query_request("listChannels", gen_records_page_query()); };
        t["listWebhooks"] = [](const TargetInputs&) { return query_request("listWebhooks", gen_records_page_query()); };
        t["listOrders"] = [](const TargetInputs&) { return query_request("listOrders", gen_list_orders_query()); };
        t["listReturns"] = [](const TargetInputs&) { return query_request("listReturns", gen_list_returns_query()); };
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
        t["addChannelMetadata"] = [](const TargetInputs& in) {
            return need(!in.products.variant_ids.empty(), "variant",
                        body_request("addChannelMetadata", gen_channel_metadata(in.products),
                                     {{"variantId", id_text(in.products.variant_ids.front())}}));
        };
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
        // Operations whose body the document does not show (NS-OTHER-OPS-SHAPES): `{}` on resources of the
        // harness's own making only reaches them (served checks); no success status is ever demanded.
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
        return t;
    }();
    return table;
}

/// Why an operation has no base: each would change data the harness did not create.
const std::map<std::string, std::string>& unprovided() {
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

// ---- putting a probe's value in place

/// Calls `at(parent, key)` for every object that holds the member `path` names; "[]" steps into every item.
void each_member(json& node, const std::vector<std::string>& path, std::size_t i, const std::string& where,
                 const std::function<void(json&, const std::string&)>& at) {
    if (i + 1 == path.size()) {
        if (!node.is_object()) throw rc::GenerationFailure("probe: " + where + " is not inside an object of the valid request");
        at(node, path[i]);
        return;
    }
    if (path[i] == "[]") {
        if (!node.is_array() || node.empty()) throw rc::GenerationFailure("probe: the valid request has no items at " + where);
        for (auto& item : node) each_member(item, path, i + 1, where, at);
        return;
    }
    if (!node.is_object()) throw rc::GenerationFailure("probe: " + where + " is not inside an object of the valid request");
    if (!node.contains(path[i])) node[path[i]] = path[i + 1] == "[]" ? json::array() : json::object();
    each_member(node[path[i]], path, i + 1, where, at);
}

/// The run's tag and a counter: unique within the run (the tag makes it unique across runs) and, unlike
/// a drawn value, never repeated by RapidCheck's shrinking or by two properties with one seed.
std::string unique_stamp(const TargetInputs& inputs) {
    static std::atomic<std::uint64_t> counter{0};
    return inputs.run_tag + std::to_string(++counter) + "-";
}

std::string unique_text(const checks::ProbeValue& v, const TargetInputs& inputs) {
    const auto reading = v.multibyte ? TextReading::CodePoints : TextReading::AnyReading;
    const auto count = static_cast<std::size_t>(v.count);
    const std::string head = unique_stamp(inputs);
    if (!v.unique || count <= head.size()) return *gen_text_exactly(count, reading);
    return head + *gen_text_exactly(count - head.size(), reading);
}

/// Every unique_value field of the rules data that `body` of `operation` carries gets a fresh value,
/// except the one the probe itself sets.
void make_unique(const std::string& operation, json& body, const TargetInputs& inputs, const checks::Probe* probe) {
    const spec::Spec& spec = run_spec();
    for (const auto& check : spec.checks()) {
        if (check.type != "unique_value" || !check.params.contains("field")) continue;
        for (const auto& location : spec.body_locations(check.params["field"].get<std::string>())) {
            if (location.operation->id != operation || location.path.size() != 1) continue;
            if (probe && probe->place == checks::Place::Body && probe->path == location.path) continue;
            const std::string& name = location.path[0];
            if (body.is_object() && body.contains(name) && body[name].is_string()) body[name] = unique_stamp(inputs) + "u";
        }
    }
}

void make_unique(ProbeRequest& request, const TargetInputs& inputs, const checks::Probe* probe) {
    if (request.body) make_unique(request.operation, *request.body, inputs, probe);
    for (auto& step : request.setup)
        if (step.body) make_unique(step.operation, *step.body, inputs, nullptr);
}

json value_for(const checks::ProbeValue& v, const TargetInputs& inputs, const json* current) {
    using Kind = checks::ProbeValue::Kind;
    auto wrap = [&](json value) { return v.as_array_item ? json::array({value}) : value; };
    switch (v.kind) {
        case Kind::Text: return unique_text(v, inputs);
        case Kind::Integer: return v.low;
        case Kind::IntegerIn: return *gen_int_in(v.low, v.high);
        case Kind::OneOf: return wrap(*rc::gen::elementOf(v.values));
        case Kind::Literal: return wrap(v.literal);
        case Kind::Present: return v.literal;
        case Kind::UrlScheme: {
            if (!current || !current->is_string()) throw rc::GenerationFailure("probe: the valid request holds no URL to change");
            const std::string url = current->get<std::string>();
            const auto colon = url.find("://");
            return v.literal.get<std::string>() + (colon == std::string::npos ? "://" + url : url.substr(colon));
        }
        default: break;
    }
    throw rc::GenerationFailure("probe: value " + v.describe() + " is not a member value");
}

void change_array(json& array, const checks::ProbeValue& v, const std::string& where) {
    using Kind = checks::ProbeValue::Kind;
    if (!array.is_array() || array.empty()) throw rc::GenerationFailure("probe: the valid request has no items at " + where);
    if (v.kind == Kind::Items) {
        const auto count = static_cast<std::size_t>(v.count);
        while (array.size() < count) array.push_back(array[0]);
        array.erase(array.begin() + static_cast<std::ptrdiff_t>(count), array.end());
    } else {  // DuplicateItem: one item again, somewhere in the list
        json copy = array[*rc::gen::inRange<std::size_t>(0, array.size())];
        array.insert(array.begin() + static_cast<std::ptrdiff_t>(*rc::gen::inRange<std::size_t>(0, array.size() + 1)), copy);
    }
}

void apply_to_body(const checks::Probe& probe, const TargetInputs& inputs, json& body) {
    using Kind = checks::ProbeValue::Kind;
    std::string where;
    for (const auto& p : probe.path) where += (where.empty() ? "" : ".") + p;
    each_member(body, probe.path, 0, where, [&](json& parent, const std::string& key) {
        switch (probe.value.kind) {
            case Kind::Absent: parent.erase(key); break;
            case Kind::Items:
            case Kind::DuplicateItem:
                if (!parent.contains(key)) throw rc::GenerationFailure("probe: the valid request has no " + where);
                change_array(parent[key], probe.value, where);
                break;
            default: parent[key] = value_for(probe.value, inputs, parent.contains(key) ? &parent[key] : nullptr);
        }
    });
}

}  // namespace

/// A path id that no longer names anything: made by creating the resource and deleting it again where
/// the API can (so it has the target's own id format), else a value of the parameter's type.
void missing_id(const checks::Probe& probe, ProbeRequest& request) {
    const std::string& name = probe.path.at(0);
    if (probe.operation == "deleteWebhook") {
        request.setup.clear();  // the base's fresh subscription is not needed: this one is deleted first
        request.setup.push_back(SetupRequest{"createWebhook", {}, json::object(), *gen_webhook_create(), {{name, "/id"}}});
        request.setup.push_back(SetupRequest{"deleteWebhook", {}, json::object(), std::nullopt, {}});
        return;
    }
    const bool integer = limits_of(probe.operation + "." + name).is("integer");
    request.path[name] = integer ? std::to_string(*gen_int_in(2000000000, 2100000000)) : "dockside-missing-" + *gen_identifier("");
}

void apply_probe(const checks::Probe& probe, const TargetInputs& inputs, ProbeRequest& request) {
    if (probe.value.kind == checks::ProbeValue::Kind::Bare) {
        request.query = json::object();
        return;
    }
    if (probe.value.kind == checks::ProbeValue::Kind::MissingId) {
        missing_id(probe, request);
        return;
    }
    switch (probe.place) {
        case checks::Place::None: return;
        case checks::Place::Query: request.query[probe.path.at(0)] = value_for(probe.value, inputs, nullptr); return;
        case checks::Place::Path: request.path[probe.path.at(0)] = value_for(probe.value, inputs, nullptr).get<std::string>(); return;
        case checks::Place::Body:
            if (!request.body) throw rc::GenerationFailure("probe: " + request.operation + " has no body to change");
            apply_to_body(probe, inputs, *request.body);
            return;
    }
}

GeneratedRequests::GeneratedRequests(TargetInputs inputs) : inputs_(std::move(inputs)) {
    inputs_.orders.reference_prefix = inputs_.run_tag;
}

Result<rc::Gen<ProbeRequest>, std::string> GeneratedRequests::base(const std::string& operation) const {
    if (auto it = bases().find(operation); it != bases().end()) return it->second(inputs_);
    if (auto it = unprovided().find(operation); it != unprovided().end()) return fail("no request for " + operation + ": " + it->second);
    return fail("no request for " + operation + ": the generators have no valid request for it");
}

Result<rc::Gen<ProbeRequest>, std::string> GeneratedRequests::requests(const checks::Probe& probe) const {
    if (probe.operation.empty()) {
        ProbeRequest raw;
        raw.method = probe.method;
        raw.raw_target = probe.raw_path;
        return rc::gen::just(raw);
    }
    auto base_gen = base(probe.operation);
    if (!base_gen) return fail(base_gen.error());
    return rc::gen::exec([gen = std::move(base_gen).value(), probe, inputs = inputs_] {
        ProbeRequest request = *gen;
        apply_probe(probe, inputs, request);
        make_unique(request, inputs, &probe);
        return request;
    });
}

std::vector<std::string> GeneratedRequests::operations() const {
    std::vector<std::string> out;
    for (const auto& [op, make] : bases())
        if (make(inputs_)) out.push_back(op);
    return out;
}

}  // namespace dockside::generators
