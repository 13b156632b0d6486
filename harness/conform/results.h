#pragma once
/// The outcome of one conformance run: per test its status and findings, per area a summary, results.json
/// and the exit code. A finding is traceable to a RULES.md id, the document's section and a runnable curl
/// line; the suites write them to the FindingLog (run_log.h). The console report is in report.h, the JUnit
/// file in junit.h.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/conform/schema_coverage.h"
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

/// Passed; Failed (a finding of its own, or an assertion); Skipped (with a reason); Accepted (only
/// accepted findings); Blocked (its setup failed: every finding is a setup finding, shown once as the
/// cause); TimedOut (past its time budget; the others went on); Interrupted (the run was stopped, by a
/// signal or a crash, while this test ran).
enum class TestStatus { Passed, Failed, Skipped, Accepted, Blocked, TimedOut, Interrupted };

/// "passed", "failed", "skipped", "accepted", "blocked", "timed_out", "interrupted".
std::string_view to_string(TestStatus status);

/// Whether a test with this status makes the run fail (exit 1).
bool fails_run(TestStatus status);

/// Marker that ties a GoogleTest failure message to a recorded finding: "[dockside-finding KEY]".
std::string finding_marker(const std::string& key);

/// One test as GoogleTest ran it, before findings are attached.
struct RawTestResult {
    std::string name;  ///< "Suite.Name"
    bool failed = false;
    bool skipped = false;
    std::string skip_message;                   ///< GoogleTest's skip message
    std::vector<std::string> failure_messages;  ///< one per failed assertion
    double seconds = 0;
    std::optional<double> timed_out_after;      ///< the budget it ran past, in seconds
};

/// What the supervisor knows of a test the harness itself did not survive (a crash signal, an abort, an
/// uncaught exception, or a hang it had to cut short): the run records it as that test's failure and goes on.
struct HarnessFault {
    std::string cause;         ///< "SIGSEGV (signal 11)", "exited with status 3", "no answer for 180 s"
    std::string last_request;  ///< the last request the test sent ("DELETE /2025-07/webhook/7"), "" when none
    std::uint64_t seed = 0;    ///< the run's RapidCheck seed
    std::string replay;        ///< the command that runs this test alone again
};
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(HarnessFault, cause, last_request, seed, replay)

struct TestOutcome {
    std::string name;
    std::string area;
    TestStatus status = TestStatus::Passed;
    /// Skipped: why. Blocked: the setup step and its failure. TimedOut / Interrupted: what stopped it.
    std::string reason;
    double seconds = 0;
    std::vector<std::string> failure_messages;  ///< GoogleTest's, for failures no finding explains
    std::vector<Finding> findings;
    std::optional<HarnessFault> harness_fault;  ///< set when the harness died in this test
    /// Answers 429 the test waited out (NS-RATE-LIMITS: throttling, never a finding) and how long it waited.
    int rate_limited_waits = 0;
    double rate_limited_seconds = 0;
    /// A schema phase test's row; it travels in the run log and is shown once, in results.json's "schema_phase".
    std::optional<OperationCoverage> coverage;
};

/// Status of a test from GoogleTest's verdict and its findings: a failed test whose findings are all
/// accepted, and whose every failure message carries the marker of one of them, is Accepted; a failed
/// test whose unaccepted findings are all setup findings is Blocked; a test past its budget is TimedOut.
/// Failure messages lose source locations ("suites/x.cpp:12:"): reports name rules, not harness lines.
TestOutcome classify(const RawTestResult& raw, std::vector<Finding> findings, const std::string& recorded_skip_reason);

/// One defect, one finding: where several failed tests found the same rule broken on the same operation,
/// the finding is reported under one of them (the test named for the rule, else the schema phase test of
/// the operation, else a rule check, else the first by name: the same test whatever --workers did) and the
/// others' copies name it (`reported_under`); a test left with nothing of its own is Blocked by it.
void report_each_defect_once(std::vector<TestOutcome>& tests);

/// Whether a finding blocks its test rather than failing it: a setup finding, or one reported under another test.
bool blocks(const Finding& finding);

/// `text` without source locations of the harness ("…/orders_suite.cpp:123: " and "file.cpp(12)").
std::string strip_source_locations(const std::string& text);

