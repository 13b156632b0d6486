// The end of a load run: what the target echoed of the credential never reaches the results, and a run is
// judged into its exit code and reasons.

#include <gtest/gtest.h>

#include "core/exit_codes.h"
#include "harness/load/run_report.h"
#include "harness/load/thresholds.h"

namespace dockside::load {
namespace {

TEST(LoadRun, ATargetThatEchoesTheTokenDoesNotPutItInTheResults) {
    RunSummary summary;
    OperationResult op;
    op.name = "getOrder";
    op.error_examples.push_back({"HTTP 401", R"({"error":"bad token abc-123-secret"})"});
    op.sampling.violations.push_back({"CONV-JSON", "", "got abc-123-secret", 200, "abc-123-secret", 1});
    summary.result.operations.push_back(op);
    redact(summary, "abc-123-secret");
    const auto text = to_json(summary).dump();
    EXPECT_EQ(text.find("abc-123-secret"), std::string::npos);
    EXPECT_NE(text.find("$DOCKSIDE_TOKEN"), std::string::npos);
}

// `--token t` against a server that needs none (wrk style): every "t" of the messages was replaced.
TEST(LoadRun, AShortTokenIsRedactedOnlyWhereItStandsAlone) {
    RunSummary summary;
    OperationResult op;
    op.name = "GET /x";
    op.error_examples.push_back({"timeout", "timeout: no complete response within the request timeout"});
    op.error_examples.push_back({"HTTP 401", "Bearer t rejected; token=t"});
    summary.result.operations.push_back(op);
    redact(summary, "t");
    const auto& examples = summary.result.operations[0].error_examples;
    EXPECT_EQ(examples[0].detail, "timeout: no complete response within the request timeout");
    EXPECT_EQ(examples[1].detail, "Bearer $DOCKSIDE_TOKEN rejected; token=$DOCKSIDE_TOKEN");
}

// A long secret cannot occur by chance, so it is replaced even inside a longer word.
TEST(LoadRun, ALongTokenIsRedactedWhereverItOccurs) {
    RunSummary summary;
    OperationResult op;
    op.name = "getOrder";
    op.error_examples.push_back({"HTTP 401", "unknown key xyzabc-123-secret-0042abc"});
    summary.result.operations.push_back(op);
    redact(summary, "abc-123-secret-0042");
    EXPECT_EQ(summary.result.operations[0].error_examples[0].detail, "unknown key xyz$DOCKSIDE_TOKENabc");
}

TEST(RunReport, ACrossedThresholdFailsTheRunWithItsReason) {
    RunSummary summary;
    OperationResult op;
    op.name = "readThing";
    for (int i = 0; i < 10; ++i) op.counters.count_status(200);
    summary.result.operations.push_back(op);
    auto threshold = parse_threshold("errors<1%");
    ASSERT_TRUE(threshold);
    judge_run(summary, {*threshold});
    EXPECT_TRUE(summary.passed);
    EXPECT_EQ(summary.exit_code, cli::kExitOk);
    summary.result.operations[0].sampling.failed = 2;
    judge_run(summary, {*threshold});
    EXPECT_FALSE(summary.passed);
    EXPECT_EQ(summary.exit_code, cli::kExitViolations);
    ASSERT_EQ(summary.reasons.size(), 1u);
    EXPECT_EQ(summary.reasons[0], "2 sampled responses violated the contract");
}

TEST(RunReport, ARunCutShortOrNeverAnsweredCouldNotRun) {
    RunSummary summary;
    summary.result.operations.push_back(OperationResult{});
    summary.result.interrupted = true;
    judge_run(summary, {});
    EXPECT_EQ(summary.exit_code, cli::kExitCannotRun);
    ASSERT_EQ(summary.reasons.size(), 1u);
    EXPECT_EQ(summary.reasons[0], "interrupted before the end");
}

}  // namespace
}  // namespace dockside::load
