#pragma once
/// The GoogleTest listener that turns each test into a conform::TestOutcome: it begins and ends the suite
/// API's test context (time budget, setup steps, the requests a reproduction names), attaches the test's
/// findings, its replay command and a property's shrunk counterexample, applies the accept list, and hands
/// the outcome to a sink (in a supervised child: the run log, run_log.h).

#include <chrono>
#include <functional>
#include <optional>
#include <set>
#include <string>

#include <gtest/gtest.h>

#include "harness/conform/results.h"
#include "harness/conform/session.h"

namespace dockside::conform {

/// Where the listener's news goes.
class OutcomeSink {
public:
    virtual ~OutcomeSink() = default;
    virtual void test_started(const std::string& test) = 0;
    virtual void test_ended(const conform::TestOutcome& outcome) = 0;
};

struct ListenerOptions {
    std::chrono::seconds test_budget{120};
    std::set<std::string> accept_keys;
    /// Called as each test starts, inside the process that runs it (a test build injects faults here).
    std::function<void(const std::string& test)> on_test_start;
};

class OutcomeListener : public ::testing::EmptyTestEventListener {
public:
    OutcomeListener(conform::Session& session, ListenerOptions options, OutcomeSink& sink)
        : session_(session), options_(std::move(options)), sink_(sink) {}

    void OnTestStart(const ::testing::TestInfo& info) override;
    void OnTestPartResult(const ::testing::TestPartResult& part) override;
    void OnTestEnd(const ::testing::TestInfo& info) override;

    /// After the run: when a test began and never ended (GoogleTest caught an exception thrown outside the
    /// test body and abandoned the run), what GoogleTest reported for it.
    std::optional<std::string> abandoned() const;

private:
    conform::Session& session_;
    ListenerOptions options_;
    OutcomeSink& sink_;
    conform::RawTestResult raw_;
    bool in_test_ = false;
};

}  // namespace dockside::conform
