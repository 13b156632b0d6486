// `dockside report` on real runs: a conformance run with findings, a load run, a capacity search and a
// comparison, each in one page, and the page's embedded data carries each run's record exactly as the
// files on disk hold it; a folder without a run is exit 2.

#include <gtest/gtest.h>

#include "harness/report/html_page.h"
#include "tools/dockside/tests/cli_support.h"

namespace dockside::clitest {
namespace {

using nlohmann::json;

json file_json(const std::string& path) { return json::parse(read_text(path), nullptr, false); }

json page_data(const std::string& html_path) {
    auto data = report::embedded_data(read_text(html_path));
    EXPECT_TRUE(data) << (data ? "" : data.error());
    return data ? data.value() : json();
}

TEST(ReportCli, EveryKindOfRunInOnePageWithItsRecordsAsWritten) {
    const std::string conform = fresh_dir("report-conform"), load = fresh_dir("report-load"),
                      capacity = fresh_dir("report-capacity"), compare = fresh_dir("report-compare"),
                      load2 = fresh_dir("report-load2");
    auto ran = dockside({"conform", "--only", "orders", "--fault", "ORD-GIFT-500.accepts-501", "--quiet", "--out", conform});
    ASSERT_EQ(ran.exit_code, 1) << ran.output;
    for (const auto& out : {load, load2}) {
        // A warm-up second: a threshold makes the run strict about its mix, and a cancel drawn before any create
        // was answered goes out as a create (seed 497361551 drew three such, 1.5 %, without one).
        ran = dockside({"load", "--rate", "100", "--duration", "2s", "--warmup", "1s", "--threshold", "p99<500ms", "--out", out});
        ASSERT_EQ(ran.exit_code, 0) << ran.output;
    }
    ran = dockside({"load", "--find-capacity", "--slo", "p50<500ms", "--rate", "50", "--max-rate", "100", "--step-duration", "1s",
                    "--warmup", "0", "--out", capacity});
    ASSERT_NE(ran.exit_code, 2) << ran.output;
    ran = dockside({"compare", load, load2, "--out", compare});
    ASSERT_NE(ran.exit_code, 2) << ran.output;

    const std::string page = fresh_dir("report-page") + "/all.html";
    ran = dockside({"report", conform, load, capacity, compare, "--out", page});
    ASSERT_EQ(ran.exit_code, 0) << ran.output;
    const json data = page_data(page);
    ASSERT_EQ(data["runs"].size(), 4u);
    EXPECT_EQ(data["runs"][0]["kind"], "conform");
    EXPECT_EQ(data["runs"][0]["results"], file_json(conform + "/results.json"));
    EXPECT_EQ(data["runs"][0]["faults"][0]["caught"], true);
    // The run's schema phase (the orders operations) read back into the page's table, figure for figure.
    ASSERT_TRUE(file_json(conform + "/results.json").contains("schema_phase"));
    EXPECT_EQ(data["runs"][0]["schema_phase"], file_json(conform + "/results.json")["schema_phase"]);
    EXPECT_EQ(data["runs"][1]["kind"], "load");
    EXPECT_EQ(data["runs"][1]["summary"], file_json(load + "/summary.json"));
    std::int64_t counted = 0;
    for (const auto& second : data["runs"][1]["series"]["all"]) counted += second["count"].get<std::int64_t>();
    EXPECT_EQ(counted, file_json(load + "/summary.json")["latency_ms"]["count"].get<std::int64_t>())
        << "the per-second figures rebuilt from latency.hlog cover every request of the summary";
    // Errors by class over time (interval-counts.jsonl): the seconds of the latency series, and together the
    // requests asked for and the errors of the summary.
    const json summary = file_json(load + "/summary.json");
    const json& errors = data["runs"][1]["errors"]["all"];
    ASSERT_EQ(errors.size(), data["runs"][1]["series"]["all"].size());
    std::int64_t asked = 0, erred = 0;
    for (const auto& second : errors) {
        asked += second["attempted"].get<std::int64_t>();
        for (const auto& [kind, n] : second["errors"].items()) erred += n.get<std::int64_t>();
    }
    EXPECT_EQ(asked, summary["totals"]["requests"].get<std::int64_t>() + summary["totals"]["not_sent"].get<std::int64_t>());
    EXPECT_EQ(erred, summary["errors"].get<std::int64_t>());
    EXPECT_EQ(data["runs"][2]["summary"], file_json(capacity + "/summary.json"));
    EXPECT_EQ(data["runs"][2]["summary"]["configuration"]["capacity"]["result"], file_json(capacity + "/capacity.json"));
    EXPECT_EQ(data["runs"][3]["kind"], "compare");
    EXPECT_EQ(data["runs"][3]["comparison"], file_json(compare + "/compare.json"));

    // Without --out the page lands in the first run's folder.
    ran = dockside({"report", load});
    EXPECT_EQ(ran.exit_code, 0) << ran.output;
    EXPECT_EQ(page_data(load + "/report.html")["runs"][0]["summary"], file_json(load + "/summary.json"));
}

TEST(ReportCli, AFolderWithoutARunIsExitTwo) {
    const std::string empty = fresh_dir("report-empty");
    auto ran = dockside({"report", empty});
    EXPECT_EQ(ran.exit_code, 2) << ran.output;
    EXPECT_NE(ran.output.find("no results.json (conform), summary.json (load), compare.json (compare) or diff.json"), std::string::npos)
        << ran.output;
}

}  // namespace
}  // namespace dockside::clitest
