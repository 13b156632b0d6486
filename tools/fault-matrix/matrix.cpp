#include "tools/fault-matrix/matrix.h"

#include <algorithm>
#include <sstream>

#include "harness/conform/areas.h"

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

void mark_stances(std::vector<FaultRow>& faults, const nlohmann::json* rules_document) {
    std::set<std::string> stances;
    if (rules_document && rules_document->is_object())
        for (const auto& entry : rules_document->value("not_shown", nlohmann::json::array()))
            if (entry.is_object()) stances.insert(entry.value("id", ""));
    for (auto& f : faults) f.stance = rules_document ? stances.count(f.rule_id) > 0 : f.rule_id.rfind("NS-", 0) == 0;
}

std::vector<std::string> suite_areas_for(const std::string& fault_area) {
    if (fault_area == "conventions") return {"orders"};
    if (fault_area == "channels") return {"channels", "paging"};
    return {fault_area};
}

bool failing_status(const std::string& status) {
    return status == "failed" || status == "blocked" || status == "timed_out" || status == "interrupted";
}

std::set<std::string> failed_tests(const nlohmann::json& results) {
    std::set<std::string> failed;
    if (!results.is_object() || !results.contains("tests") || !results["tests"].is_array()) return failed;
    for (const auto& test : results["tests"])
        if (failing_status(test.value("status", ""))) failed.insert(test.value("name", ""));
    return failed;
}

std::map<std::string, std::set<std::string>> rule_dependants(const nlohmann::json& rules_document) {
    std::map<std::string, std::set<std::string>> out;
    if (!rules_document.contains("rules") || !rules_document["rules"].is_array()) return out;
    for (const auto& rule : rules_document["rules"]) {
        const auto it = rule.find("dependants");
        if (it == rule.end() || !it->is_array()) continue;
        auto& set = out[rule.value("id", "")];
        for (const auto& d : *it)
            if (d.is_string()) set.insert(d.get<std::string>());
    }
    return out;
}

std::vector<std::string> unknown_dependants(const nlohmann::json& rules_document) {
    std::set<std::string> known{"*"};
    if (rules_document.contains("rules") && rules_document["rules"].is_array())
        for (const auto& rule : rules_document["rules"]) known.insert(rule.value("id", ""));
    std::set<std::string> unknown;
    for (const auto& [rule, deps] : rule_dependants(rules_document))
        for (const auto& d : deps)
            if (!known.count(d)) unknown.insert(rule + " → " + d);
    return {unknown.begin(), unknown.end()};
}

std::vector<ForeignFinding> foreign_findings(const nlohmann::json& results, const std::string& fault_rule,
                                             const std::map<std::string, std::set<std::string>>& dependants,
                                             const std::set<std::string>& baseline_failures) {
    std::vector<ForeignFinding> out;
    if (!results.is_object() || !results.contains("tests") || !results["tests"].is_array()) return out;
    const auto allowed = dependants.find(fault_rule);
    if (allowed != dependants.end() && allowed->second.count("*")) return out;
    std::set<std::pair<std::string, std::string>> seen;
    for (const auto& test : results["tests"]) {
        if (!failing_status(test.value("status", ""))) continue;
        const std::string name = test.value("name", "");
        if (baseline_failures.count(name)) continue;
        for (const auto& f : test.value("findings", nlohmann::json::array())) {
            if (f.value("accepted", false)) continue;
            const std::string rule = f.value("rule", "");
            if (rule == fault_rule || (allowed != dependants.end() && allowed->second.count(rule))) continue;
            if (seen.insert({rule, name}).second) out.push_back({rule, name, f.value("title", "")});
        }
    }
    return out;
}

std::vector<RepeatedFinding> repeated_findings(const nlohmann::json& results, const std::set<std::string>& baseline_failures) {
    std::map<std::pair<std::string, std::string>, std::set<std::string>> tests_of;  // (rule, operation) → tests
    if (!results.is_object() || !results.contains("tests") || !results["tests"].is_array()) return {};
    for (const auto& test : results["tests"]) {
        const std::string name = test.value("name", "");
        if (!failing_status(test.value("status", "")) || baseline_failures.count(name)) continue;
        for (const auto& f : test.value("findings", nlohmann::json::array()))
            if (!f.value("accepted", false) && !f.value("setup", false) && f.value("reported_under", "").empty())
                tests_of[{f.value("rule", ""), f.value("operation", "")}].insert(name);
    }
    std::vector<RepeatedFinding> out;
    for (const auto& [key, tests] : tests_of)
        if (tests.size() > 1) out.push_back({key.first, key.second, {tests.begin(), tests.end()}});
    return out;
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
        if (!failing_status(test.value("status", ""))) continue;
        const std::string name = test.value("name", "");
        const std::string area = test.value("area", "");
        if (baseline_failures.count(name)) continue;
        // A rule check counts for the area it checks (`--only` runs it with that area's suite).
        const bool in_areas = std::find(areas.begin(), areas.end(), area) != areas.end() ||
                              std::find(areas.begin(), areas.end(), conform::rule_check_area(name)) != areas.end();
        if (!in_areas) continue;
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
