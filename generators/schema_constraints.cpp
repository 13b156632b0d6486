#include "generators/schema_constraints.h"

#include <algorithm>

#include <rapidcheck/GenerationFailure.h>

#include "generators/schema_gen.h"

namespace dockside::generators {

namespace {

using nlohmann::json;

constexpr int kMaxWalkDepth = 8;             // deeper members are left alone (and a $ref cycle ends)

// Branches that only say which members must be present ("one of id or reference_id"): they choose among
// members and leave each member's own constraints to be broken one at a time.
bool only_member_choices(const json& s) {
    for (const char* key : {"anyOf", "oneOf"}) {
        if (!s.contains(key)) continue;
        if (!s[key].is_array()) return false;
        for (const auto& branch : s[key])
            if (!branch.is_object() || branch.size() != 1 || !branch.contains("required")) return false;
    }
    return true;
}

class Walker {
public:
    Walker(const spec::Spec& spec, const ConstraintExclusions& exclusions, std::vector<std::string>* skipped)
        : spec_(spec), exclusions_(exclusions), skipped_(skipped) {}

    void walk(const json& written, std::vector<SchemaStep> path, std::string rule, const std::string& field, int depth) {
        SchemaConstraint here;
        here.path = path;
        const std::string where = here.pointer();
        if (depth > kMaxWalkDepth) return note(where, "deeper than " + std::to_string(kMaxWalkDepth) + " levels");
        auto resolved = resolved_schema(spec_, written);
        if (!resolved) return note(where, resolved.error());
        const json& s = *resolved;
        if (!s.is_object()) return;
        if (s.value("x-unspecified", false)) {
            // A number whose bounds are not shown is still a number: its type alone is broken.
            const auto type = s.value("type", json()).is_string() ? s["type"].get<std::string>() : std::string();
            if ((type == "integer" || type == "number" || type == "boolean") && !s.value("x-type-inferred", false) &&
                !exclusions_.fields.count(field)) {
                if (s.contains("x-rule") && s["x-rule"].is_string()) rule = s["x-rule"].get<std::string>();
                SchemaConstraint c{ConstraintKind::Type, path, "", s, rule, field};
                if (breakable(c)) out.push_back(std::move(c));
            }
            return note(where, "x-unspecified: the document does not show it" +
                                   std::string(type.empty() ? "" : " beyond its type"));
        }
        if ((s.contains("anyOf") || s.contains("oneOf")) && !only_member_choices(s))
            return note(where, "anyOf/oneOf: breaking one branch may match another");
        if (!field.empty() && exclusions_.fields.count(field)) return note(where, field + " is named by a not_shown stance");
        if (s.contains("x-rule") && s["x-rule"].is_string()) rule = s["x-rule"].get<std::string>();
        const bool inferred = s.value("x-type-inferred", false);

        auto add = [&](ConstraintKind kind, std::string property = "") {
            SchemaConstraint c{kind, path, std::move(property), s, rule, field};
            if (auto ok = breakable(c); !ok) return note(where, to_string(kind) + " not broken alone: " + ok.error());
            out.push_back(std::move(c));
        };
        if (s.contains("type") && !inferred) add(ConstraintKind::Type);
        if (s.contains("enum") && s.value("x-open-enum", false) == true) {
            SchemaConstraint c{ConstraintKind::Enum, path, "", s, rule, field};
            c.edges_only = true;
            out.push_back(std::move(c));
        } else if (s.contains("enum")) {
            add(ConstraintKind::Enum);
        }
        if (s.contains("format") && s["format"] != "int32" && s["format"] != "int64") add(ConstraintKind::Format);
        if (s.contains("minimum") || s.contains("exclusiveMinimum")) add(ConstraintKind::Minimum);
        if (s.contains("maximum") || s.contains("exclusiveMaximum")) add(ConstraintKind::Maximum);
        if (s.value("minLength", 0) > 0) add(ConstraintKind::MinLength);
        if (s.contains("maxLength")) add(ConstraintKind::MaxLength);
        if (s.contains("pattern")) add(ConstraintKind::Pattern);
        if (s.value("minItems", 0) > 0) add(ConstraintKind::MinItems);
        if (s.contains("maxItems")) add(ConstraintKind::MaxItems);
        if (s.contains("x-unique-by") && s["x-unique-by"].is_string()) add(ConstraintKind::UniqueBy);
        if (s.contains("required") && s["required"].is_array() && !s.contains("not"))
            for (const auto& name : s["required"])
                if (name.is_string()) add(ConstraintKind::Required, name.get<std::string>());

        const std::string named = component_name(written);
        const std::string base = named.empty() ? field : named;
        // A member `not: {required: [it]}` forbids is never present: nothing of it can be broken.
        std::string forbidden;
        if (s.contains("not") && s["not"].is_object() && s["not"].contains("required") && s["not"]["required"].size() == 1)
            forbidden = s["not"]["required"][0].get<std::string>();
        add_optional_members(s, path, rule, field, base, forbidden);
        if (s.contains("properties") && s["properties"].is_object())
            for (const auto& [name, member] : s["properties"].items()) {
                if (name == forbidden) continue;
                auto next = path;
                next.push_back({name, member});
                walk(member, std::move(next), rule, base.empty() ? "" : base + "." + name, depth + 1);
            }
        if (s.contains("items") && s["items"].is_object()) {
            auto next = path;
            next.push_back({"[]", s["items"]});
            walk(s["items"], std::move(next), rule, base, depth + 1);
        }
    }

