#pragma once
/// What a conformance run creates on its target, noted as it happens so that it can be undone where the
/// API allows: each create a test makes (an order, a return, a webhook subscription, a product, a simulated
/// receiving order) and each undo a test already made itself are appended as JSON lines to the session's
/// `created_log` (SessionInfo). `dockside conform` undoes the rest at the end of the run, and
/// `dockside cleanup --run DIR` again later, from the same file.

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/conform/suite_api.h"
#include "specs/loader/spec.h"

namespace dockside::conform {

/// How one kind of record is undone (the rules data's `cleanup.undo`): the operation that creates it, the
/// one that undoes it and the path parameter the undo takes the created id in, and what stays on the
/// target even after the undo.
struct UndoRule {
    std::string create;   ///< operationId (of the contract, or of the simulation control: "simCreateWro") whose 2xx answer carries "id"
    std::string undo;     ///< operationId
    std::string param;    ///< the undo's path parameter
    std::string kind;     ///< "order", "webhook subscription", …
    std::string remains;  ///< what the undo leaves behind and why ("" = nothing)
    /// An undo answered 2xx that did not undo: {"member": "status", "equals": "Failure"}; null = none.
    nlohmann::json failed_when;
};

/// What the rules data says a run can undo and what nothing undoes; `problems` names each malformed entry
/// (an undo the OpenAPI file does not have, a missing member), which is left out.
struct CleanupRules {
    std::vector<UndoRule> undo;
    std::vector<std::string> nothing_undoes;
    std::vector<std::string> problems;
};
CleanupRules cleanup_rules(const spec::Spec& spec);

/// Whether an answer to an undo undid the record: a 2xx, unless `rule.failed_when` matches its body.
bool undo_succeeded(const UndoRule& rule, int status, const nlohmann::json& body);

/// Notes `exchange` in the session's created_log when it created a record of an UndoRule (2xx with an id)
/// or undid one (2xx to an undo). Nothing when the session keeps no log. Safe from every child: one
/// append of one line each.
void note_created(const Exchange& exchange);

/// A created_log line, as note_created writes it (for tools that add to the log).
std::string created_line(const std::string& create, const std::string& id, const std::string& test);
std::string undone_line(const std::string& create, const std::string& id);
/// The line of a record whose undo the target answered and refused (the record's state forbids it): settled,
/// so that no later cleanup of the same log asks again; `reason` says what the target answered.
std::string refused_line(const std::string& create, const std::string& id, const std::string& reason);

}  // namespace dockside::conform
