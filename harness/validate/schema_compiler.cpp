#include "harness/validate/schema_compiler.h"

#include <new>
#include <set>

#include <valijson/adapters/nlohmann_json_adapter.hpp>
#include <valijson/constraint_builder.hpp>
#include <valijson/schema.hpp>
#include <valijson/schema_parser.hpp>
#include <valijson/validation_results.hpp>

#include "harness/validate/formats.h"

namespace dockside::validate::detail {

using nlohmann::json;

namespace {

thread_local const json* t_instance = nullptr;

constexpr std::string_view kFormatKey = "x-dockside-format";

// Keywords valijson applies in draft 7. Everything else (annotations, OpenAPI's discriminator, xml,
// example, x-*) is dropped so it can never be mistaken for a constraint.
const std::set<std::string, std::less<>> kPlainKeywords = {
    "type", "enum", "const", "required", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
    "multipleOf", "minLength", "maxLength", "pattern", "minItems", "maxItems", "uniqueItems",
    "minProperties", "maxProperties", "$ref"};
const std::set<std::string, std::less<>> kSchemaMapKeywords = {"properties", "patternProperties",
                                                               "definitions"};
const std::set<std::string, std::less<>> kSchemaKeywords = {
    "additionalProperties", "additionalItems", "not", "contains", "propertyNames", "if", "then", "else"};
const std::set<std::string, std::less<>> kSchemaListKeywords = {"allOf", "anyOf", "oneOf"};

void add_null(json& out) {
    if (auto type = out.find("type"); type != out.end()) {
        if (type->is_string()) *type = json::array({*type, "null"});
        else if (type->is_array() && std::find(type->begin(), type->end(), "null") == type->end())
            type->push_back("null");
    }
    if (auto values = out.find("enum"); values != out.end() && values->is_array() &&
                                        std::find(values->begin(), values->end(), nullptr) == values->end())
        values->push_back(nullptr);
}

/// OpenAPI 3.0's boolean exclusiveMinimum/Maximum → draft 7's numeric form.
void numeric_exclusive(json& out, const char* exclusive, const char* bound) {
    auto it = out.find(exclusive);
    if (it == out.end() || !it->is_boolean()) return;
    bool on = it->get<bool>();
    out.erase(exclusive);
    if (on && out.contains(bound)) {
        out[exclusive] = out[bound];
        out.erase(bound);
    }
}

const json* value_at(const json* node, const std::vector<std::string>& context) {
    // context: "<root>", then "[key]" or "[index]" per step.
    for (size_t i = 1; node && i < context.size(); ++i) {
        const std::string& token = context[i];
        if (token.size() < 2) return nullptr;
        std::string inner = token.substr(1, token.size() - 2);
        if (node->is_object()) {
            auto it = node->find(inner);
            node = it == node->end() ? nullptr : &*it;
        } else if (node->is_array()) {
            size_t index = std::strtoull(inner.c_str(), nullptr, 10);
            node = index < node->size() ? &(*node)[index] : nullptr;
        } else {
            return nullptr;
        }
    }
    return node;
}

class FormatConstraint : public valijson::constraints::PolyConstraint {
public:
    FormatConstraint(Format format, std::string name) : format_(format), name_(std::move(name)) {}

    bool validate(const valijson::adapters::Adapter& target, const std::vector<std::string>& context,
                  valijson::ValidationResults* results) const override {
        bool ok = true;
        if (const json* raw = value_at(t_instance, context)) {
            ok = conforms(format_, *raw);
        } else if (target.isString()) {  // no raw instance registered: strings are still checkable
            ok = conforms(format_, json(target.asString()));
        }
        if (!ok && results) results->pushError(context, std::string(kFormatErrorPrefix) + name_);
        return ok;
    }

private:
    valijson::constraints::Constraint* cloneInto(void* memory) const override {
        return new (memory) FormatConstraint(*this);
    }
    size_t sizeOf() const override { return sizeof(FormatConstraint); }

