#pragma once
/// What a conformance run found: one Finding per failed expectation, traceable to a RULES.md id, the
/// document's section and a runnable curl line; and the thread-safe log the suites write them to.

#include <cstddef>
#include <cstdint>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <string_view>
#include <vector>

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
    std::string key() const;
};

/// Longest body excerpt kept in a Finding.
inline constexpr std::size_t kBodyExcerptChars = 500;

/// The first `max_chars` characters of `body` (never splitting a UTF-8 sequence), plus "…" when cut.
std::string excerpt(std::string_view body, std::size_t max_chars = kBodyExcerptChars);

/// The area a GoogleTest name belongs to: "Returns.X" / "P/Returns.X/0" / "Returns/X" → "returns".
std::string area_of_test(std::string_view test_name);

/// The rule a test is named for: "Returns.RET_ONE_ACTION_SecondActionForOneItemRejected" → "RET-ONE-ACTION" (the
/// upper-case words before the first word with a lower-case letter); "" when the name starts otherwise.
std::string rule_of_test(std::string_view test_name);

/// "rule|title" for counting distinct findings across tests: the same expectation broken the same way.
std::string cause_key(const Finding& finding);

/// Keys of an accept file: one per line, blank lines and `#` comments (whole line or trailing) ignored,
/// surrounding white space trimmed.
std::set<std::string> parse_accept_file(std::string_view text);

/// The text of an accept file for these findings: a comment header, then one key per line, sorted.
std::string render_accept_file(const std::vector<Finding>& findings);

/// Every finding of a run, from any test thread. Findings with the same key in the same test are
/// merged (the newest kept, `occurrences` counted) so a shrinking property leaves its minimal case.
class FindingLog {
public:
    void add(Finding finding);
    /// A skip and its reason ("needs the simulation control"): skips are never passes.
    void record_skip(const std::string& test, std::string reason);

    std::vector<Finding> all() const;
    std::vector<Finding> for_test(std::string_view test) const;
    std::map<std::string, std::string> skips() const;
    std::size_t size() const;

    /// The run's seed, set on every finding added from now on that has none.
    void set_seed(std::uint64_t seed);
    /// Sets the replay command and shrunk_input on every finding of `test` that has none yet.
    void annotate_test(std::string_view test, const std::string& replay, const std::string& shrunk_input);
    /// Marks findings whose key is in `keys` as accepted; returns how many were marked.
    std::size_t accept(const std::set<std::string>& keys);
    void clear();

private:
    mutable std::mutex mutex_;
    std::vector<Finding> findings_;
    std::map<std::string, std::string> skips_;
    std::uint64_t seed_ = 0;
};

}  // namespace dockside::conform
