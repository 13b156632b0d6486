#include "specs/loader/schema_walk.h"

#include <algorithm>
#include <cmath>
#include <set>

#include "specs/loader/spec_internal.h"

namespace dockside::spec::detail {

namespace {

constexpr const char* kCombinators[] = {"allOf", "anyOf", "oneOf"};

std::optional<std::int64_t> as_integer(const json& value) {
    if (value.is_number_integer()) return value.get<std::int64_t>();
    if (value.is_number_float()) {
        const double d = value.get<double>();
        if (std::floor(d) == d && std::fabs(d) < 9.0e18) return static_cast<std::int64_t>(d);
    }
    return std::nullopt;
}

template <class T>
void set_once(std::optional<T>& slot, std::optional<T> value) {
    if (!slot && value) slot = value;
}

/// minimum/maximum with both spellings of exclusive bounds: OpenAPI 3.0 booleans and 3.1 numbers.
void read_value_bounds(const json& node, Bounds& out) {
    std::optional<std::int64_t> low, high;
    if (auto it = node.find("minimum"); it != node.end()) low = as_integer(*it);
    if (auto it = node.find("maximum"); it != node.end()) high = as_integer(*it);
    if (auto it = node.find("exclusiveMinimum"); it != node.end()) {
        if (it->is_boolean() && it->get<bool>() && low) low = *low + 1;
        if (auto v = as_integer(*it)) low = *v + 1;
    }
    if (auto it = node.find("exclusiveMaximum"); it != node.end()) {
        if (it->is_boolean() && it->get<bool>() && high) high = *high - 1;
        if (auto v = as_integer(*it)) high = *v - 1;
    }
    set_once(out.min, low);
    set_once(out.max, high);
}

void read_keywords(const json& node, ValueLimits& out) {
    if (out.types.empty()) out.types = string_list(node.value("type", json()));
    if (out.format.empty()) out.format = string_or(node, "format");
    if (auto it = node.find("minLength"); it != node.end()) set_once(out.length.min, as_integer(*it));
    if (auto it = node.find("maxLength"); it != node.end()) set_once(out.length.max, as_integer(*it));
    read_value_bounds(node, out.value);
    if (auto it = node.find("enum"); it != node.end() && it->is_array() && !out.values) {
        // null in the enum of a nullable field is OpenAPI 3.1's way to admit null, not a listed value.
        std::vector<json> values;
        for (const auto& v : *it)
            if (!v.is_null()) values.push_back(v);
        out.values = std::move(values);
        out.values_closed = !node.value("x-open-enum", false);
    }
    if (out.pattern.empty()) out.pattern = string_or(node, "pattern");
}

void add_names(const Spec& spec, const json* schema, std::set<std::string>& names, int depth) {
    schema = spec.deref(schema);
    if (!schema || !schema->is_object() || depth > kMaxWalkDepth) return;
    if (auto props = schema->find("properties"); props != schema->end() && props->is_object())
        for (const auto& [name, value] : props->items()) names.insert(name);
    if (auto items = schema->find("items"); items != schema->end()) add_names(spec, &*items, names, depth + 1);
    for (const char* combinator : kCombinators)
        if (auto members = schema->find(combinator); members != schema->end() && members->is_array())
            for (const auto& member : *members) add_names(spec, &member, names, depth + 1);
}

}  // namespace

const json* find_property(const Spec& spec, const json* schema, std::string_view name, std::string& pointer,
                          int depth) {
    std::string here = pointer;
    schema = spec.deref(schema, &here);
    if (!schema || !schema->is_object() || depth > kMaxWalkDepth) return nullptr;
    if (auto props = schema->find("properties"); props != schema->end() && props->is_object())
        if (auto field = props->find(std::string(name)); field != props->end()) {
            pointer = pointer_append(here + "/properties", name);
            return &*field;
        }
    if (auto items = schema->find("items"); items != schema->end()) {
        std::string inner = here + "/items";
        if (const json* found = find_property(spec, &*items, name, inner, depth + 1)) {
            pointer = inner;
            return found;
        }
    }
    for (const char* combinator : kCombinators) {
        auto members = schema->find(combinator);
        if (members == schema->end() || !members->is_array()) continue;
        for (size_t i = 0; i < members->size(); ++i) {
            std::string inner = here + "/" + combinator + "/" + std::to_string(i);
            if (const json* found = find_property(spec, &(*members)[i], name, inner, depth + 1)) {
                pointer = inner;
                return found;
            }
        }
    }
    return nullptr;
}

std::vector<std::string> property_names(const Spec& spec, const json* schema, int depth) {
    std::set<std::string> names;
    add_names(spec, schema, names, depth);
    return {names.begin(), names.end()};
}

Result<const json*, LookupError> resolve_field(const Spec& spec, std::string_view reference, std::string& pointer) {
    const auto path = split_reference(reference);
    const std::string key(reference);
    if (path.size() < 2 || path[0].empty())
        return fail(LookupError{"field", key, "a field reference is Schema.field (or operationId.Param)", {}});
    const json* schemas = spec.resolve("/components/schemas");
    if (path[0].find_first_of("/~") != std::string::npos || !schemas || !schemas->contains(path[0])) {
        std::vector<std::string> names;
        if (schemas && schemas->is_object())
            for (const auto& [name, value] : schemas->items()) names.push_back(name);
        for (const auto& op : spec.operations()) names.push_back(op.id);
        auto suggestions = closest_names(path[0], names);
        std::string rest(reference.substr(reference.find('.')));
        for (auto& s : suggestions) s += rest;
        return fail(LookupError{"field", key, "no schema or operation named " + path[0], std::move(suggestions)});
    }
    pointer = pointer_append("/components/schemas", path[0]);
    const json* node = &(*schemas)[path[0]];
    std::string walked = path[0];
    for (size_t i = 1; i < path.size(); ++i) {
        const json* next = find_property(spec, node, path[i], pointer);
        if (!next) {
            auto suggestions = closest_names(path[i], property_names(spec, node));
            for (auto& s : suggestions) s = walked + "." + s;
            return fail(LookupError{"field", key, walked + " has no field " + path[i], std::move(suggestions)});
        }
        walked += "." + path[i];
        node = next;
    }
    return node;
}

void collect_limits(const Spec& spec, const json* schema, ValueLimits& out, FieldLimits* field, int depth) {
    if (!schema || !schema->is_object() || depth > kMaxWalkDepth) return;
    read_keywords(*schema, out);
    if (field) {
        if (auto it = schema->find("minItems"); it != schema->end()) set_once(field->items.min, as_integer(*it));
        if (auto it = schema->find("maxItems"); it != schema->end()) set_once(field->items.max, as_integer(*it));
        if (schema->value("nullable", false)) field->nullable = true;
        if (auto items = schema->find("items"); items != schema->end() && !field->element) {
            ValueLimits element;
            collect_limits(spec, &*items, element, nullptr, depth + 1);
            field->element = std::move(element);
        }
    }
    if (auto ref = schema->find("$ref"); ref != schema->end() && ref->is_string())
        collect_limits(spec, spec.resolve(ref->get<std::string>()), out, field, depth + 1);
    if (auto members = schema->find("allOf"); members != schema->end() && members->is_array())
        for (const auto& member : *members) collect_limits(spec, &member, out, field, depth + 1);
}

}  // namespace dockside::spec::detail
