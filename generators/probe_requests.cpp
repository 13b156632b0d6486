#include "generators/probe_requests.h"

#include <algorithm>
#include <atomic>
#include <functional>
#include <map>

#include "core/unique_numbers.h"
#include "generators/request_bases.h"
#include "generators/run_spec.h"
#include "generators/text_gen.h"
#include "generators/webhooks_gen.h"

namespace dockside::generators {

namespace {

using checks::ProbeRequest;
using checks::SetupRequest;
using nlohmann::json;

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
    return inputs.run_tag + std::to_string(next_unique_number()) + "-";
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

json value_for(const checks::ProbeValue& v) {
    if (v.kind == checks::ProbeValue::Kind::Present) return v.literal;
    throw rc::GenerationFailure("probe: value " + v.describe() + " is not a member value");
}

void apply_to_body(const checks::Probe& probe, json& body) {
    std::string where;
    for (const auto& p : probe.path) where += (where.empty() ? "" : ".") + p;
    each_member(body, probe.path, 0, where, [&](json& parent, const std::string& key) { parent[key] = value_for(probe.value); });
}

/// The {names} of a raw path.
std::vector<std::string> placeholders(const std::string& path) { return spec::PathTemplate(path).parameter_names(); }

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

void apply_probe(const checks::Probe& probe, ProbeRequest& request) {
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
        case checks::Place::Path: throw rc::GenerationFailure("probe: " + probe.value.describe() + " is a member value, not a parameter's");
        case checks::Place::Body:
            if (!request.body) throw rc::GenerationFailure("probe: " + request.operation + " has no body to change");
            apply_to_body(probe, *request.body);
            return;
    }
}

Result<rc::Gen<ProbeRequest>, std::string> GeneratedRequests::raw_requests(const checks::Probe& probe) const {
    auto raw = [probe, inputs = inputs_](ProbeRequest r) {
        make_unique(r, inputs, nullptr);  // the twin's setup creates records whose unique values must be fresh
        r.operation.clear();
        r.method = probe.method;
        r.raw_target = probe.raw_path;
        r.query = json::object();
        r.undo.reset();  // the answer of a path that is not served binds nothing
        if (probe.method == "GET" || probe.method == "DELETE") r.body.reset();
        for (const auto& name : placeholders(probe.raw_path))
            if (!r.path.count(name) && std::none_of(r.setup.begin(), r.setup.end(), [&](const auto& s) { return s.bind.count(name) > 0; }))
                r.path[name] = checks::kUnknownId;
        return r;
    };
    if (probe.path_values_from.empty()) return rc::gen::just(raw(ProbeRequest{}));
    auto twin = base(probe.path_values_from);
    if (!twin) return fail(twin.error());
    return rc::gen::map(std::move(twin).value(), raw);
}

GeneratedRequests::GeneratedRequests(TargetInputs inputs) : inputs_(std::move(inputs)) {
    inputs_.orders.reference_prefix = inputs_.run_tag;
}

Result<rc::Gen<ProbeRequest>, std::string> GeneratedRequests::base(const std::string& operation) const {
    if (auto it = request_bases().find(operation); it != request_bases().end()) return it->second(inputs_);
    if (auto it = operations_without_base().find(operation); it != operations_without_base().end()) return fail("no request for " + operation + ": " + it->second);
    return fail("no request for " + operation + ": the generators have no valid request for it");
}

Result<rc::Gen<ProbeRequest>, std::string> GeneratedRequests::requests(const checks::Probe& probe) const {
    if (probe.operation.empty()) return raw_requests(probe);
    auto base_gen = base(probe.operation);
    if (!base_gen) return fail(base_gen.error());
    return rc::gen::exec([gen = std::move(base_gen).value(), probe, inputs = inputs_] {
        ProbeRequest request = *gen;
        apply_probe(probe, request);
        make_unique(request, inputs, &probe);
        return request;
    });
}

std::vector<std::string> GeneratedRequests::operations() const {
    std::vector<std::string> out;
    for (const auto& [op, make] : request_bases())
        if (make(inputs_)) out.push_back(op);
    return out;
}

}  // namespace dockside::generators
