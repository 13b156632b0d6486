#pragma once
/// valijson's flat error list → Violations: exact pointers, combinator noise collapsed, expected and
/// actual read from the schema and the instance, the rule from the nearest x-rule.

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/validate/schema_locator.h"
#include "harness/validate/violation.h"

namespace dockside::validate::detail {

/// One error as valijson reported it.
struct RawError {
    std::vector<std::string> context;  ///< "<root>", "[key]", "[0]", …
    std::string description;
};

/// Where the validated schema sits, for locations and rule lookup.
struct SchemaTarget {
    std::string schema_pointer;  ///< JSON pointer of the schema in the OpenAPI document
    std::string section;         ///< the operation's x-section, appended to spec locations
};

std::vector<Violation> translate_errors(const std::vector<RawError>& errors, const nlohmann::json& instance,
                                        const SchemaLocator& locator, const SchemaTarget& target);

/// "integer 5", "string \"abc\"", "null": what a value is, for `actual`.
std::string describe_value(const nlohmann::json& value);

}  // namespace dockside::validate::detail
