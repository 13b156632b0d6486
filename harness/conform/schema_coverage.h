#pragma once
/// What the schema phase did per operation: requests sent, constraints planned and broken, statuses seen.
/// Each phase test (one per operation) records its row on its outcome, which the run log carries home;
/// `dockside conform` gathers the rows into results.json ("schema_phase") and prints them as a table under
/// the summary.

#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/result.h"

namespace dockside::conform {

struct OperationCoverage {
    std::string operation;
    std::string test;                    ///< the test that sent it ("Orders.SchemaPhase_createOrder")
    int positive = 0;                    ///< schema-valid requests sent
    /// Of them, those answered below 400 (served); unset in a row of a Dockside that did not count it.
    std::optional<int> served;
    int negative = 0;                    ///< requests sent that break one constraint
    int constraints = 0;                 ///< breakable constraints planned
    int constraints_exercised = 0;       ///< of them, broken by at least one request sent
    std::map<int, int> statuses;         ///< status → answers (0 = no answer)
    std::vector<std::string> not_exercised;  ///< what the plan leaves out and why

    int requests() const { return positive + negative; }
};

nlohmann::json to_json(const OperationCoverage& row);
/// The inverse of to_json; an error names what is missing.
Result<OperationCoverage, std::string> coverage_from_json(const nlohmann::json& row);

/// The invalid requests sent to operations that served none of their valid requests (or sent none): a refusal there says
/// nothing of the constraint the request broke (the target refuses that operation's requests for another
/// reason: an id it does not hold, a state, a field it requires), so they prove nothing.
struct UnprovenNegatives {
    int requests = 0;
    std::vector<std::string> operations;
};
UnprovenNegatives unproven_negatives(const std::vector<OperationCoverage>& rows);

/// The table for the console: one row per operation, then the smallest request count and the invalid
/// requests that prove nothing.
std::string render_coverage(const std::vector<OperationCoverage>& rows);

/// {"operations": [...], "min_requests": n, "unproven_negatives": {"requests": n, "operations": [...]}}.
nlohmann::json coverage_json(const std::vector<OperationCoverage>& rows);

/// The rows of a results.json's "schema_phase" (coverage_json read back): none when the record has no such
/// section (the phase did not run, or an older Dockside wrote it); an error names the row that cannot be read.
Result<std::vector<OperationCoverage>, std::string> coverage_from_results(const nlohmann::json& results);

}  // namespace dockside::conform
