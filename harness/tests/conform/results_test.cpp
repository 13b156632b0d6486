#include "harness/conform/results.h"

#include "harness/conform/junit.h"
#include "harness/conform/run_log.h"
#include "harness/conform/report.h"
#include "harness/tests/conform/outcomes.h"

#include <algorithm>
#include <sstream>

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
    f.seed = 42;
    f.replay = "dockside conform --only returns --seed 42";
    f.shrunk_input = "Falsifiable after 3 tests";
    f.accepted = accepted;
    return f;
}

using testing::as_setup;
using testing::raw;

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
    EXPECT_EQ(finding["seed"], 42);
    EXPECT_EQ(finding["replay"], "dockside conform --only returns --seed 42");
    EXPECT_EQ(json["tests"][2]["reason"], "needs /_sim/");
    EXPECT_FALSE(json["tests"][0].contains("reason"));
    // Areas in the canonical order: orders before returns.
    EXPECT_EQ(json["areas_summary"][0]["area"], "orders");
    EXPECT_EQ(json["areas_summary"][1]["area"], "returns");
}

// The supervisor's children send their outcomes as results.json holds them: the seed and the replay command
// come back as they went.
TEST(ResultsJson, AFindingsSeedAndReplayCommandSurviveTheWayBack) {
    TestOutcome outcome = sample_run().tests[1];
    const auto back = outcome_from_json(to_json(outcome));
    ASSERT_EQ(back.findings.size(), 1u);
    EXPECT_EQ(back.findings[0].seed, 42u);
    EXPECT_EQ(back.findings[0].replay, "dockside conform --only returns --seed 42");
}

TEST(ResultsJson, SecondsAreKeptToTheMillisecondWithoutFloatNoise) {
    auto run = sample_run();
    run.tests[0].seconds = 0.1;
    run.tests[1].seconds = 0.2;  // same area sums: 0.1 + 0.2 is 0.30000000000000004 in binary
    run.tests[1].area = "orders";
    run.tests[2].seconds = 1.23456;
    run.meta.duration_seconds = 2.0000000000000004;
    const auto json = to_json(run);
    const std::string text = json.dump();
    EXPECT_EQ(text.find("0000000"), std::string::npos) << text;
    EXPECT_EQ(json["areas_summary"][0]["seconds"], 0.3);
    EXPECT_EQ(json["tests"][2]["seconds"], 1.235);
    EXPECT_EQ(json["duration_seconds"], 2.0);
}

TEST(Rendering, SkipsSayWhyAndPointToVerbose) {
    RunResults run = sample_run();  // one skip: "needs /_sim/"
    for (const char* name : {"Returns.T", "Returns.U", "Returns.V"}) {
        RawTestResult s = raw(name, false);
        s.skipped = true;
        run.tests.push_back(classify(s, {}, std::string(name) == "Returns.V" ? "no WROs" : "the target lists no returnable inventory item"));
    }
    const std::string text = render_skip_reasons(run, 2);
    EXPECT_EQ(text, "4 skipped: 2 × the target lists no returnable inventory item; 1 × needs /_sim/; 1 for 1 other "
                    "reason — `-v` lists each skipped test and its reason (so does results.json)\n");
    EXPECT_EQ(render_skip_reasons(RunResults{}), "");
}

TEST(ExitCode, OneOnFailureZeroWhenOnlyAcceptedOrSkipped) {
    auto run = sample_run();
    EXPECT_EQ(exit_code(run), 1);
    run.tests[1].status = TestStatus::Accepted;
    EXPECT_EQ(exit_code(run), 0);
}

TEST(Rendering, FailureReportCarriesEverythingNeededToReproduce) {
    const auto text = render_finding(sample_finding());
    for (const char* part : {"Endpoints > Returns > POST /2025-07/return",
                             "curl -sS -X 'POST'", "status:    201", "{\"id\":7}", "/id", "expected: integer",
                             "actual:   \"7\"", "dockside conform --only returns --seed 42",
                             "Falsifiable after 3 tests"})
        EXPECT_NE(text.find(part), std::string::npos) << part << "\n" << text;
    const auto failures = render_failures(sample_run());
    EXPECT_NE(failures.find("FAILED Returns.RET_DUP_ID_RepeatedInventoryIdRejected"), std::string::npos);
    EXPECT_NE(failures.find("FINDING RET-DUP-ID on createReturn: createReturn rejects the request with a 4xx"),
              std::string::npos) << failures;
    EXPECT_EQ(failures.find("Orders.A"), std::string::npos);
}

