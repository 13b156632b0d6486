#pragma once
/// Judging one response against what a probe expects. Pure: no I/O, no spec; the suite sends and
/// observes, the judge says whether the rule held and, when not, returns a typed finding.

#include <optional>
#include <string>
#include <vector>

#include "harness/checks/probe.h"

namespace dockside::checks {

/// What came back for one probe request.
struct Observation {
    int status = 0;               ///< 0 when there was no response
    std::string transport_error;  ///< why there is no response
    std::string content_type;     ///< the Content-Type header ("" when absent)
    std::string body;
};

/// What the profile in force demands beyond the document (strict profiles name exact codes).
struct JudgeOptions {
    std::optional<int> reject_code;      ///< the exact code of a rejection; nullopt = any 4xx
    std::vector<int> not_served_codes;   ///< the codes of a path not served; empty = any 4xx
    /// The rule a 5xx breaks whatever the probe (spec::Spec::server_error_rule, ERR-NO5XX in 2025-07); a
    /// 5xx is reported under it, not under the probe's rule. "" = the probe's.
    std::string server_error_rule;
};

/// A departure from a rule, as the judge saw it; the probe runner records it with the exchange that showed it.
struct CheckFinding {
    std::string rule_id;
    std::string check_type;
    std::string operation;
    std::string title;    ///< what was expected: "createOrder rejects gift_message of 501 characters"
    std::string message;  ///< "Received: 201 / Expected: 4XX"
};

/// nullopt when the observation is what the probe expects; otherwise what went wrong.
std::optional<CheckFinding> judge(const Probe& probe, const Observation& observed, const JudgeOptions& options = {});

/// Body field names of `body` (recursively, array items included) that break `naming`: a
/// {body_fields: snake_case, body_field_exceptions: [...], observed_in_document: [...]} object.
std::vector<std::string> misnamed_fields(const nlohmann::json& body, const nlohmann::json& naming);

}  // namespace dockside::checks
