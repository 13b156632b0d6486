#include "harness/checks/plan_support.h"

#include <algorithm>
#include <optional>

namespace dockside::checks::detail {

using nlohmann::json;

std::string where(const spec::CheckEntry& check) { return "rule " + check.rule_id + " (" + check.location + ")"; }

namespace {

std::string last_token(const std::string& reference) {
    const auto dot = reference.rfind('.');
    std::string out = dot == std::string::npos ? reference : reference.substr(dot + 1);
    if (auto bracket = out.find('['); bracket != std::string::npos) out.erase(bracket);
    return out;
}

}  // namespace

Result<std::string, std::string> text_param(const spec::CheckEntry& check, const char* key) {
    auto it = check.params.find(key);
    if (it == check.params.end() || !it->is_string() || it->get<std::string>().empty())
        return fail(where(check) + ": check " + check.type + " needs a text parameter `" + key + "`");
    return it->get<std::string>();
}

Result<std::int64_t, std::string> int_param(const spec::CheckEntry& check, const char* key) {
    auto it = check.params.find(key);
    if (it == check.params.end() || !it->is_number_integer())
        return fail(where(check) + ": check " + check.type + " needs an integer parameter `" + key + "`");
    return it->get<std::int64_t>();
}

std::vector<std::string> list_param(const spec::CheckEntry& check, const char* key) {
    std::vector<std::string> out;
    auto it = check.params.find(key);
    if (it == check.params.end()) return out;
    if (it->is_string()) out.push_back(it->get<std::string>());
    if (it->is_array())
        for (const auto& v : *it)
            if (v.is_string()) out.push_back(v.get<std::string>());
    return out;
}

Result<std::vector<Target>, std::string> request_targets(const spec::Spec& spec, const spec::CheckEntry& check, Plan& plan) {
    std::vector<Target> out;
    const json& p = check.params;
    auto field = text_param(check, "field");
    if (!field) return fail(field.error());
    if (!spec.field_exists(*field)) return fail(where(check) + ": no field " + *field + " in the OpenAPI schemas");
    std::string only_operation;
    if (auto w = p.find("where"); w != p.end() && w->is_object()) only_operation = w->value("operation", "");
    for (const auto& location : spec.body_locations(*field)) {
        if (!only_operation.empty() && location.operation->id != only_operation) continue;
        out.push_back({location.operation->id, Place::Body, location.path, last_token(*field), *field});
    }
    if (out.empty())
        plan.omitted.push_back(*field + " is in no request body" +
                               (only_operation.empty() ? "" : " of " + only_operation) +
                               ": a response field, judged by the response validator on every exchange");
    return out;
}

Probe probe_at(const spec::CheckEntry& check, const Target& target, ProbeValue value, Expect expect, std::string what) {
    Probe p;
    p.rule_id = check.rule_id;
    p.check_type = check.type;
    p.what = std::move(what);
    p.operation = target.operation;
    p.place = target.place;
    p.path = target.path;
    p.value = std::move(value);
    p.expect = expect;
    return p;
}

Probe probe_of(const spec::CheckEntry& check, const std::string& operation, ProbeValue value, Expect expect, std::string what) {
    Target whole{operation, Place::None, {}, "", ""};
    return probe_at(check, whole, std::move(value), expect, std::move(what));
}

ProbeValue of_kind(ProbeValue::Kind kind) {
    ProbeValue v;
    v.kind = kind;
    return v;
}

std::vector<const spec::Operation*> standalone_operations(const spec::Spec& spec, const std::string& method,
                                                          const std::vector<std::string>& except) {
    std::vector<const spec::Operation*> out;
    for (const auto& op : spec.operations()) {
        if (op.method != method || std::find(except.begin(), except.end(), op.id) != except.end()) continue;
        if (op.request_schema || op.path_template.find('{') != std::string::npos) continue;
        const bool needs_query = std::any_of(op.parameters.begin(), op.parameters.end(),
                                             [](const spec::Parameter& p) { return p.required && p.in == "query"; });
        if (!needs_query) out.push_back(&op);
    }
    return out;
}

}  // namespace dockside::checks::detail
