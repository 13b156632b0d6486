#include "harness/validate/error_translation.h"

#include <algorithm>
#include <map>

#include "harness/validate/formats.h"
#include "harness/validate/schema_compiler.h"
#include "specs/loader/yaml_json.h"

namespace dockside::validate::detail {

using nlohmann::json;

namespace {

/// What one error is about, reduced from valijson's description text.
struct Classified {
    std::string pointer;  ///< instance pointer of the value at fault (missing field included)
    std::string keyword;  ///< JSON Schema keyword, "format", "combinator" or "other"
    std::string detail;   ///< property name, format name or valijson's text
    bool parent_scope = false;  ///< the keyword lives on the parent object (required, additionalProperties)
};

bool starts_with(const std::string& text, std::string_view prefix) {
    return text.compare(0, prefix.size(), prefix) == 0;
}

std::string quoted_name(const std::string& text) {
    auto first = text.find('\'');
    auto last = text.rfind('\'');
    return first == std::string::npos || last <= first ? std::string() : text.substr(first + 1, last - first - 1);
}

/// Instance pointer of a valijson context, stepping by the instance's own shape so that an object key
/// "0" and an array index 0 are told apart.
std::string context_pointer(const std::vector<std::string>& context, const json& instance) {
    std::string pointer;
    const json* node = &instance;
    for (size_t i = 1; i < context.size(); ++i) {
        const std::string& token = context[i];
        std::string inner = token.size() >= 2 ? token.substr(1, token.size() - 2) : token;
        pointer = spec::pointer_append(pointer, inner);
        if (node && node->is_object()) {
            auto it = node->find(inner);
            node = it == node->end() ? nullptr : &*it;
        } else if (node && node->is_array()) {
            size_t index = std::strtoull(inner.c_str(), nullptr, 10);
            node = index < node->size() ? &(*node)[index] : nullptr;
        }
    }
    return pointer;
}

/// Messages valijson adds on the way back up from a nested failure; the nested error says it all.
bool is_wrapper(const std::string& d) {
    static constexpr std::string_view kWrappers[] = {
        "Failed to validate item #",
        "Failed to validate against schema associated with property name",
        "Failed to validate against child schema #",
        "Failed to validate against additional properties schema",
        "Failed to validate against schema associated with pattern",
        "Failed to validate against dependent schema",
        "Failed to validate against a conditional schema",
    };
    for (auto w : kWrappers)
        if (starts_with(d, w)) return true;
    return false;
}

/// valijson's description openings and the keyword each stands for.
constexpr std::pair<std::string_view, const char*> kDescriptionKeywords[] = {
    {"Value type not permitted", "type"},
    {"Failed to match against any enum", "enum"},
    {"Failed to match expected value set by 'const'", "const"},
    {"String should be no more than", "maxLength"},
    {"String should be no fewer than", "minLength"},
    {"Array should contain no more than", "maxItems"},
    {"Array should contain no fewer than", "minItems"},
    {"Expected number less than", "maximum"},
    {"Expected number greater than", "minimum"},
    {"Failed to match regex", "pattern"},
    {"Elements at indexes", "uniqueItems"},
    {"Failed to validate against any schemas allowed by anyOf", "combinator"},
    {"Failed to validate against any child schemas allowed by oneOf", "combinator"},
    {"Failed to validate against exactly one child schema", "oneOf-many"},
};

std::optional<Classified> classify(const RawError& error, const json& instance) {
    const std::string& d = error.description;
    if (is_wrapper(d)) return std::nullopt;
    Classified c{context_pointer(error.context, instance), "other", d};
    if (starts_with(d, "Missing required property")) {
        c.detail = quoted_name(d);
        c.pointer = spec::pointer_append(c.pointer, c.detail);
        c.keyword = "required";
        c.parent_scope = true;
    } else if (starts_with(d, "Object contains a property that could not be validated")) {
        c.detail = quoted_name(d);
        c.pointer = spec::pointer_append(c.pointer, c.detail);
        c.keyword = "additionalProperties";
        c.parent_scope = true;
    } else if (starts_with(d, kFormatErrorPrefix)) {
        c.keyword = "format";
        c.detail = d.substr(kFormatErrorPrefix.size());
    } else {
        for (const auto& [prefix, keyword] : kDescriptionKeywords)
            if (starts_with(d, prefix)) {
                c.keyword = keyword;
                break;
            }
    }
    return c;
}

bool under(const std::string& pointer, const std::string& parent) {
    return pointer.size() > parent.size() && starts_with(pointer, parent) && pointer[parent.size()] == '/';
}

/// anyOf/oneOf report every branch's failure. Where some branch got past the type (errors deeper
/// down), the branch-mismatch errors at the combinator itself are noise; where none did, one
/// "expected one of …" says it better than a failure per branch.
std::vector<Classified> collapse_combinators(std::vector<Classified> errors) {
    std::vector<std::string> summaries;
    for (const auto& e : errors)
        if (e.keyword == "combinator") summaries.push_back(e.pointer);
    std::sort(summaries.begin(), summaries.end(),
              [](const std::string& a, const std::string& b) { return a.size() > b.size(); });
    for (const auto& at : summaries) {
        bool deeper = std::any_of(errors.begin(), errors.end(), [&](const Classified& e) { return under(e.pointer, at); });
        std::erase_if(errors, [&](const Classified& e) {
            if (e.pointer != at || e.parent_scope) return false;
            if (deeper) return e.keyword == "combinator" || e.keyword == "type" || e.keyword == "enum" ||
                               e.keyword == "const";
            return e.keyword != "combinator";
        });
    }
    std::vector<Classified> unique;
    for (auto& e : errors) {
        bool seen = std::any_of(unique.begin(), unique.end(), [&](const Classified& u) {
            return u.pointer == e.pointer && u.keyword == e.keyword && u.detail == e.detail;
        });
        if (!seen) unique.push_back(std::move(e));
    }
    return unique;
}

size_t code_points(const std::string& text) {
    return static_cast<size_t>(std::count_if(text.begin(), text.end(), [](char c) {
        return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    }));
}

std::string number_text(const json& value) { return value.is_null() ? std::string("?") : value.dump(); }

struct Expectation {
    std::string expected, actual;
};

const json* keyword_node(const SchemaLevel* level, const std::string& keyword) {
    if (!level) return nullptr;
    const SchemaNode* n = SchemaLocator::with_keyword(*level, keyword.c_str());
    return n ? n->node : nullptr;
}

/// maxLength/minLength/maxItems/minItems: the bound from the schema, the measured size of the value.
Expectation size_expectation(const Classified& c, const json* value, const SchemaLevel* level,
                             const std::string& actual) {
    const json* node = keyword_node(level, c.keyword);
    std::string bound = node ? number_text((*node)[c.keyword]) : "?";
    bool is_max = c.keyword.compare(0, 3, "max") == 0;
    bool strings = c.keyword.find("Length") != std::string::npos;
    std::string unit = strings ? " characters" : " items";
    std::string measured = actual;
    if (strings && value && value->is_string())
        measured = std::to_string(code_points(value->get<std::string>())) + unit;
    if (!strings && value && value->is_array()) measured = std::to_string(value->size()) + unit;
    return {(is_max ? "at most " : "at least ") + bound + unit, measured};
}

/// maximum/minimum, inclusive or exclusive, whichever the schema states.
Expectation bound_expectation(const Classified& c, const SchemaLevel* level, const std::string& actual) {
    bool max = c.keyword == "maximum";
    std::string exclusive_key = max ? "exclusiveMaximum" : "exclusiveMinimum";
    if (const json* inclusive = keyword_node(level, c.keyword))
        return {(max ? "at most " : "at least ") + number_text((*inclusive)[c.keyword]), actual};
    if (const json* exclusive = keyword_node(level, exclusive_key))
        return {(max ? "less than " : "greater than ") + number_text((*exclusive)[exclusive_key]), actual};
    return {c.detail, actual};
}

Expectation expectation(const Classified& c, const json* value, const SchemaLevel* level,
                        const SchemaLocator& locator) {
    std::string actual = value ? describe_value(*value) : std::string("absent");
    // Type and combinator errors describe the whole level: "Tracking or null", "string or null".
    std::string whole = level && !level->empty() ? locator.describe(*level->front().node) : "a different value";
    if (c.keyword == "required") return {"required field '" + c.detail + "' present", "absent"};
    if (c.keyword == "additionalProperties")
        return {"no property '" + c.detail + "' (additionalProperties: false)", "present: " + actual};
    if (c.keyword == "format") {
        auto format = parse_format(c.detail);
        return {format ? describe(*format) : c.detail, actual};
    }
    if (c.keyword == "type" || c.keyword == "combinator") return {whole, actual};
    if (c.keyword == "oneOf-many") return {"exactly one of " + whole, "matches several: " + actual};
    if (c.keyword == "enum" || c.keyword == "const") {
        const json* node = keyword_node(level, c.keyword);
        return {node ? locator.describe(*node) : c.detail, actual};
    }
    if (c.keyword == "maxLength" || c.keyword == "minLength" || c.keyword == "maxItems" || c.keyword == "minItems")
        return size_expectation(c, value, level, actual);
    if (c.keyword == "maximum" || c.keyword == "minimum") return bound_expectation(c, level, actual);
    if (c.keyword == "pattern") {
        const json* node = keyword_node(level, "pattern");
        return {node ? "a string matching " + (*node)["pattern"].dump() : c.detail, actual};
    }
    if (c.keyword == "uniqueItems") return {"unique items", c.detail};
    return {c.detail, actual};
}

std::string default_rule(const Classified& c) {
    if (c.keyword == "required" || c.keyword == "additionalProperties") return "CONV-FIELDS";
    return "CONV-TYPES";
}

/// Nearest x-rule on the schema path down to `depth` levels (deepest level first).
std::string nearest_x_rule(const std::vector<SchemaLevel>& levels, size_t depth) {
    for (size_t i = std::min(depth, levels.size()); i-- > 0;)
        for (const auto& entry : levels[i])
            if (entry.node->is_object())
                if (auto rule = entry.node->find("x-rule"); rule != entry.node->end()) {
                    if (rule->is_string()) return rule->get<std::string>();
                    if (rule->is_array() && !rule->empty() && (*rule)[0].is_string()) return (*rule)[0].get<std::string>();
                }
    return {};
}

const json* value_at(const json& instance, const std::string& pointer) {
    try {
        json::json_pointer p(pointer);
        return instance.contains(p) ? &instance.at(p) : nullptr;
    } catch (const json::exception&) {
        return nullptr;
    }
}

}  // namespace

std::string describe_value(const json& value) {
    std::string text = value.dump(-1, ' ', false, json::error_handler_t::replace);
    if (text.size() > 80) text = text.substr(0, 77) + "...";
    if (value.is_null()) return "null";
    if (value.is_boolean()) return "boolean " + text;
    if (value.is_number_integer()) return "integer " + text;
    if (value.is_number()) return "number " + text;
    if (value.is_string()) return "string " + text;
    if (value.is_array()) return "array " + text;
    return "object " + text;
}

std::vector<Violation> translate_errors(const std::vector<RawError>& errors, const json& instance,
                                        const SchemaLocator& locator, const SchemaTarget& target) {
    std::vector<Classified> classified;
    for (const auto& e : errors)
        if (auto c = classify(e, instance)) classified.push_back(std::move(*c));
    classified = collapse_combinators(std::move(classified));

    std::vector<Violation> out;
    for (const auto& c : classified) {
        auto tokens = pointer_tokens(c.pointer);
        // The keyword of a missing or extra field lives on the parent object.
        size_t depth = c.parent_scope ? tokens.size() : tokens.size() + 1;
        auto levels = locator.locate(target.schema_pointer, instance, tokens);
        const SchemaLevel* level = levels.size() >= depth && depth > 0 ? &levels[depth - 1] : nullptr;
        const json* value = c.keyword == "required" ? nullptr : value_at(instance, c.pointer);
        auto [expected, actual] = expectation(c, value, level, locator);

        std::string rule = nearest_x_rule(levels, depth);
        if (rule.empty()) rule = default_rule(c);

        std::string location = target.schema_pointer;
        if (level && !level->empty()) {
            const char* keyword = c.keyword == "format" ? "format" : c.keyword.c_str();
            const SchemaNode* holder = SchemaLocator::with_keyword(*level, keyword);
            location = holder ? holder->pointer : level->front().pointer;
        }
        if (!target.section.empty()) location += " (" + target.section + ")";
        out.push_back({std::move(rule), c.pointer, std::move(expected), std::move(actual), std::move(location)});
    }
    // valijson's order follows its own traversal; instance order is what a reader expects.
    std::stable_sort(out.begin(), out.end(),
                     [](const Violation& a, const Violation& b) { return a.pointer < b.pointer; });
    return out;
}

}  // namespace dockside::validate::detail
