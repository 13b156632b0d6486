// Planners for whole operations and routes: status_code, declared_statuses, served, not_served,
// path_prefix, content_type and naming.
#include <algorithm>
#include <cctype>

#include "harness/checks/plan_support.h"
#include "harness/checks/planners.h"
#include "specs/loader/path_template.h"

namespace dockside::checks::detail {

using nlohmann::json;

namespace {

/// The operation a check names; an unknown id is an error naming the nearest ones.
Result<const spec::Operation*, std::string> operation_of(const spec::Spec& spec, const spec::CheckEntry& check) {
    auto id = text_param(check, "operation");
    if (!id) return fail(id.error());
    auto op = spec.operation(*id);
    if (!op) return fail(where(check) + ": " + op.error().to_string());
    return *op;
}

/// Whether a valid request of `op` is unknown: it takes a body whose shape the document does not show
/// (NS-OTHER-OPS-SHAPES), so no request can be called valid and no success status demanded of one.
bool body_not_shown(const spec::Spec& spec, const spec::Operation& op) {
    const json* node = spec.resolve(op.pointer);
    return op.request_unspecified && node && node->contains("requestBody");
}

Probe whole(const spec::CheckEntry& check, const spec::Operation& op, Expect expect, std::string what) {
    return probe_of(check, op.id, of_kind(ProbeValue::Kind::Unchanged), expect, std::move(what));
}

/// A parameterless read, sent bare: an unfiltered list shows the target's data, which is what the
/// response-side checks judge.
Probe bare(const spec::CheckEntry& check, const spec::Operation& op, Expect expect, std::string what) {
    Probe p = probe_of(check, op.id, of_kind(ProbeValue::Kind::Bare), expect, std::move(what));
    p.varies = false;
    return p;
}

bool pascal_case(const std::string& name) {
    return !name.empty() && std::isupper(static_cast<unsigned char>(name[0])) &&
           std::all_of(name.begin(), name.end(), [](unsigned char c) { return std::isalnum(c); });
}

}  // namespace

Result<Plan, std::string> plan_status_code(const spec::Spec& spec, const spec::CheckEntry& check) {
    auto op = operation_of(spec, check);
    if (!op) return fail(op.error());
    auto status = int_param(check, "status");
    if (!status) return fail(status.error());
    Plan plan;
    if (body_not_shown(spec, **op)) {
        plan.omitted.push_back((*op)->id + " answers " + std::to_string(*status) +
                               ": its request body is not shown (x-unspecified), so no request is known to be valid");
        return plan;
    }
    Probe p = whole(check, **op, Expect::Status, "a valid " + (*op)->id + " answers " + std::to_string(*status));
    p.status = static_cast<int>(*status);
    plan.probes.push_back(std::move(p));
    return plan;
}

Result<Plan, std::string> plan_declared_statuses(const spec::Spec& spec, const spec::CheckEntry& check) {
    auto op = operation_of(spec, check);
    if (!op) return fail(op.error());
    std::vector<int> documented, never;
    for (const char* key : {"documented", "never"})
        if (auto it = check.params.find(key); it != check.params.end() && it->is_array())
            for (const auto& v : *it)
                if (v.is_number_integer()) (std::string(key) == "documented" ? documented : never).push_back(v.get<int>());
    if (documented.empty()) return fail(where(check) + ": check declared_statuses needs a `documented` list of statuses");
    Plan plan;
    Probe valid = whole(check, **op, Expect::Documented, "a valid " + (*op)->id + " answers a documented status");
    valid.statuses = documented;
    plan.probes.push_back(std::move(valid));
    const auto path_param = std::find_if((*op)->parameters.begin(), (*op)->parameters.end(),
                                         [](const spec::Parameter& p) { return p.in == "path"; });
    if (!never.empty() && path_param != (*op)->parameters.end()) {
        Probe missing = probe_at(check, {(*op)->id, Place::Path, {path_param->name}, path_param->name, ""},
                                 of_kind(ProbeValue::Kind::MissingId), Expect::NotAmong,
                                 (*op)->id + " of a missing " + path_param->name + " answers no status the document rules out");
        missing.statuses = never;
        plan.probes.push_back(std::move(missing));
    } else if (!never.empty()) {
        plan.omitted.push_back((*op)->id + " has no path parameter to name a missing resource with");
    }
    return plan;
}

Result<Plan, std::string> plan_served(const spec::Spec& spec, const spec::CheckEntry& check) {
    auto op = operation_of(spec, check);
    if (!op) return fail(op.error());
    auto method = text_param(check, "method");
    auto path = text_param(check, "path");
    if (!method) return fail(method.error());
    if (!path) return fail(path.error());
    if (*method != (*op)->method || *path != (*op)->path_template)
        return fail(where(check) + ": served names " + *method + " " + *path + " but the OpenAPI file serves " +
                    (*op)->id + " at " + (*op)->method + " " + (*op)->path_template);
    // One valid request says whether the route exists; answers to many valid requests (no 5xx, a
    // documented status and shape) are the schema phase's, which draws them for every operation.
    Probe served = whole(check, **op, Expect::Served, (*op)->id + " is served at " + *method + " " + *path);
    served.varies = false;
    Plan plan;
    plan.probes.push_back(std::move(served));
    return plan;
}

Result<Plan, std::string> plan_not_served(const spec::Spec& spec, const spec::CheckEntry& check) {
    auto method = text_param(check, "method");
    auto path = text_param(check, "path");
    if (!method) return fail(method.error());
    if (!path) return fail(path.error());
    // `like`: the operation whose valid request gives the placeholders real values. A target that still
    // serves the path then answers 2xx, where an id no record has would get the 404 of a missing record,
    // which looks like a route that is not served.
    const std::string like = check.params.value("like", "");
    const spec::Operation* twin = like.empty() ? nullptr : spec.find(like);
    if (!like.empty() && !twin) return fail(where(check) + ": like names " + like + ", which the OpenAPI file does not have");
    std::string unlike;
    const auto twin_has = [&](const std::string& name) -> std::optional<std::string> {
        if (twin && twin->path_template.find("{" + name + "}") == std::string::npos) return std::nullopt;
        return name;
    };
    if (!spec::fill_path(*path, twin_has, &unlike))
        return fail(where(check) + ": " + *path + " has {" + unlike + "}, which " + like + "'s path does not");
    Probe p;
    p.rule_id = check.rule_id;
    p.check_type = check.type;
    p.what = *method + " " + *path + " is not served";
    p.method = *method;
    p.raw_path = *path;
    p.path_values_from = like;
    p.expect = Expect::NotServed;
    p.varies = false;
    Plan plan;
    plan.probes.push_back(std::move(p));
    return plan;
}

Result<Plan, std::string> plan_path_prefix(const spec::Spec& spec, const spec::CheckEntry& check) {
    auto prefix = text_param(check, "prefix");
    if (!prefix) return fail(prefix.error());
    const auto except = list_param(check, "except_operations");
    for (const auto& op : spec.operations())
        if (std::find(except.begin(), except.end(), op.id) == except.end() && op.path_template.rfind(*prefix, 0) != 0)
            return fail(where(check) + ": the OpenAPI file serves " + op.id + " at " + op.path_template +
                        ", outside " + *prefix);
    Plan plan;
    for (const spec::Operation* op : standalone_operations(spec, "GET", except)) {
        plan.probes.push_back(bare(check, *op, Expect::Served, op->id + " is served under " + *prefix));
    }
    plan.omitted.push_back("operations with path parameters or bodies: every probe of every check is sent under " + *prefix);
    return plan;
}

Result<Plan, std::string> plan_content_type(const spec::Spec& spec, const spec::CheckEntry& check) {
    auto value = text_param(check, "value");
    if (!value) return fail(value.error());
    const auto applies = list_param(check, "applies_to");
    Plan plan;
    if (std::find(applies.begin(), applies.end(), "request") != applies.end())
        plan.omitted.push_back("requests: the harness sends every body as " + *value +
                               "; how a server treats other media types is not shown");
    if (std::find(applies.begin(), applies.end(), "response") == applies.end()) return plan;
    for (const spec::Operation* op : standalone_operations(spec, "GET")) {
        const bool json_success = std::any_of(op->responses.begin(), op->responses.end(), [](const auto& entry) {
            return !entry.first.empty() && entry.first[0] == '2' && entry.second.declares_json();
        });
        if (!json_success) continue;
        Probe p = bare(check, *op, Expect::JsonResponse, op->id + " answers " + *value);
        p.content_type = *value;
        plan.probes.push_back(std::move(p));
    }
    return plan;
}

Result<Plan, std::string> plan_naming(const spec::Spec& spec, const spec::CheckEntry& check) {
    if (check.params.value("body_fields", "") != "snake_case" && check.params.value("query_params", "") != "PascalCase")
        return fail(where(check) + ": check naming knows body_fields: snake_case and query_params: PascalCase");
    const auto except = list_param(check, "except_operations");
    auto spellings = list_param(check, "query_param_spellings_in_document");
    // The contract itself: every query parameter of the document is PascalCase or a recorded spelling.
    for (const auto& op : spec.operations()) {
        if (std::find(except.begin(), except.end(), op.id) != except.end()) continue;
        for (const auto& p : op.parameters)
            if (p.in == "query" && !pascal_case(p.name) &&
                std::find(spellings.begin(), spellings.end(), p.name) == spellings.end())
                return fail(where(check) + ": the OpenAPI file names query parameter " + op.id + "." + p.name +
                            ", which is not PascalCase and not a recorded spelling");
    }
    Plan plan;
    for (const spec::Operation* op : standalone_operations(spec, "GET", except)) {
        Probe p = bare(check, *op, Expect::FieldNaming, op->id + " answers snake_case field names");
        p.naming = check.params;
        plan.probes.push_back(std::move(p));
    }
    plan.omitted.push_back("query parameter names are a property of the contract, checked on the OpenAPI file when planning");
    return plan;
}

}  // namespace dockside::checks::detail
