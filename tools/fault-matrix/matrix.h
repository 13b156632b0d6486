#pragma once
/// The fault matrix: every fault of the reference server's catalog must make the suites of its own area
/// fail. The pieces here are pure (parsing, area mapping, judging a run) so they are unit-tested; the
/// process handling lives in main.cpp.

#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/core/result.h"

namespace dockside::faultmatrix {

/// One row of `dockside serve --list-faults`.
struct FaultRow {
    std::string name;     ///< "ORD-GIFT-500.accepts-501"
    std::string rule_id;  ///< "ORD-GIFT-500"
    std::string area;     ///< catalog area ("orders", "conventions", …)
};

/// Parses `--list-faults` output: name, rule id and area are the first three white-space separated
/// columns. Lines that do not have them are errors naming the line.
Result<std::vector<FaultRow>, std::string> parse_fault_list(std::string_view text);

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
/// is caught when a test of those areas fails that did not fail without the fault.
Verdict judge(const nlohmann::json& results, const std::set<std::string>& baseline_failures,
              const std::vector<std::string>& areas);

/// Names of the failed tests in a results.json.
std::set<std::string> failed_tests(const nlohmann::json& results);

/// Rules of kind S or I (from the rules document's `rules:` list) that no fault names, sorted.
std::vector<std::string> uncovered_rules(const nlohmann::json& rules_document, const std::vector<FaultRow>& faults);

}  // namespace dockside::faultmatrix
