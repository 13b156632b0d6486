#pragma once
/// The contract the generators read their documented values from (limits, enums, topics, scopes): the
/// spec set for this run — the conformance session's, the load driver's — or, when none is set, the
/// process's default contract (specs/loader/spec_location.h), loaded once. Generators keep their signatures; what they
/// generate follows the spec data with no code change.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "specs/loader/spec.h"

namespace dockside::generators {

/// The run's spec. Without one set, the default contract; if that cannot be loaded, throws
/// std::runtime_error naming the file and the problem (a broken installation, not a contract finding).
const spec::Spec& run_spec();

/// Makes `spec` the run's spec (not owned; it must outlive its use); nullptr goes back to the default one.
void use_spec(const spec::Spec* spec);

/// Makes `spec` the run's spec for the lifetime of the scope, then restores the previous one.
class SpecScope {
public:
    explicit SpecScope(const spec::Spec& spec);
    ~SpecScope();
    SpecScope(const SpecScope&) = delete;
    SpecScope& operator=(const SpecScope&) = delete;

private:
    const spec::Spec* previous_;
};

// ---- documented values, read from the run's spec. A reference or limit the spec lacks throws
// rc::GenerationFailure naming it (inside a property RapidCheck reports it; outside, the test fails with it).

/// The limits of "Schema.field" or "operationId.Param".
spec::FieldLimits limits_of(std::string_view reference);
std::int64_t max_length_of(std::string_view reference);
std::int64_t min_length_of(std::string_view reference);
std::int64_t maximum_of(std::string_view reference);
std::int64_t minimum_of(std::string_view reference);
/// The enum of a field (of its items for an array field), as strings / as integers.
std::vector<std::string> enum_strings_of(std::string_view reference);
std::vector<std::int64_t> enum_integers_of(std::string_view reference);
/// The values a `filter` check of the rules data lists for a query parameter (ReturnTypes on listReturns).
std::vector<std::string> filter_values_of(std::string_view operation, std::string_view param);
/// The states of a state machine of the rules data ("return").
std::vector<std::string> states_of(std::string_view machine);
/// The integer `default` of the field's or parameter's schema (RecordsPerPage 50, page_size 100).
std::int64_t default_integer_of(std::string_view reference);

}  // namespace dockside::generators
