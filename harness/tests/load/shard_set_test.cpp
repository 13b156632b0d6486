// A merge judges whether its runs are the shards of one run before adding them: each index once, none
// missing, one target, one mix, one load; the merged summary lists every shard's host, start and counts;
// interval logs are added second by second.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "harness/histogram/interval_log.h"
#include "harness/load/merge_fold.h"
#include "harness/load/shard_set.h"
#include "harness/tests/support/scratch_dir.h"

namespace dockside::load {
namespace {

using dockside::testing::ScratchDir;
using nlohmann::json;

RunSummary shard(unsigned index, unsigned count, const std::string& target = "http://a.test",
                 const std::string& mix = "getOrder") {
    RunSummary run;
    run.target = target;
    run.host = "host-" + std::to_string(index % 2);
    run.started_at = "2026-11-23T14:00:00Z";
    run.result.measured_start_unix_ns = 1'795'000'000'000'000'000 + index * 1'000'000;  // a ms apart
    run.configuration = {{"model", "open-loop"},
                         {"schedule", {{"description", "400/s for 2s"}}},
                         {"warmup_s", 0},
                         {"mix", {{"name", mix}, {"operations", {{{"operation", mix}, {"weight", 1}}}}}},
                         {"shard", {{"index", index}, {"count", count}}}};
    return run;
}

std::string joined(const std::vector<std::string>& problems) {
    std::string out;
    for (const auto& p : problems) out += p + "\n";
    return out;
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(ShardSet, TheCompleteShardsOfOneRunPass) {
    EXPECT_EQ(joined(shard_set_problems({shard(1, 3), shard(0, 3), shard(2, 3)}, {"b", "a", "c"})), "");
    EXPECT_EQ(joined(shard_set_problems({shard(0, 1)}, {"a"})), "");
}

TEST(ShardSet, AShardGivenTwiceOrMissingIsNamedByIndex) {
    const auto twice = joined(shard_set_problems({shard(0, 1), shard(0, 1)}, {"run-a", "run-a"}));
    EXPECT_TRUE(has(twice, "shard 0 of 1 is given twice: run-a, run-a (the same run)")) << twice;
    const auto restarted = joined(shard_set_problems({shard(0, 2), shard(1, 2), shard(1, 2)}, {"a", "b", "b-again"}));
    EXPECT_TRUE(has(restarted, "shard 1 of 2 is given twice: b, b-again (a job engine may have started it twice")) << restarted;
    const auto missing = joined(shard_set_problems({shard(0, 4), shard(1, 4), shard(3, 4)}, {"a", "b", "d"}));
    EXPECT_TRUE(has(missing, "shard 2 of 4 is missing (3 of the 4 indexes given)")) << missing;
    std::vector<RunSummary> many;
    std::vector<std::string> names;
    for (unsigned i = 0; i < 1000; ++i)
        if (i < 5 || (i > 9 && i != 17)) {
            many.push_back(shard(i, 1000));
            names.push_back("s" + std::to_string(i));
        }
    const auto gaps = joined(shard_set_problems(many, names));
    EXPECT_TRUE(has(gaps, "shards 5-9, 17 of 1000 are missing")) << gaps;
}

TEST(ShardSet, OtherCountsTargetsMixesAndLoadsAreNamed) {
    const auto counts = joined(shard_set_problems({shard(0, 2), shard(1, 3)}, {"a", "b"}));
    EXPECT_TRUE(has(counts, "shards of different counts: a of 2; b of 3;")) << counts;
    const auto targets = joined(shard_set_problems({shard(0, 2), shard(1, 2, "http://b.test")}, {"a", "b"}));
    EXPECT_TRUE(has(targets, "sent to different targets: http://a.test (a); http://b.test (b)")) << targets;
    const auto mixes = joined(shard_set_problems({shard(0, 2), shard(1, 2, "http://a.test", "listLocations")}, {"a", "b"}));
    EXPECT_TRUE(has(mixes, "sent different mixes: mix getOrder (getOrder:1) (a); mix listLocations (listLocations:1) (b)"))
        << mixes;
    auto faster = shard(1, 2);
    faster.configuration["schedule"]["description"] = "800/s for 2s";
    const auto loads = joined(shard_set_problems({shard(0, 2), faster}, {"a", "b"}));
    EXPECT_TRUE(has(loads, "ran different loads: open-loop 400/s for 2s, warm-up 0 s (a); open-loop 800/s for 2s")) << loads;
    auto merged = shard(0, 1);
    merged.configuration["shard"] = {{"merged", json::array()}};
    EXPECT_TRUE(has(joined(shard_set_problems({merged}, {"m"})), "m is itself a merge"));
}

TEST(ShardSet, TheMergedRecordListsEveryShardInOrder) {
    auto b = shard(1, 2);
    b.result.requested = 7;
    RunFold fold;
    fold.add(b, "b-folder");
    fold.add(shard(0, 2), "a-folder");
    EXPECT_EQ(fold.runs().size(), 2u);
    EXPECT_EQ(fold.runs()[0].configuration["shard"]["index"], 1);  // kept for the judging, in the order given
    const auto merged = std::move(fold).merged();
    const auto& records = merged.shards;
    ASSERT_EQ(records.size(), 2u);
    EXPECT_EQ(records[0].run, "a-folder");
    EXPECT_EQ(records[1].index, 1u);
    EXPECT_EQ(records[1].host, "host-1");
    EXPECT_EQ(records[1].requested, 7u);
    EXPECT_EQ(merged.result.requested, 7u);
    EXPECT_TRUE(merged.host.empty());
    EXPECT_EQ(shard_start_note(records), "2 shards on 2 hosts; measured starts within 1ms (first shard 0, last shard 1)");
    auto together = records;
    together[1].measured_start_unix_ns = together[0].measured_start_unix_ns;
    EXPECT_EQ(shard_start_note(together), "2 shards on 2 hosts; every measured start at 2026-11-18T11:06:40.000000Z");
}

TEST(ShardSet, AFolderOfShardFoldersStandsForThemInIndexOrder) {
    ScratchDir dir;
    for (const char* name : {"10", "2", "0", "1", "notes"}) {
        std::filesystem::create_directories(dir.sub(std::string("shards/") + name));
        if (std::string(name) != "notes") std::ofstream(dir.sub(std::string("shards/") + name + "/summary.json")) << "{}";
    }
    const auto runs = expand_runs({dir.sub("shards"), dir.sub("shards/2")});
    EXPECT_EQ(runs, (std::vector<std::string>{dir.sub("shards/0"), dir.sub("shards/1"), dir.sub("shards/2"),
                                              dir.sub("shards/10"), dir.sub("shards/2")}));
}

TEST(MergeFold, IntervalsOfTheSameSecondAndTagBecomeOne) {
    ScratchDir dir;
    const double start = 1'795'000'000.0;
    histogram::Histogram whole_get, whole_all;
    // Two shards, their starts 40 ms apart, three seconds each: getOrder and untagged intervals.
    for (int shard = 0; shard < 2; ++shard) {
        std::filesystem::create_directories(dir.sub("s" + std::to_string(shard)));
        std::ofstream out(dir.sub("s" + std::to_string(shard) + "/latency.hlog"));
        const double begin = start + 0.04 * shard;
        histogram::IntervalLogWriter writer(out, begin, begin);
        writer.write_header();
        for (int second = 0; second < 3; ++second) {
            histogram::Histogram h;
            for (int v = 1; v <= 100 * (shard + 1); ++v) h.record(v * (second + 1));
            writer.write_interval(h, begin + second, begin + second + 1, "getOrder");
            writer.write_interval(h, begin + second, begin + second + 1);
            whole_get.add(h);
            whole_all.add(h);
        }
    }
    ASSERT_TRUE(sum_interval_logs({dir.sub("s0"), dir.sub("s1"), dir.sub("none")}, dir.path(), "latency.hlog").value());
    std::ifstream in(dir.sub("latency.hlog"));
    const auto merged = histogram::read_interval_log(in);
    ASSERT_TRUE(merged) << merged.error();
    ASSERT_EQ(merged->size(), 6u);  // three seconds, two tags
    histogram::Histogram get, all;
    for (const auto& i : *merged) {
        EXPECT_NEAR(i.length_s, 1.04, 1e-3);  // the second of both shards
        (i.tag == "getOrder" ? get : all).add(i.histogram);
        EXPECT_EQ(i.histogram.total_count(), 300);
    }
    EXPECT_EQ(get, whole_get);
    EXPECT_EQ(all, whole_all);
    EXPECT_FALSE(sum_interval_logs({dir.sub("none")}, dir.path(), "service-time.hlog").value());  // no run has it
}

}  // namespace
}  // namespace dockside::load
