#include "harness/checks/rule_roles.h"

#include <algorithm>
#include <map>
#include <vector>

namespace dockside::checks {

namespace {

std::string status_class_rule(const spec::Spec& spec, const std::string& when, const std::string& never) {
    for (const auto& check : spec.checks()) {
        if (check.type != "status_class" || check.params.value("when", "") != when) continue;
        for (const auto& item : check.params.value("never", nlohmann::json::array()))
            if (item == never) return check.rule_id;
    }
    return "";
}

bool is_status_check(const spec::CheckEntry& check) { return check.type == "status_code" || check.type == "declared_statuses"; }

}  // namespace

std::string server_error_rule(const spec::Spec& spec) { return status_class_rule(spec, "any_request", "5xx"); }

std::string invalid_request_rule(const spec::Spec& spec) { return status_class_rule(spec, "invalid_request", "2xx"); }

std::string status_rule(const spec::Spec& spec, const std::string& operation) {
    std::map<std::string, int> status_checks;  // rule → how many status checks it has
    std::vector<std::string> naming;          // rules naming the operation, in data order
    for (const auto& check : spec.checks()) {
        if (!is_status_check(check)) continue;
        ++status_checks[check.rule_id];
        if (check.params.value("operation", "") == operation &&
            std::find(naming.begin(), naming.end(), check.rule_id) == naming.end())
            naming.push_back(check.rule_id);
    }
    std::string best;
    for (const auto& rule : naming)
        if (best.empty() || status_checks[rule] < status_checks[best]) best = rule;
    return best;
}

}  // namespace dockside::checks
