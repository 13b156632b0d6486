#pragma once
/// The constraints a schema states, one at a time, and values that break exactly one of them: the
/// negative half of the schema phase. A constraint is found by walking the schema from the root of a
/// request body or a parameter value; breaking it draws a valid value with gen_from_schema, makes sure the
/// place of the constraint exists in it (drawing the optional members on the way) and replaces or removes
/// that one value, keeping every other constraint of the schema. The walk and the requests built around a
/// value are schema_constraints.cpp's; the values themselves (broken, or at the edge) constraint_values.cpp's.
///
/// Not walked: anyOf/oneOf (breaking one branch may match another), x-unspecified schemas and schemas
/// whose type the document did not state (x-type-inferred): their constraints are the document's silence.

#include <optional>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <rapidcheck.h>

#include "core/result.h"
#include "generators/schema_gen.h"
#include "specs/loader/spec.h"

namespace dockside::generators {

enum class ConstraintKind { Type, Required, Enum, Format, Minimum, Maximum, MinLength, MaxLength, Pattern, MinItems, MaxItems, UniqueBy, Optional };

/// "type", "required", "enum", "format", "minimum", "maximum", "minLength", "maxLength", "pattern",
/// "minItems", "maxItems", "x-unique-by": the schema keyword; "optional": a member the object does not require.
std::string to_string(ConstraintKind kind);

/// One step from a value to a member: a property name, or "[]" for the first item of an array.
struct SchemaStep {
    std::string name;
    nlohmann::json schema;  ///< the member's schema as written (drawn when the member is absent)
};

/// One constraint of a schema, at one place of the value.
struct SchemaConstraint {
    ConstraintKind kind = ConstraintKind::Type;
    std::vector<SchemaStep> path;  ///< from the root value to the constrained value
    std::string property;          ///< Required: the member removed ("" = the whole value, a required body);
                                   ///< Optional: the member a request may leave out
    nlohmann::json schema;         ///< the constrained value's schema, `$ref`s and allOf resolved
    std::string rule;              ///< the nearest x-rule on the way; "" when none
    std::string field;             ///< "Schema.member.sub" as the rules data names fields; "" when none
    /// The value travels as text (a query or path parameter): a type is broken with a word, not with JSON.
    bool as_text = false;
    /// The constraint has edges but is never broken: an open enum (x-open-enum: its values must be accepted,
    /// another is not refused for sure), an optional member (left out, the request must still be served).
    bool edges_only = false;

    /// JSON pointer of the constrained value ("/products/0/id"; "" for the root).
    std::string pointer() const;
    /// "maxLength 500 at /gift_message", "required reference_id at /products/0".
    std::string describe() const;
};

/// What the walk leaves alone because a stance of the rules data says the document does not show it.
struct ConstraintExclusions {
    std::set<std::string> fields;  ///< "Schema.member": nothing of it is broken
};

/// The component a schema's `$ref` names ("OrderCreateRequest"), empty when it names none.
std::string component_name(const nlohmann::json& written);

/// The exclusions the rules data implies: every field a `not_shown` entry names.
ConstraintExclusions exclusions_of(const spec::Spec& spec);

/// Every constraint of `schema` that can be broken alone. `root_field` names the root as the rules data
/// would (a parameter: "listOrders.Limit"); by default the component a root `$ref` names. `skipped`
/// (optional) receives one line per part not walked and why.
std::vector<SchemaConstraint> constraints_of(const spec::Spec& spec, const nlohmann::json& schema,
                                             const ConstraintExclusions& exclusions,
                                             std::vector<std::string>* skipped = nullptr,
                                             const std::string& root_field = "");

/// The value that replaces the constrained one to break `c` alone; nullopt for Required (the member is
/// removed instead). For MinItems/MaxItems/UniqueBy `current` is the array in place (its items are reused). An
/// error says why this constraint cannot be broken without breaking another one.
Result<std::optional<nlohmann::json>, std::string> breaking_value(const SchemaConstraint& c, const nlohmann::json& current);

/// Whether `c` can be broken alone at all (breaking_value would not fail for the reason of the schema).
Result<bool, std::string> breakable(const SchemaConstraint& c);

/// Values valid under `root_schema` except for `c`: a valid draw with the place of `c` made present and
/// then broken. `options` draw the valid rest (with the target's values, a base a target can serve).
/// Shrinks like gen_from_schema.
rc::Gen<nlohmann::json> gen_breaking(const spec::Spec& spec, const nlohmann::json& root_schema, const SchemaConstraint& c,
                                     SchemaGenOptions options = {});

/// A value at an edge of a constraint that the schema still admits: what a server must accept although it
/// sits at the limit (the longest and the shortest text, an integer bound, the fewest items, each listed
/// value). A server that refuses it while it serves the same request with a value inside is off by one.
struct EdgeValue {
    nlohmann::json value;              ///< the value placed (unused when `items` is set)
    std::optional<std::size_t> items;  ///< MinItems: the array in place keeps its first `items` items
    std::string label;                 ///< "500 characters", "250", "\"DTC\"", "1 item", "without tags"
    bool multibyte = false;            ///< text of multi-byte characters: where the length unit's stance asks
};

/// The edges of `c`: for MaxLength and MinLength the text of that many characters (a second, multi-byte
/// one of `multibyte_char` when it is not empty), for Minimum and Maximum the integer bound, for MinItems
/// the fewest items, for Enum each listed value, for Optional the object without the member. Empty when `c` has no edge, or when an edge value could
/// not also keep the place's other constraints (a pattern, a format, values the target must hold).
std::vector<EdgeValue> edge_values(const SchemaConstraint& c, const std::string& multibyte_char = "");

/// A valid draw of `root_schema` with the place of `c` made present, twice: first with `edge` in that
/// place, then as drawn (the same request with a value inside the limits, to tell an edge refused from a
/// request refused for another reason).
rc::Gen<std::pair<nlohmann::json, nlohmann::json>> gen_at_edge(const spec::Spec& spec, const nlohmann::json& root_schema,
                                                             const SchemaConstraint& c, const EdgeValue& edge,
                                                             SchemaGenOptions options = {});

}  // namespace dockside::generators
