#include "generators/schema_gen.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include <rapidcheck/GenerationFailure.h>

#include "generators/pattern_gen.h"
#include "generators/text_gen.h"

namespace dockside::generators {

namespace {

using nlohmann::json;

constexpr int kMaxRefHops = 32;        // a $ref cycle must not hang generation
constexpr int kMaxCombinatorRounds = 8;
constexpr std::int64_t kRealisticSpan = 100000;

std::vector<std::string> type_list(const json& schema) {
    std::vector<std::string> out;
    auto it = schema.find("type");
    if (it == schema.end()) return out;
    if (it->is_string()) out.push_back(it->get<std::string>());
    if (it->is_array())
        for (const auto& t : *it)
            if (t.is_string()) out.push_back(t.get<std::string>());
    return out;
}

// Two schemas that must both hold, as one: properties and allOf accumulate, required is the union,
// type the intersection; any other keyword of `extra` wins (siblings of a $ref refine their target).
json merge(json base, const json& extra) {
    if (!base.is_object()) base = json::object();
    for (const auto& [key, value] : extra.items()) {
        if (!base.contains(key)) {
            base[key] = value;
        } else if (key == "properties" && value.is_object()) {
            for (const auto& [name, schema] : value.items())
                base[key][name] = base[key].contains(name)
                                      ? json{{"allOf", json::array({base[key][name], schema})}}
                                      : schema;
        } else if ((key == "required" || key == "allOf") && value.is_array()) {
            for (const auto& item : value)
                if (key == "allOf" || std::find(base[key].begin(), base[key].end(), item) == base[key].end())
                    base[key].push_back(item);
        } else if (key == "type") {
            auto mine = type_list(base);
            auto theirs = type_list(extra);
            json both = json::array();
            for (const auto& t : mine)
                if (std::find(theirs.begin(), theirs.end(), t) != theirs.end() ||
                    (t == "integer" && std::find(theirs.begin(), theirs.end(), "number") != theirs.end()))
                    both.push_back(t);
            base[key] = both;
        } else {
            base[key] = value;
        }
    }
    return base;
}

// Resolves `$ref` chains and merges `allOf` members, leaving anyOf/oneOf as they are.
json flatten_refs(const spec::Spec& spec, const json& schema) {
    if (!schema.is_object()) return schema;
    json s = schema;
    for (int hop = 0; hop < kMaxRefHops && s.contains("$ref"); ++hop) {
        std::string ref = s["$ref"].is_string() ? s["$ref"].get<std::string>() : std::string();
        s.erase("$ref");
        const json* target = spec.resolve(ref);
        if (!target) throw rc::GenerationFailure("unresolvable $ref \"" + ref + "\"");
        s = merge(*target, s);
    }
    if (s.contains("allOf")) {
        json members = s["allOf"];
        s.erase("allOf");
        for (const auto& member : members) s = merge(s, flatten_refs(spec, member));
        if (s.contains("$ref") || s.contains("allOf")) s = flatten_refs(spec, s);
    }
    return s;
}

class SchemaDrawer {
public:
    SchemaDrawer(const spec::Spec& spec, SchemaGenOptions options) : spec_(spec), options_(options) {}

    json draw(const json& schema, int depth) const {
        json s = settle(schema);
        if (!s.is_object()) return draw_any();
        if (auto real = draw_known(s)) return *real;
        if (s.contains("const")) return s["const"];
        auto types = type_list(s);
        if (types.empty() && !s.contains("type")) types = inferred_types(s);
        exclude_negated_type(s, types);
        if (s.contains("enum")) return draw_enum(s["enum"], types, s.contains("type"));
        if (types.empty()) return draw_any();
        std::string type = pick_type(types);
        if (type == "null") return nullptr;
        if (type == "boolean") return *rc::gen::element(true, false);
        if (type == "integer") return draw_integer(s);
        if (type == "number") return draw_number(s);
        if (type == "string") return draw_string(s);
        if (type == "array") return draw_array(s, depth);
        if (type == "object") return draw_object(s, depth);
        throw rc::GenerationFailure("schema type \"" + type + "\" is not a JSON Schema type");
    }

private:
    // Resolves $ref and allOf, then one branch of each anyOf/oneOf, until none is left.
    json settle(const json& schema) const {
        json s = flatten(schema);
        for (int round = 0; round < kMaxCombinatorRounds && s.is_object(); ++round) {
            const char* key = s.contains("anyOf") ? "anyOf" : s.contains("oneOf") ? "oneOf" : nullptr;
            if (!key) break;
            json branches = s[key];
            s.erase(key);
            if (!branches.is_array() || branches.empty()) continue;
            auto index = *rc::gen::inRange<std::size_t>(0, branches.size());
            s = flatten(merge(s, flatten(branches[index])));
        }
        return s;
    }

