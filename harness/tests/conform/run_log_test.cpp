#include "harness/conform/run_log.h"

#include <sys/wait.h>
#include <unistd.h>

#include <map>

#include <gtest/gtest.h>

namespace dockside::conform {
namespace {

TestOutcome outcome_named(const std::string& name, std::size_t excerpt_bytes = 10) {
    TestOutcome t;
    t.name = name;
    t.area = "orders";
    t.status = TestStatus::Failed;
    Finding f;
    f.test = name;
    f.rule = "ORD-GIFT-500";
    f.operation = "createOrder";
    f.body_excerpt = std::string(excerpt_bytes, 'x');
    f.violations.push_back({"CONV-TYPES", "/id", "integer", "\"7\"", "#/x"});
    t.findings.push_back(f);
    t.harness_fault = HarnessFault{"SIGSEGV (signal 11)", "GET /x (no body)", 7, "dockside conform …"};
    return t;
}

TEST(RunLog, AnOutcomeComesBackAsItWasAppendedAndIsReadOnce) {
    auto log = RunLog::create();
    ASSERT_TRUE(log) << log.error();
    EXPECT_TRUE((*log)->read_new().empty());
    TestOutcome sent = outcome_named("Orders.ORD_GIFT_500_X");
    sent.findings[0].body_excerpt = std::string("not utf-8: \xff");
    ASSERT_FALSE((*log)->append(sent));
    const auto back = (*log)->read_new();
    ASSERT_EQ(back.size(), 1u);
    sent.findings[0].body_excerpt = back[0].findings[0].body_excerpt;  // replaced, not thrown
    EXPECT_EQ(to_json(back[0]), to_json(sent));
    EXPECT_TRUE((*log)->read_new().empty()) << "a line is read once";
}

TEST(RunLog, ASchemaPhaseRowTravelsOnItsOutcomeAndNotIntoResultsTests) {
    auto log = RunLog::create();
    ASSERT_TRUE(log) << log.error();
    TestOutcome sent = outcome_named("Orders.SchemaPhase_createOrder");
    OperationCoverage row;
    row.operation = "createOrder";
    row.positive = 25;
    row.served = 24;
    row.negative = 31;
    row.statuses = {{201, 24}, {400, 31}, {0, 1}};
    row.not_exercised = {"body /either: anyOf/oneOf"};
    sent.coverage = row;
    ASSERT_FALSE((*log)->append(sent));
    const auto back = (*log)->read_new();
    ASSERT_EQ(back.size(), 1u);
    ASSERT_TRUE(back[0].coverage);
    EXPECT_EQ(to_json(*back[0].coverage), to_json(row));
    EXPECT_FALSE(to_json(back[0]).contains("schema_phase")) << "results.json shows the row once, at its top";
}

TEST(RunLog, LinesOfWorkersWritingAtOnceStayWhole) {
    // Lines well past PIPE_BUF, from two processes at once, read while they are written.
    auto log = RunLog::create();
    ASSERT_TRUE(log) << log.error();
    constexpr int kEach = 200;
    std::vector<pid_t> writers;
    for (const char* who : {"A", "B"}) {
        const pid_t pid = ::fork();
        ASSERT_GE(pid, 0);
        if (pid == 0) {
            for (int i = 0; i < kEach; ++i)
                if ((*log)->append(outcome_named(std::string(who) + "." + std::to_string(i), 9000))) ::_exit(1);
            ::_exit(0);
        }
        writers.push_back(pid);
    }
    std::map<std::string, int> next{{"A", 0}, {"B", 0}};
    int read = 0;
    auto take = [&] {
        for (const auto& t : (*log)->read_new()) {
            const std::string who = t.name.substr(0, 1);
            EXPECT_EQ(t.name, who + "." + std::to_string(next[who]++)) << "each writer's lines in its order";
            EXPECT_EQ(t.findings.at(0).body_excerpt.size(), 9000u);
            ++read;
        }
    };
    for (const pid_t pid : writers) {
        int status = 0;
        while (::waitpid(pid, &status, WNOHANG) == 0) take();
        EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    }
    take();
    EXPECT_EQ(read, 2 * kEach);
}

}  // namespace
}  // namespace dockside::conform