    std::vector<SchemaConstraint> out;

private:
    /// Each member the object does not require, where a rule owns the object: a request without it must be
    /// served. Not where which members are needed depends on others (anyOf/oneOf branches, the rules
    /// data's required_when and one_of_required), nor for members the document does not show.
    void add_optional_members(const json& s, const std::vector<SchemaStep>& path, const std::string& rule, const std::string& field,
                              const std::string& base, const std::string& forbidden) {
        if (rule.empty() || !s.contains("properties") || !s["properties"].is_object() || s.contains("anyOf") || s.contains("oneOf")) return;
        for (const auto& check : spec_.checks())
            if ((check.type == "required_when" || check.type == "one_of_required") && check.params.value("field", "") == field) return;
        const json required = s.value("required", json::array());
        for (const auto& [name, member] : s["properties"].items()) {
            if (name == forbidden || std::find(required.begin(), required.end(), json(name)) != required.end()) continue;
            auto resolved = resolved_schema(spec_, member);
            if (!resolved || resolved->value("x-unspecified", false) || resolved->value("readOnly", false)) continue;
            if (!base.empty() && exclusions_.fields.count(base + "." + name)) continue;
            // The member's own rule where it has one (RET-TRACKING on a return's tracking_number), else the object's.
            const std::string owner = resolved->contains("x-rule") && (*resolved)["x-rule"].is_string() ? (*resolved)["x-rule"].get<std::string>() : rule;
            SchemaConstraint c{ConstraintKind::Optional, path, name, s, owner, base.empty() ? "" : base + "." + name};
            c.edges_only = true;
            out.push_back(std::move(c));
        }
    }

    void note(const std::string& where, const std::string& why) {
        if (skipped_) skipped_->push_back((where.empty() ? std::string("the value") : where) + ": " + why);
    }

