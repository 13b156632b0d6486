// Where the rule checks' requests come from (harness/conform/probe_runner.h runs them): the generators'
// valid requests with each probe's value in place (generators/probe_requests.h), filled with what the
// target has (inventory items to return, an invoice, a receiving order, the newest order's time) and, for
// the probes that change a product, a product of the run's own. Seeded data is never changed: product
// probes act on the scratch product, which is deleted when its test is done.

#include <memory>
#include <optional>

#include "generators/probe_requests.h"
#include "generators/run_spec.h"
#include "generators/products_gen.h"
#include "harness/conform/probe_runner.h"
#include "harness/conform/run_apart.h"
#include "harness/validate/formats.h"
#include "suites/suite.h"
#include "suites/target_holdings.h"

namespace dockside::suites {
namespace {

DOCKSIDE_WRITES("RuleChecks", "webhooks", "probes create subscriptions");
DOCKSIDE_WRITES("RuleChecks", "catalogue", "probes create products and variants");

using json = nlohmann::json;

/// Starts every value that must be unique on the target: the run's tag (so reruns against one target never
/// collide, and the run knows its own records by it) and the run's shared counter after it.
const std::string& rule_check_tag() {
    static const std::string tag = "DS-RC-" + conform::run_tag() + "-";
    return tag;
}

bool ok(const Exchange& ex) { return ex.status() >= 200 && ex.status() < 300; }

/// The objects of a list answer: the array itself, or the array under "items".
std::vector<json> listed(const json& answer) {
    const json* list = answer.is_array() ? &answer : nullptr;
    if (answer.is_object() && answer.contains("items") && answer["items"].is_array()) list = &answer["items"];
    std::vector<json> out;
    if (list)
        for (const auto& item : *list)
            if (item.is_object()) out.push_back(item);
    return out;
}

std::int64_t integer(const json& object, const char* key) {
    return object.contains(key) && object[key].is_number_integer() ? object[key].get<std::int64_t>() : 0;
}

/// A product of the run's own: a generated variant added to a listed product, then moved out into a
/// product of its own with POST /product:moveVariants (its body is not shown; the reference server's
/// {variant_ids, name} is used). Seeded products end as they were. 0 when the target does not allow it.
void make_scratch_product(generators::TargetInputs& in) {
    std::int64_t host = 0;
    for (const auto& p : target_holdings().items("listProducts"))
        if (integer(p, "id") > 0) host = host ? host : integer(p, "id");
    if (host == 0) return;
    // From the run's seed: a replay with --seed makes the same product, and two targets recorded with one
    // seed (`dockside diff`) are sent the same one.
    json variant = generators::gen_variant_request()(rc::Random(current_session().info().seed), 10).value();
    const std::string sku = rule_check_tag() + "SCRATCH";
    variant["sku"] = sku;
    Exchange created = send({.operation = "createVariants", .path = {{"productId", std::to_string(host)}},
                             .body = json::array({variant})});
    std::int64_t variant_id = 0;
    const json product = created.json();
    if (product.is_object() && product.contains("variants") && product["variants"].is_array())
        for (const auto& v : product["variants"])
            if (v.is_object() && v.value("sku", json()) == json(sku)) variant_id = integer(v, "id");
    if (!ok(created) || variant_id == 0) return;
    Exchange moved = send({.operation = "moveVariants", .body = json{{"variant_ids", {variant_id}}, {"name", rule_check_tag() + "product"}}});
    if (!ok(moved) || integer(moved.json(), "id") == 0) return;
    in.product_id = integer(moved.json(), "id");
    in.products.variant_ids = {variant_id};
}

/// The scratch product of one check type, deleted with its variants when the type is done: the probes add
/// variants to it (about a hundred a run), and a product that outlived its run would make every later
/// listing of products larger, run after run.
struct ScratchProduct {
    explicit ScratchProduct(generators::TargetInputs& in) : inputs(in) { make_scratch_product(inputs); }
    ~ScratchProduct() {
        if (inputs.product_id > 0) send({.operation = "deleteProduct", .path = {{"productId", std::to_string(inputs.product_id)}}});
    }
    ScratchProduct(const ScratchProduct&) = delete;
    ScratchProduct& operator=(const ScratchProduct&) = delete;
    generators::TargetInputs& inputs;
};

/// What the target has that valid requests need, read once per session (the scratch product is per check
/// type: ScratchProduct).
const generators::TargetInputs& target_inputs() {
    static const conform::Session* owner = nullptr;
    static generators::TargetInputs inputs;
    if (owner == &current_session()) return inputs;
    owner = &current_session();
    inputs = generators::TargetInputs{};
    inputs.run_tag = rule_check_tag();
    inputs.returns.inventory_ids = target_holdings().ids_for("createReturn", "listInventory");
    for (const auto& invoice : target_holdings().items("listInvoices"))
        if (!inputs.invoice_id) inputs.invoice_id = integer(invoice, "invoice_id");
    for (const auto& wro : target_holdings().items("listReceiving"))
        if (!inputs.receiving_id) inputs.receiving_id = integer(wro, "id");
    inputs.products.channel_ids = {current_session().info().write_channel};
    // The newest order's insertion time, in the target's clock (a simulated clock may be far from ours).
    const Exchange newest = send({.operation = "listOrders", .query = {{"SortOrder", "Descending"}, {"Limit", "1"}}});
    // Only a well-formed instant: a malformed created_date is CONV-TYPES' finding, not a filter to send.
    for (const auto& order : listed(newest.json()))
        if (order.contains("created_date") && order["created_date"].is_string() &&
            validate::is_date_time(order["created_date"].get<std::string>()))
            inputs.orders_since = order["created_date"];
    return inputs;
}

/// The scratch product, made when the first probe of the test needs it: most areas never do, and it costs
/// five requests.
class ProductOnDemand : public checks::RequestProvider {
public:
    explicit ProductOnDemand(generators::TargetInputs inputs) : inputs_(std::move(inputs)), provider_(inputs_) {}

    Result<rc::Gen<checks::ProbeRequest>, std::string> requests(const checks::Probe& probe) const override {
        auto gen = provider_.requests(probe);
        if (gen || scratch_) return gen;
        scratch_.emplace(inputs_);
        if (inputs_.product_id == 0) return gen;
        provider_ = generators::GeneratedRequests(inputs_);
        return provider_.requests(probe);
    }

private:
    // Made on the first probe that needs them; requests() is const to the runner.
    mutable generators::TargetInputs inputs_;
    mutable generators::GeneratedRequests provider_;
    mutable std::optional<ScratchProduct> scratch_;
};


const bool kProvides = conform::set_probe_provider([]() -> std::unique_ptr<checks::RequestProvider> {
    return std::make_unique<ProductOnDemand>(target_inputs());
});

}  // namespace
}  // namespace dockside::suites
