// The schema phase as a user runs it: `dockside conform --filter 'SchemaPhase/*'` against the embedded
// reference server finds nothing and reports its coverage (results.json and the console), and a fault of
// the server's catalog that answers a body its schema does not allow is found by the phase under the rule
// the validator names.

#include <gtest/gtest.h>

#include "tools/dockside/tests/cli_support.h"

namespace dockside::clitest {
namespace {

using json = nlohmann::json;

constexpr const char* kPhase = "SchemaPhase/*";

/// Every finding of the run's schema-phase tests.
std::vector<json> phase_findings(const json& results) {
    std::vector<json> out;
    for (const auto& test : results.value("tests", json::array()))
        if (test.value("name", "").rfind("SchemaPhase/", 0) == 0)
            for (const auto& f : test.value("findings", json::array())) out.push_back(f);
    return out;
}

TEST(SchemaPhase, CleanEmbeddedRunFindsNothingAndReportsCoverage) {
    const std::string out = fresh_dir("schema-phase-clean");
    const auto ran = dockside({"conform", "--filter", kPhase, "--seed", "17", "--workers", "4", "--out", out});
    ASSERT_EQ(ran.exit_code, 0) << ran.output;
    const json results = results_of(out);
    EXPECT_TRUE(phase_findings(results).empty()) << results.dump(1);
    ASSERT_TRUE(results.contains("schema_phase")) << "results.json has no schema_phase table";
    const json& table = results["schema_phase"];
    EXPECT_GE(table.value("min_requests", 0), 50);
    EXPECT_EQ(table["operations"].size(), tests_with(results, "passed").size());
    for (const auto& row : table["operations"]) EXPECT_FALSE(row["statuses"].empty()) << row.dump();
    EXPECT_NE(ran.output.find("schema phase: "), std::string::npos) << ran.output;
}

/// A phase run over the orders operations against the embedded server with `fault`: it fails, and every finding of the
/// phase names `rule`.
void expect_found_under(const std::string& fault, const std::string& rule) {
    const std::string out = fresh_dir("schema-phase-" + fault);
    const auto ran = dockside({"conform", "--filter", "SchemaPhase/Orders.*", "--fault", fault, "--seed", "17", "--out", out});
    ASSERT_EQ(ran.exit_code, 1) << ran.output;
    const auto findings = phase_findings(results_of(out));
    ASSERT_FALSE(findings.empty()) << ran.output;
    for (const auto& f : findings) EXPECT_EQ(f.value("rule", ""), rule) << f.dump(1);
}

TEST(SchemaPhase, FindsAnOrderAnsweredWithAWrongType) { expect_found_under("CONV-TYPES.order-id-as-string", "CONV-TYPES"); }

TEST(SchemaPhase, FindsAnUnrefusedLimitUnderTheFieldsRule) { expect_found_under("ORD-GIFT-500.accepts-501", "ORD-GIFT-500"); }

}  // namespace
}  // namespace dockside::clitest
