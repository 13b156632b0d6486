// --shard: i/N as typed, auto/N and auto from the environment a job engine gives each copy it starts
// (Kubernetes, Slurm, GitLab CI), every wrong or missing variable a message that names it.

#include <gtest/gtest.h>

#include <map>

#include "harness/load/shard_option.h"

namespace dockside::load {
namespace {

Environment environment(std::map<std::string, std::string> variables) {
    return [variables](const std::string& name) -> std::optional<std::string> {
        auto it = variables.find(name);
        return it == variables.end() ? std::nullopt : std::optional<std::string>(it->second);
    };
}

std::string error_of(const std::string& text, std::map<std::string, std::string> variables) {
    auto place = parse_shard(text, environment(std::move(variables)));
    return place ? "(accepted " + std::to_string(place->index) + "/" + std::to_string(place->count) + ")" : place.error();
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(ShardOption, IndexOverCountAsTyped) {
    auto place = parse_shard("2/4", environment({{"JOB_COMPLETION_INDEX", "1"}}));
    ASSERT_TRUE(place) << place.error();
    EXPECT_EQ(place->index, 2u);  // typed beats the environment
    EXPECT_EQ(place->count, 4u);
    EXPECT_EQ(place->source, "");
    for (const char* bad : {"4/4", "1", "a/2", "1/0", "-1/2", "1/1001", "1/2/3"})
        EXPECT_TRUE(has(error_of(bad, {}), "expected i/N with 0 <= i < N <= 1000")) << bad << ": " << error_of(bad, {});
}

TEST(ShardOption, KubernetesGivesTheIndexAndTheFlagTheCount) {
    auto place = parse_shard("auto/4", environment({{"JOB_COMPLETION_INDEX", "3"}}));
    ASSERT_TRUE(place) << place.error();
    EXPECT_EQ(place->index, 3u);
    EXPECT_EQ(place->count, 4u);
    EXPECT_EQ(place->source, "JOB_COMPLETION_INDEX");
    EXPECT_TRUE(has(error_of("auto", {{"JOB_COMPLETION_INDEX", "3"}}), "write --shard auto/N"));
    EXPECT_TRUE(has(error_of("auto/4", {{"JOB_COMPLETION_INDEX", "4"}}), "JOB_COMPLETION_INDEX gives index 4 of 4"));
    EXPECT_TRUE(has(error_of("auto/4", {{"JOB_COMPLETION_INDEX", "two"}}), "JOB_COMPLETION_INDEX=\"two\" is not a whole number"));
    EXPECT_TRUE(has(error_of("auto/x", {{"JOB_COMPLETION_INDEX", "0"}}), "expected auto, auto/N or i/N"));
}

TEST(ShardOption, WithoutAnEngineTheMessageNamesWhatWasRead) {
    const auto message = error_of("auto/4", {});
    for (const char* variable : {"JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_ID", "CI_NODE_INDEX", "i/N"})
        EXPECT_TRUE(has(message, variable)) << message;
}

TEST(ShardOption, SlurmArraysCountFromTheirFirstTask) {
    const std::map<std::string, std::string> array = {
        {"SLURM_ARRAY_TASK_ID", "7"}, {"SLURM_ARRAY_TASK_MIN", "5"}, {"SLURM_ARRAY_TASK_COUNT", "4"}};
    for (const char* text : {"auto", "auto/4"}) {
        auto place = parse_shard(text, environment(array));
        ASSERT_TRUE(place) << place.error();
        EXPECT_EQ(place->index, 2u);
        EXPECT_EQ(place->count, 4u);
        EXPECT_EQ(place->source, "SLURM_ARRAY_TASK_ID");
    }
    EXPECT_TRUE(has(error_of("auto/3", array), "runs 4 copies (SLURM_ARRAY_TASK_ID), not 3"));
    EXPECT_TRUE(has(error_of("auto", {{"SLURM_ARRAY_TASK_ID", "7"}}), "SLURM_ARRAY_TASK_MIN=(unset)"));
}

TEST(ShardOption, GitLabCountsItsNodesFromOne) {
    auto place = parse_shard("auto", environment({{"CI_NODE_INDEX", "1"}, {"CI_NODE_TOTAL", "2"}}));
    ASSERT_TRUE(place) << place.error();
    EXPECT_EQ(place->index, 0u);
    EXPECT_EQ(place->count, 2u);
    EXPECT_TRUE(has(error_of("auto", {{"CI_NODE_INDEX", "1"}}), "CI_NODE_TOTAL=(unset)"));
}

}  // namespace
}  // namespace dockside::load
