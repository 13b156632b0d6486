// One test path per rule: a rule whose every check is of a registered type is tested by those checks
// alone (RuleChecks), so no hand-written suite may assert it again, by a finding's rule id or by a test
// named after it. Suites still drive state the data cannot reach (a shipment shipped by the simulation
// control) and leave the judging to the response validator, which reads the same schemas.
//
// A rule with a facet no registered type can test (an effect read back, a sort) says so in the data with a
// check of an unregistered type ("effect", "sorts"), which makes it a suite's, with no exception here.
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include <gtest/gtest.h>

#include "harness/checks/registry.h"
#include "harness/checks/tests/real_spec.h"

namespace dockside::checks {
namespace {

/// Every `x-rule` of the OpenAPI document: the rules whose constraints the OpenAPI file owns.
void x_rules(const nlohmann::json& node, std::set<std::string>& out) {
    if (node.is_array())
        for (const auto& item : node) x_rules(item, out);
    if (!node.is_object()) return;
    for (const auto& [key, value] : node.items()) {
        if (key == "x-rule" && value.is_string()) out.insert(value.get<std::string>());
        x_rules(value, out);
    }
}

/// The rules of the real data whose every check is of a registered type, and those with no check whose
/// constraints the OpenAPI file owns (the schema phase and the validator judge them).
std::set<std::string> wholly_registered(const spec::Spec& spec) {
    std::map<std::string, bool> all_registered;
    for (const auto& check : spec.checks()) {
        auto [it, fresh] = all_registered.emplace(check.rule_id, true);
        it->second = it->second && find_check_type(check.type) != nullptr;
    }
    std::set<std::string> out, owned_by_openapi;
    for (const auto& [rule, registered] : all_registered)
        if (registered) out.insert(rule);
    x_rules(spec.document(), owned_by_openapi);
    for (const auto& rule : owned_by_openapi)
        if (!all_registered.count(rule) && spec.rule(rule)) out.insert(rule);
    return out;
}

struct Mention {
    std::string rule;
    std::string where;  ///< "suites/x_suite.cpp:12: <line>"
};

std::vector<Mention> mentions_in_suites(const std::set<std::string>& rules) {
    std::vector<Mention> out;
    const std::regex quoted("\"([A-Z]+(?:-[A-Z0-9]+)+)\"");
    const std::regex test_name("^\\s*(?:TEST|RC_GTEST_PROP)\\(\\w+,\\s*(\\w+)");
    for (const auto& entry : std::filesystem::directory_iterator(std::string(DOCKSIDE_SOURCE_DIR) + "/suites")) {
        const auto ext = entry.path().extension();
        if (ext != ".cpp" && ext != ".h") continue;
        std::ifstream in(entry.path());
        int number = 0;
        for (std::string line; std::getline(in, line);) {
            ++number;
            const std::string where = "suites/" + entry.path().filename().string() + ":" + std::to_string(number) + ": " + line;
            for (std::sregex_iterator it(line.begin(), line.end(), quoted), end; it != end; ++it)
                if (rules.count((*it)[1])) out.push_back({(*it)[1], where});
            std::smatch named;
            if (std::regex_search(line, named, test_name))
                for (const auto& rule : rules) {
                    std::string prefix = rule;
                    for (char& c : prefix)
                        if (c == '-') c = '_';
                    if (named[1].str().rfind(prefix + "_", 0) == 0) out.push_back({rule, where});
                }
        }
    }
    return out;
}

TEST(OneTestPath, NoSuiteAssertsARuleItsRegisteredChecksTest) {
    const auto rules = wholly_registered(real());
    ASSERT_GT(rules.size(), 20u) << "the real rules data has wholly registered rules (ERR-CODES, ORD-GIFT-500, …)";
    std::ostringstream found;
    int count = 0;
    for (const auto& m : mentions_in_suites(rules)) {
        ++count;
        found << "\n  " << m.rule << " at " << m.where;
    }
    EXPECT_EQ(count, 0) << "rules whose checks are all registered, asserted again by a suite:" << found.str();
}

// A rule part-registered still has one path per assertion: the exact success status of an operation is its
// status_code check's, so a suite that needs the step to succeed asks for any 2xx (needs_success).
TEST(OneTestPath, NoSuiteDemandsASuccessStatusARegisteredCheckDemands) {
    std::set<std::string> with_status_code;
    for (const auto& check : real().checks())
        if (check.type == "status_code") with_status_code.insert(check.rule_id);
    const std::regex exact("expect_status\\(.*,\\s*2[0-9][0-9],\\s*\"([A-Z0-9]+(?:-[A-Z0-9]+)+)\"\\)");
    std::ostringstream found;
    int count = 0;
    for (const auto& entry : std::filesystem::directory_iterator(std::string(DOCKSIDE_SOURCE_DIR) + "/suites")) {
        std::ifstream in(entry.path());
        int number = 0;
        for (std::string line; std::getline(in, line);) {
            ++number;
            std::smatch m;
            if (std::regex_search(line, m, exact) && with_status_code.count(m[1])) {
                ++count;
                found << "\n  " << entry.path().filename().string() << ":" << number << ": " << line;
            }
        }
    }
    EXPECT_EQ(count, 0) << "exact success statuses that a status_code check of the rules data already demands:" << found.str();
}

}  // namespace
}  // namespace dockside::checks
