// Ctrl-C or SIGTERM during `dockside load` (the real executable, in its own process): the run stops at once,
// and its results folder holds a summary that conforms to the schema and says it was interrupted.

#include <gtest/gtest.h>

#include <signal.h>

#include <chrono>
#include <filesystem>
#include <thread>

#include "tools/load/tests/load_process.h"
#include "tools/load/tests/load_tool_test_support.h"

namespace dockside::loadtool {
namespace {

using namespace testing;
using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

void expect_interrupted_record(const std::string& dir, const std::string& log) {
    const auto summary = read_json(dir + "/summary.json");
    ASSERT_FALSE(summary.is_discarded()) << read_text(log);
    EXPECT_EQ(schema_violations(summary), "");
    EXPECT_TRUE(summary["interrupted"].get<bool>());
    EXPECT_EQ(summary["outcome"]["exit_code"], 2);
    EXPECT_LT(summary["duration_s"].get<double>(), 20.0);
}

/// Sends `signal` to a run once its first second is logged: it stops at once and writes its record.
void interrupt_mid_run(int signal) {
    ScratchDir dir;
    const std::string out = dir.sub("run");
    const std::string log = dir.sub("log.txt");
    const pid_t pid = spawn_load({"--rate", "100", "--duration", "30s", "--mix", "listLocations", "--out", out}, log);
    ASSERT_GT(pid, 0);
    // Mid-run: after the first second's interval is in the log.
    const bool running = wait_for([&] { return read_text(out + "/latency.hlog").find("\n0.000,") != std::string::npos; }, 15s);
    EXPECT_TRUE(running) << read_text(log);
    const auto interrupted = Clock::now();
    ::kill(pid, signal);
    EXPECT_EQ(wait_exit(pid, 10s), 2) << read_text(log);
    EXPECT_LT(Clock::now() - interrupted, 3s);
    expect_interrupted_record(out, log);
    const auto summary = read_json(out + "/summary.json");
    EXPECT_GT(summary["requests"].get<int>(), 50);
    EXPECT_NE(read_text(log).find("interrupted"), std::string::npos);
}

TEST(Interrupt, CtrlCMidRunLeavesAnInterruptedRecord) { interrupt_mid_run(SIGINT); }

// What a CI runner sends when it cancels a job: treated as Ctrl-C (it used to end the process with no
// summary.json, the interval logs cut off mid-line).
TEST(Interrupt, SigtermMidRunLeavesAnInterruptedRecord) { interrupt_mid_run(SIGTERM); }

TEST(Interrupt, CtrlCDuringTheWarmUpLeavesAnInterruptedRecord) {
    ScratchDir dir;
    const std::string out = dir.sub("run");
    const std::string log = dir.sub("log.txt");
    const pid_t pid = spawn_load(
        {"--rate", "50", "--duration", "30s", "--warmup", "20s", "--mix", "listLocations", "--out", out}, log);
    ASSERT_GT(pid, 0);
    EXPECT_TRUE(wait_for([&] { return read_text(log).find("warming up") != std::string::npos; }, 15s)) << read_text(log);
    ::kill(pid, SIGINT);
    EXPECT_EQ(wait_exit(pid, 10s), 2) << read_text(log);
    expect_interrupted_record(out, log);
    EXPECT_EQ(read_json(out + "/summary.json")["requests"], 0);
}

}  // namespace
}  // namespace dockside::loadtool