    json flatten(const json& schema) const { return flatten_refs(spec_, schema); }

    static std::vector<std::string> inferred_types(const json& s) {
        if (s.contains("properties") || s.contains("required")) return {"object"};
        if (s.contains("items")) return {"array"};
        if (s.contains("pattern") || s.contains("format") || s.contains("minLength") || s.contains("maxLength"))
            return {"string"};
        return {};
    }

    // `not: {type: T}` removes T; `not: {required: [...]}` is honoured by draw_object.
    static void exclude_negated_type(const json& s, std::vector<std::string>& types) {
        auto it = s.find("not");
        if (it == s.end() || !it->is_object() || it->contains("required")) return;
        for (const auto& t : type_list(*it)) types.erase(std::remove(types.begin(), types.end(), t), types.end());
    }

    static bool has_type(const json& value, const std::vector<std::string>& types) {
        for (const auto& t : types) {
            if ((t == "null" && value.is_null()) || (t == "string" && value.is_string()) ||
                (t == "boolean" && value.is_boolean()) || (t == "integer" && value.is_number_integer()) ||
                (t == "number" && value.is_number()) || (t == "array" && value.is_array()) ||
                (t == "object" && value.is_object()))
                return true;
        }
        return false;
    }

    // A value the target holds, where the schema says where they come from and one fits: ids the target has
    // no record of are rightly refused, so a valid request that named one would prove nothing about the
    // negatives built on it. Without a fitting value the schema alone draws it.
    std::optional<json> draw_known(const json& s) const {
        const auto source = options_.known ? value_source_of(s) : std::nullopt;
        if (!source) return std::nullopt;
        const auto read = options_.known->find(*source);
        if (read == options_.known->end()) return std::nullopt;
        // An id the target answers as a number goes as its decimal text where the schema takes a string (an
        // invoice id "sent as a string").
        const auto types = type_list(s);
        const bool as_text = types == std::vector<std::string>{"string"};
        auto fitting_in = [&](std::size_t item) {
            std::vector<json> out;
            for (const auto& read_value : read->second[item]) {
                const json value = as_text && read_value.is_number_integer() ? json(read_value.dump()) : read_value;
                if (admits(s, value)) out.push_back(value);
            }
            return out;
        };
        // The item this request already draws from that list, where it has a fitting value.
        auto& chosen = options_.item_of_list;
        if (chosen && chosen->count(source->operation) && chosen->at(source->operation) < read->second.size())
            if (auto same = fitting_in(chosen->at(source->operation)); !same.empty()) return *rc::gen::elementOf(same);
        std::vector<std::size_t> candidates;
        for (std::size_t item = 0; item < read->second.size(); ++item)
            if (!fitting_in(item).empty()) candidates.push_back(item);
        if (candidates.empty()) return std::nullopt;
        const std::size_t item = *rc::gen::elementOf(candidates);
        if (chosen && !chosen->count(source->operation)) (*chosen)[source->operation] = item;
        return *rc::gen::elementOf(fitting_in(item));
    }

