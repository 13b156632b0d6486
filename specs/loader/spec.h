#pragma once
/// The contract as one in-memory table: every operation of the OpenAPI file with what the harness needs
/// to send and judge it, plus the rules data of `specs/rules.yaml`. Nothing else in Dockside parses
/// OpenAPI; generators, suites, the validator and the load driver all read this.

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/result.h"
#include "specs/loader/limits.h"
#include "specs/loader/lookup.h"
#include "specs/loader/operation_policies.h"
#include "specs/loader/path_template.h"
#include "specs/loader/state_machine.h"
#include "specs/loader/yaml_json.h"

namespace dockside::spec {

using json = nlohmann::json;

/// One parameter after merging path-level and operation-level lists and resolving `$ref`.
struct Parameter {
    std::string name;
    std::string in;  ///< "path", "query", "header" or "cookie"
    bool required = false;
    json schema;          ///< as written (may hold `$ref`); null when the parameter has none
    std::string pointer;  ///< JSON pointer of the parameter object in the document
};

/// One declared response of an operation.
struct ResponseSpec {
    std::string status;                      ///< "200", "4XX" or "default"
    std::vector<std::string> content_types;  ///< media types declared under `content`
    std::optional<json> schema;              ///< schema of the JSON content (as written), if any
    std::string schema_pointer;              ///< JSON pointer of that schema ("" when none)
    std::string pointer;                     ///< JSON pointer of the response object (after `$ref`)
    bool unspecified = false;                ///< x-unspecified: the document does not show the shape

    /// True when a JSON media type (application/json or +json) is declared.
    bool declares_json() const;
};

/// One row of the operation table.
struct Operation {
    std::string id;              ///< operationId
    std::string method;          ///< upper case
    std::string path_template;   ///< e.g. "/2025-07/order/{orderId}:cancel"
    std::string area;            ///< x-area
    std::string section;         ///< x-section: the document's heading path
    std::vector<std::string> rules;  ///< x-rules
    ChannelHeader channel_header = ChannelHeader::Optional;
    std::vector<std::string> scopes;  ///< OAuth/bearer scopes named by `security`, deduplicated
    bool request_unspecified = false;
    bool response_unspecified = false;
    std::vector<Parameter> parameters;
    std::optional<json> request_schema;  ///< JSON request body schema (as written), if any
    std::string request_schema_pointer;
    bool request_body_required = false;
    std::map<std::string, ResponseSpec> responses;  ///< keyed "200", "4XX", "default"
    std::string pointer;  ///< JSON pointer of the operation object, e.g. "/paths/~12025-07~1order/post"

    /// The parameter of that name and location, if declared.
    const Parameter* parameter(std::string_view name, std::string_view in) const;
    /// The response for a concrete status: exact key, then "NXX", then "default".
    const ResponseSpec* response_for(int status) const;
};

/// One rule of specs/rules.yaml.
struct Rule {
    std::string id;
    std::string kind;  ///< S, I or U
    std::string area;
    std::string section;
    std::string text;
    std::vector<std::string> operations;
    std::vector<std::string> fields;  ///< "Schema.field.sub" references
    json check;                       ///< the `check:` object, null when the rule has none
    bool added = false;               ///< not in RULES.md; added by the rules data
    std::string location;             ///< "file:line:column" of the rule entry
};

/// One check of the rules data with `all_of` lists flattened: the unit the check registry runs.
struct CheckEntry {
    std::string rule_id;
    std::string type;      ///< the check's `type` ("max_length", …)
    json params;           ///< the check object as written (`type` included)
    std::string pointer;   ///< JSON pointer in the rules document ("/rules/12/check/checks/3")
    std::string location;  ///< "specs/rules.yaml:41:9" when positions are known, else the rules origin
};

/// Where a schema field appears inside an operation's request body.
struct BodyLocation {
    const Operation* operation = nullptr;
    /// Member names from the body root to the field; "[]" steps into every item of an array
    /// (["products", "[]", "id"]). Empty when the field is the body itself.
    std::vector<std::string> path;
};

/// A response field that names another record: `x-names: {record, field, rule}` on a property of a
/// components schema. Its value is the `field` of the `record` (a components schema) it names, a value that
/// record alone holds (an id, a unique reference); the x-names of one object naming the same record name
/// one record, and a value that disagrees with it breaks `rule`.
struct RecordReference {
    std::string schema;    ///< the components schema of the object holding the field ("Shipment")
    std::string property;  ///< the field ("reference_id")
    std::string record;    ///< the components schema of the record it names ("Order")
    std::string field;     ///< that record's field the value is ("reference_id")
    std::string rule;      ///< the rule a disagreement breaks
};

/// Why the spec could not be loaded. Structural problems are gathered so one run shows all of them.
struct SpecError {
    std::string file;
    int line = 0;
    int column = 0;
    std::string message;
    std::vector<std::string> details;  ///< further problems found in the same pass

