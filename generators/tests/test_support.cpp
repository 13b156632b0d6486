#include "generators/tests/test_support.h"

#include <memory>
#include <optional>
#include <cctype>
#include <set>

namespace dockside::generators::testing {

using nlohmann::json;

namespace {

std::optional<spec::Spec> load_real() {
    auto loaded = spec::Spec::load(DOCKSIDE_SPECS_DIR "/fulfillment-2025-07.openapi.yaml", DOCKSIDE_SPECS_DIR "/rules.yaml");
    if (!loaded) {
        ADD_FAILURE() << loaded.error().to_string();
        return std::nullopt;
    }
    return std::move(loaded).value();
}

// The contract with every operation's query parameters turned into its request body schema.
std::optional<spec::Spec> load_query_twin() {
    const spec::Spec& real = real_spec();
    json doc = real.document();
    for (const auto& op : real.operations()) {
        json properties = json::object();
        json required = json::array();
        for (const auto& p : op.parameters) {
            if (p.in != "query") continue;
            properties[p.name] = p.schema.is_null() ? json::object() : p.schema;
            if (p.required) required.push_back(p.name);
        }
        json schema = {{"type", "object"}, {"properties", properties}, {"additionalProperties", false}};
        if (!required.empty()) schema["required"] = required;
        std::string method = op.method;
        for (auto& c : method) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        json& node = doc["paths"][op.path_template][method];
        node.erase("x-unspecified");
        node["requestBody"] = {{"content", {{"application/json", {{"schema", schema}}}}}};
    }
    auto twin = spec::Spec::from_documents(doc, json(), "query-twin");
    if (!twin) {
        ADD_FAILURE() << twin.error().to_string();
        return std::nullopt;
    }
    return std::move(twin).value();
}

const spec::Spec& query_twin() {
    static const std::optional<spec::Spec> twin = load_query_twin();
    return *twin;
}

const validate::ResponseValidator& query_validator() {
    static const validate::ResponseValidator validator(query_twin());
    return validator;
}

std::vector<validate::Violation> violations_in(const spec::Spec& spec, const validate::ResponseValidator& validator,
                                               const std::string& operation_id, const json& body) {
    const spec::Operation* op = spec.find(operation_id);
    if (!op) {
        ADD_FAILURE() << "unknown operation " << operation_id;
        return {};
    }
    return validator.validate_request_body(*op, body);
}

}  // namespace

const spec::Spec& real_spec() {
    static const std::optional<spec::Spec> spec = load_real();
    if (!spec) std::abort();  // every test needs it; the failure above says why
    return *spec;
}

const validate::ResponseValidator& real_validator() {
    static const validate::ResponseValidator validator(real_spec());
    return validator;
}

std::vector<validate::Violation> body_violations(const std::string& operation_id, const json& body) {
    return violations_in(real_spec(), real_validator(), operation_id, body);
}

std::vector<validate::Violation> query_violations(const std::string& operation_id, const json& query) {
    return violations_in(query_twin(), query_validator(), operation_id, query);
}

bool has_rule(const std::vector<validate::Violation>& violations, const std::string& rule) {
    for (const auto& v : violations)
        if (v.rule == rule) return true;
    return false;
}

std::string describe(const std::vector<validate::Violation>& violations) {
    std::string out;
    for (const auto& v : violations) out += "\n  " + v.message();
    return out.empty() ? " (none)" : out;
}

}  // namespace dockside::generators::testing
