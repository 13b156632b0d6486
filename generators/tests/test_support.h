#pragma once
// Shared by the generator tests: the real contract, its validator, and a twin of the contract whose
// operations take their query parameters as a JSON body, so generated queries are validated by the
// same validator as bodies.

#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <rapidcheck.h>
#include "harness/validate/response_validator.h"
#include "specs/loader/spec.h"

namespace dockside::generators::testing {

const spec::Spec& real_spec();
const validate::ResponseValidator& real_validator();

/// Violations of `body` as the request body of `operation_id` (fails the test for an unknown id).
std::vector<validate::Violation> body_violations(const std::string& operation_id, const nlohmann::json& body);
/// Violations of `query` ({"Limit": 1}) against the operation's query parameter schemas; a member
/// the operation does not declare is a violation too (catches typos in generator names).
std::vector<validate::Violation> query_violations(const std::string& operation_id, const nlohmann::json& query);

bool has_rule(const std::vector<validate::Violation>& violations, const std::string& rule);
std::string describe(const std::vector<validate::Violation>& violations);

/// A value of `gen` for one seed, outside any property (deterministic).
template <class T>
T sample(const rc::Gen<T>& gen, std::uint64_t seed, int size = rc::kNominalSize) {
    return gen(rc::Random(seed), size).value();
}

}  // namespace dockside::generators::testing
