// Limits of fields and parameters: the OpenAPI keywords (the one file that states them).
#include "specs/loader/limits.h"

#include <algorithm>
#include <set>

#include "specs/loader/schema_walk.h"
#include "specs/loader/spec.h"
#include "specs/loader/spec_internal.h"

namespace dockside::spec {

using detail::split_reference;

namespace {

std::string join(const std::vector<std::string>& parts) {
    std::string out;
    for (const auto& p : parts) out += (out.empty() ? "" : ".") + p;
    return out;
}

LookupError missing(const FieldLimits& f, const std::string& what) {
    return {"limit", f.reference, "the contract states no " + what + " for it", {}};
}

Result<std::int64_t, LookupError> bound(const FieldLimits& f, const std::optional<std::int64_t>& b,
                                        const char* what) {
    if (!b) return fail(missing(f, what));
    return *b;
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

Result<FieldLimits, LookupError> Limits::field(std::string_view reference) const { return spec::openapi_field(spec_, reference); }

Result<FieldLimits, LookupError> Limits::param(std::string_view operation_id, std::string_view name) const {
    return openapi_param(spec_, operation_id, name);
}

}  // namespace dockside::spec
