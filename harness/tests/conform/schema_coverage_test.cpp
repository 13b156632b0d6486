// The schema phase's coverage rows, shown as a table and in results.json (they travel home on their
// test's outcome: run_log_test).
#include "harness/conform/schema_coverage.h"

#include <gtest/gtest.h>

#include "harness/conform/results.h"

namespace dockside::conform {
namespace {

OperationCoverage row(const std::string& operation, int positive, int negative) {
    OperationCoverage r;
    r.operation = operation;
    r.test = "Orders.SchemaPhase_" + operation;
    r.positive = positive;
    r.negative = negative;
    r.constraints = 4;
    r.constraints_exercised = 3;
    r.statuses = {{201, positive}, {400, negative}};
    r.not_exercised = {"body /either: anyOf/oneOf"};
    return r;
}

TEST(SchemaCoverage, TableAndResultsShowTheSmallestCount) {
    const std::vector<OperationCoverage> rows = {row("createOrder", 25, 30), row("getOrder", 50, 2)};
    const std::string table = render_coverage(rows);
    EXPECT_NE(table.find("at least 52 request(s) each"), std::string::npos) << table;
    EXPECT_NE(table.find("createOrder"), std::string::npos) << table;
    EXPECT_NE(table.find("3/4"), std::string::npos) << table;
    EXPECT_NE(table.find("served"), std::string::npos) << table;
    EXPECT_EQ(render_coverage({}), "");
    RunResults results;
    EXPECT_FALSE(to_json(results).contains("schema_phase"));
    results.schema_phase = rows;
    const auto document = to_json(results);
    ASSERT_TRUE(document.contains("schema_phase"));
    EXPECT_EQ(document["schema_phase"]["min_requests"], 52);
    EXPECT_EQ(document["schema_phase"]["operations"][1]["statuses"]["201"], 50);
}

// An operation that served none of its valid requests refuses its invalid ones for another reason too: the
// table and the record say how many invalid requests went there and prove nothing.
TEST(SchemaCoverage, InvalidRequestsToAnOperationThatServedNothingAreCountedAsProvingNothing) {
    auto served = row("createOrder", 25, 30);
    served.served = 20;
    auto refused = row("cancelOrder", 25, 12);
    refused.served = 0;
    auto uncounted = row("getOrder", 50, 4);  // a row of a Dockside that did not count what was served
    const std::vector<OperationCoverage> rows = {served, refused, uncounted};
    const auto unproven = unproven_negatives(rows);
    EXPECT_EQ(unproven.requests, 12);
    EXPECT_EQ(unproven.operations, std::vector<std::string>{"cancelOrder"});
    const std::string table = render_coverage(rows);
    EXPECT_NE(table.find("12 of the 46 invalid requests went to 1 operation(s) that served none"), std::string::npos) << table;
    EXPECT_EQ(coverage_json(rows)["unproven_negatives"]["requests"], 12);
    served.served = 1;
    EXPECT_EQ(render_coverage({served}).find("prove nothing"), std::string::npos);
    // No valid request sent at all (no record could be made for it to name): no base was served either.
    auto unsent = row("cancelShipment", 0, 25);
    unsent.served = 0;
    EXPECT_EQ(unproven_negatives({unsent}).requests, 25);
}

TEST(SchemaCoverage, ResultsReadBackGiveTheSameRowsAndAnOlderRecordNone) {
    RunResults results;
    results.schema_phase = {row("createOrder", 25, 30), row("getOrder", 50, 2)};
    results.schema_phase[0].served = 7;
    const auto back = coverage_from_results(to_json(results));
    ASSERT_TRUE(back.ok()) << back.error();
    ASSERT_EQ(back->size(), 2u);
    EXPECT_EQ(to_json((*back)[0]), to_json(results.schema_phase[0]));
    EXPECT_EQ((*back)[0].served, 7);
    EXPECT_FALSE((*back)[1].served.has_value()) << "a row without the count stays without it";
    EXPECT_EQ(coverage_json(*back), coverage_json(results.schema_phase));
    // A record without the section (no phase ran, or an older Dockside wrote it) has no rows and no error.
    const auto older = coverage_from_results(to_json(RunResults{}));
    ASSERT_TRUE(older.ok()) << older.error();
    EXPECT_TRUE(older->empty());
    EXPECT_TRUE(coverage_from_results(nlohmann::json::array()).ok());
}

TEST(SchemaCoverage, AnUnreadableSectionIsAnErrorNamingTheRow) {
    auto document = to_json(RunResults{});
    document["schema_phase"] = {{"operations", {to_json(row("createOrder", 1, 1)), {{"operation", "getOrder"}}}}};
    const auto back = coverage_from_results(document);
    ASSERT_FALSE(back.ok());
    EXPECT_NE(back.error().find("operation 2"), std::string::npos) << back.error();
    EXPECT_NE(back.error().find("positive"), std::string::npos) << back.error();
    document["schema_phase"] = {{"rows", nlohmann::json::array()}};
    EXPECT_FALSE(coverage_from_results(document).ok());
}

TEST(SchemaCoverage, AWrongRowIsAnErrorNamingWhatIsMissing) {
    auto missing = coverage_from_json({{"operation", "x"}});
    ASSERT_FALSE(missing.ok());
    EXPECT_NE(missing.error().find("positive"), std::string::npos) << missing.error();
}

}  // namespace
}  // namespace dockside::conform
