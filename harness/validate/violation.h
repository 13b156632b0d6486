#pragma once
/// One way a response (or a request body) departs from the contract, traceable to a RULES.md id and
/// to the place in the OpenAPI document that says what was expected.

#include <string>

#include <nlohmann/json.hpp>

namespace dockside::validate {

struct Violation {
    std::string rule;           ///< RULES.md id, e.g. CONV-FIELDS
    std::string pointer;        ///< JSON pointer into the response body ("" for status/headers)
    std::string expected, actual;  ///< human-readable
    std::string spec_location;  ///< JSON pointer into the OpenAPI document (+ x-section text)

    /// "CONV-TYPES at /shipments/0/status: expected one of [...], actual \"Bogus\" (spec: ...)".
    std::string message() const;
};

NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(Violation, rule, pointer, expected, actual, spec_location)

}  // namespace dockside::validate
