// The report page carries the runs' own records untouched, and the views it adds (percentile curves,
// per-second figures, the area × operation matrix) agree with those records; nothing in the page can end
// its data element early; the page asks for nothing from a network.

#include "harness/report/report_data.h"

#include <gtest/gtest.h>

#include <fstream>

#include "harness/conform/results.h"
#include "harness/load/summary_json.h"
#include "harness/report/html_page.h"
#include "harness/tests/compare/synthetic_runs.h"
#include "harness/tests/support/scratch_dir.h"

namespace dockside::report {
namespace {

using nlohmann::json;

compare::RunFolder load_folder() {
    compare::RunFolder folder;
    folder.path = "runs/load-1";
    folder.kind = compare::RunKind::Load;
    folder.load = compare::testing::make_run(compare::testing::three_operations(5));
    folder.load->document = load::to_json(folder.load->summary);
    return folder;
}

compare::RunFolder conform_folder() {
    compare::RunFolder folder;
    folder.path = "runs/conform-1";
    folder.kind = compare::RunKind::Conform;
    folder.conform = {{"target", "embedded"}, {"faults", {"ORD-GIFT-500.accepts-501"}},
                      {"tests", {{{"name", "Orders.ORD_GIFT_500_Limit"}, {"area", "orders"}, {"status", "failed"},
                                  {"findings", {{{"rule", "ORD-GIFT-500"}, {"operation", "createOrder"}, {"title", "</script><!-- x"}}}}},
                                 {{"name", "Orders.ORD_REQ_Products"}, {"area", "orders"}, {"status", "passed"}, {"findings", json::array()}},
                                 {{"name", "Auth.Mystery"}, {"area", "auth"}, {"status", "skipped"}, {"findings", json::array()}}}}};
    return folder;
}

TEST(ReportData, TheLoadRecordIsEmbeddedAsWrittenAndTheViewsAgreeWithIt) {
    const auto folder = load_folder();
    const json page_data = embedded_data(render_page(report_data({folder}, {}), "t")).value();
    const json& view = page_data["runs"][0];
    EXPECT_EQ(view["summary"], folder.load->document);
    // The curve ends at 100 % with the maximum the summary states.
    const json& curve = view["curves"]["all"]["latency"];
    EXPECT_DOUBLE_EQ(curve.back()[0].get<double>(), 100.0);
    EXPECT_DOUBLE_EQ(curve.back()[1].get<double>(), folder.load->document["latency_ms"]["max"].get<double>());
    // Per-second figures: one row per interval, counts adding up to the summary's, each read from its interval.
    const json& series = view["series"]["getOrder"];
    ASSERT_EQ(series.size(), 30u);
    std::int64_t total = 0;
    for (const auto& row : series) total += row["count"].get<std::int64_t>();
    EXPECT_EQ(total, folder.load->summary.result.find("getOrder")->latency.total_count());
    const auto& third = folder.load->latency.at("getOrder")[2].histogram;
    EXPECT_DOUBLE_EQ(series[2]["p99"].get<double>(), static_cast<double>(third.value_at_percentile(99)) / 1000.0);
    EXPECT_DOUBLE_EQ(series[2]["t"].get<double>(), 2.0);
}

/// A load run whose createOrder answers 500 a fifth of the time.
compare::RunFolder erring_load_folder() {
    auto shape = compare::testing::three_operations(5);
    shape.operations[2].error_share = 0.2;
    compare::RunFolder folder;
    folder.path = "runs/load-errors";
    folder.kind = compare::RunKind::Load;
    folder.load = compare::testing::make_run(shape);
    folder.load->document = load::to_json(folder.load->summary);
    return folder;
}

TEST(ReportData, ErrorsByClassOverTimeAddUpToTheSummarysErrors) {
    const auto folder = erring_load_folder();
    const json view = embedded_data(render_page(report_data({folder}, {}), "t")).value()["runs"][0];
    const json& errors = view["errors"];
    ASSERT_EQ(errors["all"].size(), 30u);
    EXPECT_FALSE(errors.contains("getOrder")) << "an operation without errors carries no series";
    ASSERT_EQ(errors["createOrder"].size(), 30u);
    std::int64_t all = 0, create = 0, asked = 0;
    for (const auto& second : errors["all"]) {
        all += second["errors"].value("5xx", std::int64_t{0});
        asked += second["attempted"].get<std::int64_t>();
    }
    for (const auto& second : errors["createOrder"]) create += second["errors"].value("5xx", std::int64_t{0});
    const json& summary = view["summary"];
    EXPECT_GT(all, 0);
    EXPECT_EQ(all, summary["errors"].get<std::int64_t>());
    EXPECT_EQ(all, summary["totals"]["status_classes"]["5xx"].get<std::int64_t>());
    EXPECT_EQ(create, all);
    EXPECT_EQ(asked, summary["totals"]["requests"].get<std::int64_t>());
    // The seconds line up with the latency series drawn beside them.
    EXPECT_DOUBLE_EQ(errors["all"][2]["t"].get<double>(), view["series"]["all"][2]["t"].get<double>());
}

// The page's "Errors by class" table listed every status class of the summary, the 2xx answers among
// them, as errors. It lists the error classes alone, adding up to the run's errors.
TEST(ReportData, TheErrorClassTableHoldsErrorsOnly) {
    const json view = embedded_data(render_page(report_data({erring_load_folder()}, {}), "t")).value()["runs"][0];
    ASSERT_GT(view["summary"]["totals"]["status_classes"].value("2xx", std::int64_t{0}), 0);
    const json& classes = view["error_classes"];
    ASSERT_EQ(classes.size(), 1u) << classes.dump();
    EXPECT_EQ(classes[0][0], "5xx");
    EXPECT_EQ(classes[0][1].get<std::int64_t>(), view["summary"]["errors"].get<std::int64_t>());
    // A run without errors has none to list.
    const json clean = embedded_data(render_page(report_data({load_folder()}, {}), "t")).value()["runs"][0];
    EXPECT_EQ(clean["error_classes"], json::array());
}

/// A folder holding only `summary`'s summary.json, read back as compare and report read a run.
compare::RunFolder folder_of_summary(const dockside::testing::ScratchDir& dir, load::RunSummary summary) {
    std::ofstream(dir.sub("summary.json")) << load::to_json(summary).dump();
    return compare::read_run_folder(dir.path()).value();
}

// The page of a capacity search said "latency.hlog is missing (a merged run has none)" of a run that is no
// merge. It says why: a capacity search records its steps in capacity.json and writes no interval log.
TEST(ReportData, APageWithoutIntervalLogSaysTheTrueReason) {
    auto summary = compare::testing::make_run(compare::testing::three_operations(5)).summary;
    summary.configuration["capacity"] = {{"slo", {"p99<100ms"}}};
    summary.files = {{"capacity_json", "capacity.json"}, {"capacity_csv", "capacity.csv"}};
    dockside::testing::ScratchDir capacity_dir;
    const json capacity = load_view(folder_of_summary(capacity_dir, summary))["notes"];
    ASSERT_EQ(capacity.size(), 1u) << capacity.dump();
    EXPECT_EQ(capacity[0].get<std::string>().find("merged"), std::string::npos) << capacity.dump();
    EXPECT_NE(capacity[0].get<std::string>().find("(a capacity search writes none"), std::string::npos) << capacity.dump();
    // A run that wrote its log, which is gone since, is said to have lost it.
    summary.configuration.erase("capacity");
    summary.files = {{"latency_hlog", "latency.hlog"}};
    dockside::testing::ScratchDir lost_dir;
    const json lost = load_view(folder_of_summary(lost_dir, summary))["notes"];
    ASSERT_EQ(lost.size(), 1u) << lost.dump();
    EXPECT_NE(lost[0].get<std::string>().find("(the run wrote it, and it was lost)"), std::string::npos) << lost.dump();
    // Compare reads the same reason from the same reader.
    const auto folder = folder_of_summary(lost_dir, summary);
    ASSERT_EQ(folder.load->notes.size(), 1u);
    EXPECT_NE(folder.load->notes[0].find("is missing (the run wrote it, and it was lost): within-run noise is unknown"),
              std::string::npos) << folder.load->notes[0];
}

TEST(ReportData, TheConformRecordIsEmbeddedWithItsMatrixAndFaultTable) {
    ReportContext context;
    context.rule_operations = {{"ORD-REQ", {"createOrder"}}};
    const auto folder = conform_folder();
    const std::string page = render_page(report_data({folder}, context), "t");
    EXPECT_EQ(page.find("</script><!--"), std::string::npos) << "a finding's text ended the data element";
    const json view = embedded_data(page).value()["runs"][0];
    EXPECT_EQ(view["results"], folder.conform);
    std::map<std::string, json> cells;
    for (const auto& row : view["matrix"]) cells[row["area"].get<std::string>() + "/" + row["operation"].get<std::string>()] = row["counts"];
    EXPECT_EQ(cells["orders/createOrder"], (json{{"failed", 1}, {"passed", 1}}));  // by finding, and by the rule's operations
    EXPECT_EQ(cells["auth/(no single operation)"], (json{{"skipped", 1}}));
    ASSERT_EQ(view["faults"].size(), 1u);
    EXPECT_EQ(view["faults"][0]["rule"], "ORD-GIFT-500");
    EXPECT_EQ(view["faults"][0]["caught"], true);
}

/// A conformance record as `dockside conform` writes it, with the schema phase's table.
compare::RunFolder conform_folder_with_schema_phase() {
    conform::RunResults results;
    conform::OperationCoverage create;
    create.operation = "createOrder";
    create.test = "Orders.SchemaPhase_createOrder";
    create.positive = 25;
    create.served = 4;
    create.negative = 30;
    create.constraints = 12;
    create.constraints_exercised = 11;
    create.statuses = {{201, 4}, {400, 51}};
    create.not_exercised = {"body /products/0/reference_id: x-type-inferred"};
    conform::OperationCoverage get = create;
    get.operation = "getOrder";
    get.served.reset();  // a row as an older Dockside wrote it
    get.statuses = {{200, 20}, {404, 35}};
    results.schema_phase = {create, get};
    compare::RunFolder folder = conform_folder();
    folder.conform = conform::to_json(results);
    return folder;
}

TEST(ReportData, TheSchemaPhaseTableIsReadBackWithTheRecordsFigures) {
    const auto folder = conform_folder_with_schema_phase();
    const json view = embedded_data(render_page(report_data({folder}, {}), "t")).value()["runs"][0];
    ASSERT_TRUE(view.contains("schema_phase")) << view.dump(1);
    EXPECT_FALSE(view.contains("schema_phase_error"));
    EXPECT_EQ(view["schema_phase"], folder.conform["schema_phase"]);
    const json& first = view["schema_phase"]["operations"][0];
    EXPECT_EQ(first["served"], 4);
    EXPECT_EQ(first["requests"], 55);
    EXPECT_EQ(first["statuses"]["400"], 51);
    EXPECT_FALSE(view["schema_phase"]["operations"][1].contains("served"));
    EXPECT_EQ(view["schema_phase"]["min_requests"], 55);
}

TEST(ReportData, ARecordWithoutTheSchemaPhaseHasNoTableAndNoError) {
    const json view = report_data({conform_folder()}, {})["runs"][0];
    EXPECT_FALSE(view.contains("schema_phase"));
    EXPECT_FALSE(view.contains("schema_phase_error"));
}

TEST(ReportData, AnUnreadableSchemaPhaseIsANoteNotAFailedPage) {
    auto folder = conform_folder_with_schema_phase();
    folder.conform["schema_phase"]["operations"][1].erase("negative");
    const json view = report_data({folder}, {})["runs"][0];
    EXPECT_FALSE(view.contains("schema_phase"));
    ASSERT_TRUE(view.contains("schema_phase_error"));
    EXPECT_NE(view["schema_phase_error"].get<std::string>().find("negative"), std::string::npos) << view["schema_phase_error"];
    EXPECT_EQ(view["results"], folder.conform) << "the record itself is still embedded as written";
}

TEST(ReportData, ThePageFetchesNothing) {
    const std::string page = render_page(report_data({load_folder(), conform_folder()}, {}), "t");
    EXPECT_NE(page.find("default-src 'none'"), std::string::npos);
    for (const char* outside : {"http://", "https://", "src=", "@import", "url("}) {
        // The only addresses in the page are the SVG namespace (a name, never fetched) and the runs' own data.
        std::string without_data = page.substr(0, page.find("<script type=\"application/json\""));
        without_data += page.substr(page.find("</script>", page.find("dockside-data")));
        std::size_t at = without_data.find(outside);
        while (at != std::string::npos && without_data.compare(at, 26, "http://www.w3.org/2000/svg") == 0)
            at = without_data.find(outside, at + 1);
        EXPECT_EQ(at, std::string::npos) << outside << " at " << without_data.substr(at == std::string::npos ? 0 : at, 80);
    }
    EXPECT_FALSE(embedded_data("<html></html>"));
}

}  // namespace
}  // namespace dockside::report