/// OAuth: how the run kept its access token usable (see harness/auth/token_refresher.h).
struct CredentialRenewals {
    int renewals = 0;              ///< access tokens obtained during the run
    int on_demand = 0;             ///< of them, asked for by a request refused with 401
    int failures = 0;              ///< renewals that failed (each tried again)
    int unauthorized_retries = 0;  ///< requests refused with 401 and sent once more with the new token
    int unrenewed = 0;             ///< requests refused with 401 whose new token did not come in time
    std::string refresh_token_file;  ///< where each rotated refresh token was written; empty: nowhere
    std::string last_error;        ///< of a failed renewal or refresh-token write; empty when none failed
};

struct RunMetadata {
    std::string target;     ///< base URL ("embedded: http://127.0.0.1:PORT" for the reference server)
    bool embedded = false;
    std::string profile;
    std::uint64_t seed = 0;
    int cases = 0;
    std::vector<std::string> areas;   ///< empty = all
    std::vector<std::string> faults;  ///< faults switched on in the embedded server
    std::string started_at;           ///< RFC 3339 UTC
    double duration_seconds = 0;
    double test_budget_seconds = 0;   ///< each test's time budget
    int selected = 0;                 ///< tests the selection named (those not run are selected - tests.size())
    std::string interrupted;          ///< empty when the run finished; else what stopped it ("SIGINT")
    std::string dockside_version = "0.1.0";
    std::string spec_version;         ///< the contract's info.version ("2025-07"); compare refuses to mix versions
    /// Set when the run renewed an OAuth access token; a personal access token is never renewed.
    std::optional<CredentialRenewals> credentials;
};

/// An entry of the accept file that this run could judge and did not see: the finding no longer occurs.
struct StaleAccept {
    std::string key;  ///< "rule|operation|test"
    std::string why;  ///< "the test passed", "the test no longer exists", …
};

/// What a run says of the accept file it was given (--accept): which entries are stale, and how many it
/// could not judge (their test was not selected, skipped, blocked, or did not finish).
struct AcceptAudit {
    std::string file;
    int entries = 0;
    int matched = 0;  ///< entries whose finding occurred again (accepted in this run)
    std::vector<StaleAccept> stale;
    int not_judged = 0;
};

struct RunResults {
    RunMetadata meta;
    std::vector<TestOutcome> tests;
    std::optional<AcceptAudit> accept{};  ///< set when the run was given an accept file
    std::vector<OperationCoverage> schema_phase{};  ///< the schema phase's rows, when its tests ran
};

struct AreaSummary {
    std::string area;
    int passed = 0, failed = 0, skipped = 0, accepted = 0, blocked = 0, timed_out = 0;
    double seconds = 0;
};

/// One row per area that ran, in known_areas() order (unknown suite names last, alphabetically).
/// Interrupted tests count as failed.
std::vector<AreaSummary> summarize(const std::vector<TestOutcome>& tests);

/// The run's totals: tests per status and how many distinct findings (rule and title) fail it.
struct Totals {
    AreaSummary counts{"total"};
    int distinct_findings = 0;
    int interrupted = 0;
    int rate_limited_waits = 0;       ///< answers 429 waited out across the run
    double rate_limited_seconds = 0;  ///< and the time spent waiting
};
Totals totals(const RunResults& results);

nlohmann::json to_json(const Finding& finding);
/// {"dockside_version","spec_version","target","embedded","profile","seed","cases","areas","faults","started_at",
///  "duration_seconds","test_budget_seconds","interrupted","credentials"? (OAuth only),"summary":{passed,failed,skipped,accepted,blocked,
///  timed_out,interrupted,not_run,total,distinct_findings},"areas_summary":[…],
///  "tests":[{name,area,status,reason?,seconds,failure_messages,findings:[…]}],
///  "accept"?:{file,entries,matched,not_judged,stale:[{key,why}]}} ("accept" only when an accept file was given),
///  "schema_phase"?:{operations:[{operation,test,requests,positive,served,negative,constraints,constraints_exercised,
///  statuses,not_exercised}],min_requests} (only when the schema phase ran).
nlohmann::json to_json(const RunResults& results);
/// {"renewals","renewals_on_demand","renewal_failures","unauthorized_retries","unrenewed","refresh_token_file"?,
///  "last_error"?}.
nlohmann::json to_json(const CredentialRenewals& renewals);
/// One test as results.json holds it.
nlohmann::json to_json(const TestOutcome& outcome);

/// 0 when no test failed, was blocked or timed out (accepted findings do not fail a run), 1 otherwise.
int exit_code(const RunResults& results);

/// "2025-07-14T09:03:11Z" / "20250714T090311Z" for now.
std::string utc_timestamp(bool compact);

}  // namespace dockside::conform