    std::string to_string() const;
};

/// A reference in the rules data (or an x-rule in the OpenAPI file) that names something unknown.
struct SpecProblem {
    std::string rule_id;    ///< the rule whose data holds the bad reference
    std::string reference;  ///< the unknown operation id, field reference or rule id
    std::string location;   ///< "specs/rules.yaml:41:9 rules[7].fields[1]" or an OpenAPI pointer
    std::string message;

    std::string to_string() const;
};

/// A path the previous version served that this one does not (the OpenAPI file's `x-removed-paths`).
struct RemovedPath {
    std::string method;       ///< upper case
    std::string path;         ///< under this version's prefix: "/2025-07/order/{orderId}/cancel"
    std::string rule;         ///< VER-REMOVED or VER-RENAMED
    std::string replacement;  ///< the operationId serving it now under its new path; "" when removed outright
};

/// A concrete request path resolved against the operation table.
struct PathMatch {
    const Operation* operation = nullptr;
    std::map<std::string, std::string> path_params;  ///< percent-decoded
};

class Spec {
public:
    /// Loads the OpenAPI file and the rules file (an empty rules_path loads no rules).
    static Result<Spec, SpecError> load(const std::string& openapi_path, const std::string& rules_path);
    /// Builds the table from documents already in memory (tests, generated specs). `origin` names them.
    static Result<Spec, SpecError> from_documents(json openapi, json rules, std::string origin = "<memory>");

    const std::vector<Operation>& operations() const { return operations_; }
    const Operation* find(std::string_view operation_id) const;
    /// The operation serving `method` on `concrete_path` (a query string is ignored). Literal text wins
    /// over parameters: POST /2025-07/order/12:cancel is cancelOrder, not an orderId of "12:cancel".
    std::optional<PathMatch> match(std::string_view method, std::string_view concrete_path) const;
    /// Methods that some operation serves on this path (for 405 answers); empty when no path fits.
    std::vector<std::string> allowed_methods(std::string_view concrete_path) const;

    /// The whole OpenAPI document.
    const json& document() const { return *document_; }
    /// The node a local reference ("#/components/schemas/Order") or JSON pointer names; nullptr if none.
    const json* resolve(std::string_view ref) const;
    /// Follows `$ref` chains from `node` (bounded); returns `node` itself when it has none.
    const json* deref(const json* node, std::string* pointer = nullptr) const;

    /// The operation of that id; an unknown id is an error with the nearest known ids.
    Result<const Operation*, LookupError> operation(std::string_view operation_id) const;

    const std::vector<Rule>& rules() const { return rules_; }
    const Rule* rule(std::string_view id) const;
    /// Every check of the rules data, `all_of` lists flattened, in document order.
    const std::vector<CheckEntry>& checks() const { return checks_; }
    /// The rule a 5xx answer breaks whatever was asked: the rule of the status_class check that applies
    /// to any request and lists 5xx under `never` (ERR-NO5XX in 2025-07); "" when the rules data has none.
    /// Everything that names the rule of a server error asks here.
    const std::string& server_error_rule() const { return server_error_rule_; }

