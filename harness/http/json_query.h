#pragma once
/// Queries are generated as JSON objects ({"Limit": 0, "HasTracking": true}) so a case can hold a
/// wrong type ("Limit": "ten") and tests can validate them against parameter schemas; this turns
/// one into the name/value pairs the HTTP client sends.

#include <nlohmann/json.hpp>

#include "harness/http/url.h"

namespace dockside::http {

/// Strings as they are, integers and booleans in their JSON spelling, arrays comma-joined (the
/// contract's multi-value filters), null as an empty value. Object member order (sorted) is kept.
QueryParams to_query_params(const nlohmann::json& query);

}  // namespace dockside::http
