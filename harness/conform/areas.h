#pragma once
/// The conformance areas and how `--only` becomes a GoogleTest filter. Suites are named by the PascalCase
/// area ("Returns"); parameterised and property suites add a prefix or suffix around that name.

#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"

namespace dockside::conform {

/// Lower-case area names, in the order reports list them: the API's areas, the stateful model and the checks
/// planned from the rules data (`rulechecks`, the RuleChecks suite).
const std::vector<std::string>& known_areas();

/// "returns" → "Returns", "rulechecks" → "RuleChecks".
std::string suite_name(std::string_view area);

/// The areas of a comma list ("returns, auth"), lower-cased, deduplicated, in the order given. An empty
/// list means every area. An unknown name is an error listing the valid ones.
Result<std::vector<std::string>, std::string> parse_areas(std::string_view only);

/// The --gtest_filter for a list of areas; "*" when the list is empty. Each area matches its plain suite,
/// parameterised instantiations ("*/Returns.*"), typed suites ("Returns/*"), fixture properties
/// ("Returns_RapidCheck.*") and its rule checks ("RuleChecks.*_returns"): an area's limits, value sets and
/// statuses are checked only there, so a run of one area includes them.
std::string gtest_filter(const std::vector<std::string>& areas);

/// The areas' filter narrowed by `narrow`, a GoogleTest pattern (--filter), when it is not empty. GoogleTest
/// has no AND of patterns, so only the patterns that name a test of the chosen areas are kept (a rule check
/// of a chosen area counts: "RuleChecks.status_code_orders" with orders); "-*" when none does.
std::string gtest_filter(const std::vector<std::string>& areas, const std::string& narrow);

/// The area a rule-check test covers: the RuleChecks tests are made per check type and area
/// ("RuleChecks.status_code_orders" → "orders", harness/conform/session_tests.h); "" for any other test.
std::string rule_check_area(std::string_view test_name);

/// The area a GoogleTest name belongs to: "Returns.X" / "P/Returns.X/0" / "Returns/X" → "returns".
std::string area_of_test(std::string_view test_name);

/// The rule a test is named for: "Returns.RET_ONE_ACTION_SecondActionForOneItemRejected" → "RET-ONE-ACTION" (the
/// upper-case words before the first word with a lower-case letter); "" when the name starts otherwise.
std::string rule_of_test(std::string_view test_name);

}  // namespace dockside::conform
