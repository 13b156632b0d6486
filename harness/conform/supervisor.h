#pragma once
/// Runs the selected tests in forked children so that nothing a test does can take the run down: a crash
/// (a signal, an abort, an exception that escapes) or a hang past the hard limit becomes that test's
/// failure, with its cause, the last request it sent and its replay command, and the run goes on with the
/// next test in a fresh child. With `workers` above one, up to that many children run side by side,
/// honouring what the suites declare in run_apart.h.

#include <chrono>
#include <functional>
#include <string>
#include <vector>

#include "harness/conform/child_events.h"
#include "harness/conform/results.h"

namespace dockside::conform {

/// Tests one child runs, in order.
struct TestBatch {
    std::vector<std::string> tests;
};

struct SupervisorOptions {
    int workers = 1;
    /// Past this a running test is ended by killing its child (zero = never): the time budget the suite
    /// API enforces stops requests, this stops anything else.
    std::chrono::seconds hard_limit{0};
    std::uint64_t seed = 0;
    /// The replay command of a test, for the record of one the harness did not survive.
    std::function<std::string(const std::string& test)> replay;
};

/// What the parent hears from the supervisor. The outcome of a test a child ran is in the run log
/// (run_log.h), never on the pipe: the supervisor watches its children for liveness, not for content.
class SupervisorNews {
public:
    virtual ~SupervisorNews() = default;
    virtual void test_started(const std::string& test) = 0;
    /// A child ended the test: its outcome is in the run log.
    virtual void test_logged(const std::string& test) = 0;
    /// The test's child died in it, or no child could run it: the outcome the supervisor made up.
    virtual void test_lost(const TestOutcome& outcome) = 0;
};

/// What a child does with its batch: runs the tests, reporting through `events`; its return is the child's
/// exit status. It runs after fork(), in a process whose only thread is the caller's.
using ChildBody = std::function<int(const TestBatch& batch, const EventWriter& events)>;

/// Runs `batches` (in order when `workers` is 1) and tells `news` in the parent of every start and every
/// end, with the outcomes it makes up for tests whose child died. Tests of a batch that never started
/// because its child died run in a new child.
void supervise(std::vector<TestBatch> batches, const SupervisorOptions& options, const ChildBody& body,
               SupervisorNews& news);

/// "SIGSEGV (signal 11)", "exit status 3": how a child ended, from waitpid's status.
std::string describe_wait_status(int status);

}  // namespace dockside::conform
