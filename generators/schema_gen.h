#pragma once
/// Valid values for any schema of the OpenAPI file, derived from the schema itself: the fallback for
/// shapes without a hand-written generator and the proof that generators and the contract agree.

#include <nlohmann/json.hpp>
#include <rapidcheck.h>

#include "core/result.h"
#include "generators/known_values.h"
#include "specs/loader/spec.h"

namespace dockside::generators {

/// Bounds that keep generated values small; limits the schema states are always honoured.
struct SchemaGenOptions {
    int max_depth = 6;               ///< below this depth only required properties and minItems appear
    std::size_t extra_items = 3;     ///< arrays hold at most minItems + this many items
    std::size_t extra_length = 16;   ///< strings hold at most minLength + this many characters…
                                     ///< …except that maxLength itself is drawn as a boundary
    /// Values the target holds for schemas with `x-values-from` (known_values.h): every draw takes one of
    /// them where the schema admits one. Null, without the source or none fitting: drawn from the schema alone.
    std::shared_ptr<const KnownValues> known{};
    /// The list item each list operation's values come from in the request being drawn (set by the first
    /// value drawn from that list), so that the values of one request name records that go together. One
    /// fresh map per request; null: each value is drawn from any item.
    std::shared_ptr<std::map<std::string, std::size_t>> item_of_list{};
};

/// A generator of values valid under `schema` (as written in the document, `$ref`s into
/// `spec.document()` allowed). Understood: `type` (including `[T, "null"]`), enum, const, minLength,
/// maxLength, minimum, maximum, exclusiveMinimum, exclusiveMaximum, minItems, maxItems, uniqueItems,
/// properties, required, `$ref`, allOf (merged), anyOf and oneOf (one branch merged with its
/// siblings), `not` of `required` or of a type, the formats date-time, date, int32, int64, uri and
/// email, and `pattern` (see pattern_gen.h). A schema without a type or marked x-unspecified yields
/// small arbitrary JSON. oneOf branches are not checked for exclusivity; the contract has none.
/// A pattern the subset cannot handle fails generation with a message naming it.
/// `spec` must outlive the generator.
rc::Gen<nlohmann::json> gen_from_schema(const spec::Spec& spec, const nlohmann::json& schema,
                                        SchemaGenOptions options = {});

/// `schema` with its `$ref` chains followed and its `allOf` members merged into one object (a sibling of
/// a `$ref` refines the target, so the nearest `x-rule` wins); anyOf/oneOf are left in place. An
/// unresolvable `$ref` is an error naming it.
Result<nlohmann::json, std::string> resolved_schema(const spec::Spec& spec, const nlohmann::json& schema);

/// The request body schema of an operation, or nothing when its request shape is absent or
/// unspecified. Convenience for suites: gen_from_schema(spec, *request_schema_of(op)).
const nlohmann::json* request_schema_of(const spec::Operation& operation);

}  // namespace dockside::generators
