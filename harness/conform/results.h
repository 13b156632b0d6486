#pragma once
/// The outcome of one conformance run: per test its status and findings, per area a summary, and the
/// renderings the runner prints and writes (results.json, the summary table, the failure reports).

#include <cstdint>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/conform/finding.h"

namespace dockside::conform {

enum class TestStatus { Passed, Failed, Skipped, Accepted };

/// "passed", "failed", "skipped", "accepted".
std::string_view to_string(TestStatus status);

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
};

struct TestOutcome {
    std::string name;
    std::string area;
    TestStatus status = TestStatus::Passed;
    std::string reason;                         ///< the skip reason; empty otherwise
    double seconds = 0;
    std::vector<std::string> failure_messages;  ///< GoogleTest's, for failures no finding explains
    std::vector<Finding> findings;
};

/// Status of a test from GoogleTest's verdict and its findings: a failed test whose findings are all
/// accepted, and whose every failure message carries the marker of one of them, is Accepted.
TestOutcome classify(const RawTestResult& raw, std::vector<Finding> findings, const std::string& recorded_skip_reason);

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
    std::string dockside_version = "0.1.0";
};

struct RunResults {
    RunMetadata meta;
    std::vector<TestOutcome> tests;
};

struct AreaSummary {
    std::string area;
    int passed = 0, failed = 0, skipped = 0, accepted = 0;
    double seconds = 0;
};

/// One row per area that ran, in known_areas() order (unknown suite names last, alphabetically).
std::vector<AreaSummary> summarize(const std::vector<TestOutcome>& tests);

nlohmann::json to_json(const validate::Violation& violation);
nlohmann::json to_json(const Finding& finding);
/// {"dockside_version","target","embedded","profile","seed","cases","areas","faults","started_at",
///  "duration_seconds","summary":{passed,failed,skipped,accepted,total},"areas_summary":[…],
///  "tests":[{name,area,status,reason?,seconds,failure_messages,findings:[…]}]}.
nlohmann::json to_json(const RunResults& results);

/// 0 when no test failed (accepted findings do not fail a run), 1 otherwise.
int exit_code(const RunResults& results);

/// "returns      passed 12  failed 1  skipped 2  accepted 0   3.4 s".
std::string render_progress_line(const AreaSummary& summary);
/// The per-area table with a total row.
std::string render_summary(const RunResults& results);
/// One finding in full: operation, rule, section, curl, status, body excerpt, violations, seed, shrunk input.
std::string render_finding(const Finding& finding);
/// Every failed (and accepted) test with its findings, or its GoogleTest messages when it has none.
std::string render_failures(const RunResults& results);

/// "2025-07-14T09:03:11Z" / "20250714T090311Z" for now.
std::string utc_timestamp(bool compact);

}  // namespace dockside::conform