TEST(Rendering, RepeatedCausesPrintOnceWithCounts) {
    // One broken rule seen by 40 tests on 45 operations each: a few dozen lines, not thousands.
    RunResults run;
    for (int t = 0; t < 40; ++t) {
        std::vector<Finding> findings;
        const std::string test = "Auth.AUTH_BEARER_Case" + std::to_string(t);
        for (int op = 0; op < 45; ++op) {
            Finding f = sample_finding();
            f.test = test;
            f.rule = "AUTH-BEARER";
            f.operation = "op" + std::to_string(op % 3);
            f.title = f.operation + " answers 401";
            f.occurrences = 2;
            findings.push_back(f);
        }
        run.tests.push_back(classify(raw(test, true, {}), findings, ""));
    }
    const auto text = render_failures(run);
    const auto lines = std::count(text.begin(), text.end(), '\n');
    EXPECT_LT(lines, 40 * 5 + 60) << text.substr(0, 3000);
    EXPECT_NE(text.find("(30×)"), std::string::npos) << text.substr(0, 2000);  // 15 findings × 2 occurrences per cause
    EXPECT_NE(text.find("as above"), std::string::npos);
    ReportStyle quiet;
    quiet.detail = Detail::Quiet;
    EXPECT_TRUE(render_failures(run, quiet).empty());
    ReportStyle verbose;
    verbose.detail = Detail::Verbose;
    EXPECT_GT(render_failures(run, verbose).size(), text.size());
}

TEST(Rendering, BlockedTestsAreListedUnderTheirOneCause) {
    RunResults run;
    Finding setup = as_setup(sample_finding());
    for (int i = 0; i < 26; ++i) {
        setup.test = "Orders.T" + std::to_string(i);
        run.tests.push_back(classify(raw(setup.test, true, {}), {setup}, ""));
    }
    const auto text = render_failures(run);
    EXPECT_NE(text.find("BLOCKED 26 tests by one setup failure (creating an order)"), std::string::npos) << text;
    EXPECT_EQ(text.find("FAILED"), std::string::npos) << text;
    EXPECT_NE(text.find("and 18 more"), std::string::npos) << text;
    EXPECT_NE(render_summary(run).find("0 tests failed, 1 distinct finding, 26 blocked"), std::string::npos);
}

TEST(Rendering, SummaryTotalIsWallTimeWithTheSumOfTestTimesLabelled) {
    // Four workers: 123.3 s of test time in a run of 36.3 s.
    RunResults run;
    run.meta.duration_seconds = 36.3;
    for (int i = 0; i < 4; ++i) {
        auto t = classify(raw("Orders.T" + std::to_string(i), false), {}, "");
        t.seconds = 30.825;
        run.tests.push_back(t);
    }
    const auto summary = render_summary(run, false, false);
    std::istringstream lines(summary);
    std::string header, total;
    std::getline(lines, header);
    std::getline(lines, total);
    EXPECT_EQ(total.rfind("total", 0), 0u) << summary;
    EXPECT_NE(total.find("36.3"), std::string::npos) << summary;
    EXPECT_EQ(total.find("123.3"), std::string::npos) << summary;
    EXPECT_NE(summary.find("the tests' times add up to 123.3 s"), std::string::npos) << summary;
    // One at a time, the sum is within the wall time and nothing more is said.
    run.meta.duration_seconds = 125.0;
    EXPECT_EQ(render_summary(run).find("add up to"), std::string::npos) << render_summary(run);
}

TEST(Rendering, SummaryAndProgressLinesCountPerArea) {
    const auto summary = render_summary(sample_run());
    EXPECT_NE(summary.find("orders"), std::string::npos);
    EXPECT_NE(summary.find("total"), std::string::npos);
    // After the progress lines showed each area, the summary adds the totals without the rows again.
    const auto totals_only = render_summary(sample_run(), false, false);
    EXPECT_EQ(totals_only.find("orders"), std::string::npos) << totals_only;
    EXPECT_EQ(totals_only.find("returns"), std::string::npos) << totals_only;
    EXPECT_NE(totals_only.find("total"), std::string::npos) << totals_only;
    EXPECT_NE(totals_only.find("1 test failed"), std::string::npos) << totals_only;
    AreaSummary s{"returns", 3, 1, 2, 0, 0, 0, 1.25};
    const auto line = render_progress_line(s);
    EXPECT_NE(line.find("returns"), std::string::npos);
    EXPECT_NE(line.find("passed   3"), std::string::npos) << line;
    EXPECT_NE(line.find("failed   1"), std::string::npos) << line;
    EXPECT_NE(line.find("skipped   2"), std::string::npos) << line;
    EXPECT_NE(line.find("1.2 s"), std::string::npos) << line;
}

