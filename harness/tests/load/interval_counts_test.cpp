// interval-counts.jsonl of several runs added into one, as `dockside merge` does: the report of a merged
// shard set draws errors over time from it, so the sums must be those of the shards, second by second.

#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "harness/load/interval_counts.h"
#include "harness/tests/support/scratch_dir.h"

namespace dockside::load {
namespace {

using json = nlohmann::json;

void write(const std::string& path, const std::string& text) {
    std::filesystem::create_directories(std::filesystem::path(path).parent_path());
    std::ofstream(path) << text;
}

std::vector<json> read_back(const std::string& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return read_interval_counts(text.str()).value();
}

TEST(IntervalCounts, ShardsAddUpSecondBySecondFromTheirOwnStarts) {
    testing::ScratchDir dir;
    // Shard b started 0.2 s after shard a: its second 0 is a's second 0 too.
    write(dir.sub("a/interval-counts.jsonl"),
          R"({"t":0.0,"length_s":1.0,"attempted":10,"errors":{"5xx":1},"operations":{"getOrder":{"attempted":10,"errors":{"5xx":1}}}})"
          "\n"
          R"({"t":1.0,"length_s":1.0,"attempted":12,"errors":{},"operations":{"getOrder":{"attempted":12,"errors":{}}}})"
          "\n");
    write(dir.sub("b/interval-counts.jsonl"),
          R"({"t":0.0,"length_s":1.0,"attempted":5,"errors":{"timeout":2},"operations":{"listOrders":{"attempted":5,"errors":{"timeout":2}}}})"
          "\n"
          R"({"t":1.0,"length_s":1.0,"attempted":6,"errors":{"5xx":3},"operations":{"getOrder":{"attempted":6,"errors":{"5xx":3}}}})"
          "\n"
          R"({"t":2.0,"length_s":0.5,"attempted":1,"errors":{},"operations":{"getOrder":{"attempted":1,"errors":{}}}})"
          "\n");
    std::filesystem::create_directories(dir.sub("merged"));
    auto summed = sum_interval_counts({dir.sub("a"), dir.sub("b")}, {0.0, 0.2}, dir.sub("merged"));
    ASSERT_TRUE(summed) << summed.error();
    EXPECT_TRUE(*summed);
    const auto lines = read_back(dir.sub("merged/interval-counts.jsonl"));
    ASSERT_EQ(lines.size(), 3u);
    EXPECT_EQ(lines[0]["attempted"], 15);
    EXPECT_EQ(lines[0]["errors"], (json{{"5xx", 1}, {"timeout", 2}}));
    EXPECT_EQ(lines[0]["operations"]["getOrder"]["attempted"], 10);
    EXPECT_EQ(lines[0]["operations"]["listOrders"]["errors"]["timeout"], 2);
    EXPECT_DOUBLE_EQ(lines[0]["t"].get<double>(), 0.0);
    EXPECT_NEAR(lines[0]["length_s"].get<double>(), 1.2, 1e-9);  // from a's start to b's end
    EXPECT_EQ(lines[1]["attempted"], 18);
    EXPECT_EQ(lines[1]["operations"]["getOrder"]["errors"]["5xx"], 3);
    EXPECT_EQ(lines[2]["attempted"], 1);
    EXPECT_NEAR(lines[2]["t"].get<double>(), 2.2, 1e-9);
}

TEST(IntervalCounts, NoRunWithCountsWritesNothingAndABrokenFileIsNamed) {
    testing::ScratchDir dir;
    std::filesystem::create_directories(dir.sub("a"));
    std::filesystem::create_directories(dir.sub("merged"));
    auto none = sum_interval_counts({dir.sub("a")}, {0.0}, dir.sub("merged"));
    ASSERT_TRUE(none) << none.error();
    EXPECT_FALSE(*none);
    EXPECT_FALSE(std::filesystem::exists(dir.sub("merged/interval-counts.jsonl")));
    write(dir.sub("b/interval-counts.jsonl"), "{\"t\":0}\nnot json\n");
    auto broken = sum_interval_counts({dir.sub("a"), dir.sub("b")}, {0.0, 0.0}, dir.sub("merged"));
    ASSERT_FALSE(broken);
    EXPECT_NE(broken.error().find("b/interval-counts.jsonl"), std::string::npos) << broken.error();
    EXPECT_NE(broken.error().find("line 1"), std::string::npos) << broken.error();
}

}  // namespace
}  // namespace dockside::load