    // Whether `text` matches an ECMAScript `pattern` (std::regex's grammar is ECMAScript's); one it cannot
    // read takes nothing.
    static bool matches(const json& pattern, const std::string& text) {
        if (!pattern.is_string()) return false;
        try {
            return std::regex_search(text, std::regex(pattern.get<std::string>()));
        } catch (const std::regex_error&) {
            return false;
        }
    }

    // Whether a value read from the target keeps the schema's type, enum, bounds, lengths and pattern: the
    // phase sends it as schema-valid.
    static bool admits(const json& s, const json& value) {
        const auto types = type_list(s);
        if (!types.empty() && !has_type(value, types)) return false;
        if (s.contains("enum") && s["enum"].is_array() && std::find(s["enum"].begin(), s["enum"].end(), value) == s["enum"].end())
            return false;
        if (value.is_number_integer()) {
            const auto [lo, hi] = integer_bounds(s);
            if (value.is_number_unsigned() && value.get<std::uint64_t>() > static_cast<std::uint64_t>(hi)) return false;
            const auto n = value.get<std::int64_t>();
            return n >= lo && n <= hi;
        }
        if (value.is_string()) {
            const auto n = code_points(value.get<std::string>());
            if (n < s.value("minLength", std::size_t{0}) || (s.contains("maxLength") && n > s["maxLength"].get<std::size_t>())) return false;
            if (s.contains("format")) return false;  // not judged here: not taken
            return !s.contains("pattern") || matches(s["pattern"], value.get<std::string>());
        }
        return !value.is_number() || (!s.contains("minimum") && !s.contains("maximum"));
    }

    static json draw_enum(const json& values, const std::vector<std::string>& types, bool typed) {
        std::vector<json> allowed;
        for (const auto& v : values)
            if (!typed || has_type(v, types)) allowed.push_back(v);
        if (allowed.empty()) throw rc::GenerationFailure("enum " + values.dump() + " admits no value of its type");
        return *rc::gen::elementOf(allowed);
    }

    static std::string pick_type(const std::vector<std::string>& types) {
        std::vector<std::string> concrete;
        for (const auto& t : types)
            if (t != "null") concrete.push_back(t);
        bool nullable = concrete.size() != types.size();
        if (concrete.empty()) return "null";
        // null now and then, so consumers meet it, without crowding out the real values.
        if (nullable && *rc::gen::inRange(0, 5) == 0) return "null";
        return *rc::gen::elementOf(concrete);
    }

    static std::pair<std::int64_t, std::int64_t> integer_bounds(const json& s) {
        std::int64_t lo = std::numeric_limits<std::int64_t>::min();
        std::int64_t hi = std::numeric_limits<std::int64_t>::max();
        if (s.value("format", "") == "int32") {
            lo = std::numeric_limits<std::int32_t>::min();
            hi = std::numeric_limits<std::int32_t>::max();
        }
        auto bound = [&](const char* key, bool exclusive, bool lower) {
            auto it = s.find(key);
            if (it == s.end() || !it->is_number()) return;
            double v = it->get<double>();
            std::int64_t b = lower ? static_cast<std::int64_t>(std::ceil(v)) : static_cast<std::int64_t>(std::floor(v));
            if (exclusive && static_cast<double>(b) == v) b += lower ? 1 : -1;
            if (lower) lo = std::max(lo, b);
            else hi = std::min(hi, b);
        };
        bound("minimum", s.value("exclusiveMinimum", json()).is_boolean() && s["exclusiveMinimum"].get<bool>(), true);
        bound("maximum", s.value("exclusiveMaximum", json()).is_boolean() && s["exclusiveMaximum"].get<bool>(), false);
        bound("exclusiveMinimum", true, true);
        bound("exclusiveMaximum", true, false);
        return {lo, hi};
    }

    static json draw_integer(const json& s) {
        auto [lo, hi] = integer_bounds(s);
        if (hi < lo) throw rc::GenerationFailure("integer schema admits no value: " + s.dump());
        // Realistic values near zero (ids, quantities) most of the time; the extremes as boundaries.
        std::int64_t near_lo = std::max(lo, std::int64_t{0}) <= hi ? std::max(lo, std::int64_t{0}) : lo;
        std::int64_t near_hi = near_lo <= hi - kRealisticSpan ? near_lo + kRealisticSpan : hi;
        return *rc::gen::weightedOneOf<std::int64_t>(
            {{6, gen_int_in(near_lo, near_hi)}, {1, rc::gen::element(lo, hi)}, {1, gen_int_in(lo, hi)}});
    }

