// The Markdown verdict for CI: a clean run reads in at most 20 lines; a run with 10,000 findings (or
// operations in trouble) stays under 64 KiB, says how many it left out and where they all are; what a
// target sent cannot format the summary or end a table cell.

#include "harness/report/summary_markdown.h"

#include <algorithm>

#include <gtest/gtest.h>

#include "harness/tests/conform/outcomes.h"

namespace dockside::report {
namespace {

using conform::testing::raw;

std::size_t lines_of(const std::string& text) { return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')); }
bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

conform::RunResults clean_conform_run() {
    conform::RunResults run;
    run.meta.target = "embedded: http://127.0.0.1:40123";
    run.meta.profile = "default";
    run.meta.spec_version = "2025-07";
    run.meta.seed = 42;
    run.meta.duration_seconds = 98.1;
    const char* areas[] = {"Orders", "Returns", "Inventory", "Webhooks", "Auth", "Channels", "Paging", "Products"};
    for (int i = 0; i < 200; ++i)
        run.tests.push_back(conform::classify(raw(std::string(areas[i % 8]) + ".T" + std::to_string(i), false), {}, ""));
    for (int i = 0; i < 13; ++i) {
        auto skipped = raw("Auth.S" + std::to_string(i), false);
        skipped.skipped = true;
        run.tests.push_back(conform::classify(skipped, {}, i < 8 ? "needs a read-only token" : i < 12 ? "needs an OAuth client" : "no inventory"));
    }
    run.meta.selected = static_cast<int>(run.tests.size());
    return run;
}

conform::Finding finding(int i, std::string title) {
    conform::Finding f;
    f.test = "Orders.ORD_X_Case" + std::to_string(i);
    f.area = "orders";
    f.rule = "ORD-X" + std::to_string(i);
    f.operation = "createOrder";
    f.title = std::move(title);
    f.message = "Received: 201 / Documented: 400";
    f.replay = "dockside conform --only orders --filter '" + f.test + "' --seed 7";
    return f;
}

TEST(SummaryMarkdown, ACleanConformRunReadsInTwentyLines) {
    const std::string md = conform_summary_markdown(clean_conform_run(), "results/conform-1");
    EXPECT_LE(lines_of(md), 20u) << md;
    EXPECT_TRUE(has(md, "✅ Dockside conform: passed")) << md;
    EXPECT_TRUE(has(md, "200 passed · 13 skipped · 0 accepted · 213 tests")) << md;
    EXPECT_TRUE(has(md, "13 skipped: 8 × needs a read-only token; 4 × needs an OAuth client; 1 × no inventory")) << md;
    EXPECT_TRUE(has(md, "`results/conform-1/results.json`")) << md;
    EXPECT_TRUE(has(md, "`dockside report results/conform-1`")) << md;
}

TEST(SummaryMarkdown, TenThousandFindingsStayUnder64KiBAndSayHowManyAreLeftOut) {
    auto run = clean_conform_run();
    for (int i = 0; i < 10000; ++i) {
        auto f = finding(i, "createOrder rejects a gift message over 500 characters, case " + std::to_string(i));
        run.tests.push_back(conform::classify(raw(f.test, true, {conform::finding_marker(f.key())}), {f}, ""));
    }
    run.meta.selected = static_cast<int>(run.tests.size());
    const std::string md = conform_summary_markdown(run, "results/conform-big");
    RecordProperty("bytes", static_cast<int>(md.size()));  // --gtest_output=xml shows what it weighs
    EXPECT_LE(md.size(), kSummaryMarkdownLimit);
    EXPECT_GT(md.size(), kSummaryMarkdownLimit / 2) << "the room there is, is used";
    EXPECT_TRUE(has(md, "❌ Dockside conform: failed")) << md.substr(0, 400);
    EXPECT_TRUE(has(md, "**10,000 failed, 10,000 distinct findings, 0 blocked, 0 timed out**")) << md.substr(0, 400);
    EXPECT_TRUE(has(md, "### Findings by cause (10,000)"));
    // The findings listed and the number left out add up to all of them.
    int listed = 0;
    for (std::size_t at = md.find("\n- **ORD-X"); at != std::string::npos; at = md.find("\n- **ORD-X", at + 1)) ++listed;
    const auto more = md.find("… ");
    ASSERT_NE(more, std::string::npos);
    const std::string left_out = md.substr(more + 4, md.find(' ', more + 4) - more - 4);
    std::string digits;
    for (char c : left_out)
        if (c != ',') digits += c;
    EXPECT_GT(listed, 100);
    EXPECT_EQ(listed + std::stoi(digits), 10000) << left_out;
    EXPECT_TRUE(has(md.substr(more), "every one is in `results/conform-big/results.json`")) << md.substr(more, 300);
    // The pointer to the record closes the summary however long the lists were.
    EXPECT_TRUE(has(md.substr(md.size() - 300), "report: `dockside report results/conform-big`")) << md.substr(md.size() - 300);
}

TEST(SummaryMarkdown, HugeTextsOfATargetAreCutAndCannotFormatTheSummary) {
    auto run = clean_conform_run();
    for (int i = 0; i < 10000; ++i) {
        auto f = finding(i, "</details><img src=x onerror=alert(1)>| `code` **bold**\n# heading" + std::string(100000, 'x'));
        f.message = std::string(50000, '|');
        run.tests.push_back(conform::classify(raw(f.test, true, {conform::finding_marker(f.key())}), {f}, ""));
    }
    const std::string md = conform_summary_markdown(run, "results/conform-huge");
    EXPECT_LE(md.size(), kSummaryMarkdownLimit);
    for (std::size_t at = md.find('<'); at != std::string::npos; at = md.find('<', at + 1))
        ASSERT_EQ(md[at - 1], '\\') << "HTML of a target's answer would be rendered: " << md.substr(at, 40);
    EXPECT_FALSE(has(md, "\n# heading"));
    EXPECT_TRUE(has(md, "\\<img")) << md.substr(0, 2000);
    EXPECT_TRUE(has(md, "… ")) << "cut with a mark";
    EXPECT_TRUE(has(md.substr(md.size() - 300), "report: `dockside report results/conform-huge`"));
}

load::RunSummary load_run(int operations, bool trouble) {
    load::RunSummary s;
    s.target = "http://127.0.0.1:9";
    s.embedded = true;
    s.seed = 9;
    s.configuration = {{"model", "open-loop"}, {"schedule", {{"description", "200/s for 10s"}}}, {"mix", {{"name", "merchant-day"}}}};
    auto& r = s.result;
    r.duration_s = 10;
    r.requested = 2000;
    for (int i = 0; i < operations; ++i) {
        load::OperationResult op;
        op.name = "operation" + std::to_string(i);
        for (int k = 0; k < 40; ++k) {
            op.counters.count_status(trouble && k < 3 ? 503 : 200);
            op.latency.record(800 + k * 10);
        }
        if (trouble) {
            op.counters.count_error(load::ErrorKind::timeout);
            op.sampling.sampled = op.sampling.validated = 10;
            op.sampling.failed = 2;
            op.sampling.violations.push_back({"CONV-FIELDS", "/created_date", "required property missing <b>", 200, "{}", 2});
        }
        r.operations.push_back(std::move(op));
    }
    for (const char* expression : {"p99<50ms", "errors<0.1%", "rate>=0.99"}) {
        load::ThresholdOutcome t;
        t.threshold.expression = expression;
        t.passed = !trouble;
        t.actual = 1;
        t.actual_text = "1.2ms";
        t.limit_text = "< 50ms";
        t.margin_text = trouble ? "+2ms over" : "48.8ms to spare";
        s.thresholds.push_back(t);
    }
    s.passed = !trouble;
    s.exit_code = trouble ? 1 : 0;
    if (trouble) s.reasons = {"threshold p99<50ms crossed: 52ms (+2ms over)"};
    return s;
}

TEST(SummaryMarkdown, ACleanLoadRunReadsInTwentyLines) {
    const std::string md = load_summary_markdown(load_run(45, false), "results/load-1");
    EXPECT_LE(lines_of(md), 20u) << md;
    EXPECT_TRUE(has(md, "✅ Dockside load: passed")) << md;
    EXPECT_TRUE(has(md, "**1,800 requests** in 10.0 s")) << md;
    EXPECT_TRUE(has(md, "| `p99<50ms` | 1.2ms | \\< 50ms | 48.8ms to spare | held |")) << md;
    EXPECT_TRUE(has(md, "`results/load-1/summary.json`")) << md;
}

TEST(SummaryMarkdown, ALoadRunWithTenThousandOperationsInTroubleStaysUnder64KiB) {
    const std::string md = load_summary_markdown(load_run(10000, true), "results/load-big");
    RecordProperty("bytes", static_cast<int>(md.size()));
    EXPECT_LE(md.size(), kSummaryMarkdownLimit);
    EXPECT_TRUE(has(md, "❌ Dockside load: failed")) << md.substr(0, 300);
    EXPECT_TRUE(has(md, "**crossed**")) << md.substr(0, 2000);
    EXPECT_TRUE(has(md, "### Sampled responses that broke the contract (10,000)"));
    EXPECT_TRUE(has(md, "### Operations with errors (10,000)"));
    EXPECT_TRUE(has(md, "timeout 1 5xx 3")) << md.substr(0, 3000);
    EXPECT_TRUE(has(md, "more entries: every one is in `results/load-big/summary.json`"));
    EXPECT_FALSE(has(md, "<b>"));
    EXPECT_TRUE(has(md.substr(md.size() - 300), "report: `dockside report results/load-big`"));
}

TEST(SummaryMarkdown, MarkdownTextHelpers) {
    EXPECT_EQ(md_text("a|b*c_d<e>\nf"), "a\\|b\\*c\\_d\\<e\\> f");
    EXPECT_EQ(md_code("x`y|z"), "`x'y|z`");
    EXPECT_EQ(md_code("x`y|z", 300, true), "`x'y\\|z`");
    EXPECT_EQ(md_count(1234567), "1,234,567");
    EXPECT_EQ(md_count(999), "999");
    EXPECT_EQ(md_text(std::string(10, 'a'), 4), "aaaa…");
}

}  // namespace
}  // namespace dockside::report
