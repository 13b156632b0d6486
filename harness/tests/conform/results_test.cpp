#include "harness/conform/results.h"

#include <gtest/gtest.h>

namespace dockside::conform {
namespace {

Finding sample_finding(bool accepted = false) {
    Finding f;
    f.test = "Returns.RET_DUP_ID_RepeatedInventoryIdRejected";
    f.area = "returns";
    f.operation = "createReturn";
    f.rule = "RET-DUP-ID";
    f.section = "Endpoints > Returns > POST /2025-07/return";
    f.title = "createReturn rejects the request with a 4xx";
    f.message = "Received: 201 / Expected: 4XX / Documented: 201, 4XX";
    f.curl = "curl -sS -X 'POST' 'http://127.0.0.1:1/2025-07/return' -H \"Authorization: Bearer $DOCKSIDE_TOKEN\"";
    f.status = 201;
    f.body_excerpt = "{\"id\":7}";
    f.violations.push_back({"CONV-TYPES", "/id", "integer", "\"7\"", "#/components/schemas/ReturnCreated"});
    f.seed = "dockside conform --only returns --seed 42";
    f.shrunk_input = "Falsifiable after 3 tests";
    f.accepted = accepted;
    return f;
}

RawTestResult raw(std::string name, bool failed, std::vector<std::string> messages = {}) {
    RawTestResult r;
    r.name = std::move(name);
    r.failed = failed;
    r.failure_messages = std::move(messages);
    r.seconds = 0.5;
    return r;
}

TEST(Classify, PassedSkippedAndFailed) {
    EXPECT_EQ(classify(raw("Orders.A", false), {}, "").status, TestStatus::Passed);
    RawTestResult skipped = raw("Orders.B", false);
    skipped.skipped = true;
    skipped.skip_message = "gtest text";
    auto s = classify(skipped, {}, "needs the simulation control");
    EXPECT_EQ(s.status, TestStatus::Skipped);
    EXPECT_EQ(s.reason, "needs the simulation control");
    EXPECT_EQ(classify(skipped, {}, "").reason, "gtest text");
    auto failed = classify(raw("Orders.C", true, {"Expected equality"}), {}, "");
    EXPECT_EQ(failed.status, TestStatus::Failed);
    EXPECT_EQ(failed.area, "orders");
    EXPECT_EQ(failed.failure_messages, std::vector<std::string>{"Expected equality"});
}

TEST(Classify, AcceptedOnlyWhenEveryFailureIsAnAcceptedFinding) {
    const Finding accepted = sample_finding(true);
    const std::string marked = finding_marker(accepted.key()) + "\nreport";
    EXPECT_EQ(classify(raw(accepted.test, true, {marked}), {accepted}, "").status, TestStatus::Accepted);
    // A plain assertion failure next to it keeps the test failed.
    auto mixed = classify(raw(accepted.test, true, {marked, "Value of: x"}), {accepted}, "");
    EXPECT_EQ(mixed.status, TestStatus::Failed);
    EXPECT_EQ(mixed.failure_messages, std::vector<std::string>{"Value of: x"});
    // A finding that is not accepted keeps it failed.
    EXPECT_EQ(classify(raw(accepted.test, true, {marked}), {sample_finding(false)}, "").status, TestStatus::Failed);
}

RunResults sample_run() {
    RunResults run;
    run.meta.target = "http://127.0.0.1:1";
    run.meta.embedded = true;
    run.meta.profile = "default";
    run.meta.seed = 42;
    run.meta.cases = 25;
    run.meta.areas = {"returns", "orders"};
    run.meta.started_at = "2025-07-14T09:03:11Z";
    run.meta.duration_seconds = 1.5;
    run.tests.push_back(classify(raw("Orders.A", false), {}, ""));
    auto f = sample_finding();
    run.tests.push_back(classify(raw(f.test, true, {finding_marker(f.key())}), {f}, ""));
    RawTestResult s = raw("Returns.S", false);
    s.skipped = true;
    run.tests.push_back(classify(s, {}, "needs /_sim/"));
    return run;
}

TEST(ResultsJson, HasRunMetadataSummaryAndTestsWithFindings) {
    const auto json = to_json(sample_run());
    for (const char* key : {"target", "embedded", "profile", "seed", "cases", "areas", "faults", "started_at",
                            "duration_seconds", "summary", "areas_summary", "tests"})
        EXPECT_TRUE(json.contains(key)) << key;
    EXPECT_EQ(json["seed"], 42);
    EXPECT_EQ(json["summary"]["passed"], 1);
    EXPECT_EQ(json["summary"]["failed"], 1);
    EXPECT_EQ(json["summary"]["skipped"], 1);
    EXPECT_EQ(json["summary"]["total"], 3);
    const auto& failed = json["tests"][1];
    EXPECT_EQ(failed["status"], "failed");
    EXPECT_EQ(failed["area"], "returns");
    ASSERT_EQ(failed["findings"].size(), 1u);
    const auto& finding = failed["findings"][0];
    EXPECT_EQ(finding["rule"], "RET-DUP-ID");
    EXPECT_EQ(finding["key"], "RET-DUP-ID|createReturn|Returns.RET_DUP_ID_RepeatedInventoryIdRejected");
    EXPECT_EQ(finding["status"], 201);
    EXPECT_EQ(finding["violations"][0]["pointer"], "/id");
    EXPECT_EQ(finding["violations"][0]["expected"], "integer");
    EXPECT_EQ(finding["seed"], "dockside conform --only returns --seed 42");
    EXPECT_EQ(json["tests"][2]["reason"], "needs /_sim/");
    EXPECT_FALSE(json["tests"][0].contains("reason"));
    // Areas in the canonical order: orders before returns.
    EXPECT_EQ(json["areas_summary"][0]["area"], "orders");
    EXPECT_EQ(json["areas_summary"][1]["area"], "returns");
}

TEST(ExitCode, OneOnFailureZeroWhenOnlyAcceptedOrSkipped) {
    auto run = sample_run();
    EXPECT_EQ(exit_code(run), 1);
    run.tests[1].status = TestStatus::Accepted;
    EXPECT_EQ(exit_code(run), 0);
}

TEST(Rendering, FailureReportCarriesEverythingNeededToReproduce) {
    const auto text = render_finding(sample_finding());
    for (const char* part : {"RET-DUP-ID", "createReturn", "Endpoints > Returns > POST /2025-07/return",
                             "curl -sS -X 'POST'", "status:    201", "{\"id\":7}", "/id", "expected: integer",
                             "actual:   \"7\"", "dockside conform --only returns --seed 42",
                             "Falsifiable after 3 tests"})
        EXPECT_NE(text.find(part), std::string::npos) << part << "\n" << text;
    const auto failures = render_failures(sample_run());
    EXPECT_NE(failures.find("FAILED Returns.RET_DUP_ID_RepeatedInventoryIdRejected"), std::string::npos);
    EXPECT_EQ(failures.find("Orders.A"), std::string::npos);
}

TEST(Rendering, SummaryAndProgressLinesCountPerArea) {
    const auto summary = render_summary(sample_run());
    EXPECT_NE(summary.find("orders"), std::string::npos);
    EXPECT_NE(summary.find("total"), std::string::npos);
    AreaSummary s{"returns", 3, 1, 2, 0, 1.25};
    const auto line = render_progress_line(s);
    EXPECT_NE(line.find("returns"), std::string::npos);
    EXPECT_NE(line.find("passed   3"), std::string::npos) << line;
    EXPECT_NE(line.find("failed   1"), std::string::npos) << line;
    EXPECT_NE(line.find("skipped   2"), std::string::npos) << line;
    EXPECT_NE(line.find("1.2 s"), std::string::npos) << line;
}

TEST(Timestamp, UtcFormats) {
    EXPECT_EQ(utc_timestamp(false).size(), 20u);
    EXPECT_EQ(utc_timestamp(true).size(), 16u);
    EXPECT_EQ(utc_timestamp(true).back(), 'Z');
}

}  // namespace
}  // namespace dockside::conform
