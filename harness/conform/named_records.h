#pragma once
/// The fields of an answer that name another record (the contract's x-names: a shipment's order_id and
/// reference_id name its order), judged against that record where the run holds it. The run holds a record
/// it made, from each answer that is that record at its root (its create, its reads: the latest stands).
/// When one of an object's fields naming a record finds it among the held ones, every field of the object
/// naming that record must agree with it. A record the run does not hold (the target's own, another
/// worker's) is not judged: nothing the run has seen says what it holds.

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/conform/suite_api.h"
#include "specs/loader/spec.h"

namespace dockside::conform {

/// A field that disagrees with the record it names.
struct NameDisagreement {
    spec::RecordReference reference;
    std::string pointer;       ///< of the field in the answer
    nlohmann::json expected;   ///< the held record's `reference.field`
    nlohmann::json actual;     ///< the answer's value
    nlohmann::json record_id;  ///< the held record's id
};

class NamedRecords {
public:
    explicit NamedRecords(const spec::Spec& spec);

    /// Holds `answer` when it is, at its root, a record some x-names names (the response schema of
    /// `operation` for `status` is that record's schema) and carries `made_by` (the run's tag); a record is
    /// known by its "id".
    void hold(const spec::Operation& operation, int status, const nlohmann::json& answer, std::string_view made_by);
    /// Every field of `answer` that names a held record and disagrees with it.
    std::vector<NameDisagreement> judge(const spec::Operation& operation, int status, const nlohmann::json& answer) const;

private:
    const spec::Spec& spec_;
    std::map<std::string, std::vector<spec::RecordReference>> by_schema_;  ///< object's schema → its x-names
    std::map<std::string, std::map<std::string, nlohmann::json>> held_;     ///< record schema → id → record
};

/// deliver()'s judge of every answer: a 2xx whose shape conforms (a field of the wrong type is the shape's
/// to judge) holds the running test's records and records a finding under the reference's rule for each
/// field that disagrees with a held record.
void judge_named_records(const Exchange& exchange);

}  // namespace dockside::conform