    static json draw_number(const json& s) {
        double lo = s.contains("minimum") && s["minimum"].is_number() ? s["minimum"].get<double>() : -1000.0;
        double hi = s.contains("maximum") && s["maximum"].is_number() ? s["maximum"].get<double>() : lo + 10000.0;
        if (s.contains("exclusiveMinimum") && s["exclusiveMinimum"].is_number())
            lo = std::max(lo, s["exclusiveMinimum"].get<double>() + 0.01);
        if (s.contains("exclusiveMaximum") && s["exclusiveMaximum"].is_number())
            hi = std::min(hi, s["exclusiveMaximum"].get<double>() - 0.01);
        if (hi < lo) throw rc::GenerationFailure("number schema admits no value: " + s.dump());
        // Cent steps: prices and weights as a merchant writes them.
        double steps = std::floor((hi - lo) * 100.0);
        auto step = *gen_int_in(0, static_cast<std::int64_t>(std::min(steps, 1e12)));
        return std::min(hi, lo + static_cast<double>(step) / 100.0);
    }

    json draw_string(const json& s) const {
        std::size_t min = s.value("minLength", std::size_t{0});
        bool has_max = s.contains("maxLength");
        std::size_t max = has_max ? s["maxLength"].get<std::size_t>() : min + options_.extra_length;
        if (max < min) throw rc::GenerationFailure("string schema admits no length: " + s.dump());
        std::string format = s.value("format", "");
        // Formats and patterns set their own length; only a stated maxLength bounds them.
        std::size_t stated_max = has_max ? max : std::numeric_limits<std::size_t>::max();
        if (s.contains("pattern")) return draw_pattern(s["pattern"].get<std::string>(), format, min, stated_max);
        if (format == "date-time") return *rc::gen::suchThat(gen_date_time(), fits(min, stated_max));
        if (format == "date") return *rc::gen::suchThat(gen_date(), fits(min, stated_max));
        if (format == "email") return *rc::gen::suchThat(gen_email(), fits(min, stated_max));
        if (format == "uri") return *rc::gen::suchThat(gen_https_url(), fits(min, stated_max));
        std::size_t usual_max = std::min(max, min + options_.extra_length);
        auto count = *rc::gen::weightedOneOf<std::int64_t>(
            {{6, gen_int_in(static_cast<std::int64_t>(min), static_cast<std::int64_t>(usual_max))},
             {1, rc::gen::element(static_cast<std::int64_t>(min), static_cast<std::int64_t>(max))}});
        std::string text;
        for (std::int64_t i = 0; i < count; ++i) text += *gen_char();
        return text;
    }

    static std::function<bool(const std::string&)> fits(std::size_t min, std::size_t max) {
        return [min, max](const std::string& text) {
            auto n = code_points(text);
            return n >= min && n <= max;
        };
    }

    static std::string draw_pattern(const std::string& pattern, const std::string& format, std::size_t min,
                                    std::size_t max) {
        auto matcher = gen_matching(pattern);
        if (!matcher) throw rc::GenerationFailure(matcher.error());
        auto text = rc::gen::exec([gen = matcher->gen, open = matcher->open_end, format] {
            std::string out = *gen;
            if (!open) return out;
            // Whatever follows an open-ended pattern must still suit the format (a URI's host/path).
            if (format == "uri") return out + "shop-" + std::to_string(*rc::gen::inRange(1, 100)) + ".example.com/hooks";
            return out + *rc::gen::container<std::string>(*rc::gen::inRange(0, 6),
                                                          rc::gen::elementOf(std::string("abcdefghij0123456789")));
        });
        return *rc::gen::suchThat(text, fits(min, max));
    }

