// A real `dockside load` run given twice to the real `dockside merge` (which once answered "400 req/s,
// achieved 100 %" for a load that never ran): refused, naming the index; alone it merges, and the merged
// summary says where its one shard ran.

#include <gtest/gtest.h>

#include <filesystem>

#include "tools/load/tests/load_process.h"
#include "tools/load/tests/load_tool_test_support.h"

namespace dockside::loadtool {
namespace {

using namespace testing;

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

/// `dockside merge ARGS`: exit code, stdout and stderr into `log`.
int merge_process(const std::vector<std::string>& args, const std::string& log) {
    std::vector<std::string> all = {"merge"};
    all.insert(all.end(), args.begin(), args.end());
    return wait_exit(spawn_dockside(all, log), std::chrono::seconds(60));
}

TEST(ShardSet, TheSameRunGivenTwiceToTheExecutableIsRefused) {
    ScratchDir dir;
    const pid_t pid = spawn_load({"--rate", "400", "--duration", "1s", "--mix", "listLocations", "--out", dir.sub("run-a")},
                                 dir.sub("load.log"));
    ASSERT_EQ(wait_exit(pid, std::chrono::seconds(60)), 0) << read_text(dir.sub("load.log"));
    const auto summary = read_json(dir.sub("run-a/summary.json"));
    EXPECT_EQ(schema_violations(summary), "");
    EXPECT_TRUE(summary["host"].is_string()) << summary["host"];
    EXPECT_EQ(merge_process({dir.sub("run-a"), dir.sub("run-a"), "--out", dir.sub("merged")}, dir.sub("merge.log")), 2);
    const auto log = read_text(dir.sub("merge.log"));
    EXPECT_TRUE(has(log, "shard 0 of 1 is given twice")) << log;
    EXPECT_FALSE(has(log, "req/s")) << log;
    EXPECT_FALSE(std::filesystem::exists(dir.sub("merged/summary.json")));
    // Alone it merges, and the merged summary says where its one shard ran.
    EXPECT_EQ(merge_process({dir.sub("run-a"), "--out", dir.sub("merged")}, dir.sub("merge.log")), 0) << read_text(dir.sub("merge.log"));
    const auto merged = read_json(dir.sub("merged/summary.json"));
    EXPECT_EQ(schema_violations(merged), "");
    ASSERT_EQ(merged["shards"].size(), 1u) << merged.dump(2);
    EXPECT_EQ(merged["shards"][0]["host"], summary["host"]);
    EXPECT_EQ(merged["shards"][0]["requests"], summary["requests"]);
    EXPECT_EQ(merged["shards"][0]["measured_start_at"], summary["measured_start_at"]);
    EXPECT_TRUE(merged["host"].is_null());
}

}  // namespace
}  // namespace dockside::loadtool
