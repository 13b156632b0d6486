#pragma once
/// Runs the compiled-in suites against the session's target, collecting per-test outcomes and findings.
/// Used by `dockside conform`.
///
/// The tests run in children the supervisor forks (supervisor.h): a crash or a hang in one test is that
/// test's failure, and the run goes on. Each test has a time budget: the suite API stops sending once it
/// is used up and the test is reported timed out while the others go on; a test still running as long
/// again past it (at least 5 s, at most a minute) is ended with its child. GoogleTest's and RapidCheck's own output can be sent to a log
/// file so the console shows Dockside's report only; progress lines still reach the console.

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "harness/conform/record.h"
#include "harness/conform/results.h"
#include "harness/conform/session.h"
#include "harness/http/har.h"
#include "core/result.h"
#include "harness/auth/shared_token.h"
#include "harness/http/message.h"

namespace dockside::conform {

struct RunOptions {
    std::string filter = "*";              ///< --gtest_filter
    bool list_only = false;                ///< print the tests that would run and run none
    std::set<std::string> accept_keys;     ///< findings with these keys are accepted
    bool progress = false;                 ///< one line per finished area on the console
    bool colour = false;                   ///< colour the progress lines
    /// Where GoogleTest's and RapidCheck's own output goes while the tests run; empty = the console.
    std::string capture_path;
    /// Each test's budget; zero = none. The watchdog gives up on a test a minute past it.
    std::chrono::seconds test_budget{120};
    /// Kept up to date test by test so a signal or crash still leaves a valid record; may be null.
    conform::RunRecord* record = nullptr;
    /// Tests that may run at the same time (what the suites declare in run_apart.h permitting).
    int workers = 1;
    /// The run's requests a second at most, across every child (0 = no cap).
    double max_requests_per_second = 0;
    /// OAuth: where the parent publishes each renewed access token for the children (see
    /// harness/conform/session_token.h); nullptr: the session's token is the only one.
    auth::SharedToken* token = nullptr;
    /// Called in the child that runs the tests; empty in a user's run (a test build injects crashes and
    /// hangs here): as each test starts, and with each request a test is about to send.
    std::function<void(const std::string& test)> on_test_start;
    std::function<void(const std::string& test, const http::Request& request)> on_request;
    /// Called in the child with every exchange as answered (`--har` records it); empty: nothing recorded.
    std::function<void(const std::string& test, std::uint64_t sequence, const http::HarExchange& exchange)> on_answer;
};

/// Hooks a test build of `dockside` sets (from a static initialiser) to inject a crash or a hang into one
/// named test; `dockside conform` passes them on as RunOptions::on_test_start and on_request. Empty in the
/// binary users run.
struct InjectedHooks {
    std::function<void(const std::string& test)> on_test_start;
    std::function<void(const std::string& test, const http::Request& request)> on_request;
};
InjectedHooks& injected_hooks();

/// Initialises GoogleTest (once per process) with the filter, sets the session and runs the selected tests
/// under the supervisor (or lists them). Metadata other than duration and the selection size is taken from
/// `meta`; the outcomes come in the order the tests are registered, whatever order they finished in.
/// An error when the run log cannot be made (run_log.h).
Result<conform::RunResults, std::string> run_suites(conform::Session& session, const RunOptions& options, conform::RunMetadata meta);

/// Sends what is still written to stderr after Dockside's report (RapidCheck prints its own reproduce hint
/// when the process exits) to the log file; Dockside's replay command is the one way to replay.
void keep_exit_output_in(const std::string& log_path);

/// Adds a GoogleTest listener that begins and ends the suite API's test context (time budget, setup steps,
/// the requests a reproduction names) around every test: for runs that call RUN_ALL_TESTS themselves.
void attach_test_context(std::chrono::seconds budget);

}  // namespace dockside::conform
