#pragma once
/// The rule checks as data: one planner per `rules.yaml` check type that can be judged generically.
/// A rule whose check has a registered type is tested with no new code — its parameters become probes
/// (probe.h), a RequestProvider makes the requests, `judge` reads the answers. Schemathesis keeps its
/// checks the same way: small functions in a list, each returning typed failures.

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "harness/checks/probe.h"
#include "specs/loader/spec.h"

namespace dockside::checks {

/// Turns one check of the rules data into probes; an error says which parameter is missing or wrong.
using Planner = std::function<Result<Plan, std::string>(const spec::Spec&, const spec::CheckEntry&)>;

struct CheckType {
    std::string name;     ///< the `type:` of the rules data ("max_length")
    std::string summary;  ///< how the parameters become probes, one line
    Planner plan;
};

/// Every registered check type, in a stable order.
const std::vector<CheckType>& registry();

/// The registered type of that name; nullptr when the registry has none.
const CheckType* find_check_type(std::string_view name);

/// The probes of one check; an error for an unregistered type or malformed parameters (naming the rule
/// and its place in the rules data).
Result<Plan, std::string> plan_check(const spec::Spec& spec, const spec::CheckEntry& check);

/// The checks of the spec whose type is registered, in document order.
std::vector<spec::CheckEntry> registered_checks(const spec::Spec& spec);

}  // namespace dockside::checks
