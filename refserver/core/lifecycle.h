#pragma once
/// A resource's states as the server plays them, read once at start from the rules data's state machine
/// (spec.state_machine(), the data the stateful suite's model reads too), so no state name is typed in
/// the server. The documented transitions say what an API operation does in each state; the stance's
/// warehouse transitions, followed from the initial state, are the path the simulated warehouse takes.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "harness/core/result.h"
#include "specs/loader/state_machine.h"

namespace dockside::spec {
class Spec;
}

namespace dockside::refserver {

class Lifecycle {
public:
    /// The machine `name` of `spec`, whose `cancel_operation` is the API's cancel; the problems name what the
    /// machine lacks (an initial state, a warehouse path of two states or more, an accepted cancel).
    static Result<Lifecycle, std::vector<std::string>> read(const spec::Spec& spec, std::string_view name,
                                                           std::string_view cancel_operation);

    const std::vector<std::string>& states() const { return machine_.states; }
    bool has(std::string_view state) const { return machine_.has_state(state); }
    const std::string& initial() const { return machine_.initial; }
    /// The initial state, then each state the warehouse moves it to next ("AwaitingArrival", "Arrived", …).
    const std::vector<std::string>& warehouse_path() const { return path_; }
    /// The warehouse's next state after `state`; nullopt at the end of the path or off it.
    std::optional<std::string> next(std::string_view state) const;
    /// The end of the warehouse path: the record is done.
    const std::string& done() const { return path_.empty() ? machine_.initial : path_.back(); }
    /// Where an accepted cancel leads.
    const std::string& cancelled() const { return cancelled_; }
    /// What the cancel does in `state`: the documented transition, else the stance's; nullopt when neither
    /// lists one (the server then refuses it).
    std::optional<spec::Transition> cancel_in(std::string_view state) const;
    bool frozen(std::string_view state) const;
    /// The response field stamped when `state` is entered (the stance's date_fields); "" when none.
    std::string date_field(std::string_view state) const;

private:
    spec::StateMachine machine_;
    std::string cancel_operation_;
    std::vector<std::string> path_;
    std::string cancelled_;
};

/// The lifecycles the server plays, read at start beside the contract's limits.
struct ContractStates {
    Lifecycle returns;    ///< state_machines.return, cancelled by cancelReturn
    Lifecycle receiving;  ///< state_machines.wro, cancelled by cancelReceiving

    static Result<ContractStates, std::vector<std::string>> read(const spec::Spec& spec);
};

}  // namespace dockside::refserver
