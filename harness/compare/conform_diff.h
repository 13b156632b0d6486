#pragma once
/// Two sets of conformance runs set side by side: each finding, keyed by rule, operation and test
/// (Finding::key), is new, fixed, still failing, or not observed (its test did not reach a verdict in the
/// other side's runs: absent, skipped, blocked, timed out or interrupted, so the finding can be neither
/// fixed nor new there). Several runs of one side count as one: a finding is on a side when any of its runs
/// has it, a test observed when any of its runs reached a verdict on it.

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace dockside::compare {

enum class FindingChange { New, Fixed, StillFailing, NotObserved };

/// "new", "fixed", "still_failing", "not_observed".
const char* to_string(FindingChange change);

struct FindingDiff {
    std::string key;        ///< "rule|operation|test"
    std::string rule, operation, test, title;
    FindingChange change = FindingChange::New;
    /// In which runs of each side it was seen ("1/3"): a finding some repeats lack is flaky, not settled.
    int baseline_runs = 0, candidate_runs = 0;
    bool accepted = false;  ///< accepted (by the run's --accept file) wherever the candidate has it
    std::string not_observed_in;     ///< "baseline" or "candidate", for NotObserved
    std::string test_status_there;   ///< what the test was there ("skipped", "absent", …), for NotObserved
    nlohmann::json finding;          ///< the finding as the side that has it recorded it (candidate first)
};

struct TestStatusChange {
    std::string test;
    std::string baseline;   ///< status, or "absent"
    std::string candidate;
};

struct ConformDiff {
    std::vector<FindingDiff> findings;         ///< new first, then fixed, still failing, not observed
    std::vector<std::string> tests_appeared;   ///< in the candidate only
    std::vector<std::string> tests_vanished;   ///< in the baseline only
    std::vector<TestStatusChange> status_changes;  ///< tests in both whose status differs
    int baseline_runs = 0, candidate_runs = 0;
    /// Differences in what was run that do not stop the comparison (areas, faults, seeds, cases).
    std::vector<std::string> notes;

    int count(FindingChange change) const;
    /// The rules of the findings with this change, each once, sorted: the causes behind them.
    std::vector<std::string> rules(FindingChange change) const;
    /// New findings not accepted in the candidate: what makes a comparison a regression.
    int regressions() const;
};

/// Compares results.json documents of the baseline's runs with the candidate's.
ConformDiff diff_conform(const std::vector<nlohmann::json>& baseline, const std::vector<nlohmann::json>& candidate);

/// Why these runs cannot be compared (a different spec version or profile, between the sides or among
/// one side's repeats); empty when they can. `--force` compares anyway.
std::vector<std::string> conform_incompatibilities(const std::vector<nlohmann::json>& baseline,
                                                   const std::vector<nlohmann::json>& candidate);

nlohmann::json to_json(const ConformDiff& diff);

}  // namespace dockside::compare
