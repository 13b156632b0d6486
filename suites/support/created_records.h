#pragma once
/// What a conformance run creates on its target, noted as it happens so that it can be undone where the
/// API allows: each create a test makes (an order, a return, a webhook subscription, a product, a simulated
/// receiving order) and each undo a test already made itself are appended as JSON lines to the session's
/// `created_log` (SessionInfo). `dockside conform` undoes the rest at the end of the run, and
/// `dockside cleanup --run DIR` again later, from the same file.

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "suites/support/api.h"

namespace dockside::suites {

/// How one kind of record is undone: the operation that creates it, the one that undoes it and the path
/// parameter the undo takes the created id in, and what stays on the target even after the undo.
struct UndoRule {
    std::string create;   ///< operationId (or the simulation path "/_sim/wro") whose 2xx answer carries "id"
    std::string undo;     ///< operationId
    std::string param;    ///< the undo's path parameter
    std::string kind;     ///< "order", "webhook subscription", …
    std::string remains;  ///< what the undo leaves behind and why ("" = nothing)
};

/// Every kind of record a run can undo, as the contract allows (cancel orders, returns and receiving
/// orders; delete webhook subscriptions and products).
const std::vector<UndoRule>& undo_rules();

/// What a run leaves that no operation of the contract removes, each a sentence for the cleanup report.
const std::vector<std::string>& records_nothing_undoes();

/// Whether an answer to an undo undid the record: a 2xx, except a cancel answered with status "Failure" (an
/// order whose shipments could not be cancelled, being shipped already, is not cancelled).
bool undo_succeeded(int status, const nlohmann::json& body);

/// Notes `exchange` in the session's created_log when it created a record of an UndoRule (2xx with an id)
/// or undid one (2xx to an undo). Nothing when the session keeps no log. Safe from every child: one
/// append of one line each.
void note_created(const Exchange& exchange);

/// A created_log line, as note_created writes it (for tools that add to the log).
std::string created_line(const std::string& create, const std::string& id, const std::string& test);
std::string undone_line(const std::string& create, const std::string& id);

}  // namespace dockside::suites
