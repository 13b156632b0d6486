#include "tools/fault-matrix/matrix.h"

#include <gtest/gtest.h>

#include "specs/loader/yaml_json.h"

namespace dockside::faultmatrix {
namespace {

TEST(ParseFaultList, ReadsNameRuleAndArea) {
    auto rows = parse_fault_list(
        "ORD-GIFT-500.accepts-501        ORD-GIFT-500   orders      Orders — order create accepts 501\n"
        "\n"
        "CONV-JSON.wrong-content-type    CONV-JSON      conventions Conventions — text/plain\n");
    ASSERT_TRUE(rows.ok()) << rows.error();
    ASSERT_EQ(rows->size(), 2u);
    EXPECT_EQ((*rows)[0].name, "ORD-GIFT-500.accepts-501");
    EXPECT_EQ((*rows)[0].rule_id, "ORD-GIFT-500");
    EXPECT_EQ((*rows)[1].area, "conventions");
    EXPECT_FALSE(parse_fault_list("only-a-name\n").ok());
    EXPECT_FALSE(parse_fault_list("").ok());
}

TEST(SuiteAreas, ConventionsGoToOrdersChannelsAlsoToPaging) {
    EXPECT_EQ(suite_areas_for("conventions"), std::vector<std::string>{"orders"});
    EXPECT_EQ(suite_areas_for("channels"), (std::vector<std::string>{"channels", "paging"}));
    EXPECT_EQ(suite_areas_for("returns"), std::vector<std::string>{"returns"});
}

nlohmann::json results(std::vector<std::pair<std::string, std::string>> tests) {
    nlohmann::json out{{"tests", nlohmann::json::array()}};
    for (const auto& [name, status] : tests) {
        const auto dot = name.find('.');
        std::string area = name.substr(0, dot);
        area[0] = static_cast<char>(std::tolower(area[0]));
        out["tests"].push_back({{"name", name}, {"area", area}, {"status", status}});
    }
    return out;
}

TEST(Judge, CaughtOnlyByNewFailuresInTheFaultsAreas) {
    const auto run = results({{"Orders.A", "failed"}, {"Orders.B", "failed"}, {"Orders.C", "passed"}});
    auto verdict = judge(run, {"Orders.A"}, {"orders"});
    EXPECT_TRUE(verdict.caught);
    EXPECT_EQ(verdict.caught_by, std::vector<std::string>{"Orders.B"});
    // Failing already in the baseline proves nothing.
    EXPECT_FALSE(judge(run, {"Orders.A", "Orders.B"}, {"orders"}).caught);
    // A failure in another area does not count.
    EXPECT_FALSE(judge(results({{"Returns.X", "failed"}}), {}, {"orders"}).caught);
    // A rule check counts for the area its name ends with, whatever its summary row.
    auto checks = results({{"RuleChecks.max_length_orders", "failed"}, {"RuleChecks.enum_returns", "failed"}});
    for (auto& t : checks["tests"]) t["area"] = "rulechecks";
    EXPECT_EQ(judge(checks, {}, {"orders"}).caught_by, std::vector<std::string>{"RuleChecks.max_length_orders"});
    // Accepted or skipped tests are not failures.
    EXPECT_FALSE(judge(results({{"Orders.X", "accepted"}, {"Orders.Y", "skipped"}}), {}, {"orders"}).caught);
}

TEST(Judge, EmptyOrMissingResultsAreProblemsNotCatches) {
    auto none = judge(results({}), {}, {"orders"});
    EXPECT_FALSE(none.caught);
    EXPECT_NE(none.problem.find("no test"), std::string::npos);
    EXPECT_FALSE(judge(nullptr, {}, {"orders"}).problem.empty());
}

TEST(FailedTests, ListsEveryStatusThatFailsARun) {
    EXPECT_EQ(failed_tests(results({{"Orders.A", "failed"}, {"Orders.B", "passed"}, {"Orders.C", "blocked"},
                                    {"Orders.D", "timed_out"}, {"Orders.E", "skipped"}, {"Orders.F", "accepted"}})),
              (std::set<std::string>{"Orders.A", "Orders.C", "Orders.D"}));
}

nlohmann::json with_findings(std::vector<std::tuple<std::string, std::string, std::vector<std::string>>> tests) {
    nlohmann::json out{{"tests", nlohmann::json::array()}};
    for (const auto& [name, status, rules] : tests) {
        nlohmann::json findings = nlohmann::json::array();
        for (const auto& r : rules) findings.push_back({{"rule", r}, {"title", "t " + r}});
        out["tests"].push_back({{"name", name}, {"status", status}, {"findings", findings}});
    }
    return out;
}

TEST(Dependants, TheRealRulesNameOnlyKnownRules) {
    auto rules = spec::load_document(std::string(DOCKSIDE_SPECS_DIR) + "/rules.yaml");
    ASSERT_TRUE(rules.ok()) << rules.error().to_string();
    EXPECT_TRUE(unknown_dependants(*rules).empty()) << unknown_dependants(*rules).front();
    EXPECT_FALSE(rule_dependants(*rules).empty());
    EXPECT_TRUE(unknown_dependants(nlohmann::json::parse(R"({"rules": [{"id": "A", "dependants": ["B"]}]})")) ==
                std::vector<std::string>{"A → B"});
}

TEST(ForeignFindings, OnlyRulesNeitherBrokenNorDocumentedAsDependants) {
    const auto rules = nlohmann::json::parse(R"({"rules": [
        {"id": "CONV-TYPES", "dependants": ["ORD-ROUNDTRIP"]}, {"id": "ERR-NO5XX", "dependants": ["*"]},
        {"id": "ORD-GIFT-500"}]})");
    const auto deps = rule_dependants(rules);
    EXPECT_EQ(deps.at("CONV-TYPES"), std::set<std::string>{"ORD-ROUNDTRIP"});
    const auto run = with_findings({{"Orders.A", "failed", {"CONV-TYPES", "ORD-ROUNDTRIP"}},
                                    {"Orders.B", "failed", {"ERR-NOSIDE"}},
                                    {"Orders.C", "passed", {"WRO-LIST"}},
                                    {"Orders.D", "failed", {"SHP-ENUMS"}}});
    auto foreign = foreign_findings(run, "CONV-TYPES", deps, {"Orders.D"});
    ASSERT_EQ(foreign.size(), 1u);
    EXPECT_EQ(foreign[0].rule, "ERR-NOSIDE");
    EXPECT_EQ(foreign[0].test, "Orders.B");
    EXPECT_TRUE(foreign_findings(run, "ERR-NO5XX", deps, {}).empty());  // "*": may show anywhere
    EXPECT_EQ(foreign_findings(run, "ORD-GIFT-500", deps, {}).size(), 4u);
}