    json draw_array(const json& s, int depth) const {
        std::size_t min = s.value("minItems", std::size_t{0});
        std::size_t max = s.contains("maxItems") ? s["maxItems"].get<std::size_t>() : min + options_.extra_items;
        if (max < min) throw rc::GenerationFailure("array schema admits no length: " + s.dump());
        max = depth >= options_.max_depth ? min : std::min(max, min + options_.extra_items);
        auto count = static_cast<std::size_t>(*gen_int_in(static_cast<std::int64_t>(min), static_cast<std::int64_t>(max)));
        json items_schema = s.contains("items") ? s["items"] : json::object();
        bool unique = s.value("uniqueItems", false);
        // `x-unique-by: id`: no two items share that member (one line per inventory id, RET-DUP-ID).
        const std::string unique_by = s.value("x-unique-by", "");
        json out = json::array();
        const auto repeats = [&](const json& item) {
            if (unique && std::find(out.begin(), out.end(), item) != out.end()) return true;
            if (unique_by.empty() || !item.is_object() || !item.contains(unique_by)) return false;
            return std::any_of(out.begin(), out.end(), [&](const json& o) { return o.is_object() && o.value(unique_by, json()) == item[unique_by]; });
        };
        for (std::size_t attempt = 0; out.size() < count && attempt < count * 8; ++attempt) {
            json item = draw(items_schema, depth + 1);
            if (repeats(item)) continue;
            out.push_back(std::move(item));
        }
        if (out.size() < min) throw rc::GenerationFailure("could not draw " + std::to_string(min) + " unique items");
        return out;
    }

    json draw_object(const json& s, int depth) const {
        std::set<std::string> required, forbidden;
        if (s.contains("required"))
            for (const auto& name : s["required"]) required.insert(name.get<std::string>());
        if (s.contains("not") && s["not"].contains("required"))
            for (const auto& name : s["not"]["required"]) forbidden.insert(name.get<std::string>());
        const json properties = s.value("properties", json::object());
        json out = json::object();
        for (const auto& name : required) {
            if (forbidden.count(name)) throw rc::GenerationFailure("property \"" + name + "\" both required and negated");
            out[name] = properties.contains(name) ? draw(properties[name], depth + 1) : json(*gen_text(0, 8));
        }
        for (const auto& [name, schema] : properties.items()) {
            if (required.count(name) || forbidden.count(name) || depth >= options_.max_depth) continue;
            // An optional member whose values the document does not show is left out: any value drawn for
            // it might be one a correct server refuses (a requested_action of 17).
            if (const json f = flatten(schema); f.is_object() && f.value("x-unspecified", false)) continue;
            if (*rc::gen::element(false, true)) out[name] = draw(schema, depth + 1);
        }
        return out;
    }

    static json draw_any() {
        switch (*rc::gen::inRange(0, 5)) {
            case 0: return *gen_text(0, 8);
            case 1: return *rc::gen::inRange(-1000, 1000);
            case 2: return *rc::gen::element(true, false);
            case 3: return nullptr;
            default: return json{{"note", *gen_words(1, 3)}};
        }
    }

    const spec::Spec& spec_;
    SchemaGenOptions options_;
};

}  // namespace

rc::Gen<nlohmann::json> gen_from_schema(const spec::Spec& spec, const nlohmann::json& schema, SchemaGenOptions options) {
    return rc::gen::exec([spec = &spec, schema, options] { return SchemaDrawer(*spec, options).draw(schema, 0); });
}

Result<nlohmann::json, std::string> resolved_schema(const spec::Spec& spec, const nlohmann::json& schema) {
    try {
        return flatten_refs(spec, schema);
    } catch (const rc::GenerationFailure& failure) {
        return fail(std::string(failure.what()));
    }
}

const nlohmann::json* request_schema_of(const spec::Operation& operation) {
    if (operation.request_unspecified || !operation.request_schema) return nullptr;
    return &*operation.request_schema;
}

}  // namespace dockside::generators
