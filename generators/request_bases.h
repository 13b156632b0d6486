#pragma once
// The valid base request of each operation the generators can build, for GeneratedRequests
// (probe_requests.h). Part of the generators' implementation, not of their public API.

#include <functional>
#include <map>
#include <string>

#include "generators/probe_requests.h"

namespace dockside::generators {

/// How to draw a valid request of one operation from what the target has; an error says what is missing.
using Base = std::function<Result<rc::Gen<checks::ProbeRequest>, std::string>(const TargetInputs&)>;

/// Operation id → how to draw its valid request.
const std::map<std::string, Base>& request_bases();

/// Operation id → why no valid request is drawn for it (each would change data the harness did not make,
/// or needs inputs not read yet).
const std::map<std::string, std::string>& operations_without_base();

}  // namespace dockside::generators
