#pragma once
/// A resource's states and transitions as the rules data's `state_machines:` lists them: the documented
/// ones (which suites may assert) and the stance ones (what the reference server simulates where the
/// document says "not shown"; never asserted). `spec.state_machine("return")`.

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "specs/loader/lookup.h"

namespace dockside::spec {

/// One move of a state machine. A stance entry listing several `from` states becomes one Transition each.
struct Transition {
    std::string name;       ///< "cancel_awaiting_arrival" ("" for unnamed stance transitions)
    std::string from;
    std::string to;
    std::string trigger;    ///< an operationId, "warehouse", "modify", …
    std::string operation;  ///< the operationId that drives it; "" when no API operation does
    std::string event;      ///< warehouse event ("package_arrived"), stance transitions only
    std::string outcome;    ///< "accepted" or "rejected"
    std::string rule;       ///< rule id asserting it ("" for stance transitions)
    std::string section;
    bool documented = true; ///< false: a stance transition (not shown by the document)
};

struct StateMachine {
    std::string name;      ///< key under state_machines ("return")
    std::string resource;  ///< "Return"
    std::string section;
    std::vector<std::string> fields;  ///< "ReturnListItem.status", …
    std::vector<std::string> states;
    std::string initial;              ///< documented initial state, else the stance's ("" when neither)
    std::vector<std::string> frozen;
    std::vector<std::string> modifiable_in;
    std::vector<std::string> terminal;
    bool transitions_shown = false;   ///< the document lists transitions (not "not_shown")
    std::vector<Transition> transitions;  ///< documented ones first, then the stance's
    std::string stance;               ///< NS id of the stance ("" when none)
    /// The stance's date_fields: the response field stamped when a state is entered ("Arrived" -> "arrived_date").
    std::map<std::string, std::string> date_fields;

    bool has_state(std::string_view state) const;
    /// A transition by name; an unknown name is an error listing the known ones.
    Result<Transition, LookupError> transition(std::string_view transition_name) const;
    /// Documented transitions that start in `state` (stance ones too when `with_stance`).
    std::vector<Transition> from(std::string_view state, bool with_stance = false) const;
    /// The documented outcome of `trigger` in `state`; an error when the document lists none.
    Result<Transition, LookupError> on(std::string_view state, std::string_view trigger) const;
};

}  // namespace dockside::spec
