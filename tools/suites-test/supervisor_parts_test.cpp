// The supervisor's parts without a target: GoogleTest's filter syntax as the parent reads it, what must
// not overlap, the child's events on the wire, and supervise() itself over children that pass (their
// outcomes in the run log), crash, let an exception escape, hang or die before their first test.

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <csignal>
#include <map>
#include <new>
#include <stdexcept>

#include <gtest/gtest.h>

#include "harness/conform/child_events.h"
#include "harness/conform/run_apart.h"
#include "harness/conform/run_log.h"
#include "harness/conform/selection.h"
#include "harness/conform/supervisor.h"

namespace dockside::conform {
namespace {

DOCKSIDE_RUNS_ALONE("PartsClock.Moves", "moves the clock");
DOCKSIDE_WALKS("PartsWalker", "things", "walks every thing");
DOCKSIDE_WRITES("PartsWriter", "things", "creates things");
DOCKSIDE_WRITES("PartsWalker", "things", "creates things too");

TEST(GtestFilter, MatchesAsGoogleTestDoes) {
    EXPECT_TRUE(matches_gtest_filter("Orders.ORD_X", "*"));
    EXPECT_TRUE(matches_gtest_filter("Orders.ORD_X", "Orders.*"));
    EXPECT_TRUE(matches_gtest_filter("Orders.ORD_X", "Returns.*:Orders.ORD_?"));
    EXPECT_FALSE(matches_gtest_filter("Orders.ORD_X", "Orders.ORD_"));
    EXPECT_FALSE(matches_gtest_filter("Orders.ORD_X", "Orders.*-Orders.ORD_X"));
    EXPECT_TRUE(matches_gtest_filter("Orders.ORD_X", "-Returns.*"));
    EXPECT_FALSE(matches_gtest_filter("Orders.ORD_X", "-*"));
}

TEST(RunApart, WalkersAndWritersOfOneCollectionNeverOverlap) {
    EXPECT_FALSE(may_overlap("PartsWalker.A", "PartsWriter.B"));
    EXPECT_FALSE(may_overlap("PartsWriter.B", "PartsWalker.A"));
    EXPECT_FALSE(may_overlap("PartsWalker.A", "PartsWalker.C")) << "a walker that also writes";
    EXPECT_TRUE(may_overlap("PartsWriter.B", "PartsWriter.D")) << "two writers";
    EXPECT_TRUE(may_overlap("PartsWriter.B", "Undeclared.E"));
    EXPECT_FALSE(may_overlap("PartsClock.Moves", "Undeclared.E"));
    EXPECT_TRUE(may_overlap("PartsClock.Other", "Undeclared.E")) << "only the declared test runs alone";
}

TEST(ChildEvents, LinesSplitAnywhereAndCarryNoOutcome) {
    const std::string wire = encode({ChildEvent::Kind::Ended, "Orders.ORD_X"}) +
                             encode({ChildEvent::Kind::Escaped, std::string("not utf-8: \xff")}) +
                             encode({ChildEvent::Kind::Sending, "GET /y (no body)"});
    EXPECT_EQ(wire.find("outcome"), std::string::npos) << "outcomes go to the run log, not the pipe";
    EventReader reader;
    std::vector<ChildEvent> events;
    for (std::size_t i = 0; i < wire.size(); i += 7)
        for (auto& e : reader.feed(wire.data() + i, std::min<std::size_t>(7, wire.size() - i))) events.push_back(std::move(e));
    ASSERT_EQ(events.size(), 3u);
    EXPECT_EQ(events[0].kind, ChildEvent::Kind::Ended);
    EXPECT_EQ(events[0].name, "Orders.ORD_X");
    EXPECT_EQ(events[1].kind, ChildEvent::Kind::Escaped) << "replaced, not thrown";
    EXPECT_EQ(events[2].kind, ChildEvent::Kind::Sending);
    EXPECT_EQ(events[2].name, "GET /y (no body)");
}

/// Collects what the supervisor reports, reading the run log as a test is said to be logged.
class Collected : public SupervisorNews {
public:
    void test_started(const std::string& test) override { started.push_back(test); }
    void test_logged(const std::string& test) override {
        for (auto& outcome : log->read_new()) ended[outcome.name] = outcome;
        EXPECT_TRUE(ended.count(test)) << test << " was said to be logged before its line was in the log";
    }
    void test_lost(const conform::TestOutcome& outcome) override { ended[outcome.name] = outcome; }
    std::unique_ptr<RunLog> log = std::move(RunLog::create().value());
    std::vector<std::string> started;
    std::map<std::string, conform::TestOutcome> ended;
};

/// A child that "runs" each test of its batch by name: pass, crash, throw, hang or exit early.
ChildBody fake_child(const RunLog& log) {
    return [&log](const TestBatch& batch, const EventWriter& events) {
        for (const auto& test : batch.tests) {
            if (test == "Fake.DiesBeforeItBegins") ::_exit(3);
            events.write({ChildEvent::Kind::Started, test});
            events.write({ChildEvent::Kind::Sending, "GET /" + test + " (no body)"});
            if (test == "Fake.Crashes") std::raise(SIGSEGV);
            if (test == "Fake.Throws") throw std::runtime_error("escaped");
            if (test == "Fake.Hangs")
                for (;;) ::pause();
            conform::TestOutcome outcome;
            outcome.name = test;
            EXPECT_FALSE(log.append(outcome));
            events.write({ChildEvent::Kind::Ended, test});
        }
        return 0;
    };
}

TEST(Supervise, EveryTestGetsAnOutcomeWhateverItsChildDoes) {
    Collected sink;
    SupervisorOptions options;
    options.hard_limit = std::chrono::seconds(1);
    options.seed = 9;
    options.replay = [](const std::string& test) { return "replay " + test; };
    supervise({{{"Fake.A", "Fake.Crashes", "Fake.B", "Fake.Throws", "Fake.C", "Fake.Hangs", "Fake.D"}},
               {{"Fake.DiesBeforeItBegins", "Fake.E"}}},
              options, fake_child(*sink.log), sink);
    ASSERT_EQ(sink.ended.size(), 9u);
    for (const char* passed : {"Fake.A", "Fake.B", "Fake.C", "Fake.D"}) {
        EXPECT_EQ(sink.ended[passed].status, conform::TestStatus::Passed) << passed;
        EXPECT_FALSE(sink.ended[passed].harness_fault) << passed;
    }
    const auto& crashed = sink.ended["Fake.Crashes"];
    EXPECT_EQ(crashed.status, conform::TestStatus::Failed);
    ASSERT_TRUE(crashed.harness_fault);
    EXPECT_EQ(crashed.harness_fault->cause, "SIGSEGV (signal 11)");
    EXPECT_EQ(crashed.harness_fault->last_request, "GET /Fake.Crashes (no body)");
    EXPECT_EQ(crashed.harness_fault->seed, 9u);
    EXPECT_EQ(crashed.harness_fault->replay, "replay Fake.Crashes");
    EXPECT_EQ(sink.ended["Fake.Throws"].harness_fault->cause, "an exception escaped: escaped");
    EXPECT_EQ(sink.ended["Fake.Hangs"].status, conform::TestStatus::TimedOut);
    EXPECT_EQ(sink.ended["Fake.Hangs"].harness_fault->cause, "no end after 1 s");
    // A child that ends before its first test would do so again: its tests fail once, never loop.
    for (const char* never : {"Fake.DiesBeforeItBegins", "Fake.E"}) {
        EXPECT_EQ(sink.ended[never].status, conform::TestStatus::Failed) << never;
        EXPECT_EQ(sink.ended[never].harness_fault->cause, "the child ended before this test began: exit status 3") << never;
    }
}

TEST(Supervise, WorkersNeverRunTwoTestsThatMayNotOverlap) {
    // Each child notes when its test began and ended in memory the parent shares; the walker's and the
    // writer's spans must not meet. (Whether the others ran beside them depends on this machine's load, so
    // it is not asserted; the benchmark tools/bench/conform/workers measures the gain.)
    struct Span {
        std::atomic<std::int64_t> begin{0}, end{0};
    };
    void* shared = ::mmap(nullptr, sizeof(Span) * 4, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    ASSERT_NE(shared, MAP_FAILED);
    auto* spans = new (shared) Span[4];
    const std::vector<std::string> tests = {"PartsWalker.A", "PartsWriter.B", "Other.C", "Other.D"};
    Collected sink;
    auto now = [] { return std::chrono::steady_clock::now().time_since_epoch().count(); };
    const ChildBody noting = [&](const TestBatch& batch, const EventWriter& events) {
        for (const auto& test : batch.tests) {
            const auto i = static_cast<std::size_t>(std::find(tests.begin(), tests.end(), test) - tests.begin());
            events.write({ChildEvent::Kind::Started, test});
            spans[i].begin = now();
            ::usleep(200000);
            spans[i].end = now();
            conform::TestOutcome outcome;
            outcome.name = test;
            EXPECT_FALSE(sink.log->append(outcome));
            events.write({ChildEvent::Kind::Ended, test});
        }
        return 0;
    };
    SupervisorOptions options;
    options.workers = 4;
    supervise(batches_of(tests, 4), options, noting, sink);
    EXPECT_EQ(sink.ended.size(), 4u);
    for (std::size_t i = 0; i < 4; ++i) EXPECT_GT(spans[i].end.load(), spans[i].begin.load()) << tests[i];
    const bool apart = spans[0].end <= spans[1].begin || spans[1].end <= spans[0].begin;
    EXPECT_TRUE(apart) << "the walker and the writer ran at the same time";
    ::munmap(shared, sizeof(Span) * 4);
}

}  // namespace
}  // namespace dockside::conform
