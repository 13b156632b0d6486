#pragma once
/// The run's record on disk (results.json and junit.xml) kept valid whatever happens: while the run goes
/// on, the record that *would* be true if it stopped now (the tests finished so far, the one running as
/// interrupted) is rendered ahead of time; a stop signal (SIGINT, SIGTERM) or a crash (SIGSEGV, SIGBUS,
/// SIGFPE, SIGILL, SIGABRT) writes it with async-signal-safe calls only, names the signal, and ends the
/// process (130 / 143 for a stop; the crash signal re-raised for a crash). A watchdog does the same when a
/// test runs far past its budget in a way the harness cannot cut short.

#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "harness/conform/results.h"

namespace dockside::conform {

class RunRecord {
public:
    /// Writes to `results_path` and `junit_path` (either may be empty: not written).
    RunRecord(std::string results_path, std::string junit_path);
    ~RunRecord();
    RunRecord(const RunRecord&) = delete;
    RunRecord& operator=(const RunRecord&) = delete;

    /// Installs the signal handlers with an empty record for `meta` (nothing ran yet). One record at a time.
    void arm(const RunMetadata& meta);
    /// Removes the handlers and stops the watchdog; the caller writes the final record.
    void disarm();

    /// A test begins: from now on a stop records it as interrupted. Several may run at once (a supervisor's
    /// workers). `hard_limit` (0 = none) is when the watchdog gives up on it: the record is written with the
    /// test timed out and the process exits 1 (for a run in one process; a supervisor ends the child instead).
    void test_started(const std::string& name, std::chrono::seconds hard_limit);
    /// A test ended with this outcome (it is no longer running).
    void test_finished(TestOutcome outcome);
    /// Replaces the metadata (the selection is known once GoogleTest has parsed its filter).
    void update_meta(const RunMetadata& meta);
    /// Where the console is while the runner captures standard output (-1: standard output itself): the
    /// stop message and the watchdog's "still running" lines go there.
    void set_console_fd(int fd);

private:
    struct Running {
        std::string name;
        std::chrono::steady_clock::time_point since;
        std::chrono::seconds hard_limit{0};
    };

    void prepare();
    void watch();

    std::string results_path_;
    std::string junit_path_;
    mutable std::mutex mutex_;
    RunResults done_;
    std::vector<Running> running_;
    std::atomic<bool> armed_{false};
    std::atomic<bool> stop_watch_{false};
    std::atomic<int> console_fd_{-1};
    std::thread watchdog_;
};

}  // namespace dockside::conform
