// compare.json keeps the shape documented in specs/compare.schema.json, for conformance and load
// comparisons and for a refused one; and the schema check itself rejects a document that breaks it.

#include "harness/compare/comparison.h"

#include <gtest/gtest.h>

#include "harness/tests/compare/synthetic_runs.h"
#include "harness/tests/support/schema_violations.h"

namespace dockside::compare {
namespace {

using nlohmann::json;
using testing::load_folder;

std::string schema_violations(const json& document) {
    return dockside::testing::schema_violations(document, std::string(DOCKSIDE_SPECS_DIR) + "/compare.schema.json");
}

RunFolder conform_folder(const std::string& path, json results) {
    RunFolder folder;
    folder.path = path;
    folder.kind = RunKind::Conform;
    folder.conform = std::move(results);
    return folder;
}

json conform_results(bool with_finding, const std::string& profile = "default") {
    json tests = json::array({{{"name", "Orders.Gift"}, {"status", with_finding ? "failed" : "passed"}, {"findings", json::array()}},
                              {{"name", "Returns.Cancel"}, {"status", "skipped"}, {"findings", json::array()}}});
    if (with_finding)
        tests[0]["findings"].push_back({{"key", "ORD-GIFT-500|createOrder|Orders.Gift"}, {"rule", "ORD-GIFT-500"},
                                        {"operation", "createOrder"}, {"test", "Orders.Gift"}, {"title", "gift message over 500"},
                                        {"accepted", false}});
    return {{"profile", profile}, {"spec_version", "2025-07"}, {"tests", tests}};
}

TEST(CompareJson, ALoadComparisonConforms) {
    CompareSettings settings;
    settings.gates = parse_gates("p99:+10%,errors:+0.1pp").value();
    const auto c = compare_runs({load_folder("a", make_run(testing::three_operations(1)))},
                                {load_folder("b", make_run(testing::three_operations(2, 4000)))}, settings, false);
    const json document = to_json(c);
    EXPECT_EQ(schema_violations(document), "");
    EXPECT_EQ(document["kind"], "load");
    EXPECT_EQ(document["exit_code"], 1);
    EXPECT_EQ(document["load"]["metrics"].size(), 4 * std::size(kAllMetrics));
}

TEST(CompareJson, AConformComparisonConformsAndSaysWhatIsNew) {
    const auto c = compare_runs({conform_folder("a", conform_results(false))}, {conform_folder("b", conform_results(true))}, {}, false);
    const json document = to_json(c);
    EXPECT_EQ(schema_violations(document), "");
    EXPECT_EQ(document["verdict"], "regression");
    EXPECT_EQ(document["conform"]["counts"]["new"], 1);
    EXPECT_EQ(document["conform"]["findings"][0]["key"], "ORD-GIFT-500|createOrder|Orders.Gift");
}

TEST(CompareJson, ARefusedComparisonConformsAndForceComparesAnyway) {
    const auto refused = compare_runs({conform_folder("a", conform_results(false))},
                                      {conform_folder("b", conform_results(false, "strict"))}, {}, false);
    EXPECT_EQ(refused.exit_code, kCannotCompare);
    EXPECT_EQ(schema_violations(to_json(refused)), "");
    EXPECT_TRUE(to_json(refused)["conform"].is_null());
    const auto forced = compare_runs({conform_folder("a", conform_results(false))},
                                     {conform_folder("b", conform_results(false, "strict"))}, {}, true);
    EXPECT_EQ(forced.exit_code, kNoRegression);
    EXPECT_EQ(forced.incompatibilities.size(), 1u);
    EXPECT_EQ(schema_violations(to_json(forced)), "");
}

TEST(CompareJson, RunsOfDifferentKindsAreNeverCompared) {
    const auto c = compare_runs({conform_folder("a", conform_results(false))},
                                {load_folder("b", make_run(testing::three_operations(3)))}, {}, true);
    EXPECT_EQ(c.exit_code, kCannotCompare);
    EXPECT_NE(c.reasons.front().find("b is a load result"), std::string::npos) << c.reasons.front();
}

TEST(CompareJson, TheSchemaCheckRejectsABrokenDocument) {
    auto document = to_json(compare_runs({conform_folder("a", conform_results(false))},
                                         {conform_folder("b", conform_results(false))}, {}, false));
    ASSERT_EQ(schema_violations(document), "");
    document["verdict"] = "probably fine";
    document["conform"]["counts"].erase("fixed");
    EXPECT_NE(schema_violations(document), "");
}

}  // namespace
}  // namespace dockside::compare
