#pragma once
/// A resource's states as the server plays them, read once at start from the rules data's state machine
/// (spec.state_machine(), the data the stateful suite's model reads too), so no state name is typed in
/// the server. The documented transitions say what an API operation does in each state; the stance's
/// warehouse transitions, followed from the initial state, are the path the simulated warehouse takes, and
/// each names its warehouse event, by which the server asks for a state it plays a role in ("the state a
/// shipment enters when it ships").

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "specs/loader/state_machine.h"

namespace dockside::spec {
class Spec;
}

namespace dockside::refserver {

class Lifecycle {
public:
    /// The machine `name` of `spec`, whose `cancel_operation` is the API's cancel and whose stance names the
    /// warehouse `events` the server plays; the problems name what the machine lacks (an initial state, a
    /// warehouse path of two states or more, an accepted cancel, one of the events).
    static Result<Lifecycle, std::vector<std::string>> read(const spec::Spec& spec, std::string_view name,
                                                           std::string_view cancel_operation,
                                                           const std::vector<std::string>& events = {});

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
    /// The stance's warehouse move out of `state` on `event`; nullopt when the stance lists none (the
    /// server then refuses the move).
    std::optional<spec::Transition> on_event(std::string_view state, std::string_view event) const;
    /// The state the warehouse `event` (one of those read) leads to, from whichever state it starts.
    const std::string& entered_on(std::string_view event) const;
    bool frozen(std::string_view state) const;
    /// No transition of the data (documented or the stance's, by the API or the warehouse) leads out of
    /// `state`: a record there is done for good ("Cancelled", "Completed"), so retention may forget it.
    bool finished(std::string_view state) const;
    /// The response field stamped when `state` is entered (the stance's date_fields); "" when none.
    std::string date_field(std::string_view state) const;

private:
    spec::StateMachine machine_;
    std::string cancel_operation_;
    std::vector<std::string> path_;
    std::string cancelled_;
    std::map<std::string, std::string, std::less<>> entered_on_;  ///< event -> the state it enters
};

/// The stance's warehouse events the server plays on orders and shipments, by the names the rules data
/// gives them: a role the server needs a state for is named here by what happens, and the state comes
/// from the data (ContractStates::shipments.entered_on(shipment_event::kShipped) is "Completed").
namespace shipment_event {
inline constexpr const char* kShipped = "shipped";      ///< handed to the carrier (order.shipped)
inline constexpr const char* kDelivered = "delivered";  ///< delivered to the customer
inline constexpr const char* kHold = "hold";            ///< held by the warehouse (order.shipment.on_hold)
inline constexpr const char* kException = "exception";  ///< failed in the warehouse (order.shipment.exception)
}  // namespace shipment_event
namespace order_event {
inline constexpr const char* kSomeShipped = "some_shipments_completed";
inline constexpr const char* kAllShipped = "all_shipments_completed";
inline constexpr const char* kShipmentException = "shipment_exception";
}  // namespace order_event

/// The lifecycles the server plays, read at start beside the contract's limits.
struct ContractStates {
    Lifecycle returns;    ///< state_machines.return, cancelled by cancelReturn
    Lifecycle receiving;  ///< state_machines.wro, cancelled by cancelReceiving
    /// state_machines.order: its cancel is what a cancel that leaves every shipment of the order cancelled
    /// does to the order (read as cancelOrder's); its events are the order_event ones.
    Lifecycle orders;
    /// state_machines.shipment: every cancel operation answers a shipment as cancelShipment's transitions say
    /// (one function serves them all); its events are the shipment_event ones.
    Lifecycle shipments;

    static Result<ContractStates, std::vector<std::string>> read(const spec::Spec& spec);
};

}  // namespace dockside::refserver
