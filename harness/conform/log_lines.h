#pragma once
/// Lines that mark where each test begins and ends in the run's log (conform.log), so the GoogleTest and
/// RapidCheck output captured there can be read test by test: `[ RUN      ] Returns.RET_X` and
/// `[       OK ] Returns.RET_X (0.123 s)` (FAILED, SKIPPED), in GoogleTest's own words.

namespace dockside::conform {

/// Adds a GoogleTest listener that writes those lines to standard output, which the runner sends to the log
/// while the tests run. Call once, before run_suites.
void mark_tests_in_log();

}  // namespace dockside::conform
