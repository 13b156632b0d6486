#include "generators/schema_constraints.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <regex>

#include <rapidcheck/GenerationFailure.h>

#include "generators/schema_gen.h"

namespace dockside::generators {

namespace {

using nlohmann::json;

constexpr int kMaxWalkDepth = 8;             // deeper members are left alone (and a $ref cycle ends)
constexpr std::size_t kMaxBrokenLength = 100000;  // a maxLength past this is not probed: the value would be huge

std::vector<std::string> types_of(const json& s) {
    std::vector<std::string> out;
    if (!s.contains("type")) return out;
    if (s["type"].is_string()) out.push_back(s["type"].get<std::string>());
    if (s["type"].is_array())
        for (const auto& t : s["type"])
            if (t.is_string()) out.push_back(t.get<std::string>());
    return out;
}

bool admits(const std::vector<std::string>& types, const json& v) {
    for (const auto& t : types)
        if ((t == "string" && v.is_string()) || (t == "integer" && v.is_number_integer()) || (t == "number" && v.is_number()) ||
            (t == "boolean" && v.is_boolean()) || (t == "array" && v.is_array()) || (t == "object" && v.is_object()) ||
            (t == "null" && v.is_null()))
            return true;
    return false;
}

bool has(const std::vector<std::string>& types, const char* t) { return std::find(types.begin(), types.end(), t) != types.end(); }

std::size_t code_points(const std::string& text) {
    return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

/// Whether `text` keeps format `format`: only a URI's is judged here (a scheme, a colon, no space), which a
/// replacement can keep; any other format a replacement is taken not to keep.
bool keeps_format(const std::string& format, const std::string& text) {
    static const std::regex uri("^[A-Za-z][A-Za-z0-9+.-]*:[^\\s]+$");
    return format == "uri" && std::regex_match(text, uri);
}

/// Whether a string replacement keeps the string constraints other than the broken one.
std::optional<std::string> keeps_string_constraints(const json& s, const std::string& text, ConstraintKind broken) {
    if (broken != ConstraintKind::MinLength && s.contains("minLength") && code_points(text) < s["minLength"].get<std::size_t>())
        return "a shorter value than minLength allows";
    if (broken != ConstraintKind::MaxLength && s.contains("maxLength") && code_points(text) > s["maxLength"].get<std::size_t>())
        return "a longer value than maxLength allows";
    if (broken != ConstraintKind::Pattern && s.contains("pattern")) return "the value would also have to match its pattern";
    if (broken != ConstraintKind::Format && s.contains("format") && s["format"] != "int32" && s["format"] != "int64" &&
        !keeps_format(s["format"].get<std::string>(), text))
        return "the value would also have to keep its format";
    if (broken != ConstraintKind::Enum && s.contains("enum")) return "the value would also have to be one of its enum";
    return std::nullopt;
}

/// The bound a Minimum (lower) or Maximum constraint states, and whether it is exclusive.
std::optional<std::pair<double, bool>> bound_of(const json& s, bool lower) {
    const char* plain = lower ? "minimum" : "maximum";
    const char* exclusive = lower ? "exclusiveMinimum" : "exclusiveMaximum";
    if (s.contains(exclusive) && s[exclusive].is_number()) return std::make_pair(s[exclusive].get<double>(), true);
    if (s.contains(plain) && s[plain].is_number())
        return std::make_pair(s[plain].get<double>(), s.value(exclusive, json(false)) == json(true));
    return std::nullopt;
}

Result<std::optional<json>, std::string> out_of_range(const json& s, bool lower) {
    auto bound = bound_of(s, lower);
    if (!bound) return fail(std::string("no bound"));
    if (s.contains("enum")) return fail(std::string("the value would also have to be one of its enum"));
    const auto types = types_of(s);
    const double step = bound->second ? 0.0 : 1.0;
    const double value = lower ? bound->first - step : bound->first + step;
    if (has(types, "integer") && !has(types, "number")) {
        double lo = static_cast<double>(std::numeric_limits<std::int64_t>::min()), hi = static_cast<double>(std::numeric_limits<std::int64_t>::max());
        if (s.value("format", "") == "int32") {
            lo = std::numeric_limits<std::int32_t>::min();
            hi = std::numeric_limits<std::int32_t>::max();
        }
        if (value < lo || value > hi) return fail("the bound is the edge of " + s.value("format", std::string("int64")) + ": past it the value breaks the width too");
        return std::optional<json>(json(static_cast<std::int64_t>(value)));
    }
    return std::optional<json>(json(value));
}

Result<std::optional<json>, std::string> not_listed(const json& s) {
    const json& values = s["enum"];
    const auto types = types_of(s);
    if (has(types, "string") || (types.empty() && !values.empty() && values[0].is_string())) {
        std::string text = "DS-not-listed";
        if (s.contains("maxLength")) text = text.substr(0, std::min(text.size(), s["maxLength"].get<std::size_t>()));
        while (std::find(values.begin(), values.end(), json(text)) != values.end() || text.empty()) text += "z";
        if (auto why = keeps_string_constraints(s, text, ConstraintKind::Enum)) return fail(*why);
        return std::optional<json>(json(text));
    }
    if (has(types, "integer") || has(types, "number")) {
        std::int64_t top = std::numeric_limits<std::int64_t>::min(), bottom = std::numeric_limits<std::int64_t>::max();
        for (const auto& v : values)
            if (v.is_number_integer()) top = std::max(top, v.get<std::int64_t>()), bottom = std::min(bottom, v.get<std::int64_t>());
        if (top == std::numeric_limits<std::int64_t>::min()) return fail(std::string("an enum without integers"));
        auto hi = bound_of(s, false);
        if (!hi || static_cast<double>(top + 1) < hi->first || (!hi->second && static_cast<double>(top + 1) == hi->first))
            return std::optional<json>(json(top + 1));
        auto lo = bound_of(s, true);
        if (!lo || static_cast<double>(bottom - 1) > lo->first || (!lo->second && static_cast<double>(bottom - 1) == lo->first))
            return std::optional<json>(json(bottom - 1));
        return fail(std::string("every integer its range admits is listed"));
    }
    return fail(std::string("an enum of a type whose other values cannot be told apart"));
}

Result<std::optional<json>, std::string> wrong_type(const json& s, bool as_text) {
    const auto types = types_of(s);
    if (types.empty()) return fail(std::string("no type stated"));
    // A container where a scalar belongs (and the other way round) is refused by every deserializer; a
    // number where a string belongs is not (many coerce it), so it would blame a lenient server for
    // something the document leaves open. A parameter is text: there a word breaks a number or a boolean.
    const std::vector<json> candidates = as_text ? std::vector<json>{json("DS-wrong-type")}
                                                 : std::vector<json>{json::object(), json::array(), json("DS-wrong-type")};
    for (const json& candidate : candidates)
        if (!admits(types, candidate)) return std::optional<json>(candidate);
    return fail(std::string("no value of another type is told apart"));
}

Result<std::optional<json>, std::string> not_matching(const json& s) {
    std::regex pattern;
    try {
        pattern = std::regex(s["pattern"].get<std::string>(), std::regex::ECMAScript);
    } catch (const std::regex_error&) {
        return fail("pattern " + s["pattern"].dump() + " is outside the regular expressions the harness reads");
    }
    // Short texts first; then URIs, which keep a uri format where the pattern asks more of it (https only).
    for (const char* candidate : {"!", "~~", " ", "-", "0", "a", "", "DS not matching", "http://dockside.invalid/hook",
                                  "urn:dockside:not-matching"}) {
        const std::string text = candidate;
        if (std::regex_search(text, pattern)) continue;
        if (keeps_string_constraints(s, text, ConstraintKind::Pattern)) continue;
        return std::optional<json>(json(text));
    }
    return fail("no short text both misses pattern " + s["pattern"].dump() + " and keeps the other constraints");
}

Result<std::optional<json>, std::string> wrong_format(const json& s) {
    const std::string format = s.value("format", "");
    std::string text;
    if (format == "date-time") text = "not-a-date-time";
    else if (format == "date") text = "not-a-date";
    else if (format == "uri") text = "not a uri";
    else return fail("format " + format + " is not broken by the harness");
    if (auto why = keeps_string_constraints(s, text, ConstraintKind::Format)) return fail(*why);
    return std::optional<json>(json(text));
}

Result<std::optional<json>, std::string> wrong_length(const json& s, bool too_short) {
    std::size_t length = 0;
    if (too_short) {
        const auto min = s.value("minLength", std::size_t{0});
        if (min == 0) return fail(std::string("minLength 0 cannot be broken"));
        length = min - 1;
    } else {
        length = s["maxLength"].get<std::size_t>() + 1;
        if (length > kMaxBrokenLength) return fail("maxLength " + std::to_string(length - 1) + " is too long to probe");
    }
    // ASCII: every way of counting characters agrees on it (NS-TEXT-LENGTH-UNIT).
    const std::string text(length, 'a');
    if (auto why = keeps_string_constraints(s, text, too_short ? ConstraintKind::MinLength : ConstraintKind::MaxLength)) return fail(*why);
    return std::optional<json>(json(text));
}

Result<std::optional<json>, std::string> wrong_count(const json& s, const json& current, bool too_few) {
    if (!current.is_array()) return fail(std::string("the value in place is not an array"));
    if (too_few) {
        const auto min = s.value("minItems", std::size_t{0});
        if (min == 0) return fail(std::string("minItems 0 cannot be broken"));
        if (current.size() < min) return fail(std::string("the array in place is already short"));
        json out = json::array();
        for (std::size_t i = 0; i + 1 < min; ++i) out.push_back(current[i]);
        return std::optional<json>(out);
    }
    if (s.value("uniqueItems", false)) return fail(std::string("uniqueItems: more items would need new distinct values"));
    if (current.empty()) return fail(std::string("the array in place has no item to repeat"));
    const auto max = s["maxItems"].get<std::size_t>();
    if (max + 1 > 1000) return fail(std::string("maxItems is too large to probe"));
    json out = current;
    while (out.size() < max + 1) out.push_back(current[0]);
    return std::optional<json>(out);
}

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
        if (bound_of(s, true)) add(ConstraintKind::Minimum);
        if (bound_of(s, false)) add(ConstraintKind::Maximum);
        if (s.value("minLength", 0) > 0) add(ConstraintKind::MinLength);
        if (s.contains("maxLength")) add(ConstraintKind::MaxLength);
        if (s.contains("pattern")) add(ConstraintKind::Pattern);
        if (s.value("minItems", 0) > 0) add(ConstraintKind::MinItems);
        if (s.contains("maxItems")) add(ConstraintKind::MaxItems);
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

/// A value of `schema` drawn until `wanted` holds (the optional or nullable place of a constraint).
json draw_such(const spec::Spec& spec, const json& schema, bool (*wanted)(const json&)) {
    return *rc::gen::suchThat(gen_from_schema(spec, schema), wanted);
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

Result<std::optional<json>, std::string> breaking_value(const SchemaConstraint& c, const json& current) {
    const json& s = c.schema;
    switch (c.kind) {
        case ConstraintKind::Type: return wrong_type(s, c.as_text);
        case ConstraintKind::Required: return std::optional<json>();
        case ConstraintKind::Enum: return not_listed(s);
        case ConstraintKind::Format: return wrong_format(s);
        case ConstraintKind::Minimum: return out_of_range(s, true);
        case ConstraintKind::Maximum: return out_of_range(s, false);
        case ConstraintKind::MinLength: return wrong_length(s, true);
        case ConstraintKind::MaxLength: return wrong_length(s, false);
        case ConstraintKind::Pattern: return not_matching(s);
        case ConstraintKind::MinItems: return wrong_count(s, current, true);
        case ConstraintKind::MaxItems: return wrong_count(s, current, false);
        case ConstraintKind::Optional: return fail(std::string("an optional member is left out, never broken"));
    }
    return fail(std::string("unknown constraint kind"));
}

Result<bool, std::string> breakable(const SchemaConstraint& c) {
    // An array as gen_breaking leaves it: minItems items, at least one.
    json current = json::array({nullptr});
    if (c.kind == ConstraintKind::MinItems)
        current = json(std::vector<json>(std::max<std::size_t>(1, c.schema.value("minItems", std::size_t{1})), nullptr));
    auto value = breaking_value(c, current);
    if (!value) return fail(value.error());
    return true;
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
                *at = draw_such(spec, schema, [](const json& v) { return v.is_array() && !v.empty(); });
            at = &(*at)[0];
        } else {
            if (!at->is_object()) *at = draw_such(spec, schema, [](const json& v) { return v.is_object(); });
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

bool is_items_constraint(const SchemaConstraint& c) { return c.kind == ConstraintKind::MinItems || c.kind == ConstraintKind::MaxItems; }

}  // namespace

rc::Gen<json> gen_breaking(const spec::Spec& spec, const json& root_schema, const SchemaConstraint& c, SchemaGenOptions options) {
    return rc::gen::exec([&spec, root_schema, c, options] {
        json root = *gen_from_schema(spec, root_schema, options);
        auto [at, schema] = place_of(spec, root, root_schema, c, options);
        if (c.kind == ConstraintKind::Required) {
            if (!at->is_object()) *at = draw_such(spec, schema, [](const json& v) { return v.is_object(); });
            at->erase(c.property);
            return root;
        }
        if (is_items_constraint(c) && (!at->is_array() || at->empty()))
            *at = draw_such(spec, schema, [](const json& v) { return v.is_array() && !v.empty(); });
        auto value = breaking_value(c, *at);
        if (!value) throw rc::GenerationFailure(c.describe() + ": " + value.error());
        *at = **value;
        return root;
    });
}

std::vector<EdgeValue> edge_values(const SchemaConstraint& c, const std::string& multibyte_char) {
    const json& s = c.schema;
    std::vector<EdgeValue> out;
    // A value the target must hold, or one a pattern or a format shapes: no edge value is known to keep it.
    if (s.contains("x-values-from") || s.contains("pattern") || (s.contains("format") && s["format"] != "int32" && s["format"] != "int64"))
        return out;
    auto text = [&](std::size_t length) {
        if (keeps_string_constraints(s, std::string(length, 'a'), ConstraintKind::Type) || length > kMaxBrokenLength) return;
        out.push_back({json(std::string(length, 'a')), std::nullopt, std::to_string(length) + (length == 1 ? " character" : " characters"), false});
        if (multibyte_char.empty() || length == 0) return;
        std::string wide;
        for (std::size_t i = 0; i < length; ++i) wide += multibyte_char;
        out.push_back({json(wide), std::nullopt, std::to_string(length) + " multi-byte characters", true});
    };
    auto integer = [&](bool lower) {
        auto bound = bound_of(s, lower);
        const auto types = types_of(s);
        if (!bound || s.contains("enum") || !has(types, "integer")) return;
        const double at = bound->second ? (lower ? bound->first + 1 : bound->first - 1) : bound->first;
        out.push_back({json(static_cast<std::int64_t>(at)), std::nullopt, json(static_cast<std::int64_t>(at)).dump(), false});
    };
    switch (c.kind) {
        case ConstraintKind::MaxLength: text(s["maxLength"].get<std::size_t>()); break;
        case ConstraintKind::MinLength: text(s["minLength"].get<std::size_t>()); break;
        case ConstraintKind::Minimum: integer(true); break;
        case ConstraintKind::Maximum: integer(false); break;
        case ConstraintKind::MinItems: {
            const auto n = s["minItems"].get<std::size_t>();
            out.push_back({json(), n, std::to_string(n) + (n == 1 ? " item" : " items"), false});
            break;
        }
        case ConstraintKind::Enum:
            for (const auto& v : s["enum"])
                if (!v.is_null()) out.push_back({v, std::nullopt, v.dump(), false});
            break;
        case ConstraintKind::Optional: out.push_back({json(), std::nullopt, "without " + c.property, false}); break;
        default: break;
    }
    return out;
}

rc::Gen<std::pair<json, json>> gen_at_edge(const spec::Spec& spec, const json& root_schema, const SchemaConstraint& c,
                                          const EdgeValue& edge, SchemaGenOptions options) {
    return rc::gen::exec([&spec, root_schema, c, edge, options] {
        json root = *gen_from_schema(spec, root_schema, options);
        auto [at, schema] = place_of(spec, root, root_schema, c, options);
        if (c.kind == ConstraintKind::Optional) {
            // Inside: the member present (drawn); at the edge: the same object without it.
            if (!at->is_object()) *at = draw_such(spec, schema, [](const json& v) { return v.is_object(); });
            (*at)[c.property] = *gen_from_schema(spec, c.schema.at("properties").at(c.property), options);
            keep_not_required(spec, schema, *at, c.property);
            const json inside = root;
            at->erase(c.property);
            return std::make_pair(root, inside);
        }
        if (edge.items && (!at->is_array() || at->size() < *edge.items))
            *at = draw_such(spec, schema, [](const json& v) { return v.is_array() && !v.empty(); });
        if (!edge.items && at->is_null() && !edge.value.is_null())
            *at = draw_such(spec, schema, [](const json& v) { return !v.is_null(); });
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
