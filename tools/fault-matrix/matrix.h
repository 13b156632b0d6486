#pragma once
/// The fault matrix: every fault of the reference server's catalog must make the suites of its own area
/// fail. The pieces here are pure (parsing, area mapping, judging a run) so they are unit-tested; the
/// process handling lives in main.cpp.

#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/result.h"

namespace dockside::faultmatrix {

/// One row of `dockside serve --list-faults`.
struct FaultRow {
    std::string name;     ///< "ORD-GIFT-500.accepts-501"
    std::string rule_id;  ///< "ORD-GIFT-500"
    std::string area;     ///< catalog area ("orders", "conventions", …)
    /// Its "rule" is a stance on what the document leaves open (an id of rules.yaml `not_shown:`): a
    /// conformance run must pass it, and a diff against the clean server must find it.
    bool stance = false;
};

/// Parses `--list-faults` output: name, rule id and area are the first three white-space separated
/// columns. Lines that do not have them are errors naming the line.
Result<std::vector<FaultRow>, std::string> parse_fault_list(std::string_view text);

/// Marks the faults whose rule is a stance of the rules document (`not_shown:` ids); without a document, the
/// ids that start with "NS-", as every stance's does.
void mark_stances(std::vector<FaultRow>& faults, const nlohmann::json* rules_document);

/// The conformance areas (`--only`) whose suites must catch a fault of this catalog area:
///   conventions → orders (every conventions fault shows on order operations: content type, Order fields
///                 and types, create status, sporadic 500, malformed JSON);
///   channels    → channels, paging (the channel list is also the paging suite's subject);
///   any other   → the area of the same name.
std::vector<std::string> suite_areas_for(const std::string& fault_area);

/// What one fault run showed.
struct Verdict {
    bool caught = false;
    std::vector<std::string> caught_by;  ///< tests failing now that passed in the baseline, in those areas
    std::string problem;                 ///< why the run could not be judged (empty when it could)
};

/// Judges a fault run's results.json against the baseline's failing tests for the same areas: the fault
/// is caught when a test of those areas (a rule check of them included) fails that did not fail without
/// the fault.
Verdict judge(const nlohmann::json& results, const std::set<std::string>& baseline_failures,
              const std::vector<std::string>& areas);

/// Names of the tests that failed a run (failed, blocked, timed out, interrupted) in a results.json.
std::set<std::string> failed_tests(const nlohmann::json& results);

/// Whether a results.json test status fails the run.
bool failing_status(const std::string& status);

/// Rule id → the rules a server that breaks it may also be found breaking, from the `dependants:` lists of
/// the rules document ("*" = any rule: a fault that can hit any request, like a sporadic 500).
std::map<std::string, std::set<std::string>> rule_dependants(const nlohmann::json& rules_document);

/// Dependants that name no rule of the document (typos the blame check would silently accept), sorted.
std::vector<std::string> unknown_dependants(const nlohmann::json& rules_document);

/// A finding of a fault run that names a rule other than the fault's own or one of its documented
/// dependants: the blame fell on a rule the fault did not break.
struct ForeignFinding {
    std::string rule;
    std::string test;
    std::string title;
};

/// The foreign findings of one fault run, one per (rule, test), skipping tests that already fail in the
/// baseline (they would fail without the fault).
std::vector<ForeignFinding> foreign_findings(const nlohmann::json& results, const std::string& fault_rule,
                                             const std::map<std::string, std::set<std::string>>& dependants,
                                             const std::set<std::string>& baseline_failures);

/// One defect reported more than once: a (rule, operation) that findings of several tests name in one fault
/// run. One defect should make one finding in one test; each of these is a second judge of the same rule.
struct RepeatedFinding {
    std::string rule;
    std::string operation;
    std::vector<std::string> tests;  ///< sorted, at least two
};

/// The (rule, operation) pairs of one fault run named by findings of more than one test, skipping setup
/// findings (a blocked test reports its cause, not a judgement of its own), accepted ones and tests that
/// already fail in the baseline.
std::vector<RepeatedFinding> repeated_findings(const nlohmann::json& results, const std::set<std::string>& baseline_failures);

/// Rules of kind S or I (from the rules document's `rules:` list) that no fault names, sorted.
std::vector<std::string> uncovered_rules(const nlohmann::json& rules_document, const std::vector<FaultRow>& faults);

}  // namespace dockside::faultmatrix
