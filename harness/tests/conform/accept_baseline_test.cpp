// The accept file as a baseline: entries whose finding no longer occurs are stale (the test passed, ran to
// its end without it, or no longer exists in a run of the whole suite); entries this run could not judge
// are not; --write-accept drops the stale ones and keeps every other line, comments included.

#include "harness/conform/accept_baseline.h"

#include <gtest/gtest.h>

#include "harness/tests/conform/outcomes.h"

namespace dockside::conform {
namespace {

using testing::raw;

Finding finding(const std::string& test, const std::string& rule) {
    Finding f;
    f.test = test;
    f.rule = rule;
    f.operation = "createOrder";
    f.title = rule + " holds";
    return f;
}

TestOutcome accepted(const Finding& f) {
    auto copy = f;
    copy.accepted = true;
    return classify(raw(f.test, true, {finding_marker(f.key())}), {copy}, "");
}

std::vector<TestOutcome> run_of_orders() {
    std::vector<TestOutcome> tests;
    tests.push_back(classify(raw("Orders.Fixed", false), {}, ""));                       // passed
    tests.push_back(accepted(finding("Orders.StillThere", "ORD-A")));                      // accepted again
    tests.push_back(accepted(finding("Orders.TwoKnown", "ORD-B")));                        // one of its two
    tests.push_back(classify(raw("Orders.NewFailure", true), {finding("Orders.NewFailure", "ORD-C")}, ""));
    auto skipped = raw("Orders.Skipped", false);
    skipped.skipped = true;
    tests.push_back(classify(skipped, {}, "needs the simulation control"));
    return tests;
}

const std::set<std::string> kKeys = {"ORD-F|createOrder|Orders.Fixed",       "ORD-A|createOrder|Orders.StillThere",
                                     "ORD-B2|createOrder|Orders.TwoKnown",   "ORD-D|createOrder|Orders.NewFailure",
                                     "ORD-E|createOrder|Orders.Skipped",     "ORD-G|createOrder|Orders.Renamed"};

TEST(AcceptBaseline, StaleEntriesAreTheOnesTheRunCouldJudge) {
    const auto audit = audit_accept("known.txt", kKeys, run_of_orders(), false);
    EXPECT_EQ(audit.file, "known.txt");
    EXPECT_EQ(audit.entries, 6);
    EXPECT_EQ(audit.matched, 1);
    ASSERT_EQ(audit.stale.size(), 2u);
    EXPECT_EQ(audit.stale[0].key, "ORD-B2|createOrder|Orders.TwoKnown");
    EXPECT_NE(audit.stale[0].why.find("ran to its end without it"), std::string::npos);
    EXPECT_EQ(audit.stale[1].key, "ORD-F|createOrder|Orders.Fixed");
    EXPECT_EQ(audit.stale[1].why, "the test passed");
    // A failed test may have stopped before the accepted check; a skipped one never got there; a test not
    // in a narrowed run may exist elsewhere.
    EXPECT_EQ(audit.not_judged, 3);
}

TEST(AcceptBaseline, ATestMissingFromAWholeSuiteRunIsStale) {
    const auto audit = audit_accept("known.txt", kKeys, run_of_orders(), true);
    ASSERT_EQ(audit.stale.size(), 3u);
    EXPECT_EQ(audit.stale[2].key, "ORD-G|createOrder|Orders.Renamed");
    EXPECT_NE(audit.stale[2].why.find("removed or renamed"), std::string::npos);
    EXPECT_EQ(audit.not_judged, 2);
}

TEST(AcceptBaseline, RewritingDropsStaleEntriesKeepsEverythingElseAndAddsNewFindings) {
    const std::string previous =
        "# our known issues\n"
        "ORD-F|createOrder|Orders.Fixed   # ticket 12\n"
        "ORD-A|createOrder|Orders.StillThere\n"
        "\n"
        "# waiting for the vendor\n"
        "ORD-E|createOrder|Orders.Skipped\n";
    const std::vector<StaleAccept> stale = {{"ORD-F|createOrder|Orders.Fixed", "the test passed"}};
    const auto rewritten = rewrite_accept_file(previous, stale,
                                               {finding("Orders.StillThere", "ORD-A"), finding("Orders.NewFailure", "ORD-C")},
                                               "added by the run of today");
    EXPECT_EQ(rewritten.text,
              "# our known issues\n"
              "ORD-A|createOrder|Orders.StillThere\n"
              "\n"
              "# waiting for the vendor\n"
              "ORD-E|createOrder|Orders.Skipped\n"
              "# added by the run of today\n"
              "ORD-C|createOrder|Orders.NewFailure\n");
    EXPECT_EQ(rewritten.dropped, 1u);
    EXPECT_EQ(rewritten.added, 1u);
    EXPECT_EQ(rewritten.total, 3u);
    EXPECT_EQ(parse_accept_file(rewritten.text).size(), 3u);
}

TEST(AcceptBaseline, WithoutAPreviousFileItIsTheRunsFindings) {
    const auto rewritten = rewrite_accept_file("", {}, {finding("Orders.X", "ORD-Z")}, "unused");
    EXPECT_EQ(rewritten.text, render_accept_file({finding("Orders.X", "ORD-Z")}));
    EXPECT_EQ(rewritten.total, 1u);
}

TEST(AcceptFile, ParsesKeysCommentsAndBlankLines) {
    const auto keys = parse_accept_file(
        "# header\n\nRET-DUP-ID|createReturn|Returns.A\n  ERR-CODES|createOrder|Orders.B  # known\r\n#x|y|z\n");
    EXPECT_EQ(keys, (std::set<std::string>{"RET-DUP-ID|createReturn|Returns.A", "ERR-CODES|createOrder|Orders.B"}));
    EXPECT_TRUE(parse_accept_file("").empty());
}

TEST(AcceptFile, RenderedFileParsesBackToTheKeys) {
    std::vector<Finding> findings(3);
    findings[0].rule = "B", findings[0].operation = "op", findings[0].test = "T.b";
    findings[1].rule = findings[2].rule = "A";
    findings[1].operation = findings[2].operation = "op";
    findings[1].test = findings[2].test = "T.a";
    const auto text = render_accept_file(findings);
    EXPECT_EQ(text.rfind("#", 0), 0u);
    EXPECT_EQ(parse_accept_file(text), (std::set<std::string>{"A|op|T.a", "B|op|T.b"}));
}

}  // namespace
}  // namespace dockside::conform
