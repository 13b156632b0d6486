#pragma once
/// The record every boundary and invalid generator returns: a body or query, the rule it probes and
/// what was done to it, so a suite can assert on the rule and a report can say why the case exists.

#include <functional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>
#include <rapidcheck.h>

namespace dockside::generators {

/// Which counting of "characters" a text-limit case relies on. The document says "characters"
/// without a unit (specs/rules.yaml not_shown NS-TEXT-LENGTH-UNIT); the rules data records code points.
enum class TextReading {
    AnyReading,  ///< the case holds however characters are counted (ASCII text, or no text limit)
    CodePoints,  ///< the case holds when characters are Unicode code points, not bytes
};

std::string_view to_string(TextReading reading);

/// One generated case at or past a documented limit.
struct Case {
    nlohmann::json value;  ///< the request body, or the query as a JSON object {"Limit": 0}
    std::string rule_id;   ///< RULES.md id the case probes, e.g. ORD-GIFT-500
    std::string what;      ///< what was done ("<field> of <n> ASCII characters"), stable, for test names and findings
    TextReading reading = TextReading::AnyReading;
    /// The rule the request validator reports for this case (ResponseValidator::validate_request_body,
    /// or the parameter schema for queries); empty when the schema cannot see the problem (duplicate
    /// ids, digital items), so only the target can judge it.
    std::string schema_rule;
};

/// Boundary-valid cases: accepted by a conforming target.
using BoundaryCase = Case;
/// Invalid cases: rejected with a 4xx by a conforming target.
using InvalidCase = Case;

/// Lets RapidCheck print counterexamples.
std::ostream& operator<<(std::ostream& out, const Case& c);

/// Edits a generated base into a case. It runs inside `rc::gen::exec`, so it may draw with `*gen`.
using Change = std::function<void(nlohmann::json&)>;

/// A case's description before its value exists: the rule it probes, what was done, the rule the request
/// validator reports for it ("" when the schema cannot see the problem) and the text reading it assumes.
Case case_meta(std::string rule, std::string what, std::string schema_rule = "",
               TextReading reading = TextReading::AnyReading);

/// A case whose value is `base` after `change`; rule, what, reading and schema_rule come from `meta`.
rc::Gen<Case> make_case(rc::Gen<nlohmann::json> base, Case meta, Change change);

/// One of `cases`, chosen uniformly (the list must not be empty).
rc::Gen<Case> gen_one_of(std::vector<rc::Gen<Case>> cases);

}  // namespace dockside::generators
