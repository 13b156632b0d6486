#pragma once
/// Tests whose list follows the session's contract rather than the code: the rule checks make one test per
/// check type and area of the data they find, so a run with --workers spreads a long check type over
/// children, and a rule added to the data in a new area gets a test of its own. A suite adds a maker from a
/// static initialiser; run_suites calls every maker with the session before GoogleTest lists the tests.

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "harness/conform/session.h"

namespace dockside::conform {

using SessionTestMaker = void (*)(const conform::Session& session);

/// For a static initialiser: `const bool kMade = add_session_test_maker(&make_my_tests);`.
bool add_session_test_maker(SessionTestMaker maker);

/// Calls every maker with the session (run_suites does, before GoogleTest is initialised).
void make_session_tests(const conform::Session& session);

/// What must hold while a session's tests run (the generators reading the session's contract): made from
/// the session when the run starts, released when it ends. For a static initialiser, like the makers.
using SessionScopeMaker = std::function<std::shared_ptr<void>(const conform::Session& session)>;
bool add_session_scope(SessionScopeMaker maker);

/// Every scope added, made for `session`; run_suites holds them while the tests run.
std::vector<std::shared_ptr<void>> make_session_scopes(const conform::Session& session);

/// Registers SUITE.NAME once per process: a later session with the same contract finds it there already.
/// Returns whether it was new.
bool register_session_test(const std::string& suite, const std::string& name, std::function<::testing::Test*()> factory);

}  // namespace dockside::conform
