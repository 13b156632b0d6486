#include "tools/fault-matrix/matrix.h"

#include <algorithm>
#include <sstream>

namespace dockside::faultmatrix {

Result<std::vector<FaultRow>, std::string> parse_fault_list(std::string_view text) {
    std::vector<FaultRow> rows;
    std::istringstream lines{std::string(text)};
    int number = 0;
    for (std::string line; std::getline(lines, line);) {
        ++number;
        if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
        std::istringstream words(line);
        FaultRow row;
        if (!(words >> row.name >> row.rule_id >> row.area))
            return fail("--list-faults line " + std::to_string(number) + " lacks name, rule and area: " + line);
        rows.push_back(std::move(row));
    }
    if (rows.empty()) return fail(std::string("--list-faults printed no faults"));
    return rows;
}

std::vector<std::string> suite_areas_for(const std::string& fault_area) {
    if (fault_area == "conventions") return {"orders"};
    if (fault_area == "channels") return {"channels", "paging"};
    return {fault_area};
}

std::set<std::string> failed_tests(const nlohmann::json& results) {
    std::set<std::string> failed;
    if (!results.contains("tests") || !results["tests"].is_array()) return failed;
    for (const auto& test : results["tests"])
        if (test.value("status", "") == "failed") failed.insert(test.value("name", ""));
    return failed;
}

Verdict judge(const nlohmann::json& results, const std::set<std::string>& baseline_failures,
              const std::vector<std::string>& areas) {
    Verdict verdict;
    if (!results.is_object() || !results.contains("tests") || !results["tests"].is_array()) {
        verdict.problem = "results.json has no tests list";
        return verdict;
    }
    if (results["tests"].empty()) {
        verdict.problem = "no test ran for these areas";
        return verdict;
    }
    for (const auto& test : results["tests"]) {
        if (test.value("status", "") != "failed") continue;
        const std::string name = test.value("name", "");
        const std::string area = test.value("area", "");
        if (baseline_failures.count(name)) continue;
        if (std::find(areas.begin(), areas.end(), area) == areas.end()) continue;
        verdict.caught_by.push_back(name);
    }
    verdict.caught = !verdict.caught_by.empty();
    return verdict;
}

std::vector<std::string> uncovered_rules(const nlohmann::json& rules_document, const std::vector<FaultRow>& faults) {
    std::set<std::string> covered;
    for (const auto& f : faults) covered.insert(f.rule_id);
    std::set<std::string> uncovered;
    if (!rules_document.contains("rules") || !rules_document["rules"].is_array()) return {};
    for (const auto& rule : rules_document["rules"]) {
        const std::string kind = rule.value("kind", "");
        const std::string id = rule.value("id", "");
        if ((kind == "S" || kind == "I") && !id.empty() && !covered.count(id)) uncovered.insert(id);
    }
    return {uncovered.begin(), uncovered.end()};
}

}  // namespace dockside::faultmatrix
