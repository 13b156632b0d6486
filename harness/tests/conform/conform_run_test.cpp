// The conformance use case, on the paths that need no test to run: a target its preparation left without
// anything runnable, a target no session can be made for, and the seed every run reports.
#include "harness/conform/conform_run.h"

#include <gtest/gtest.h>

#include "harness/tests/support/contract.h"

namespace dockside::conform {
namespace {

TestOutcome preflight_failure(const std::string& name) {
    TestOutcome outcome;
    outcome.name = name;
    outcome.area = "channels";
    outcome.status = TestStatus::Failed;
    return outcome;
}

TEST(ConformRun, APreparationThatLeavesNothingRunnableGivesItsFindingsAsTheRun) {
    const spec::Spec& spec = dockside::testing::contract();
    validate::ResponseValidator validator(spec);
    PreparedTarget prepared;
    prepared.info.base_url = "http://127.0.0.1:9";
    prepared.info.embedded = true;
    prepared.info.seed = 42;
    prepared.info.cases = 7;
    prepared.runnable = false;
    prepared.preflight = {preflight_failure("Preflight.CH_LIST"), preflight_failure("Preflight.AUTH_TOKEN")};
    RunOptions run;
    run.test_budget = std::chrono::seconds(30);

    auto results = run_conformance(spec, validator, prepared, {}, run, {{"channels"}, {"ORD-GIFT-500.accepts-501"}});
    ASSERT_TRUE(results.ok()) << results.error().message;
    ASSERT_EQ(results->tests.size(), 2u);
    EXPECT_EQ(results->tests[0].name, "Preflight.CH_LIST");
    EXPECT_EQ(results->meta.selected, 2) << "the preparation's findings are the run's tests";
    EXPECT_EQ(results->meta.target, "embedded: http://127.0.0.1:9");
    EXPECT_EQ(results->meta.seed, 42u);
    EXPECT_EQ(results->meta.cases, 7);
    EXPECT_EQ(results->meta.areas, std::vector<std::string>{"channels"});
    EXPECT_EQ(results->meta.faults, std::vector<std::string>{"ORD-GIFT-500.accepts-501"});
    EXPECT_EQ(results->meta.test_budget_seconds, 30);
    EXPECT_EQ(results->meta.spec_version, "2025-07") << "read from the contract's info.version";
    EXPECT_FALSE(results->meta.started_at.empty());
}

TEST(ConformRun, ATargetNoSessionCanBeMadeForIsRefusedWithTheReason) {
    const spec::Spec& spec = dockside::testing::contract();
    validate::ResponseValidator validator(spec);
    PreparedTarget prepared;
    prepared.info.base_url = "ftp://example.test";
    auto results = run_conformance(spec, validator, prepared, {}, RunOptions{}, {});
    ASSERT_FALSE(results.ok());
    EXPECT_EQ(results.error().kind, RunRefused::Kind::NoSession);
    EXPECT_FALSE(results.error().message.empty());
}

TEST(ConformRun, EveryRunHasASeedToReplayIt) {
    EXPECT_EQ(choose_seed(12345), 12345u) << "a given seed is kept";
    for (int i = 0; i < 20; ++i) {
        const auto seed = choose_seed(0);
        EXPECT_GE(seed, 1u);
        EXPECT_LE(seed, 1000000000u);
    }
}

}  // namespace
}  // namespace dockside::conform
