// Conformance comparison: findings new, fixed, still failing and not observed; tests that appeared and
// vanished; runs of another spec version or profile refused.

#include "harness/compare/conform_diff.h"

#include <gtest/gtest.h>

namespace dockside::compare {
namespace {

using nlohmann::json;

json finding(const std::string& rule, const std::string& op, const std::string& test, bool accepted = false) {
    return {{"key", rule + "|" + op + "|" + test}, {"rule", rule}, {"operation", op}, {"test", test},
            {"title", rule + " broken"}, {"accepted", accepted}};
}

json test(const std::string& name, const std::string& status, json findings = json::array()) {
    return {{"name", name}, {"area", "orders"}, {"status", status}, {"findings", std::move(findings)}};
}

json run(json tests, const std::string& profile = "default", const std::string& version = "2025-07") {
    return {{"profile", profile}, {"spec_version", version}, {"areas", json::array()}, {"faults", json::array()},
            {"embedded", true}, {"target", "embedded: http://127.0.0.1:1"}, {"tests", std::move(tests)}};
}

const FindingDiff* of(const ConformDiff& d, const std::string& test) {
    for (const auto& f : d.findings)
        if (f.test == test) return &f;
    return nullptr;
}

TEST(ConformDiff, ClassifiesEveryFinding) {
    const json baseline = run({test("Orders.Gift", "passed"),
                               test("Orders.Number", "failed", {finding("ORD-NUMBER-400", "createOrder", "Orders.Number")}),
                               test("Orders.Ref", "failed", {finding("ORD-REF-1-300", "createOrder", "Orders.Ref")}),
                               test("Returns.Cancel", "failed", {finding("RET-FROZEN", "cancelReturn", "Returns.Cancel")}),
                               test("Webhooks.Sign", "skipped"),
                               test("Old.Gone", "passed")});
    const json candidate = run({test("Orders.Gift", "failed", {finding("ORD-GIFT-500", "createOrder", "Orders.Gift")}),
                                test("Orders.Number", "passed"),
                                test("Orders.Ref", "failed", {finding("ORD-REF-1-300", "createOrder", "Orders.Ref")}),
                                test("Returns.Cancel", "blocked"),
                                test("Webhooks.Sign", "failed", {finding("WH-SIG", "createWebhook", "Webhooks.Sign")}),
                                test("New.Here", "passed")});
    const auto d = diff_conform({baseline}, {candidate});
    ASSERT_EQ(d.findings.size(), 5u);
    EXPECT_EQ(of(d, "Orders.Gift")->change, FindingChange::New);
    EXPECT_EQ(of(d, "Orders.Number")->change, FindingChange::Fixed);
    EXPECT_EQ(of(d, "Orders.Ref")->change, FindingChange::StillFailing);
    // Blocked in the candidate: the cancel was not exercised, so its finding is neither fixed nor new.
    EXPECT_EQ(of(d, "Returns.Cancel")->change, FindingChange::NotObserved);
    EXPECT_EQ(of(d, "Returns.Cancel")->not_observed_in, "candidate");
    EXPECT_EQ(of(d, "Returns.Cancel")->test_status_there, "blocked");
    // Skipped in the baseline: the candidate's finding cannot be called new.
    EXPECT_EQ(of(d, "Webhooks.Sign")->change, FindingChange::NotObserved);
    EXPECT_EQ(of(d, "Webhooks.Sign")->not_observed_in, "baseline");
    EXPECT_EQ(d.findings.front().change, FindingChange::New) << "new findings come first";
    EXPECT_EQ(d.regressions(), 1);
    EXPECT_EQ(d.tests_appeared, std::vector<std::string>{"New.Here"});
    EXPECT_EQ(d.tests_vanished, std::vector<std::string>{"Old.Gone"});
    EXPECT_EQ(d.status_changes.size(), 4u);
}

TEST(ConformDiff, TheReverseOrderFixesWhatWasNew) {
    const json clean = run({test("Orders.Gift", "passed")});
    const json broken = run({test("Orders.Gift", "failed", {finding("ORD-GIFT-500", "createOrder", "Orders.Gift")})});
    const auto forward = diff_conform({clean}, {broken});
    const auto back = diff_conform({broken}, {clean});
    EXPECT_EQ(forward.count(FindingChange::New), 1);
    EXPECT_EQ(forward.regressions(), 1);
    EXPECT_EQ(forward.rules(FindingChange::New), std::vector<std::string>{"ORD-GIFT-500"});
    EXPECT_EQ(back.count(FindingChange::Fixed), 1);
    EXPECT_EQ(back.rules(FindingChange::Fixed), std::vector<std::string>{"ORD-GIFT-500"});
    EXPECT_EQ(back.regressions(), 0);
    EXPECT_EQ(diff_conform({clean}, {clean}).findings.size(), 0u);
}

TEST(ConformDiff, AnAcceptedNewFindingDoesNotRegress) {
    const json clean = run({test("Orders.Gift", "passed")});
    const json accepted = run({test("Orders.Gift", "accepted", {finding("ORD-GIFT-500", "createOrder", "Orders.Gift", true)})});
    const auto d = diff_conform({clean}, {accepted});
    EXPECT_EQ(d.count(FindingChange::New), 1);
    EXPECT_TRUE(d.findings[0].accepted);
    EXPECT_EQ(d.regressions(), 0);
}

TEST(ConformDiff, RepeatsCountInHowManyRunsAFindingWasSeen) {
    const json clean = run({test("Orders.List", "passed")});
    const json flaky = run({test("Orders.List", "failed", {finding("ORD-LIST-LIMIT", "listOrders", "Orders.List")})});
    const auto d = diff_conform({clean, clean}, {flaky, clean, flaky});
    ASSERT_EQ(d.findings.size(), 1u);
    EXPECT_EQ(d.findings[0].change, FindingChange::New);
    EXPECT_EQ(d.findings[0].candidate_runs, 2);
    EXPECT_EQ(d.candidate_runs, 3);
    EXPECT_EQ(d.status_changes.size(), 1u) << "a test failed in any repeat counts as failed";
}

TEST(ConformDiff, AnotherSpecVersionOrProfileIsRefused) {
    const json a = run({}), strict = run({}, "strict"), older = run({}, "default", "2024-01");
    EXPECT_TRUE(conform_incompatibilities({a}, {a}).empty());
    ASSERT_EQ(conform_incompatibilities({a}, {strict}).size(), 1u);
    EXPECT_NE(conform_incompatibilities({a}, {strict})[0].find("profiles"), std::string::npos);
    ASSERT_EQ(conform_incompatibilities({a, older}, {a}).size(), 1u);
    EXPECT_NE(conform_incompatibilities({a, older}, {a})[0].find("spec versions"), std::string::npos);
    json unknown = run({});
    unknown.erase("spec_version");  // a record older than the field: not held against it
    EXPECT_TRUE(conform_incompatibilities({unknown}, {a}).empty());
}

}  // namespace
}  // namespace dockside::compare