TEST(RepeatedFindings, OneRuleOnOneOperationInSeveralNewlyFailingTests) {
    nlohmann::json run{{"tests", nlohmann::json::array()}};
    const auto add = [&](const std::string& test, const std::string& status, nlohmann::json findings) {
        run["tests"].push_back({{"name", test}, {"status", status}, {"findings", std::move(findings)}});
    };
    const nlohmann::json gift{{"rule", "ORD-GIFT-500"}, {"operation", "createOrder"}};
    add("RuleChecks.max_length_orders", "failed", {gift});
    add("Orders.SchemaPhase_createOrder", "failed", {gift, {{"rule", "ORD-GIFT-500"}, {"operation", "getOrder"}}});
    add("Orders.Baseline", "failed", {gift});                                                       // fails without the fault
    add("Orders.Blocked", "blocked", {{{"rule", "ORD-GIFT-500"}, {"operation", "createOrder"}, {"setup", true}}});
    add("Orders.Accepted", "failed", {{{"rule", "ORD-GIFT-500"}, {"operation", "createOrder"}, {"accepted", true}}});
    add("Orders.Passed", "passed", {gift});
    const auto repeated = repeated_findings(run, {"Orders.Baseline"});
    ASSERT_EQ(repeated.size(), 1u);
    EXPECT_EQ(repeated[0].rule, "ORD-GIFT-500");
    EXPECT_EQ(repeated[0].operation, "createOrder");
    EXPECT_EQ(repeated[0].tests, (std::vector<std::string>{"Orders.SchemaPhase_createOrder", "RuleChecks.max_length_orders"}));
    EXPECT_TRUE(repeated_findings(with_findings({{"Orders.A", "failed", {"X"}}, {"Orders.B", "failed", {"Y"}}}), {}).empty());
}

TEST(UncoveredRules, KindsSAndIWithoutAFault) {
    const auto rules = nlohmann::json::parse(R"({"rules": [
        {"id": "A", "kind": "S"}, {"id": "B", "kind": "I"}, {"id": "C", "kind": "U"}, {"id": "D", "kind": "S"}]})");
    EXPECT_EQ(uncovered_rules(rules, {{"A.x", "A", "orders"}}), (std::vector<std::string>{"B", "D"}));
}

TEST(MarkStances, TheRulesDocumentsNotShownIdsOrElseTheirPrefix) {
    const auto rules = nlohmann::json::parse(R"({"rules": [{"id": "ORD-GIFT-500"}],
        "not_shown": [{"id": "NS-VALIDATION-STATUS"}, {"id": "STANCE-WITHOUT-PREFIX"}]})");
    std::vector<FaultRow> faults{{"ORD-GIFT-500.accepts-501", "ORD-GIFT-500", "orders"},
                                 {"NS-VALIDATION-STATUS.refuses-with-422", "NS-VALIDATION-STATUS", "conventions"},
                                 {"STANCE-WITHOUT-PREFIX.x", "STANCE-WITHOUT-PREFIX", "orders"},
                                 {"NS-UNLISTED.x", "NS-UNLISTED", "orders"}};
    mark_stances(faults, &rules);
    EXPECT_EQ((std::vector<bool>{faults[0].stance, faults[1].stance, faults[2].stance, faults[3].stance}),
              (std::vector<bool>{false, true, true, false}));
    mark_stances(faults, nullptr);
    EXPECT_EQ((std::vector<bool>{faults[0].stance, faults[1].stance, faults[2].stance, faults[3].stance}),
              (std::vector<bool>{false, true, false, true}));
}

}  // namespace
}  // namespace dockside::faultmatrix
