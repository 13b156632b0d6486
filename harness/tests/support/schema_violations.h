#pragma once
/// Tests that a document keeps the shape a JSON Schema of specs/ documents (summary.json, compare.json):
/// every violation, one line each, so a failing test says what is wrong where.

#include <fstream>
#include <string>

#include <nlohmann/json.hpp>
#include <valijson/adapters/nlohmann_json_adapter.hpp>
#include <valijson/schema.hpp>
#include <valijson/schema_parser.hpp>
#include <valijson/validator.hpp>

namespace dockside::testing {

/// Every violation of the schema in `schema_path` by `document`, "<where>: <what>" per line; empty when
/// the document conforms.
inline std::string schema_violations(const nlohmann::json& document, const std::string& schema_path) {
    std::ifstream in(schema_path);
    const nlohmann::json schema_json = nlohmann::json::parse(in, nullptr, false);
    if (schema_json.is_discarded()) return "cannot read the schema " + schema_path + "\n";
    valijson::Schema schema;
    valijson::SchemaParser parser;
    valijson::adapters::NlohmannJsonAdapter schema_adapter(schema_json);
    parser.populateSchema(schema_adapter, schema);
    valijson::Validator validator;
    valijson::ValidationResults results;
    valijson::adapters::NlohmannJsonAdapter adapter(document);
    if (validator.validate(schema, adapter, &results)) return {};
    std::string out;
    valijson::ValidationResults::Error error;
    while (results.popError(error)) {
        std::string where;
        for (const auto& c : error.context) where += c;
        out += where + ": " + error.description + "\n";
    }
    return out;
}

}  // namespace dockside::testing
