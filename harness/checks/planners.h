#pragma once
// The planners of registry.cpp, one per check type; each documented where it is defined.

#include "harness/checks/registry.h"

namespace dockside::checks::detail {

Result<Plan, std::string> plan_forbidden_field(const spec::Spec& spec, const spec::CheckEntry& check);

Result<Plan, std::string> plan_status_code(const spec::Spec& spec, const spec::CheckEntry& check);
Result<Plan, std::string> plan_declared_statuses(const spec::Spec& spec, const spec::CheckEntry& check);
Result<Plan, std::string> plan_served(const spec::Spec& spec, const spec::CheckEntry& check);
Result<Plan, std::string> plan_not_served(const spec::Spec& spec, const spec::CheckEntry& check);
Result<Plan, std::string> plan_path_prefix(const spec::Spec& spec, const spec::CheckEntry& check);
Result<Plan, std::string> plan_content_type(const spec::Spec& spec, const spec::CheckEntry& check);
Result<Plan, std::string> plan_naming(const spec::Spec& spec, const spec::CheckEntry& check);

}  // namespace dockside::checks::detail