TEST(Classify, BlockedWhenEveryFindingIsASetupFinding) {
    Finding setup = as_setup(sample_finding());
    // The ASSERT that stops the test after its setup broke is a consequence, not a second cause.
    auto blocked = classify(raw(setup.test, true, {finding_marker(setup.key()), "Value of: created.has_value()"}), {setup}, "");
    EXPECT_EQ(blocked.status, TestStatus::Blocked);
    EXPECT_NE(blocked.reason.find("creating an order"), std::string::npos) << blocked.reason;
    EXPECT_NE(blocked.reason.find("ORD-CREATED"), std::string::npos) << blocked.reason;
    // A finding of the test's own next to it: the test failed.
    auto own = sample_finding();
    EXPECT_EQ(classify(raw(own.test, true, {}), {setup, own}, "").status, TestStatus::Failed);
}

/// A failed test `name` with one finding of `rule` on createOrder.
TestOutcome failed_with(const std::string& name, const std::string& rule, std::vector<std::string> messages = {}) {
    Finding f = sample_finding();
    f.test = name;
    f.rule = rule;
    f.operation = "createOrder";
    messages.push_back(finding_marker(f.key()));
    return classify(raw(name, true, messages), {f}, "");
}

TEST(OneFindingPerDefect, TheTestNamedForTheRuleReportsItAndTheOthersAreBlockedByIt) {
    std::vector<TestOutcome> tests{failed_with("Orders.A_Creates", "ORD-CREATED"), failed_with("RuleChecks.status_code_orders", "ORD-CREATED"),
                                   failed_with("Orders.SchemaPhase_createOrder", "ORD-CREATED"),
                                   failed_with("Orders.ORD_CREATED_AnswersCreatedWithOrder", "ORD-CREATED"),
                                   failed_with("Orders.B_Own", "ORD-CREATED", {"Value of: listed\n  Actual: false"})};
    report_each_defect_once(tests);
    EXPECT_EQ(tests[3].status, TestStatus::Failed);
    EXPECT_TRUE(tests[3].findings[0].reported_under.empty());
    for (std::size_t i : {0u, 1u, 2u}) {
        EXPECT_EQ(tests[i].status, TestStatus::Blocked) << tests[i].name;
        EXPECT_EQ(tests[i].findings[0].reported_under, "Orders.ORD_CREATED_AnswersCreatedWithOrder");
        EXPECT_NE(tests[i].reason.find("ORD-CREATED on createOrder is reported under Orders.ORD_CREATED_"), std::string::npos) << tests[i].reason;
    }
    // An assertion no finding explains is the test's own: it still fails.
    EXPECT_EQ(tests[4].status, TestStatus::Failed);
    EXPECT_EQ(tests[4].findings[0].reported_under, "Orders.ORD_CREATED_AnswersCreatedWithOrder");

    RunResults run;
    run.tests = tests;
    const auto text = render_failures(run);
    EXPECT_NE(text.find("BLOCKED 3 tests by one finding, reported under Orders.ORD_CREATED_AnswersCreatedWithOrder"), std::string::npos) << text;
    // A failed test's copy is one line pointing at the test that prints it in full.
    EXPECT_NE(text.find("— reported under Orders.ORD_CREATED_AnswersCreatedWithOrder"), std::string::npos) << text;
    const std::string junit = render_junit(run);
    EXPECT_NE(junit.find("(reported under Orders.ORD_CREATED_AnswersCreatedWithOrder)"), std::string::npos) << junit;
    EXPECT_NE(junit.find("type=\"assertion\""), std::string::npos) << junit;  // Orders.B_Own: its own failure, not the copy
    EXPECT_EQ(to_json(tests[0].findings[0])["reported_under"], "Orders.ORD_CREATED_AnswersCreatedWithOrder");
    EXPECT_EQ(to_json(tests[3].findings[0])["reported_under"], "");
}

