#pragma once
/// What each area of the server brings to the route table: a handler bound to an operation id of the
/// contract. Where an operation is served (method, path, parameter types) and who may call it (scopes,
/// channel header) are read from the spec when the routes are built (core/operation_routes.h); an area
/// says only what the spec cannot: the handler and whether it changes the store. The simulation control's
/// operations are bound the same way, to the ids of its own OpenAPI file (specs/simulation-control.openapi.yaml).

#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "refserver/core/router.h"

namespace dockside::refserver {

/// An operation handler bound to a contract operation id.
struct OperationBinding {
    std::string operation_id;
    Handler handler;
    StoreLock lock = StoreLock::Shared;
    bool served = true;        ///< false: a fault leaves the operation unserved (404, or 405 beside another method)
    bool unversioned = false;  ///< a fault serves it at its path without the version segment
};

/// A handler of the simulation control, bound to an operation id of the control's OpenAPI file; served
/// without the contract's bearer check (the handler guards itself).
struct ControlBinding {
    std::string operation_id;
    Handler handler;
    StoreLock lock = StoreLock::Shared;
};

class HandlerTable {
public:
    using Named = std::pair<const char*, Handler>;

    /// Binds `handler` to the contract operation `operation_id` (a second binding is a start-up problem).
    void bind(std::string operation_id, Handler handler, StoreLock lock);
    /// Binds handlers that only read the store (they share it).
    void bind_reads(std::initializer_list<Named> handlers);
    /// Binds handlers that change the store (each holds it alone).
    void bind_writes(std::initializer_list<Named> handlers);
    /// A fault's doing: the bound operation gets no route.
    void leave_unserved(std::string_view operation_id);
    /// A fault's doing: the bound operation is served at its path without the version segment.
    void serve_unversioned(std::string_view operation_id);
    /// A fault's doing: every path the previous version served under another name (x-removed-paths with a
    /// replacement) is served too, by the replacement's handler and access.
    void serve_renamed_paths() { serve_renamed_paths_ = true; }
    /// A fault's doing: every removed read (x-removed-paths, GET, no replacement) is served by `handler` to
    /// any valid bearer token.
    void serve_removed_reads(Handler handler) { removed_reads_ = std::move(handler); }
    void bind_control(std::string operation_id, Handler handler, StoreLock lock) {
        control_bindings_.push_back({std::move(operation_id), std::move(handler), lock});
    }

    const std::vector<OperationBinding>& bindings() const { return bindings_; }
    const std::vector<ControlBinding>& control_bindings() const { return control_bindings_; }
    bool renamed_paths_served() const { return serve_renamed_paths_; }
    const Handler& removed_reads() const { return removed_reads_; }
    /// Problems found while binding (an operation bound twice, a fault naming an unbound operation).
    const std::vector<std::string>& problems() const { return problems_; }

private:
    OperationBinding* find(std::string_view operation_id);

    std::vector<OperationBinding> bindings_;
    std::vector<ControlBinding> control_bindings_;
    bool serve_renamed_paths_ = false;
    Handler removed_reads_;
    std::vector<std::string> problems_;
};

}  // namespace dockside::refserver