    const spec::Spec& spec_;
    const ConstraintExclusions& exclusions_;
    std::vector<std::string>* skipped_;
};

/// A value of `schema` drawn until `wanted` holds (the optional or nullable place of a constraint). Its record
/// ids are the request's (the values the target holds); its sizes the defaults, as a request drawn small may
/// hold no item at all where one is wanted.
json draw_such(const spec::Spec& spec, const json& schema, bool (*wanted)(const json&), const SchemaGenOptions& request) {
    SchemaGenOptions options;
    options.known = request.known;
    options.item_of_list = request.item_of_list;
    return *rc::gen::suchThat(gen_from_schema(spec, schema, options), wanted);
}

/// When `object` now holds every member of its schema's `not: {required: […]}`, the others than `kept` go:
/// making a member present must not break that rule either.
void keep_not_required(const spec::Spec& spec, const json& schema, json& object, const std::string& kept) {
    auto resolved = resolved_schema(spec, schema);
    if (!resolved || !resolved->contains("not") || !(*resolved)["not"].contains("required")) return;
    const json& names = (*resolved)["not"]["required"];
    for (const auto& n : names)
        if (!object.contains(n.get<std::string>())) return;
    const json required = resolved->value("required", json::array());
    for (const auto& n : names)
        if (n.get<std::string>() != kept && std::find(required.begin(), required.end(), n) == required.end())
            object.erase(n.get<std::string>());
}

}  // namespace

std::string component_name(const json& written) {
    constexpr std::string_view kPrefix = "#/components/schemas/";
    if (!written.is_object() || !written.contains("$ref") || !written["$ref"].is_string()) return "";
    const std::string ref = written["$ref"].get<std::string>();
    return ref.rfind(kPrefix, 0) == 0 ? ref.substr(kPrefix.size()) : "";
}

std::string to_string(ConstraintKind kind) {
    switch (kind) {
        case ConstraintKind::Type: return "type";
        case ConstraintKind::Required: return "required";
        case ConstraintKind::Enum: return "enum";
        case ConstraintKind::Format: return "format";
        case ConstraintKind::Minimum: return "minimum";
        case ConstraintKind::Maximum: return "maximum";
        case ConstraintKind::MinLength: return "minLength";
        case ConstraintKind::MaxLength: return "maxLength";
        case ConstraintKind::Pattern: return "pattern";
        case ConstraintKind::MinItems: return "minItems";
        case ConstraintKind::MaxItems: return "maxItems";
        case ConstraintKind::UniqueBy: return "x-unique-by";
        case ConstraintKind::Optional: return "optional";
    }
    return "?";
}

std::string SchemaConstraint::pointer() const {
    std::string out;
    for (const auto& step : path) {
        std::string token = step.name == "[]" ? std::string("0") : step.name;
        for (std::size_t at = 0; (at = token.find('~', at)) != std::string::npos; at += 2) token.replace(at, 1, "~0");
        for (std::size_t at = 0; (at = token.find('/', at)) != std::string::npos; at += 2) token.replace(at, 1, "~1");
        out += "/" + token;
    }
    return out;
}

std::string SchemaConstraint::describe() const {
    std::string what = to_string(kind);
    if (kind == ConstraintKind::Required || kind == ConstraintKind::Optional) what += " " + (property.empty() ? std::string("body") : property);
    // The bound or the keyword's value, as the schema states it ("maxLength 500", "exclusiveMinimum 0").
    std::vector<std::string> keys = {to_string(kind)};
    if (kind == ConstraintKind::Minimum) keys.push_back("exclusiveMinimum");
    if (kind == ConstraintKind::Maximum) keys.push_back("exclusiveMaximum");
    for (const auto& key : keys)
        if (kind != ConstraintKind::Type && kind != ConstraintKind::Required && kind != ConstraintKind::Enum && schema.contains(key) &&
            !schema[key].is_boolean())
            what = key + " " + (schema[key].is_string() ? schema[key].get<std::string>() : schema[key].dump());
    return what + " at " + (pointer().empty() ? std::string("/") : pointer());
}

ConstraintExclusions exclusions_of(const spec::Spec& spec) {
    ConstraintExclusions out;
    const json& stances = spec.rules_document().value("not_shown", json::array());
    for (const auto& entry : stances)
        for (const auto& field : entry.value("fields", json::array()))
            if (field.is_string()) out.fields.insert(field.get<std::string>());
    return out;
}

std::vector<SchemaConstraint> constraints_of(const spec::Spec& spec, const json& schema, const ConstraintExclusions& exclusions,
                                             std::vector<std::string>* skipped, const std::string& root_field) {
    Walker walker(spec, exclusions, skipped);
    walker.walk(schema, {}, "", root_field.empty() ? component_name(schema) : root_field, 0);
    return std::move(walker.out);
}

namespace {

/// Makes the place of `c` present in `root` (drawing what is missing on the way) and returns it with its schema.
std::pair<json*, json> place_of(const spec::Spec& spec, json& root, const json& root_schema, const SchemaConstraint& c,
                                const SchemaGenOptions& options) {
    json* at = &root;
    json schema = root_schema;
    for (const auto& step : c.path) {
        if (step.name == "[]") {
            if (!at->is_array() || at->empty())
                *at = draw_such(spec, schema, [](const json& v) { return v.is_array() && !v.empty(); }, options);
            at = &(*at)[0];
        } else {
            if (!at->is_object()) *at = draw_such(spec, schema, [](const json& v) { return v.is_object(); }, options);
            if (!at->contains(step.name)) {
                (*at)[step.name] = *gen_from_schema(spec, step.schema, options);
                keep_not_required(spec, schema, *at, step.name);
            }
            at = &(*at)[step.name];
        }
        schema = step.schema;
    }
    return {at, schema};
}

bool is_items_constraint(const SchemaConstraint& c) {
    return c.kind == ConstraintKind::MinItems || c.kind == ConstraintKind::MaxItems || c.kind == ConstraintKind::UniqueBy;
}

/// `array` as few items as it must hold, each drawn with the request's options (as small as they make it)
/// and naming the member that must be unique with a value the target holds: only the repeat can be refused.
void name_unique_member(const spec::Spec& spec, const SchemaConstraint& c, json& array, const SchemaGenOptions& options) {
    const std::string key = c.schema["x-unique-by"].get<std::string>();
    auto items = resolved_schema(spec, c.schema.value("items", json::object()));
    if (!items || !items->contains("properties") || !(*items)["properties"].contains(key)) return;
    array = json::array();
    while (array.size() < std::max<std::size_t>(1, c.schema.value("minItems", std::size_t{1}))) {
        json item = *gen_from_schema(spec, c.schema["items"], options);
        if (item.is_object()) item[key] = *gen_from_schema(spec, (*items)["properties"][key], options);
        array.push_back(std::move(item));
    }
}

}  // namespace

rc::Gen<json> gen_breaking(const spec::Spec& spec, const json& root_schema, const SchemaConstraint& c, SchemaGenOptions options) {
    return rc::gen::exec([&spec, root_schema, c, options] {
        json root = *gen_from_schema(spec, root_schema, options);
        auto [at, schema] = place_of(spec, root, root_schema, c, options);
        if (c.kind == ConstraintKind::Required) {
            if (!at->is_object()) *at = draw_such(spec, schema, [](const json& v) { return v.is_object(); }, options);
            at->erase(c.property);
            return root;
        }
        if (is_items_constraint(c) && (!at->is_array() || at->empty()))
            *at = draw_such(spec, schema, [](const json& v) { return v.is_array() && !v.empty(); }, options);
        if (c.kind == ConstraintKind::UniqueBy) name_unique_member(spec, c, *at, options);
        auto value = breaking_value(c, *at);
        if (!value) throw rc::GenerationFailure(c.describe() + ": " + value.error());
        *at = **value;
        return root;
    });
}

rc::Gen<std::pair<json, json>> gen_at_edge(const spec::Spec& spec, const json& root_schema, const SchemaConstraint& c,
                                          const EdgeValue& edge, SchemaGenOptions options) {
    return rc::gen::exec([&spec, root_schema, c, edge, options] {
        json root = *gen_from_schema(spec, root_schema, options);
        auto [at, schema] = place_of(spec, root, root_schema, c, options);
        if (c.kind == ConstraintKind::Optional) {
            // Inside: the member present (drawn); at the edge: the same object without it.
            if (!at->is_object()) *at = draw_such(spec, schema, [](const json& v) { return v.is_object(); }, options);
            (*at)[c.property] = *gen_from_schema(spec, c.schema.at("properties").at(c.property), options);
            keep_not_required(spec, schema, *at, c.property);
            const json inside = root;
            at->erase(c.property);
            return std::make_pair(root, inside);
        }
        if (edge.items && (!at->is_array() || at->size() < *edge.items))
            *at = draw_such(spec, schema, [](const json& v) { return v.is_array() && !v.empty(); }, options);
        if (!edge.items && at->is_null() && !edge.value.is_null())
            *at = draw_such(spec, schema, [](const json& v) { return !v.is_null(); }, options);
        const json inside = root;
        if (edge.items) {
            if (at->size() < *edge.items) throw rc::GenerationFailure(c.describe() + ": no draw holds " + edge.label);
            at->erase(at->begin() + static_cast<std::ptrdiff_t>(*edge.items), at->end());
        } else {
            *at = edge.value;
        }
        return std::make_pair(root, inside);
    });
}

}  // namespace dockside::generators
