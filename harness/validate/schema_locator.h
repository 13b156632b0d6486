#pragma once
/// Finds which schema nodes of the OpenAPI document govern a given place in an instance, so a
/// violation can name its rule (the nearest x-rule), its expected value and its spec location.

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "specs/loader/spec.h"

namespace dockside::validate {

/// A schema node and its JSON pointer in the OpenAPI document.
struct SchemaNode {
    std::string pointer;
    const nlohmann::json* node = nullptr;
};

/// Every schema node that applies at one depth of the instance, nearest first: the node as written
/// (perhaps a $ref), then what it refers to, then allOf members and the anyOf/oneOf branch that fits.
using SchemaLevel = std::vector<SchemaNode>;

class SchemaLocator {
public:
    explicit SchemaLocator(const spec::Spec& spec) : spec_(spec) {}

    /// Levels for the instance prefixes: result[0] is the root schema, result[i] the schema of the
    /// value at tokens[0..i). Stops early (shorter result) where the schema says nothing further.
    std::vector<SchemaLevel> locate(const std::string& schema_pointer, const nlohmann::json& instance,
                                    const std::vector<std::string>& tokens) const;

    /// The first node of a level that carries `keyword`, or nullptr.
    static const SchemaNode* with_keyword(const SchemaLevel& level, const char* keyword);

    /// Short human description of what a schema admits: "string or null", "one of [A, B]", "Order".
    std::string describe(const nlohmann::json& schema, int depth = 0) const;

private:
    std::string describe_plain(const nlohmann::json& schema, int depth) const;
    void expand(const nlohmann::json* node, const std::string& pointer, const nlohmann::json* value,
                SchemaLevel& level, int depth) const;

    const spec::Spec& spec_;
};

/// Splits a JSON pointer into unescaped reference tokens.
std::vector<std::string> pointer_tokens(const std::string& pointer);

/// Whether a JSON value is of a JSON Schema type name ("integer", "number", "null", …).
bool json_has_type(const nlohmann::json& value, const std::string& type);

}  // namespace dockside::validate
