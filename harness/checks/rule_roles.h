#pragma once
/// Rules the rules data gives a general role, found by what their checks say rather than by their ids: a
/// check that is not about one field (a 5xx answer, an accepted invalid request, an undocumented status)
/// still reports a rule a reader can look up, and a contract whose data names these rules otherwise is
/// followed without a code change.

#include <string>

#include "specs/loader/spec.h"

namespace dockside::checks {

/// The rule a 5xx breaks whatever the request: the status_class check `when: any_request` whose `never`
/// holds 5xx (ERR-NO5XX in 2025-07). "" when the data has none.
std::string server_error_rule(const spec::Spec& spec);

/// The rule an accepted invalid request breaks: the status_class check `when: invalid_request` (ERR-4XX in
/// 2025-07). "" when the data has none.
std::string invalid_request_rule(const spec::Spec& spec);

/// The rule an undocumented status of `operation` breaks: of the rules whose status_code or
/// declared_statuses checks name the operation, the one with the fewest such checks (the rule about this
/// operation rather than a table of all: ORD-CREATED before ERR-CODES for createOrder). "" when none does.
std::string status_rule(const spec::Spec& spec, const std::string& operation);

}  // namespace dockside::checks
