#include "tools/fault-matrix/matrix.h"

#include <gtest/gtest.h>

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
    // Accepted or skipped tests are not failures.
    EXPECT_FALSE(judge(results({{"Orders.X", "accepted"}, {"Orders.Y", "skipped"}}), {}, {"orders"}).caught);
}

TEST(Judge, EmptyOrMissingResultsAreProblemsNotCatches) {
    auto none = judge(results({}), {}, {"orders"});
    EXPECT_FALSE(none.caught);
    EXPECT_NE(none.problem.find("no test"), std::string::npos);
    EXPECT_FALSE(judge(nullptr, {}, {"orders"}).problem.empty());
}

TEST(FailedTests, ListsOnlyFailed) {
    EXPECT_EQ(failed_tests(results({{"Orders.A", "failed"}, {"Orders.B", "passed"}})),
              std::set<std::string>{"Orders.A"});
}

TEST(UncoveredRules, KindsSAndIWithoutAFault) {
    const auto rules = nlohmann::json::parse(R"({"rules": [
        {"id": "A", "kind": "S"}, {"id": "B", "kind": "I"}, {"id": "C", "kind": "U"}, {"id": "D", "kind": "S"}]})");
    EXPECT_EQ(uncovered_rules(rules, {{"A.x", "A", "orders"}}), (std::vector<std::string>{"B", "D"}));
}

}  // namespace
}  // namespace dockside::faultmatrix
