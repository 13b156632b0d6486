#pragma once
/// Which compiled-in tests a run selects and how they are handed to the supervisor's children. The
/// selection follows GoogleTest's filter syntax (`Pos1:Pos2-Neg1:Neg2`, `*` and `?`), so `--filter` means
/// what it means to GoogleTest, and the parent knows every test before any child runs.

#include <string>
#include <vector>

#include "harness/conform/supervisor.h"

namespace dockside::conform {

/// Whether `name` ("Suite.Test") matches a GoogleTest filter.
bool matches_gtest_filter(const std::string& name, const std::string& filter);

/// The registered tests that `filter` selects, in registration order (disabled tests left out, as
/// GoogleTest does). GoogleTest must have been initialised.
std::vector<std::string> selected_tests(const std::string& filter);

/// One worker: a batch per GoogleTest suite (a child per suite, so a serial run forks a few dozen times).
/// Several: a batch per test, so any test can start as soon as a worker is free, those declared to run long
/// first (run_apart.h).
std::vector<TestBatch> batches_of(const std::vector<std::string>& tests, int workers);

}  // namespace dockside::conform
