// Rule checks: every rule of the run's rules data whose check type is in the registry
// (harness/checks/registry.h) is run against the target, with no code of its own. One test per check
// type; each rule's check becomes probes (the end of a limit accepted, one past it rejected, …), the
// generators supply valid requests with the probed value in place (generators/probe_requests.h), and
// each probe is a RapidCheck property where the request varies, so a failure shrinks to the smallest
// request and prints its replay seed. A rule added to rules.yaml with a registered type is tested on
// the next run.
//
// Stances (specs/rules.yaml not_shown): rejected input is any 4xx (NS-VALIDATION-STATUS; the strict
// profile's code otherwise); multi-byte text probes run where NS-TEXT-LENGTH-UNIT says probe_multibyte;
// operations whose body is not shown get no success demand (NS-OTHER-OPS-SHAPES). Seeded data is never
// changed: product probes act on a product of the run's own making, webhooks are deleted after use.

#include <chrono>
#include <iostream>
#include <map>
#include <random>
#include <set>
#include <sstream>

#include <gtest/gtest.h>
#include <rapidcheck.h>

#include "generators/probe_requests.h"
#include "generators/products_gen.h"
#include "generators/query.h"
#include "generators/run_spec.h"
#include "harness/checks/judge.h"
#include "harness/checks/registry.h"
#include "suites/support/api.h"
#include "suites/support/run_apart.h"