TEST(OneFindingPerDefect, WithoutATestNamedForTheRuleThePhaseThenARuleCheckThenTheFirstByName) {
    std::vector<TestOutcome> tests{failed_with("Orders.B", "CONV-FIELDS"), failed_with("RuleChecks.served_orders", "CONV-FIELDS"),
                                   failed_with("Orders.SchemaPhase_createOrder", "CONV-FIELDS")};
    report_each_defect_once(tests);
    EXPECT_EQ(tests[2].status, TestStatus::Failed);
    tests = {failed_with("Orders.B", "CONV-FIELDS"), failed_with("RuleChecks.served_orders", "CONV-FIELDS")};
    report_each_defect_once(tests);
    EXPECT_EQ(tests[1].status, TestStatus::Failed);
    EXPECT_EQ(tests[0].status, TestStatus::Blocked);
    // The order the workers finished in does not matter.
    tests = {failed_with("Orders.C", "CONV-FIELDS"), failed_with("Orders.B", "CONV-FIELDS")};
    report_each_defect_once(tests);
    EXPECT_EQ(tests[1].status, TestStatus::Failed);
    EXPECT_EQ(tests[0].findings[0].reported_under, "Orders.B");
    // Another operation, or another rule, is another defect.
    tests = {failed_with("Orders.C", "CONV-FIELDS"), failed_with("Orders.B", "CONV-TYPES")};
    report_each_defect_once(tests);
    EXPECT_EQ(tests[0].status, TestStatus::Failed);
    EXPECT_EQ(tests[1].status, TestStatus::Failed);
}

TEST(Classify, TimedOutWinsAndMessagesLoseSourceLocations) {
    RawTestResult r = raw("Paging.RET_LIST_Walk", true, {"suites/paging_suite.cpp:42: Failure\nValue of: ok"});
    r.timed_out_after = 120;
    auto t = classify(r, {}, "");
    EXPECT_EQ(t.status, TestStatus::TimedOut);
    EXPECT_NE(t.reason.find("120 s"), std::string::npos) << t.reason;
    ASSERT_EQ(t.failure_messages.size(), 1u);
    EXPECT_EQ(t.failure_messages[0].find("paging_suite.cpp"), std::string::npos) << t.failure_messages[0];
    EXPECT_EQ(strip_source_locations("/work/x/suites/a_suite.cpp:12: Failure"), "Failure");
    EXPECT_EQ(strip_source_locations("at harness/y.h(7): oops"), "at oops");
}

TEST(Totals, CountDistinctFindingsAndBlockedTests) {
    auto run = sample_run();
    Finding again = sample_finding();
    again.test = "Returns.Other";
    run.tests.push_back(classify(raw(again.test, true, {}), {again}, ""));
    Finding setup = as_setup(sample_finding());
    setup.test = "Orders.Blocked";
    run.tests.push_back(classify(raw(setup.test, true, {}), {setup}, ""));
    const auto t = totals(run);
    EXPECT_EQ(t.counts.failed, 2);
    EXPECT_EQ(t.counts.blocked, 1);
    EXPECT_EQ(t.distinct_findings, 2);  // RET-DUP-ID twice (one cause) and ORD-CREATED
    EXPECT_EQ(exit_code(run), 1);
    const auto json = to_json(run);
    EXPECT_EQ(json["summary"]["blocked"], 1);
    EXPECT_EQ(json["summary"]["distinct_findings"], 2);
    EXPECT_EQ(json["tests"][4]["status"], "blocked");
    EXPECT_EQ(render_verdict(run).rfind("2 tests failed, 2 distinct findings, 1 blocked", 0), 0u) << render_verdict(run);
}

TEST(ExitCode, OnlyAcceptedFindingsPass) {
    RunResults run;
    Finding accepted = sample_finding(true);
    run.tests.push_back(classify(raw(accepted.test, true, {finding_marker(accepted.key())}), {accepted}, ""));
    EXPECT_EQ(run.tests[0].status, TestStatus::Accepted);
    EXPECT_EQ(exit_code(run), 0);
    run.meta.interrupted = "SIGINT (interrupted)";
    EXPECT_EQ(exit_code(run), 1);
}

TEST(Timestamp, UtcFormats) {
    EXPECT_EQ(utc_timestamp(false).size(), 20u);
    EXPECT_EQ(utc_timestamp(true).size(), 16u);
    EXPECT_EQ(utc_timestamp(true).back(), 'Z');
}

}  // namespace
}  // namespace dockside::conform