    // ---- typed views of the contract (each name lookup fails as a value, never a silent default)

    /// Limits of fields and parameters (specs/loader/limits.h).
    Limits limits() const { return Limits(*this); }
    /// A state machine of the rules data ("return", "order", "shipment", "wro").
    Result<StateMachine, LookupError> state_machine(std::string_view name) const;
    std::vector<std::string> state_machine_names() const;
    /// Bearer requirement, scopes and channel-header use of an operation.
    Result<Security, LookupError> security(std::string_view operation_id) const;
    /// The list operation whose items are the channels the channel header takes: the `x-values-from` of the
    /// header on an operation that requires it (listChannels in 2025-07). What a preflight reads first.
    Result<const Operation*, LookupError> channel_list() const;
    /// The name of the channel header where an operation requires one ("" when none does): what a run sends
    /// unless its configuration names another (--channel-header).
    std::string channel_header() const;
    /// How a list operation pages; an operation no paging check names is an error.
    Result<Paging, LookupError> paging(std::string_view operation_id) const;
    /// Operations some paging check names, in operation-table order.
    std::vector<std::string> paged_operations() const;
    /// Every scope name the security schemes define or an operation names, sorted.
    std::vector<std::string> scope_names() const;
    /// The paths of the previous version this one no longer serves, in document order.
    std::vector<RemovedPath> removed_paths() const;
    /// The x-area values of the operations, in the order they first appear.
    std::vector<std::string> areas() const;
    /// The operations of one x-area; an unknown area is an error listing the known ones.
    Result<std::vector<const Operation*>, LookupError> operations_in_area(std::string_view area) const;
    /// The unit a limit's `unit:` word counts, from the rules data's `units:` map ("characters" →
    /// code points); an unknown word is an error.
    Result<LengthUnit, LookupError> length_unit(std::string_view unit_word) const;
    /// Every place a "Schema.field" reference appears in a request body, over all operations.
    std::vector<BodyLocation> body_locations(std::string_view field_reference) const;
    /// Every x-names of the OpenAPI file; a malformed one is left out (check() names it).
    std::vector<RecordReference> record_references() const;
    /// The rules document as loaded (state machines, not_shown, versioning … for those who need them).
    const json& rules_document() const { return rules_document_; }

    /// Whether "Schema.field.sub" names a field, stepping through $ref, array items and
    /// allOf/oneOf/anyOf. "operationId.Param" names a parameter of that operation.
    bool field_exists(std::string_view reference) const;
    /// Every rule whose operations, fields or check reference something unknown, every x-rule / x-rules
    /// id in the OpenAPI file that the rules data lacks (when rules are loaded), and every disagreement
    /// between the two files: a limit stated differently, a channel-header use, a paging style, a state
    /// machine naming an unknown state or transition, a limit unit the `units:` map lacks.
    std::vector<SpecProblem> check() const;

private:
    Spec() = default;
    /// Each returns the problems found; empty means the table was built.
    std::vector<std::string> build_operations();
    std::vector<std::string> build_rules(const PositionMap& positions);
    void build_checks();
    void check_consistency(std::vector<SpecProblem>& problems) const;
    void check_references(const Rule& rule, const json& check, const std::string& pointer,
                          const std::string& label, std::vector<SpecProblem>& problems) const;
    bool field_in_schema(const json* schema, const std::vector<std::string>& path, size_t index,
                         int depth) const;

    std::shared_ptr<const json> document_;
    json rules_document_;
    std::vector<Operation> operations_;
    std::unordered_map<std::string, size_t> by_id_;
    std::vector<PathTemplate> templates_;  ///< parallel to operations_
    std::vector<Rule> rules_;
    std::unordered_map<std::string, size_t> rule_by_id_;
    std::vector<CheckEntry> checks_;
    std::string server_error_rule_;  ///< found by build_checks
    PositionMap positions_;  ///< of the rules document, for problem locations
    std::string openapi_origin_;
    std::string rules_origin_;
};

}  // namespace dockside::spec
