// The rules data's `state_machines:` as typed StateMachine values.
#include "specs/loader/state_machine.h"

#include <algorithm>

#include "specs/loader/spec.h"
#include "specs/loader/spec_internal.h"

namespace dockside::spec {

using detail::string_list;
using detail::string_or;

namespace {

/// One entry of a transitions list; lists of `from` states or triggers become one Transition each.
void add_transitions(const Spec& spec, const json& entry, bool documented, const std::string& section,
                     std::vector<Transition>& out) {
    if (!entry.is_object()) return;
    auto froms = string_list(entry.value("from", json()));
    auto triggers = string_list(entry.value("trigger", json()));
    if (triggers.empty()) triggers.push_back("");
    for (const auto& from : froms)
        for (const auto& trigger : triggers) {
            Transition t;
            t.name = string_or(entry, "name");
            t.from = from;
            t.to = string_or(entry, "to", from);
            t.trigger = trigger;
            if (entry.contains("operation")) t.operation = string_or(entry, "operation");
            else if (spec.find(trigger)) t.operation = trigger;
            t.event = string_or(entry, "event");
            t.outcome = string_or(entry, "outcome", "accepted");
            t.rule = string_or(entry, "rule");
            t.section = string_or(entry, "section", section);
            t.documented = documented;
            out.push_back(std::move(t));
        }
}

StateMachine parse_machine(const Spec& spec, const std::string& name, const json& node) {
    StateMachine m;
    m.name = name;
    m.resource = string_or(node, "resource");
    m.section = string_or(node, "section");
    m.fields = string_list(node.value("fields", json()));
    m.states = string_list(node.value("states", json()));
    m.initial = string_or(node, "initial");
    m.frozen = string_list(node.value("frozen", json()));
    m.modifiable_in = string_list(node.value("modifiable_in", json()));
    m.terminal = string_list(node.value("terminal", json()));
    const json transitions = node.value("transitions", json());
    m.transitions_shown = transitions.is_array();
    if (m.transitions_shown)
        for (const auto& entry : transitions) add_transitions(spec, entry, true, m.section, m.transitions);
    const json stance = node.value("stance", json::object());
    if (stance.is_object()) {
        m.stance = string_or(stance, "ns");
        if (auto dates = stance.find("date_fields"); dates != stance.end() && dates->is_object())
            for (const auto& [state, field] : dates->items())
                if (field.is_string()) m.date_fields[state] = field.get<std::string>();
        if (m.initial.empty()) m.initial = string_or(stance, "initial");
        for (const char* list : {"transitions", "rejected"})
            if (auto it = stance.find(list); it != stance.end() && it->is_array())
                for (const auto& entry : *it) {
                    json e = entry;
                    if (std::string(list) == "rejected" && !e.contains("outcome")) e["outcome"] = "rejected";
                    add_transitions(spec, e, false, m.section, m.transitions);
                }
    }
    return m;
}

std::vector<std::string> transition_names(const StateMachine& m) {
    std::vector<std::string> names;
    for (const auto& t : m.transitions)
        if (!t.name.empty()) names.push_back(t.name);
    return names;
}

}  // namespace

bool StateMachine::has_state(std::string_view state) const {
    return std::find(states.begin(), states.end(), state) != states.end();
}

Result<Transition, LookupError> StateMachine::transition(std::string_view transition_name) const {
    for (const auto& t : transitions)
        if (t.name == transition_name) return t;
    return fail(LookupError{"transition", std::string(transition_name), "state machine " + name + " has no such transition",
                            closest_names(transition_name, transition_names(*this))});
}

std::vector<Transition> StateMachine::from(std::string_view state, bool with_stance) const {
    std::vector<Transition> out;
    for (const auto& t : transitions)
        if (t.from == state && (t.documented || with_stance)) out.push_back(t);
    return out;
}

Result<Transition, LookupError> StateMachine::on(std::string_view state, std::string_view trigger) const {
    for (const auto& t : transitions)
        if (t.documented && t.from == state && t.trigger == trigger) return t;
    std::string key = std::string(state) + " + " + std::string(trigger);
    if (!has_state(state))
        return fail(LookupError{"state", std::string(state), "state machine " + name + " has no such state",
                                closest_names(state, states)});
    return fail(LookupError{"transition", key, "the document lists no " + std::string(trigger) + " from " +
                                                   std::string(state) + " in state machine " + name, {}});
}

Result<StateMachine, LookupError> Spec::state_machine(std::string_view name) const {
    if (!rules_document_.is_object() || !rules_document_.contains("state_machines") ||
        !rules_document_["state_machines"].is_object())
        return fail(LookupError{"state machine", std::string(name), "the rules data has no state_machines", {}});
    const json& machines = rules_document_["state_machines"];
    auto it = machines.find(std::string(name));
    if (it == machines.end() || !it->is_object())
        return fail(LookupError{"state machine", std::string(name), "no such state machine in the rules data",
                                closest_names(name, state_machine_names())});
    return parse_machine(*this, std::string(name), *it);
}

std::vector<std::string> Spec::state_machine_names() const {
    std::vector<std::string> names;
    if (!rules_document_.is_object()) return names;
    if (auto machines = rules_document_.find("state_machines"); machines != rules_document_.end() && machines->is_object())
        for (const auto& [key, value] : machines->items()) names.push_back(key);
    return names;
}

}  // namespace dockside::spec
