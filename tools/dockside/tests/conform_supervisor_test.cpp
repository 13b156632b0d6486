// The supervisor as a user meets it: a test that crashes, aborts, lets an exception escape or hangs inside
// the harness costs that test alone (failed or timed out, with its cause, last request, seed and replay
// command), every other test runs, the exit code is 1 and results.json and junit.xml are complete. The
// faults are injected by `dockside_with_test_hooks` (injected_faults.cpp); the binary users run has no
// such switch. And `--workers N` finds what a serial run of the same seed finds.

#include <algorithm>
#include <set>

#include <gtest/gtest.h>

#include "tools/dockside/tests/cli_support.h"

namespace dockside::clitest {
namespace {

using json = nlohmann::json;

const json* test_named(const json& results, const std::string& name) {
    for (const auto& t : results["tests"])
        if (t.value("name", "") == name) return &t;
    return nullptr;
}

Ran hooked(std::vector<std::string> args, std::map<std::string, std::string> env) {
    return run({.args = std::move(args), .env = std::move(env), .limit = std::chrono::seconds(240),
                .binary = dockside_with_test_hooks_binary()});
}

constexpr const char* kCrashing = "Channels.CH_LIST_NonIntegerRecordsPerPageRejected";
constexpr const char* kAborting = "Channels.CH_LIST_PrevLinkLeadsBackToFirstPage";
constexpr const char* kThrowing = "Versioning.VER_CURSOR_ChannelWebhookAndReturnListsAreCursorPages";

TEST(Supervisor, CrashAbortAndEscapedExceptionEachFailOneTestAndTheRunGoesOn) {
    const std::string out = fresh_dir("supervised-crash");
    auto ran = hooked({"conform", "--only", "channels,versioning", "--seed", "5", "--out", out},
                      {{"DOCKSIDE_TEST_CRASH_IN", kCrashing}, {"DOCKSIDE_TEST_ABORT_IN", kAborting},
                       {"DOCKSIDE_TEST_THROW_IN", kThrowing}});
    EXPECT_FALSE(ran.timed_out);
    EXPECT_EQ(ran.exit_code, 1) << ran.output;
    const auto results = results_of(out);
    ASSERT_TRUE(results.is_object()) << ran.output;
    EXPECT_EQ(results.value("interrupted", json()), false);
    // Every selected test is in the record: the three that died, and every other one passed.
    const auto& summary = results["summary"];
    EXPECT_EQ(summary.value("not_run", -1), 0) << summary.dump();
    EXPECT_EQ(tests_with(results, "failed").size(), 3u) << ran.output;
    EXPECT_EQ(tests_with(results, "passed").size(), results["tests"].size() - 3) << ran.output;

    const std::map<std::string, std::string> causes = {
        {kCrashing, "SIGSEGV"}, {kAborting, "SIGABRT"}, {kThrowing, "injected: an exception the test does not catch"}};
    for (const auto& [name, cause] : causes) {
        const json* t = test_named(results, name);
        ASSERT_NE(t, nullptr) << name;
        EXPECT_EQ(t->value("status", ""), "failed") << t->dump();
        const json fault = t->value("harness_fault", json());
        ASSERT_TRUE(fault.is_object()) << t->dump();
        EXPECT_TRUE(has(fault.value("cause", ""), cause)) << t->dump();
        EXPECT_EQ(fault.value("seed", 0), 5) << t->dump();
        EXPECT_TRUE(has(fault.value("replay", ""), "--filter " + std::string(name)) ||
                    has(fault.value("replay", ""), "--filter '" + std::string(name) + "'"))
            << t->dump();
    }
    // The crash came as the test sent its first request: the record names that request.
    EXPECT_TRUE(has(test_named(results, kCrashing)->value("harness_fault", json()).value("last_request", ""), "GET /2025-07/channel"))
        << test_named(results, kCrashing)->dump();
    const std::string junit = read_text(out + "/junit.xml");
    EXPECT_EQ(std::count(junit.begin(), junit.end(), '\n') > 0, true);
    EXPECT_TRUE(has(junit, "type=\"harness-fault\"")) << junit;
    EXPECT_TRUE(has(junit, "tests=\"" + std::to_string(results["tests"].size()) + "\"")) << junit;
}

TEST(Supervisor, HangingTestIsEndedPastItsHardLimitAndTheRunGoesOn) {
    const std::string out = fresh_dir("supervised-hang");
    const std::string hanging = "Channels.CH_LIST_DefaultPageHoldsAtMostTheDocumentedDefault";
    auto ran = hooked({"conform", "--only", "channels", "--seed", "5", "--test-timeout", "2", "--out", out},
                      {{"DOCKSIDE_TEST_HANG_IN", hanging}});
    EXPECT_EQ(ran.exit_code, 1) << ran.output;
    EXPECT_LT(ran.seconds, 60) << "the hang costs its test's budget plus the grace (2 + 5 s), not the run";
    const auto results = results_of(out);
    ASSERT_TRUE(results.is_object()) << ran.output;
    EXPECT_EQ(tests_with(results, "timed_out"), std::vector<std::string>{hanging}) << ran.output;
    EXPECT_EQ(tests_with(results, "passed").size(), results["tests"].size() - 1) << ran.output;
    const json* t = test_named(results, hanging);
    ASSERT_NE(t, nullptr);
    EXPECT_TRUE(has(t->value("harness_fault", json()).value("cause", ""), "no end after 7 s")) << t->dump();
}

/// "rule|operation|test" of every finding, and "test=status" of every test.
std::set<std::string> verdicts(const json& results) {
    std::set<std::string> out;
    for (const auto& t : results.value("tests", json::array())) {
        out.insert(t.value("name", "") + "=" + t.value("status", ""));
        for (const auto& f : t.value("findings", json::array())) out.insert(f.value("key", ""));
    }
    return out;
}

TEST(Supervisor, WorkersFindWhatASerialRunOfTheSameSeedFinds) {
    const std::vector<std::string> selection = {"conform", "--fault", "ORD-GIFT-500.accepts-501", "--fault",
                                                "WH-DELETE.answers-404", "--only", "orders,webhooks,paging,channels,auth",
                                                "--seed", "17", "--cases", "5"};
    const std::string serial_out = fresh_dir("serial"), parallel_out = fresh_dir("parallel");
    auto with_out = [&](const std::string& out, std::vector<std::string> extra) {
        auto args = selection;
        args.insert(args.end(), {"--out", out});
        args.insert(args.end(), extra.begin(), extra.end());
        return args;
    };
    auto serial = dockside(with_out(serial_out, {}), std::chrono::seconds(280));
    auto parallel = dockside(with_out(parallel_out, {"--workers", "4"}), std::chrono::seconds(280));
    EXPECT_EQ(serial.exit_code, 1) << serial.output;
    EXPECT_EQ(parallel.exit_code, 1) << parallel.output;
    const auto a = verdicts(results_of(serial_out)), b = verdicts(results_of(parallel_out));
    EXPECT_FALSE(a.empty());
    EXPECT_EQ(a, b) << "serial:\n" << serial.output << "\nparallel:\n" << parallel.output;
}

}  // namespace
}  // namespace dockside::clitest
