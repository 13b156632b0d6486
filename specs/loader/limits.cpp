// Limits of fields and parameters: the OpenAPI keywords, completed and cross-checked by the rules data.
#include "specs/loader/limits.h"

#include <algorithm>
#include <set>

#include "specs/loader/schema_walk.h"
#include "specs/loader/spec.h"
#include "specs/loader/spec_internal.h"

namespace dockside::spec {

using detail::split_reference;

namespace {

const std::set<std::string, std::less<>> kLimitChecks = {"max_length", "length_range", "min_length",
                                                         "int_range",  "min_items",    "enum"};

std::string join(const std::vector<std::string>& parts) {
    std::string out;
    for (const auto& p : parts) out += (out.empty() ? "" : ".") + p;
    return out;
}

/// The field or parameter a limit check names, as "Schema.field" or "operationId.Param"; "" when none.
std::string check_target(const json& params) {
    if (auto field = params.find("field"); field != params.end() && field->is_string())
        return join(split_reference(field->get<std::string>()));
    auto op = params.find("operation");
    auto param = params.find("param");
    if (op != params.end() && param != params.end() && op->is_string() && param->is_string())
        return op->get<std::string>() + "." + param->get<std::string>();
    return "";
}

std::optional<std::int64_t> integer_param(const json& params, const char* key) {
    auto it = params.find(key);
    if (it == params.end() || !it->is_number_integer()) return std::nullopt;
    return it->get<std::int64_t>();
}

LookupError missing(const FieldLimits& f, const std::string& what) {
    return {"limit", f.reference, "the contract states no " + what + " for it", {}};
}

Result<std::int64_t, LookupError> bound(const FieldLimits& f, const std::optional<std::int64_t>& b,
                                        const char* what) {
    if (!b) return fail(missing(f, what));
    return *b;
}

/// The value limits an `enum` check speaks of: the items' for an array field, else the field's.
ValueLimits& enum_holder(FieldLimits& f) {
    if (f.is("array")) {
        if (!f.element) f.element = ValueLimits{};
        return *f.element;
    }
    return f;
}

template <class T>
void fill(std::optional<T>& slot, std::optional<T> value) {
    if (!slot && value) slot = value;
}

/// Completes `f` from one limit check of the rules data; an unknown `unit` is an error.
Result<bool, LookupError> apply_check(const Spec& spec, const CheckEntry& check, FieldLimits& f) {
    const json& p = check.params;
    if (auto unit = p.find("unit"); unit != p.end() && unit->is_string()) {
        auto counted = spec.length_unit(unit->get<std::string>());
        if (!counted) return fail(counted.error());
        if (!f.length.any()) f.length_unit = *counted;
    }
    if (check.type == "max_length" || check.type == "length_range" || check.type == "min_length") {
        fill(f.length.min, integer_param(p, "min"));
        fill(f.length.max, integer_param(p, "max"));
    } else if (check.type == "int_range") {
        fill(f.value.min, integer_param(p, "min"));
        fill(f.value.max, integer_param(p, "max"));
    } else if (check.type == "min_items") {
        fill(f.items.min, integer_param(p, "min"));
    } else if (check.type == "enum") {
        ValueLimits& holder = enum_holder(f);
        if (!holder.values && p.contains("values") && p["values"].is_array()) {
            holder.values = std::vector<json>(p["values"].begin(), p["values"].end());
            holder.values_closed = p.value("closed", true);
        }
    }
    if (std::find(f.rules.begin(), f.rules.end(), check.rule_id) == f.rules.end()) f.rules.push_back(check.rule_id);
    return true;
}

void add_x_rules(const json* node, FieldLimits& f) {
    if (!node || !node->is_object()) return;
    for (const char* key : {"x-rule", "x-rules"})
        if (auto it = node->find(key); it != node->end())
            for (const auto& id : detail::string_list(*it))
                if (std::find(f.rules.begin(), f.rules.end(), id) == f.rules.end()) f.rules.push_back(id);
}

void finish(const Spec& spec, const json* schema, FieldLimits& f) {
    detail::collect_limits(spec, schema, f, &f);
    if (f.is("null")) f.nullable = true;
    add_x_rules(schema, f);
}

/// What the OpenAPI file alone says about a field or parameter.
Result<FieldLimits, LookupError> openapi_param(const Spec& spec, std::string_view operation_id, std::string_view name) {
    auto op = spec.operation(operation_id);
    if (!op) return fail(op.error());
    const Parameter* found = nullptr;
    for (const char* in : {"query", "path", "header", "cookie"})
        if (!found) found = (*op)->parameter(name, in);
    if (!found) {
        std::vector<std::string> names;
        for (const auto& p : (*op)->parameters) names.push_back(p.name);
        auto suggestions = closest_names(name, names);
        for (auto& s : suggestions) s = std::string(operation_id) + "." + s;
        return fail(LookupError{"parameter", std::string(operation_id) + "." + std::string(name),
                                "operation " + std::string(operation_id) + " has no parameter " + std::string(name),
                                std::move(suggestions)});
    }
    FieldLimits f;
    f.reference = std::string(operation_id) + "." + found->name;
    f.operation = std::string(operation_id);
    f.param = found->name;
    f.in = found->in;
    f.pointer = found->pointer + "/schema";
    if (!found->schema.is_null()) finish(spec, &found->schema, f);
    return f;
}

Result<FieldLimits, LookupError> openapi_field(const Spec& spec, std::string_view reference) {
    const auto path = split_reference(reference);
    if (path.size() == 2 && spec.find(path[0])) return openapi_param(spec, path[0], path[1]);
    std::string pointer;
    auto node = detail::resolve_field(spec, reference, pointer);
    if (!node) return fail(node.error());
    FieldLimits f;
    f.reference = join(path);
    f.pointer = pointer;
    finish(spec, *node, f);
    return f;
}

Result<FieldLimits, LookupError> with_rules(const Spec& spec, FieldLimits f) {
    for (const auto& check : spec.checks()) {
        if (!kLimitChecks.count(check.type) || check_target(check.params) != f.reference) continue;
        auto applied = apply_check(spec, check, f);
        if (!applied) return fail(applied.error());
    }
    return f;
}

std::string show(const std::optional<std::int64_t>& v) { return v ? std::to_string(*v) : "none"; }

std::string sorted_dump(std::vector<json> values) {
    std::vector<std::string> dumped;
    for (const auto& v : values) dumped.push_back(v.dump());
    std::sort(dumped.begin(), dumped.end());
    std::string out;
    for (const auto& d : dumped) out += (out.empty() ? "" : ", ") + d;
    return "[" + out + "]";
}

/// Compares one rules-data bound with the OpenAPI keyword; a message when both exist and differ.
void compare(const std::optional<std::int64_t>& rules, const std::optional<std::int64_t>& openapi,
             const std::string& what, const std::string& keyword, std::vector<std::string>& out) {
    if (rules && openapi && *rules != *openapi)
        out.push_back("rules data: " + what + " " + show(rules) + "; OpenAPI " + keyword + " " + show(openapi));
}

std::vector<std::string> differences(const Spec& spec, const CheckEntry& check, const FieldLimits& api) {
    const json& p = check.params;
    std::vector<std::string> out;
    if (check.type == "max_length" || check.type == "length_range" || check.type == "min_length") {
        if (check.type != "max_length") compare(integer_param(p, "min"), api.length.min, "min", "minLength", out);
        if (check.type != "min_length") compare(integer_param(p, "max"), api.length.max, "max", "maxLength", out);
        if (auto unit = p.find("unit"); unit != p.end() && unit->is_string() && api.length.any())
            if (auto counted = spec.length_unit(unit->get<std::string>()); counted && *counted != api.length_unit)
                out.push_back("rules data: unit " + unit->get<std::string>() + " counts " +
                              std::string(to_string(*counted)) + "; OpenAPI minLength/maxLength count " +
                              std::string(to_string(api.length_unit)));
    } else if (check.type == "int_range") {
        compare(integer_param(p, "min"), api.value.min, "min", "minimum", out);
        compare(integer_param(p, "max"), api.value.max, "max", "maximum", out);
    } else if (check.type == "min_items") {
        compare(integer_param(p, "min"), api.items.min, "min", "minItems", out);
    } else if (check.type == "enum" && p.contains("values") && p["values"].is_array()) {
        const ValueLimits& holder = api.is("array") && api.element ? *api.element : api;
        if (holder.values) {
            std::vector<json> stated(p["values"].begin(), p["values"].end());
            if (sorted_dump(stated) != sorted_dump(*holder.values))
                out.push_back("rules data: values " + sorted_dump(stated) + "; OpenAPI enum " + sorted_dump(*holder.values));
            if (p.value("closed", true) != holder.values_closed)
                out.push_back(std::string("rules data: ") + (p.value("closed", true) ? "a closed enum" : "an open enum (closed: false)") +
                              "; OpenAPI " + (holder.values_closed ? "a closed enum" : "an open one (x-open-enum)"));
        }
    }
    return out;
}

}  // namespace

std::string_view to_string(LengthUnit unit) {
    switch (unit) {
        case LengthUnit::CodePoints: return "code_points";
        case LengthUnit::Bytes: return "bytes";
        case LengthUnit::Utf16Units: return "utf16_units";
    }
    return "code_points";
}

bool ValueLimits::is(std::string_view type) const {
    return std::find(types.begin(), types.end(), type) != types.end();
}

Result<std::int64_t, LookupError> FieldLimits::max_length() const { return bound(*this, length.max, "maxLength"); }
Result<std::int64_t, LookupError> FieldLimits::min_length() const { return bound(*this, length.min, "minLength"); }
Result<std::int64_t, LookupError> FieldLimits::maximum() const { return bound(*this, value.max, "maximum"); }
Result<std::int64_t, LookupError> FieldLimits::minimum() const { return bound(*this, value.min, "minimum"); }
Result<std::int64_t, LookupError> FieldLimits::max_items() const { return bound(*this, items.max, "maxItems"); }
Result<std::int64_t, LookupError> FieldLimits::min_items() const { return bound(*this, items.min, "minItems"); }

Result<std::vector<json>, LookupError> FieldLimits::enum_values() const {
    if (values) return *values;
    if (element && element->values) return *element->values;
    return fail(missing(*this, "enum"));
}

Result<FieldLimits, LookupError> Limits::field(std::string_view reference) const {
    auto f = spec::openapi_field(spec_, reference);
    if (!f) return fail(f.error());
    return with_rules(spec_, std::move(f).value());
}

Result<FieldLimits, LookupError> Limits::openapi_field(std::string_view reference) const {
    return spec::openapi_field(spec_, reference);
}

Result<FieldLimits, LookupError> Limits::param(std::string_view operation_id, std::string_view name) const {
    auto f = openapi_param(spec_, operation_id, name);
    if (!f) return fail(f.error());
    return with_rules(spec_, std::move(f).value());
}

std::vector<LimitDisagreement> Limits::disagreements() const {
    std::vector<LimitDisagreement> out;
    for (const auto& check : spec_.checks()) {
        if (!kLimitChecks.count(check.type)) continue;
        const std::string target = check_target(check.params);
        if (target.empty()) continue;
        auto api = spec::openapi_field(spec_, target);
        if (!api) {
            // Unknown fields and operations are reported by the reference check; a parameter is not.
            const bool names_param = !check.params.contains("field");
            if (names_param && spec_.find(check.params.value("operation", "")))
                out.push_back({check.rule_id, target, check.location, api.error().to_string()});
            continue;
        }
        for (auto& message : differences(spec_, check, *api))
            out.push_back({check.rule_id, target, check.location, message + " (#" + api->pointer + ")"});
    }
    return out;
}

}  // namespace dockside::spec
