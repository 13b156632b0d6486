#pragma once
/// The route table, built once at start from the contract: every operation of the spec at its method and
/// path, with its path parameters' types, scopes and channel rule read from the spec and the handler an
/// area bound to its operation id (core/handler_table.h), plus the server's own routes and the routes
/// faults add. An operation of the spec without a handler, or a handler whose operation the spec lacks,
/// is a start-up problem: the server never serves half a contract, nor an operation it made up.

#include <string>
#include <vector>

#include "core/result.h"
#include "refserver/core/handler_table.h"
#include "refserver/core/router.h"

namespace dockside::spec {
class Spec;
}

namespace dockside::refserver {

/// The routes of `spec` bound to the handlers of `table`, with the simulation control's operations of
/// `control` (none when null), or every problem found.
Result<Router, std::vector<std::string>> build_routes(const spec::Spec& spec, const spec::Spec* control,
                                                     const HandlerTable& table);

/// `path` without its first segment, the version ("/2025-07/order" -> "/order"; rules data
/// `versioning.version_segment: first_path_segment`).
std::string without_version_segment(const std::string& path);

}  // namespace dockside::refserver
