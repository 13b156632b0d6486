// What a load run leaves for CI besides summary.json: junit.xml (a test case per threshold and per sampled
// operation, parsed back with xmllint), the --summary-md verdict, and interval-counts.jsonl, whose
// per-second errors add up to the summary's.

#include <gtest/gtest.h>

#include <cstdio>

#include "harness/load/interval_counts.h"
#include "tools/load/tests/load_tool_test_support.h"

namespace dockside::loadtool {
namespace {

using namespace testing;

std::string xpath(const std::string& file, const std::string& expression) {
    std::string output;
    FILE* pipe = ::popen(("xmllint --xpath \"" + expression + "\" '" + file + "' 2>&1").c_str(), "r");
    if (!pipe) return output;
    char buffer[512];
    for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) output.append(buffer, n);
    ::pclose(pipe);
    if (!output.empty() && output.back() == '\n') output.pop_back();  // xmllint ends the value with one
    return output;
}

TEST(LoadCiOutputs, JunitSummaryAndCountsOfARunThatCrossesAThresholdAndBreaksTheContract) {
    auto server = start_reference("pat-ci", {"CONV-FIELDS.order-missing-created-date"});
    ScratchDir dir;
    auto raw = RawLoadOptions{};
    raw.rate = "100";
    raw.duration = "2s";
    raw.mix = "getOrder";
    raw.validate = "1";
    raw.thresholds = {"p99<1us", "errors<50%"};
    raw.out = dir.sub("run");
    raw.summary_md = dir.sub("summary.md");
    const auto r = run(settings(raw), target_of(*server));
    EXPECT_EQ(r.code, 1) << r.out << r.err;
    EXPECT_NE(r.out.find("junit:   " + dir.sub("run") + "/junit.xml"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("summary: " + dir.sub("summary.md")), std::string::npos) << r.out;

    const std::string junit = dir.sub("run/junit.xml");
    // The two asked for, and the mix's own (a run with thresholds is strict about its mix).
    EXPECT_EQ(xpath(junit, "count(//testsuite[@name='thresholds']/testcase)"), "3");
    const std::string crossed = xpath(junit, "string(//testcase[@name='p99<1us']/failure/@message)");
    EXPECT_NE(crossed.find("p99 latency of every operation: measured "), std::string::npos) << crossed;
    EXPECT_NE(crossed.find(", asked < 1µs ("), std::string::npos) << crossed;
    EXPECT_EQ(xpath(junit, "count(//testcase[@name='errors<50%']/*)"), "0");
    EXPECT_EQ(xpath(junit, "string(//testsuite[@name='validation']/testcase[@name='getOrder']/failure/@type)"), "CONV-FIELDS");
    const auto summary = read_json(dir.sub("run/summary.json"));
    EXPECT_EQ(summary["files"]["junit"], "junit.xml");

    const std::string md = read_text(dir.sub("summary.md"));
    EXPECT_NE(md.find("❌ Dockside load: failed"), std::string::npos) << md;
    EXPECT_NE(md.find("| `p99<1us` |"), std::string::npos) << md;
    EXPECT_NE(md.find("### Sampled responses that broke the contract (1)"), std::string::npos) << md;
    EXPECT_NE(md.find("`" + dir.sub("run") + "/summary.json`"), std::string::npos) << md;

    auto counts = load::read_interval_counts(read_text(dir.sub("run/interval-counts.jsonl")));
    ASSERT_TRUE(counts) << counts.error();
    EXPECT_GE(counts->size(), 2u);
    std::int64_t attempted = 0, errors = 0;
    for (const auto& second : *counts) {
        attempted += second["attempted"].get<std::int64_t>();
        for (const auto& [kind, n] : second["errors"].items()) errors += n.get<std::int64_t>();
        EXPECT_TRUE(second["operations"].contains("getOrder")) << second.dump();
    }
    EXPECT_EQ(attempted, summary["totals"]["requests"].get<std::int64_t>() + summary["totals"]["not_sent"].get<std::int64_t>());
    EXPECT_EQ(errors, summary["errors"].get<std::int64_t>());
}

TEST(LoadCiOutputs, ASummaryInAFolderThatIsNotThereIsRefusedBeforeAnythingIsSent) {
    RawLoadOptions raw;
    raw.rate = "10";
    raw.duration = "1s";
    raw.summary_md = "/nonexistent-dockside-dir/summary.md";
    auto s = validate_load_options(raw, contract(), mixes_dir());
    ASSERT_FALSE(s);
    EXPECT_EQ(s.error().front(), "--summary-md /nonexistent-dockside-dir/summary.md: the folder /nonexistent-dockside-dir does not exist");
}

}  // namespace
}  // namespace dockside::loadtool