    Format format_;
    std::string name_;
};

class FormatConstraintBuilder : public valijson::ConstraintBuilder {
public:
    valijson::constraints::Constraint* make(const valijson::adapters::Adapter& value) const override {
        std::string name = value.asString();
        auto format = parse_format(name);
        if (!format) throw std::runtime_error("unknown format " + name);  // to_draft7 only emits known ones
        return new FormatConstraint(*format, name);
    }
};

/// Draft 7 ignores every sibling of $ref; OpenAPI 3.1 does not. Keep the siblings by moving them into
/// an allOf beside the reference (and a nullable reference into an anyOf with null).
json keep_ref_siblings(json out, bool nullable) {
    if (!out.contains("$ref")) return out;
    json result = out;
    if (out.size() > 1) {
        json ref = {{"$ref", out["$ref"]}};
        out.erase("$ref");
        result = json{{"allOf", json::array({ref, out})}};
    }
    if (nullable) return json{{"anyOf", json::array({result, json{{"type", "null"}}})}};
    return result;
}

}  // namespace

json to_draft7(const json& schema) {
    if (!schema.is_object()) return schema;  // boolean schemas pass through
    json out = json::object();
    bool nullable = false;
    for (const auto& [key, value] : schema.items()) {
        if (key == "enum" && schema.value("x-open-enum", false)) {
            continue;  // the document says its list is incomplete: values outside it are not judged
        } else if (kPlainKeywords.count(key)) {
            out[key] = value;
        } else if (kSchemaMapKeywords.count(key) && value.is_object()) {
            json map = json::object();
            for (const auto& [name, sub] : value.items()) map[name] = to_draft7(sub);
            out[key] = std::move(map);
        } else if (kSchemaKeywords.count(key)) {
            out[key] = to_draft7(value);
        } else if (kSchemaListKeywords.count(key) && value.is_array()) {
            json list = json::array();
            for (const auto& sub : value) list.push_back(to_draft7(sub));
            out[key] = std::move(list);
        } else if (key == "items") {
            if (value.is_array()) {
                json list = json::array();
                for (const auto& sub : value) list.push_back(to_draft7(sub));
                out[key] = std::move(list);
            } else {
                out[key] = to_draft7(value);
            }
        } else if (key == "dependencies" && value.is_object()) {
            json map = json::object();
            for (const auto& [name, sub] : value.items()) map[name] = sub.is_object() ? to_draft7(sub) : sub;
            out[key] = std::move(map);
        } else if (key == "format" && value.is_string() && parse_format(value.get<std::string>())) {
            out[std::string(kFormatKey)] = value;
        } else if (key == "nullable" && value.is_boolean()) {
            nullable = value.get<bool>();
        }
    }
    numeric_exclusive(out, "exclusiveMinimum", "minimum");
    numeric_exclusive(out, "exclusiveMaximum", "maximum");
    if (nullable) add_null(out);
    return keep_ref_siblings(std::move(out), nullable);
}

SchemaCompiler::SchemaCompiler(const json& components_schemas) {
    json translated = json::object();
    if (components_schemas.is_object())
        for (const auto& [name, schema] : components_schemas.items()) translated[name] = to_draft7(schema);
    wrapper_ = json{{"components", json{{"schemas", std::move(translated)}}}};
}

Result<std::shared_ptr<const valijson::Schema>, std::string> SchemaCompiler::compile(const json& schema) {
    // Splice the target into the wrapper rather than copying all components for every schema.
    wrapper_["x-dockside-target"] = to_draft7(schema);
    wrapper_["$ref"] = "#/x-dockside-target";
    auto compiled = std::make_shared<valijson::Schema>();
    std::string error;
    try {
        valijson::SchemaParser parser(valijson::SchemaParser::kDraft7);
        parser.addConstraintBuilder(std::string(kFormatKey), new FormatConstraintBuilder());
        valijson::adapters::NlohmannJsonAdapter adapter(wrapper_);
        parser.populateSchema(adapter, *compiled);
    } catch (const std::exception& e) {
        error = e.what();
    }
    wrapper_.erase("x-dockside-target");
    wrapper_.erase("$ref");
    if (!error.empty()) return fail(std::move(error));
    return std::shared_ptr<const valijson::Schema>(std::move(compiled));
}

InstanceScope::InstanceScope(const json* instance) : previous_(t_instance) { t_instance = instance; }
InstanceScope::~InstanceScope() { t_instance = previous_; }

}  // namespace dockside::validate::detail
