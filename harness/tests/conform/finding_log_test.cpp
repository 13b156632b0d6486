#include "harness/conform/run_log.h"

#include <thread>

#include <gtest/gtest.h>

namespace dockside::conform {
namespace {

Finding finding(std::string rule, std::string operation, std::string test) {
    Finding f;
    f.rule = std::move(rule);
    f.operation = std::move(operation);
    f.test = std::move(test);
    return f;
}

TEST(FindingKey, IsRuleOperationTest) {
    EXPECT_EQ(finding("RET-DUP-ID", "createReturn", "Returns.RET_DUP_ID_X").key(),
              "RET-DUP-ID|createReturn|Returns.RET_DUP_ID_X");
    EXPECT_EQ(finding("ERR-NO5XX", "", "Auth.X").key(), "ERR-NO5XX||Auth.X");
}

TEST(FindingKey, IgnoresVolatileParts) {
    // Status, curl and messages change between runs; an accept file must still match.
    Finding a = finding("CONV-TYPES", "getOrder", "Orders.T");
    Finding b = a;
    b.status = 500;
    b.curl = "curl x";
    b.message = "other";
    EXPECT_EQ(a.key(), b.key());
}

TEST(FindingLog, MergesSameKeyInATestKeepingTheNewest) {
    FindingLog log;
    Finding first = finding("ORD-GIFT-500", "createOrder", "Orders.P");
    first.shrunk_input = "long";
    log.add(first);
    Finding second = first;
    second.shrunk_input = "short";
    log.add(second);
    log.add(finding("ORD-GIFT-500", "createOrder", "Orders.Q"));
    ASSERT_EQ(log.size(), 2u);
    const auto p = log.for_test("Orders.P");
    ASSERT_EQ(p.size(), 1u);
    EXPECT_EQ(p[0].shrunk_input, "short");
    EXPECT_EQ(p[0].occurrences, 2);
}

TEST(FindingLog, AcceptsByKeyAndAnnotatesOnlyEmptyReplays) {
    FindingLog log;
    log.add(finding("A", "op", "T.x"));
    Finding replayed = finding("B", "op", "T.x");
    replayed.replay = "mine";
    log.add(replayed);
    log.annotate_test("T.x", "replay", "input");
    EXPECT_EQ(log.accept({"A|op|T.x"}), 1u);
    const auto all = log.all();
    EXPECT_TRUE(all[0].accepted);
    EXPECT_EQ(all[0].replay, "replay");
    EXPECT_EQ(all[0].shrunk_input, "input");
    EXPECT_FALSE(all[1].accepted);
    EXPECT_EQ(all[1].replay, "mine");
}

// A finding's seed is the seed (a number a tool can read), its replay command a field of its own.
TEST(FindingLog, FindingsCarryTheRunsSeedApartFromTheReplayCommand) {
    FindingLog log;
    log.add(finding("A", "op", "T.x"));
    log.set_seed(975218693);
    log.add(finding("B", "op", "T.x"));
    log.annotate_test("T.x", "dockside conform --filter 'T.x' --seed 975218693", "");
    const auto all = log.all();
    EXPECT_EQ(all[0].seed, 0u);
    EXPECT_EQ(all[1].seed, 975218693u);
    EXPECT_EQ(all[1].replay, "dockside conform --filter 'T.x' --seed 975218693");
}

TEST(FindingLog, RecordsSkipsAndIsSafeAcrossThreads) {
    FindingLog log;
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t)
        threads.emplace_back([&log, t] {
            for (int i = 0; i < 50; ++i) log.add(finding("R", "op", "T." + std::to_string(t * 100 + i)));
        });
    for (auto& thread : threads) thread.join();
    EXPECT_EQ(log.size(), 200u);
    log.record_skip("T.s", "needs the simulation control");
    EXPECT_EQ(log.skips().at("T.s"), "needs the simulation control");
    log.clear();
    EXPECT_EQ(log.size(), 0u);
    EXPECT_TRUE(log.skips().empty());
}

}  // namespace
}  // namespace dockside::conform
