#pragma once
// Shared by the planners: reading check parameters with clear errors, finding where a field or parameter
// is sent, and building probes. Not part of the public API.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "harness/checks/registry.h"

namespace dockside::checks::detail {

/// "rule ORD-GIFT-500 (rules.yaml:412)": where a check is declared, for its planner's errors.
std::string where(const spec::CheckEntry& check);
/// A required string / integer / string-list parameter of a check; the error names rule, key and place.
Result<std::string, std::string> text_param(const spec::CheckEntry& check, const char* key);
Result<std::int64_t, std::string> int_param(const spec::CheckEntry& check, const char* key);
std::vector<std::string> list_param(const spec::CheckEntry& check, const char* key);

/// Where a check's field or parameter goes in a request.
struct Target {
    std::string operation;
    Place place = Place::Body;
    std::vector<std::string> path;  ///< Body: members; Query/Path: {name}
    std::string label;              ///< "gift_message", "Limit": for probe descriptions
    std::string reference;          ///< "OrderCreateRequest.gift_message" or "listOrders.Limit"
};

/// The places in request bodies a check's `field` names. A field that no
/// request body carries yields no target and an `omitted` line in `plan` (the response validator judges
/// response fields on every exchange).
Result<std::vector<Target>, std::string> request_targets(const spec::Spec& spec, const spec::CheckEntry& check, Plan& plan);

/// A probe of `check` at `target`.
Probe probe_at(const spec::CheckEntry& check, const Target& target, ProbeValue value, Expect expect, std::string what);
/// A probe of `check` on the whole valid request of `operation`.
Probe probe_of(const spec::CheckEntry& check, const std::string& operation, ProbeValue value, Expect expect, std::string what);

ProbeValue of_kind(ProbeValue::Kind kind);

/// Operations whose valid request needs nothing from the target: no path parameter, no required query
/// parameter, no request body. `method` filters ("GET"); `except` leaves some out.
std::vector<const spec::Operation*> standalone_operations(const spec::Spec& spec, const std::string& method,
                                                          const std::vector<std::string>& except = {});

}  // namespace dockside::checks::detail
