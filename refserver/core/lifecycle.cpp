#include "refserver/core/lifecycle.h"

#include <algorithm>

#include "specs/loader/spec.h"

namespace dockside::refserver {
namespace {

/// The stance's warehouse transition out of `state`, if any (the first listed: the path is a chain).
const spec::Transition* warehouse_step(const spec::StateMachine& machine, std::string_view state) {
    for (const auto& t : machine.transitions)
        if (!t.documented && t.trigger == "warehouse" && t.from == state && t.outcome == "accepted") return &t;
    return nullptr;
}

/// The stance's first accepted warehouse transition on `event`, from any state.
const spec::Transition* entering(const spec::StateMachine& machine, std::string_view event) {
    for (const auto& t : machine.transitions)
        if (!t.documented && t.trigger == "warehouse" && t.event == event && t.outcome == "accepted") return &t;
    return nullptr;
}

/// Every read problem of `read` joined into `problems`; the lifecycle kept in `into` when it read.
void keep(Result<Lifecycle, std::vector<std::string>> read, Lifecycle& into, std::vector<std::string>& problems) {
    if (read) into = std::move(read.value());
    else problems.insert(problems.end(), read.error().begin(), read.error().end());
}

}  // namespace

Result<Lifecycle, std::vector<std::string>> Lifecycle::read(const spec::Spec& spec, std::string_view name,
                                                           std::string_view cancel_operation,
                                                           const std::vector<std::string>& events) {
    auto machine = spec.state_machine(name);
    if (!machine) return fail(std::vector<std::string>{"contract states: " + machine.error().to_string()});
    Lifecycle out;
    out.machine_ = std::move(machine.value());
    out.cancel_operation_ = std::string(cancel_operation);
    std::vector<std::string> problems;
    const std::string where = "contract states: state machine " + std::string(name) + ": ";
    if (!out.has(out.initial())) problems.push_back(where + "no initial state among its states");
    // Followed from the initial state; a state seen twice ends it, so a cycle in the data cannot hang the start.
    for (std::string at = out.initial(); !at.empty() && std::find(out.path_.begin(), out.path_.end(), at) == out.path_.end();) {
        out.path_.push_back(at);
        const spec::Transition* step = warehouse_step(out.machine_, at);
        at = step ? step->to : "";
    }
    if (out.path_.size() < 2) problems.push_back(where + "the stance lists no warehouse transition out of the initial state");
    if (auto cancel = out.cancel_in(out.initial()); cancel && cancel->outcome == "accepted" && out.has(cancel->to))
        out.cancelled_ = cancel->to;
    else
        problems.push_back(where + "no accepted " + std::string(cancel_operation) + " from the initial state");
    for (const auto& event : events) {
        if (const spec::Transition* t = entering(out.machine_, event); t && out.has(t->to)) out.entered_on_[event] = t->to;
        else problems.push_back(where + "the stance lists no warehouse event " + event + " into one of its states");
    }
    if (!problems.empty()) return fail(std::move(problems));
    return out;
}

bool Lifecycle::finished(std::string_view state) const {
    if (!has(state)) return false;
    return std::none_of(machine_.transitions.begin(), machine_.transitions.end(), [&](const spec::Transition& t) {
        return t.from == state && t.outcome == "accepted" && t.to != state;
    });
}

std::optional<std::string> Lifecycle::next(std::string_view state) const {
    auto it = std::find(path_.begin(), path_.end(), state);
    if (it == path_.end() || it + 1 == path_.end()) return std::nullopt;
    return *(it + 1);
}

std::optional<spec::Transition> Lifecycle::cancel_in(std::string_view state) const {
    const spec::Transition* stance = nullptr;
    for (const auto& t : machine_.transitions) {
        if (t.from != state || t.operation != cancel_operation_) continue;
        if (t.documented) return t;
        if (!stance) stance = &t;
    }
    if (stance) return *stance;
    return std::nullopt;
}

std::optional<spec::Transition> Lifecycle::on_event(std::string_view state, std::string_view event) const {
    for (const auto& t : machine_.transitions)
        if (!t.documented && t.trigger == "warehouse" && t.from == state && t.event == event && t.outcome == "accepted") return t;
    return std::nullopt;
}

const std::string& Lifecycle::entered_on(std::string_view event) const {
    static const std::string none;
    auto it = entered_on_.find(event);
    return it == entered_on_.end() ? none : it->second;
}

bool Lifecycle::frozen(std::string_view state) const {
    return std::find(machine_.frozen.begin(), machine_.frozen.end(), state) != machine_.frozen.end();
}

std::string Lifecycle::date_field(std::string_view state) const {
    auto it = machine_.date_fields.find(std::string(state));
    return it == machine_.date_fields.end() ? std::string() : it->second;
}

Result<ContractStates, std::vector<std::string>> ContractStates::read(const spec::Spec& spec) {
    ContractStates out;
    std::vector<std::string> problems;
    keep(Lifecycle::read(spec, "return", "cancelReturn"), out.returns, problems);
    keep(Lifecycle::read(spec, "wro", "cancelReceiving"), out.receiving, problems);
    keep(Lifecycle::read(spec, "order", "cancelOrder",
                         {order_event::kSomeShipped, order_event::kAllShipped, order_event::kShipmentException}),
         out.orders, problems);
    keep(Lifecycle::read(spec, "shipment", "cancelShipment",
                         {shipment_event::kShipped, shipment_event::kDelivered, shipment_event::kHold,
                          shipment_event::kException}),
         out.shipments, problems);
    if (!problems.empty()) return fail(std::move(problems));
    return out;
}

}  // namespace dockside::refserver
