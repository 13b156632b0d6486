#pragma once
// Walking the OpenAPI schemas by field name: the loader's limits, body locations and reference checks
// share it. Not part of the public API.

#include <string>
#include <string_view>
#include <vector>

#include "specs/loader/spec.h"

namespace dockside::spec::detail {

inline constexpr int kMaxWalkDepth = 32;  // a cycle of $refs or a deep schema must not hang the loader

/// The schema of property `name` reachable from `schema`: its own `properties`, then through `$ref`,
/// array `items` and allOf/anyOf/oneOf members. `pointer` is the JSON pointer of `schema` on entry and
/// of the property's schema on success; nullptr when no such property exists.
const json* find_property(const Spec& spec, const json* schema, std::string_view name, std::string& pointer,
                          int depth = 0);

/// Every property name reachable from `schema` the same way (for suggestions), sorted, unique.
std::vector<std::string> property_names(const Spec& spec, const json* schema, int depth = 0);

/// The schema node a "Schema.a.b" reference names, with its pointer; the error names the first part
/// that does not exist and the nearest existing names.
Result<const json*, LookupError> resolve_field(const Spec& spec, std::string_view reference, std::string& pointer);

/// Reads the limit keywords of `schema` (following `$ref` and allOf; the first statement of a keyword
/// wins, so siblings of a `$ref` refine its target) into `out`. With `field`, also minItems/maxItems and
/// the limits of array items, and `nullable`.
void collect_limits(const Spec& spec, const json* schema, ValueLimits& out, FieldLimits* field, int depth = 0);

}  // namespace dockside::spec::detail
