#include "harness/checks/registry.h"

#include "harness/checks/planners.h"

namespace dockside::checks {

const std::vector<CheckType>& registry() {
    using namespace detail;
    static const std::vector<CheckType> types = {
        {"forbidden_field", "the request without the field accepted, with it rejected", plan_forbidden_field},
        {"status_code", "a valid request answers exactly the status", plan_status_code},
        {"declared_statuses", "a valid request answers a documented status; a missing resource never a ruled-out one", plan_declared_statuses},
        {"served", "a valid request at the method and path is not answered 404, 405 or 5xx", plan_served},
        {"not_served", "a request at the method and path is answered 4xx", plan_not_served},
        {"path_prefix", "every operation path has the prefix; the parameterless reads are served under it", plan_path_prefix},
        {"content_type", "the parameterless reads answer 2xx with the content type and a JSON body", plan_content_type},
        {"naming", "query parameters of the contract are PascalCase; response field names are snake_case", plan_naming},
    };
    return types;
}

const CheckType* find_check_type(std::string_view name) {
    for (const auto& type : registry())
        if (type.name == name) return &type;
    return nullptr;
}

Result<Plan, std::string> plan_check(const spec::Spec& spec, const spec::CheckEntry& check) {
    const CheckType* type = find_check_type(check.type);
    if (!type) return fail("rule " + check.rule_id + ": check type " + check.type + " is not in the registry");
    return type->plan(spec, check);
}

std::vector<spec::CheckEntry> registered_checks(const spec::Spec& spec) {
    std::vector<spec::CheckEntry> out;
    for (const auto& check : spec.checks())
        if (find_check_type(check.type)) out.push_back(check);
    return out;
}

}  // namespace dockside::checks
