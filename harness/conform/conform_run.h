#pragma once
/// The conformance run as a use case: from a prepared target (its session description and what its
/// preparation already found) and the suites' options to the run's results. `dockside conform` maps its
/// options onto this and keeps what touches the terminal or a particular server: starting the embedded
/// reference server, renewing credentials, the production guard, undoing what the run created, writing and
/// printing the report.

#include <cstdint>
#include <string>
#include <vector>

#include "core/result.h"
#include "harness/conform/results.h"
#include "harness/conform/session.h"
#include "harness/conform/suite_runner.h"
#include "harness/http/client.h"
#include "harness/http/preparation_answer.h"
#include "harness/validate/response_validator.h"
#include "specs/loader/spec.h"

namespace dockside::conform {

/// A target ready to run against, and the findings its preparation already made.
struct PreparedTarget {
    SessionInfo info;
    /// Contract violations seen while preparing (a malformed channel list, OAuth answer), each as a failed test.
    std::vector<TestOutcome> preflight;
    /// False when a preflight finding leaves nothing to run (no --channel to fall back on).
    bool runnable = true;
    /// OAuth: the refresh token that goes with `info.token` (from the code flow, or the one the refresh grant
    /// rotated in); empty with a personal access token, or when the server issued none.
    std::string refresh_token;
    /// The answers read while preparing (remote targets), for `--har`: the preparation's exchanges are the run's.
    http::PreparationAnswers answers;
};

/// What the run was asked to cover, for its record.
struct RunScope {
    std::vector<std::string> areas;   ///< empty = every area
    std::vector<std::string> faults;  ///< faults switched on in the embedded server
};

/// The seed a run reports: `given`, or a fresh one when none was given (0), so that every run can be replayed.
std::uint64_t choose_seed(std::uint64_t given);

/// Why a run could not be done.
struct RunRefused {
    enum class Kind {
        NoSession,        ///< no session could be made for the target (`message` says why)
        NothingSelected,  ///< the selection names no test
        NoRunLog,         ///< no file for the outcomes could be made (`message` says why)
    };
    Kind kind = Kind::NoSession;
    std::string message;
};

/// Runs the selected suites (or lists them, with `run.list_only`) against `prepared`. The results hold the
/// preparation's findings, the tests' outcomes and the schema phase's coverage; when the preparation left
/// nothing runnable, its findings alone.
Result<RunResults, RunRefused> run_conformance(const spec::Spec& spec, const validate::ResponseValidator& validator,
                                                const PreparedTarget& prepared, const http::ClientOptions& client,
                                                const RunOptions& run, const RunScope& scope);

}  // namespace dockside::conform
