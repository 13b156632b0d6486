#pragma once
/// The schema phase's plan: for every operation of the spec, how many schema-valid requests it gets and
/// which constraints of its parameters and body are broken, one at a time, in the others. Planned from the
/// schemas alone (no hand-listed case); `cases` (the run's --cases) scales it: 2 × cases requests per
/// operation at least, every breakable constraint at least once.
///
/// An operation that changes the record its path names (a write with a path parameter: cancel, delete,
/// patch, …) must not cancel or change what the target (or another test) holds. Where the data names the
/// create that makes such a record (x-made-by on every path parameter), its valid requests name records the
/// run makes first (`made_by`: the suite makes one per request); elsewhere they carry integer path values
/// below zero, which every schema of the contract admits and no record has, and are refused for that.
/// Its invalid requests name records the target holds (x-values-from): a correct server refuses them and
/// changes nothing, and a refusal for a record's absence would prove nothing about the constraint broken.

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <rapidcheck.h>

#include "generators/known_values.h"
#include "generators/schema_constraints.h"
#include "specs/loader/spec.h"

namespace dockside::generators {

/// Where a broken constraint sits.
enum class RequestPart { Body, Query, Path };
std::string to_string(RequestPart part);

/// One constraint to break, and where.
struct NegativeCase {
    RequestPart part = RequestPart::Body;
    std::string parameter;         ///< Query/Path: the parameter's name
    SchemaConstraint constraint;   ///< Body: relative to the body; Query/Path: relative to the value
    /// "maxLength 500 at /gift_message (body)", "minimum 1 of query Limit".
    std::string describe() const;
};

/// A value at the edge of one constraint, which a server must accept (schema_constraints.h EdgeValue).
struct EdgeCase {
    RequestPart part = RequestPart::Body;
    std::string parameter;  ///< Query: the parameter's name
    SchemaConstraint constraint;
    EdgeValue edge;
    bool unique = false;    ///< a unique member of the body: the text is made unique at its full length
    /// "maxLength 500 at /gift_message (body): 500 characters".
    std::string describe() const;
};

/// A member of a request body that names a record the run makes: its place ({"variants", "[]", "id"}), the
/// field of the create's answer that holds the id, and whether it names a record of its own, made beside the
/// one the path names (`apart`: the variants a merge takes into the path's).
struct MadeMember {
    std::vector<std::string> place;
    std::string field;
    bool apart = false;
};

/// The create that makes the records an operation's path names: the operation, and for each path parameter
/// the field of its answer that holds the id ("shipments.id": of the first item); the members of the request
/// body that name such records; and the operation of the contract that removes a record again, when the data
/// names one (`removed_by`).
struct RecordMaker {
    std::string operation;
    std::map<std::string, std::string> fields;
    std::vector<MadeMember> body_fields;
    std::string removed_by;
};

/// Puts `values` in place of the values `request` holds at `place` (a member name, or "[]" for each item), in
/// the order they stand, the last value for all past the others; changes none when `values` is empty. Where
/// an object on the way lacks the place's last member, `add` puts it there too (an item naming a record of
/// its own names one in every item). Returns how many places it found.
std::size_t replace_at(nlohmann::json& request, const std::vector<std::string>& place, const std::vector<nlohmann::json>& values,
                       bool add = false);

struct OperationPlan {
    const spec::Operation* operation = nullptr;
    int positive = 0;                    ///< schema-valid requests
    int negative = 0;                    ///< requests breaking one constraint, spread over `cases`
    std::vector<NegativeCase> cases;
    /// Values at the edges of the constraints a rule owns (x-rule), each sent once: the limit itself is
    /// accepted. Not for path values: another value there names another record.
    std::vector<EdgeCase> edges;
    std::vector<std::string> not_exercised;  ///< what is not generated or not broken, and why
    bool absent_records = false;         ///< integer path parameters are drawn below zero (see above)
    std::optional<RecordMaker> made_by;  ///< set for such an operation whose records the run can make
    /// Members of the request body a `unique_value` check of the rules data holds unique on the target
    /// ("reference_id" of createOrder): the phase writes a unique, tagged value there (gen_positive).
    std::vector<std::string> unique_members;

    int requests() const { return positive + negative; }
    /// How many of the negative requests break `cases[index]` (round robin, each at least once).
    int share(std::size_t index) const;
};

/// The plan of one operation. `multibyte_char` (the profile's, where the length unit's stance asks for
/// multi-byte probes) adds a multi-byte edge beside each text edge.
OperationPlan plan_operation(const spec::Spec& spec, const spec::Operation& operation, int cases,
                             const ConstraintExclusions& exclusions, const std::string& multibyte_char = "");
/// The plans of every operation of the spec, in operation-table order.
std::vector<OperationPlan> plan_schema_phase(const spec::Spec& spec, int cases);

/// One request of the phase, ready for the suite API.
struct PhaseRequest {
    std::map<std::string, std::string> path;
    nlohmann::json query = nlohmann::json::object();  ///< for to_query_params
    std::optional<nlohmann::json> body;
};
void showValue(const PhaseRequest& request, std::ostream& os);

/// What a phase request draws from beyond the schemas.
struct PhaseValues {
    /// Values the target holds (known_values.h): places whose schema names their source draw from them.
    std::shared_ptr<const KnownValues> known;
    /// Starts the value of each of the plan's unique_members, a counter after it: a rerun never collides
    /// with an earlier run's record (a 409 would refuse the request for that), and a run that tags it knows
    /// the records it made (the conform run's tag). Empty: drawn from the schema like the rest.
    std::string unique_prefix;
};

/// Schema-valid requests of the plan's operation. `spec` must outlive the generator.
rc::Gen<PhaseRequest> gen_positive(const spec::Spec& spec, const OperationPlan& plan, PhaseValues values = {});
/// Requests valid but for `c`, the valid rest drawn as gen_positive draws it (with the target's values, so
/// that the refusal a negative gets is for `c` and not for an id the target never held).
rc::Gen<PhaseRequest> gen_negative(const spec::Spec& spec, const OperationPlan& plan, const NegativeCase& c,
                                   PhaseValues values = {});

/// The request with `edge`'s value in place, and the same request with the value drawn inside the limits.
struct EdgeRequests {
    PhaseRequest at_edge;
    PhaseRequest inside;
};
void showValue(const EdgeRequests& requests, std::ostream& os);
rc::Gen<EdgeRequests> gen_edge(const spec::Spec& spec, const OperationPlan& plan, const EdgeCase& edge, PhaseValues values = {});

}  // namespace dockside::generators
