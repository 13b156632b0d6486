#pragma once
/// Runs the compiled-in suites in this process against the session's target, collecting per-test
/// outcomes and findings. Used by `dockside conform` and by `suites_test`'s main.

#include <cstdint>
#include <iosfwd>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "harness/conform/results.h"
#include "harness/conform/session.h"
#include "harness/core/result.h"

namespace dockside::refserver {
class EmbeddedServer;
}

namespace dockside::suites {

struct RunOptions {
    std::string filter = "*";              ///< --gtest_filter
    std::string junit_path;                ///< GoogleTest's XML output; empty = none
    bool list_only = false;                ///< print the tests that would run and run none
    std::set<std::string> accept_keys;     ///< findings with these keys are accepted
    std::ostream* progress = nullptr;      ///< one line per finished suite; nullptr = none
    bool gtest_output = false;             ///< keep GoogleTest's own per-test printer
};

/// RC_PARAMS for a run: the user's RC_PARAMS without max_success/seed, plus ours ("reproduce=…" is kept).
std::string rapidcheck_params(const std::string& user_params, int cases, std::uint64_t seed);

/// Sets RC_PARAMS in the environment before RapidCheck first reads its configuration.
void configure_rapidcheck(int cases, std::uint64_t seed);

/// The shrunk counterexample out of a RapidCheck failure message ("Falsifiable after …" up to the
/// first blank line after the value); empty when the message is not RapidCheck's.
std::string rapidcheck_counterexample(const std::string& failure_message);

/// The command that replays one test: `dockside conform --only <area> --filter '<test>' --seed S --cases N …`.
std::string replay_command(const conform::SessionInfo& info, const std::string& test);

/// Initialises GoogleTest (once per process) with the filter and output, installs the collecting
/// listener, sets the session and runs. Metadata other than duration is taken from `meta`.
conform::RunResults run_suites(conform::Session& session, const RunOptions& options, conform::RunMetadata meta);

/// A session description of an embedded reference server: its URL, tokens and channels, simulation flag.
conform::SessionInfo embedded_session_info(refserver::EmbeddedServer& server, bool simulation);

}  // namespace dockside::suites
