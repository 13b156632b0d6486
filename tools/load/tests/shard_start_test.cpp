// Shards started apart, as a CI matrix starts them: two `dockside load` processes given one --start-at
// wait for it, record it as their measured start, and merge into the run one generator would have made.
// A start in the past is refused before anything is prepared or sent.

#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>

#include "harness/load/merge_runs.h"
#include "harness/load/start_instant.h"
#include "tools/load/tests/load_process.h"
#include "tools/load/tests/load_tool_test_support.h"

namespace dockside::loadtool {
namespace {

using namespace testing;
using namespace std::chrono_literals;

TEST(ShardStartRun, ShardsGivenOneStartAtRecordItAndMergeAsOneSchedule) {
    ScratchDir dir;
    // Far enough ahead for both processes to start their embedded servers and build their plans.
    const std::string start = load::format_utc(std::chrono::system_clock::now() + 6s);
    std::vector<pid_t> pids;
    for (const char* shard : {"0", "1"}) {
        pids.push_back(spawn_load({"--rate", "200", "--duration", "1s", "--mix", "listLocations", "--seed", "7",
                                   "--shard", std::string(shard) + "/2", "--start-at", start, "--out",
                                   dir.sub(std::string("shard-") + shard)},
                                  dir.sub(std::string("log-") + shard)));
        ASSERT_GT(pids.back(), 0);
    }
    for (std::size_t i = 0; i < pids.size(); ++i)
        EXPECT_EQ(wait_exit(pids[i], 60s), 0) << read_text(dir.sub("log-" + std::to_string(i)));
    for (const char* shard : {"0", "1"}) {
        const auto log = read_text(dir.sub(std::string("log-") + shard));
        EXPECT_NE(log.find("waiting for the start at " + start), std::string::npos) << log;
        const auto summary = read_json(dir.sub(std::string("shard-") + shard + "/summary.json"));
        ASSERT_TRUE(summary.is_object()) << log;
        EXPECT_EQ(schema_violations(summary), "");
        EXPECT_EQ(summary["start_at"], start);
        EXPECT_EQ(summary["measured_start_at"], start);  // no warm-up: the schedule starts at the instant
        EXPECT_EQ(summary["configuration"]["start_at"], start);
        EXPECT_EQ(summary["requested"], 100);
        EXPECT_EQ(summary["requests"], 100);
    }
    std::ostringstream out, err;
    const int code = load::run_merge({dir.sub("shard-0"), dir.sub("shard-1")}, dir.sub("merged"), {"rate>=0.99"}, out, err);
    EXPECT_EQ(code, 0) << out.str() << err.str();
    const auto merged = read_json(dir.sub("merged/summary.json"));
    EXPECT_EQ(schema_violations(merged), "");
    EXPECT_EQ(merged["requested"], 200);
    EXPECT_EQ(merged["requests"], 200);
    EXPECT_EQ(merged["start_at"], start);
    EXPECT_EQ(merged["measured_start_at"], start);
}

TEST(ShardStartRun, AStartInThePastIsRefusedBeforeAnythingIsSent) {
    ScratchDir dir;
    const pid_t pid = spawn_load({"--rate", "10", "--duration", "1s", "--mix", "listLocations", "--start-at",
                                  "2020-01-01T00:00:00Z", "--out", dir.sub("run")},
                                 dir.sub("log"));
    ASSERT_GT(pid, 0);
    EXPECT_EQ(wait_exit(pid, 30s), 2);
    const auto log = read_text(dir.sub("log"));
    EXPECT_NE(log.find("--start-at: 2020-01-01T00:00:00.000000Z is "), std::string::npos) << log;
    EXPECT_NE(log.find("in the past"), std::string::npos) << log;
    EXPECT_FALSE(std::filesystem::exists(dir.sub("run"))) << "nothing is prepared for a run that cannot start";
}

}  // namespace
}  // namespace dockside::loadtool