namespace dockside::suites {
namespace {

DOCKSIDE_RUNS_LONG("RuleChecks", "probes every rule of the contract's data: the longest tests of a run");
DOCKSIDE_WRITES("RuleChecks", "webhooks", "probes create subscriptions");
DOCKSIDE_WRITES("RuleChecks", "catalogue", "probes create products and variants");

using json = nlohmann::json;
using checks::Probe;
using checks::ProbeRequest;

/// Starts every value that must be unique on the target, so reruns against one target never collide.
const std::string& run_tag() {
    static const std::string tag = [] {
        std::random_device device;
        std::ostringstream out;
        out << "DS-RC-" << std::hex << (device() & 0xffffffu) << "-";
        return out.str();
    }();
    return tag;
}

bool ok(const Exchange& ex) { return ex.status() >= 200 && ex.status() < 300; }

/// Requests the rule checks sent in this process (setup and clean-up included), for the summary line.
int g_requests = 0;

Exchange counted(const Call& call) {
    ++g_requests;
    return send(call);
}

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

bool flag(const json& item, const char* name) {
    const json variant = item.value("variant", json::object());
    return variant.is_object() && variant.value(name, false) == true;
}

/// A product of the run's own: a generated variant added to a listed product, then moved out into a
/// product of its own with POST /product:moveVariants (its body is not shown; the reference server's
/// {variant_ids, name} is used). Seeded products end as they were. 0 when the target does not allow it.
void make_scratch_product(generators::TargetInputs& in) {
    Exchange products = send({.operation = "listProducts"});
    std::int64_t host = 0;
    for (const auto& p : listed(products.json()))
        if (integer(p, "id") > 0) host = host ? host : integer(p, "id");
    if (!ok(products) || host == 0) return;
    json variant = generators::gen_variant_request()(rc::Random(std::random_device{}()), 10).value();
    const std::string sku = run_tag() + "SCRATCH";
    variant["sku"] = sku;
    Exchange created = send({.operation = "createVariants", .path = {{"productId", std::to_string(host)}},
                             .body = json::array({variant})});
    std::int64_t variant_id = 0;
    const json product = created.json();
    if (product.is_object() && product.contains("variants") && product["variants"].is_array())
        for (const auto& v : product["variants"])
            if (v.is_object() && v.value("sku", json()) == json(sku)) variant_id = integer(v, "id");
    if (!ok(created) || variant_id == 0) return;
    Exchange moved = send({.operation = "moveVariants", .body = json{{"variant_ids", {variant_id}}, {"name", run_tag() + "product"}}});
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
    inputs.run_tag = run_tag();
    for (const auto& item : listed(send({.operation = "listInventory"}).json()))
        if (!flag(item, "is_digital") && !flag(item, "is_bundle") && flag(item, "is_active") && integer(item, "inventory_id") > 0)
            inputs.returns.inventory_ids.push_back(integer(item, "inventory_id"));
    for (const auto& invoice : listed(send({.operation = "listInvoices"}).json()))
        if (!inputs.invoice_id) inputs.invoice_id = integer(invoice, "invoice_id");
    for (const auto& wro : listed(send({.operation = "listReceiving"}).json()))
        if (!inputs.receiving_id) inputs.receiving_id = integer(wro, "id");
    inputs.products.channel_ids = {current_session().info().write_channel};
    // The newest order's insertion time, in the target's clock (a simulated clock may be far from ours).
    const Exchange newest = send({.operation = "listOrders", .query = {{"SortOrder", "Descending"}, {"Limit", "1"}}});
    for (const auto& order : listed(newest.json()))
        if (order.contains("created_date") && order["created_date"].is_string()) inputs.orders_since = order["created_date"];
    return inputs;
}

checks::JudgeOptions judge_options() {
    const Session& session = current_session();
    checks::JudgeOptions options;
    for (const auto& check : session.spec().checks())
        if (check.type == "status_class" && check.params.value("when", "") == "any_request" &&
            check.params.value("never", json::array()).dump().find("5xx") != std::string::npos)
            options.server_error_rule = check.rule_id;
    if (!session.strict()) return options;
    if (auto s = session.stance("NS-VALIDATION-STATUS"); s.is_object() && s.value("code", json()).is_number_integer())
        options.reject_code = s["code"].get<int>();
    if (auto s = session.stance("NS-NOT-SERVED-STATUS"); s.is_object() && s.value("codes", json()).is_array())
        options.not_served_codes = s["codes"].get<std::vector<int>>();
    return options;
}

/// Whether the profile asks for this probe (multi-byte text only where NS-TEXT-LENGTH-UNIT says so).
bool profile_wants(const Probe& probe) {
    if (probe.stance.empty()) return true;
    const json stance = current_session().stance(probe.stance);
    return stance.is_object() && stance.value(probe.stance_key, false) == true;
}

checks::Observation observe(const Exchange& ex) {
    checks::Observation o;
    o.status = ex.status();
    o.transport_error = ex.transport_error;
    if (ex.response) {
        o.content_type = std::string(ex.response->headers.get("Content-Type").value_or(""));
        o.body = ex.response->body;
    }
    return o;
}

Call call_of(const checks::SetupRequest& r) {
    return {.operation = r.operation, .path = r.path, .query = generators::to_query_params(r.query), .body = r.body};
}

/// Copies values of a 2xx answer into path parameters; false (recorded) when the answer lacks one.
bool bind_answer(const checks::SetupRequest& step, const Exchange& answer, const Probe& probe, std::map<std::string, std::string>& path) {
    const json body = answer.json();
    for (const auto& [name, pointer] : step.bind) {
        const json::json_pointer at(pointer);
        if (!body.contains(at) || body[at].is_null())
            return expect_that(false, answer, probe.rule_id, step.operation + " answers " + pointer + " for " + name);
        path[name] = body[at].is_string() ? body[at].get<std::string>() : body[at].dump();
    }
    return true;
}

/// Sends a probe's request after its setup; nullopt when a setup step failed (already recorded).
std::optional<Exchange> send_probe(const ProbeRequest& r, const Probe& probe) {
    if (r.operation.empty()) {
        http::Request raw;
        raw.method = r.method;
        raw.target = r.raw_target;
        raw.headers.set("Accept", "application/json");
        raw.headers.set("Authorization", "Bearer " + current_session().info().token);
        ++g_requests;
        return send_raw(std::move(raw), probe.method + " " + probe.raw_path);
    }
    Call call{.operation = r.operation, .path = r.path, .query = generators::to_query_params(r.query), .body = r.body};
    std::map<std::string, std::string> bound;
    for (const auto& step : r.setup) {
        Call setup = call_of(step);
        setup.path.insert(bound.begin(), bound.end());
        Exchange made = counted(setup);
        if (!expect_that(ok(made), made, probe.rule_id, "setup: " + step.operation + " answers 2xx, giving " + r.operation + " a resource"))
            return std::nullopt;
        if (!bind_answer(step, made, probe, bound)) return std::nullopt;
    }
    for (const auto& [name, value] : bound) call.path[name] = value;
    Exchange ex = counted(call);
    if (r.undo && ok(ex)) {
        Call undo = call_of(*r.undo);
        if (bind_answer(*r.undo, ex, probe, undo.path)) counted(undo);
    }
    return ex;
}

/// Whether the probe's answer broke its rule or, when the probe expects success, the documented shape
/// of the answer (the response validator's rules: CONV-FIELDS, CONV-TYPES, the response enums, …).
/// Findings are recorded.
bool judge_exchange(const Probe& probe, const Exchange& ex, const checks::JudgeOptions& options) {
    auto finding = checks::judge(probe, observe(ex), options);
    if (finding) {
        expect_that(false, ex, finding->rule_id, finding->title + ": " + finding->message);
        return true;
    }
    const bool success_expected = probe.expect != checks::Expect::Rejected && probe.expect != checks::Expect::NotServed &&
                                  probe.expect != checks::Expect::NotAmong;
    return success_expected && ok(ex) && !expect_conforms(ex);
}

/// Shrinking stops after this many further requests or this long once a case failed: a target that
/// fails at random (a sporadic 5xx) would otherwise keep RapidCheck shrinking for a very long time. The
/// smallest failing request found by then is the one reported.
constexpr int kShrinkRequests = 150;
constexpr auto kShrinkTime = std::chrono::seconds(5);

/// One probe: a RapidCheck property over the drawn requests, or a single request when nothing varies.
void run_probe(const Probe& probe, const rc::Gen<ProbeRequest>& gen, const checks::JudgeOptions& options) {
    auto once = [&](const ProbeRequest& request) {
        auto ex = send_probe(request, probe);
        return !ex || judge_exchange(probe, *ex, options);
    };
    if (!probe.varies) {
        once(gen(rc::Random(1), 0).value());
        return;
    }
    std::optional<std::chrono::steady_clock::time_point> first_failure;
    int after_failure = 0;
    rc::detail::TestMetadata meta;
    meta.id = "RuleChecks/" + probe.rule_id + "/" + probe.what;
    meta.description = meta.id;
    const auto result = rc::detail::checkTestable([&] {
        if (first_failure && (++after_failure > kShrinkRequests || std::chrono::steady_clock::now() - *first_failure > kShrinkTime))
            return;  // budget spent: every further candidate "passes", so the last failure stands
        if (once(*gen) && !first_failure) first_failure = std::chrono::steady_clock::now();
    }, meta);
    if (!result.template is<rc::detail::SuccessResult>()) {
        std::ostringstream message;
        rc::detail::printResultMessage(result, message);
        ADD_FAILURE() << probe.rule_id << " " << probe.what << "\n" << message.str();
    }
}

/// The probes of every rule of the session's spec with a check of `type`, the profile's choice, each
/// once: a probe several rules plan alike runs for the first and names the others.
std::vector<Probe> probes_of(const std::string& type, std::vector<std::string>& notes) {
    const spec::Spec& spec = current_session().spec();
    std::vector<Probe> out;
    std::map<std::string, std::size_t> by_key;
    for (const auto& check : spec.checks()) {
        if (check.type != type) continue;
        auto plan = checks::plan_check(spec, check);
        if (!plan) {
            record_failure(check.rule_id, check.params.value("operation", ""), "the rules data cannot be planned: " + plan.error());
            continue;
        }
        for (const auto& omitted : plan->omitted) notes.push_back(check.rule_id + ": " + omitted);
        for (const auto& probe : plan->probes) {
            if (!profile_wants(probe)) continue;
            auto [seen, fresh] = by_key.emplace(probe.key(), out.size());
            if (fresh) out.push_back(probe);
            else if (out[seen->second].rule_id != probe.rule_id &&
                     out[seen->second].what.find(probe.rule_id) == std::string::npos)
                out[seen->second].what += " [also " + probe.rule_id + "]";
        }
    }
    return out;
}

/// Every rule of the session's spec with a check of `type`, planned, provided and judged.
void run_check_type(const std::string& type) {
    generators::SpecScope scope(current_session().spec());
    generators::TargetInputs inputs = target_inputs();
    ScratchProduct scratch(inputs);
    const generators::GeneratedRequests provider(inputs);
    const auto options = judge_options();
    std::vector<std::string> not_run, notes;
    int run = 0;
    const int requests_before = g_requests;
    for (const auto& probe : probes_of(type, notes)) {
        auto gen = provider.requests(probe);
        if (!gen) {
            not_run.push_back(probe.rule_id + ": " + probe.what + " — " + gen.error());
            continue;
        }
        ++run;
        run_probe(probe, *gen, options);
    }
    std::cout << "RuleChecks." << type << ": " << run << " probe(s) run with " << g_requests - requests_before
              << " request(s), " << not_run.size() << " without a request\n";
    for (const auto& line : notes) std::cout << "  not probed here: " << line << "\n";
    for (const auto& line : not_run) std::cout << "  not run: " << line << "\n";
    ::testing::Test::RecordProperty("probes_run", run);
    ::testing::Test::RecordProperty("requests", g_requests - requests_before);
    ::testing::Test::RecordProperty("probes_without_request", static_cast<int>(not_run.size()));
}

class RuleCheckTest : public ::testing::Test {
public:
    explicit RuleCheckTest(std::string type) : type_(std::move(type)) {}
    void TestBody() override { run_check_type(type_); }

private:
    std::string type_;
};

/// One test per registered check type: the test list is code, the rules it runs are the session's data.
const bool kRegistered = [] {
    for (const auto& type : checks::registry())
        ::testing::RegisterTest("RuleChecks", type.name.c_str(), nullptr, nullptr, __FILE__, __LINE__,
                                [name = type.name]() -> ::testing::Test* { return new RuleCheckTest(name); });
    return true;
}();

}  // namespace
}  // namespace dockside::suites
