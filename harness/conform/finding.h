#pragma once
/// What a conformance run found: one Finding per failed expectation, traceable to a RULES.md id, the
/// document's section and a runnable curl line. The suites write them to the FindingLog (run_log.h).

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/validate/violation.h"

namespace dockside::conform {

/// One departure from the contract seen by one test.
struct Finding {
    std::string test;          ///< "Suite.Name" as GoogleTest names it (parameterised: "P/Suite.Name/0")
    std::string area;          ///< lower-case area of the suite ("returns")
    std::string operation;     ///< operationId of the exchange ("" when none, e.g. a /_sim/ call)
    std::string rule;          ///< RULES.md id (ERR-CODES, RET-DUP-ID, …)
    std::string section;       ///< heading path of the API document (x-section of the operation)
    std::string title;         ///< one line: what was expected
    std::string message;       ///< "Received: 500 / Documented: 200, 4XX"
    /// The request that shows it as a runnable shell snippet: credentials as variables, earlier writes of the
    /// same test that it depends on first, unique values made fresh on every run ("" when nothing was sent).
    std::string curl;
    int status = 0;            ///< HTTP status received; 0 when there was no response
    std::string body_excerpt;  ///< at most kBodyExcerptChars characters of the response body
    std::vector<validate::Violation> violations;
    std::uint64_t seed = 0;    ///< the run's RapidCheck seed (0 = not known)
    /// The command that replays the test: `dockside conform --only returns --filter '…' --seed 42 …`.
    std::string replay;
    std::string shrunk_input;  ///< RapidCheck's minimal counterexample, when the test is a property
    bool accepted = false;     ///< matched by the accept file: shown, but does not fail the run
    int occurrences = 1;       ///< how often the same key was recorded in this test (properties repeat)
    /// Recorded while the test was still preparing (creating the records it needs): a test whose findings
    /// are all setup findings is blocked by them, not failed by a rule of its own.
    bool setup = false;
    std::string setup_step;    ///< what the setup was doing ("creating an order"), when `setup`
    /// Set when another test of the run saw the same rule broken on the same operation and the finding is
    /// reported under that test (one defect, one finding): this copy blocks its test instead of failing it.
    std::string reported_under;
    /// "Test.Name#7": the exchange that shows it, as `--har` names its entry ("" when nothing was sent).
    std::string exchange;

    /// Stable identity across runs, for accept files: "rule|operation|test".
    std::string key() const { return rule + "|" + operation + "|" + test; }
};

// The one JSON form of a finding, in the run log and in results.json: a member a reader does not find
// keeps its default.
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(Finding, test, area, operation, rule, section, title, message, curl,
                                                status, body_excerpt, violations, seed, replay, shrunk_input, accepted,
                                                occurrences, setup, setup_step, reported_under, exchange)

/// Longest body excerpt kept in a Finding.
inline constexpr std::size_t kBodyExcerptChars = 500;

}  // namespace dockside::conform
