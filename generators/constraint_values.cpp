// The values that break one constraint of a schema alone, or sit at its edge: a word where a number belongs,
// the bound plus one, a text one character too long, an item repeated. Where constraints are and how a
// request is built around the value is schema_constraints.cpp's.
#include "generators/schema_constraints.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <regex>

namespace dockside::generators {

namespace {

using nlohmann::json;

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

/// The array in place with its first item that names `x-unique-by`'s member once more: two items, one value.
Result<std::optional<json>, std::string> repeated_item(const json& s, const json& current) {
    const std::string key = s["x-unique-by"].get<std::string>();
    if (!current.is_array()) return fail(std::string("the value in place is not an array"));
    const auto named = std::find_if(current.begin(), current.end(), [&](const json& item) { return item.is_object() && item.contains(key); });
    if (named == current.end()) return fail("no item in place names its " + key);
    if (s.contains("maxItems") && current.size() + 1 > s["maxItems"].get<std::size_t>()) return fail(std::string("maxItems leaves no room for a repeat"));
    json out = current;
    out.push_back(*named);
    return std::optional<json>(out);
}

}  // namespace

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
        case ConstraintKind::UniqueBy: return repeated_item(s, current);
        case ConstraintKind::Optional: return fail(std::string("an optional member is left out, never broken"));
    }
    return fail(std::string("unknown constraint kind"));
}

Result<bool, std::string> breakable(const SchemaConstraint& c) {
    // An array as gen_breaking leaves it: minItems items, at least one.
    json current = json::array({nullptr});
    if (c.kind == ConstraintKind::MinItems)
        current = json(std::vector<json>(std::max<std::size_t>(1, c.schema.value("minItems", std::size_t{1})), nullptr));
    if (c.kind == ConstraintKind::UniqueBy) current = json::array({json{{c.schema["x-unique-by"].get<std::string>(), nullptr}}});
    auto value = breaking_value(c, current);
    if (!value) return fail(value.error());
    return true;
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

}  // namespace dockside::generators
