// The schema phase as a user runs it: `dockside conform --filter '*.SchemaPhase_*'` against the embedded
// reference server finds nothing and reports its coverage (results.json and the console), and faults of
// the server's catalog (a body its schema does not allow, a limit not refused) are found by the phase and
// blamed as the fault matrix judges blame: on the fault's rule or one of its documented dependants.

#include <set>
#include <string>

#include <gtest/gtest.h>

#include "specs/loader/yaml_json.h"
#include "tools/dockside/tests/cli_support.h"
#include "tools/fault-matrix/matrix.h"

namespace dockside::clitest {
namespace {

using json = nlohmann::json;

constexpr const char* kPhase = "*.SchemaPhase_*";

/// Every finding of the run's schema-phase tests.
std::vector<json> phase_findings(const json& results) {
    std::vector<json> out;
    for (const auto& test : results.value("tests", json::array()))
        if (test.value("name", "").find(".SchemaPhase_") != std::string::npos)
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
    // Every operation serves at least half its valid requests: those that change the record their path names
    // at records the run made first (x-made-by: a create of the contract, or the simulation control's where the
    // contract has none: a receiving order, a product), the rest at values the target holds (x-values-from).
    // Not those whose success a clean state cannot reach from the document alone:
    const std::set<std::string> unreachable = {
        "authorize", "token",  // an authorization code is a person's consent, and a refresh token comes of one
        // bodies the document does not show (x-unspecified): no valid request can be drawn
        "batchCancelShipments", "batchUpdateTrackingUpload", "setReceivingExternalSync", "moveVariants", "convertToBundle",
        "mergeIntoProduct"};
    for (const auto& row : table["operations"]) {
        const std::string op = row.value("operation", "");
        if (!unreachable.count(op)) EXPECT_GE(2 * row.value("served", 0), row.value("positive", 0)) << row.dump();
    }
    EXPECT_NE(ran.output.find("schema phase: "), std::string::npos) << ran.output;
}

TEST(SchemaPhase, StrictProfileFindsNothingEither) {
    // The strict profile asks 400 of a refused request: only where nothing else may be checked first.
    const std::string out = fresh_dir("schema-phase-strict");
    const auto ran = dockside({"conform", "--filter", kPhase, "--profile", "strict", "--seed", "17", "--workers", "4", "--out", out});
    EXPECT_EQ(ran.exit_code, 0) << ran.output;
    EXPECT_TRUE(phase_findings(results_of(out)).empty()) << ran.output;
}

TEST(SchemaPhase, AReturnLineWithoutAnIdIsNotJudged) {
    // This seed draws the edge "without id" at /inventory/0 of createReturn beside a served line with one.
    // The document does not say what such a line means (NS-RETURN-CREATE-OPTIONAL-FIELDS): a server may
    // refuse it, as the reference server does, so the phase does not send it.
    const std::string out = fresh_dir("schema-phase-return-line-id");
    const auto ran = dockside({"conform", "--only", "returns", "--filter", "Returns.SchemaPhase_createReturn", "--cases", "25",
                               "--seed", "578418982", "--out", out});
    EXPECT_EQ(ran.exit_code, 0) << ran.output;
    EXPECT_EQ(tests_with(results_of(out), "passed").size(), 1u) << ran.output;
}

/// The rules a finding of `fault_rule` may name: itself and its `dependants:` in rules.yaml.
std::set<std::string> blameable(const std::string& fault_rule) {
    auto rules = spec::load_document(DOCKSIDE_SPECS_DIR "/rules.yaml");
    EXPECT_TRUE(rules.ok()) << "rules.yaml does not load";
    std::set<std::string> out{fault_rule};
    if (!rules) return out;
    const auto dependants = faultmatrix::rule_dependants(*rules);
    if (auto it = dependants.find(fault_rule); it != dependants.end()) out.insert(it->second.begin(), it->second.end());
    return out;
}

/// A phase run over the operations of `filter` against the embedded server with `fault` (whose rule is
/// `rule`): it fails, and every finding of the phase names a rule the fault may be blamed on.
void expect_found_under(const std::string& filter, const std::string& fault, const std::string& rule) {
    const std::string out = fresh_dir("schema-phase-" + fault);
    const auto ran = dockside({"conform", "--filter", filter, "--fault", fault, "--seed", "17", "--out", out});
    ASSERT_EQ(ran.exit_code, 1) << ran.output;
    const auto findings = phase_findings(results_of(out));
    ASSERT_FALSE(findings.empty()) << ran.output;
    const auto allowed = blameable(rule);
    for (const auto& f : findings) EXPECT_TRUE(allowed.count(f.value("rule", ""))) << f.dump(1);
}

TEST(SchemaPhase, FindsOrdersAnsweredWithAWrongType) {
    expect_found_under("Orders.SchemaPhase_*", "CONV-TYPES.order-id-as-string", "CONV-TYPES");
}

TEST(SchemaPhase, FindsAnUnrefusedBoundUnderTheFieldsRule) {
    expect_found_under("Billing.SchemaPhase_*", "BIL-PAGE-SIZE.accepts-1001", "BIL-PAGE-SIZE");
}

// A limit on a write is caught by the phase alone, the rule checks deselected: its valid requests take the
// target's ids and name each line's product, so the 501-character gift message is all that is wrong.
TEST(SchemaPhase, FindsALooseLimitOnAWriteByItself) {
    expect_found_under("Orders.SchemaPhase_createOrder", "ORD-GIFT-500.accepts-501", "ORD-GIFT-500");
}

}  // namespace
}  // namespace dockside::clitest
