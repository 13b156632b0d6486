// The part of `Spec::check()` that holds the two contract files to each other: what both state must
// agree, and what the rules data names (units, states, transitions, parameters) must exist.
#include <algorithm>
#include <set>

#include "specs/loader/spec.h"
#include "specs/loader/schema_walk.h"
#include "specs/loader/spec_internal.h"
#include "specs/loader/spec_location.h"
#include "specs/loader/yaml_json.h"

namespace dockside::spec {

using detail::position_text;
using detail::string_list;
using detail::string_or;

namespace {

/// The document's length words ("characters") must count what OpenAPI's minLength and maxLength count,
/// since the OpenAPI file states every length limit.
void check_units(const Spec& spec, std::vector<SpecProblem>& problems) {
    const json& rules = spec.rules_document();
    if (!rules.is_object() || !rules.value("units", json()).is_object()) return;
    for (const auto& [word, meaning] : rules["units"].items()) {
        auto counted = spec.length_unit(word);
        if (!counted) problems.push_back({"units", word, "#/units/" + word, counted.error().to_string()});
        else if (*counted != LengthUnit::CodePoints)
            problems.push_back({"units", word, "#/units/" + word,
                                "counts " + std::string(to_string(*counted)) + ", but OpenAPI's minLength and maxLength, which state "
                                "every length limit, count code points"});
    }
}

/// The channel-header use an auth check states for its operations must be the operations' x-channel-header.
void check_channel_headers(const Spec& spec, std::vector<SpecProblem>& problems) {
    const std::pair<const char*, ChannelHeader> stated[] = {
        {"required_on", ChannelHeader::Required}, {"optional_on", ChannelHeader::Optional},
        {"not_used_on", ChannelHeader::NotUsed}};
    for (const auto& check : spec.checks()) {
        if (check.type != "auth" || check.params.value("aspect", "") != "channel_header") continue;
        for (const auto& [key, expected] : stated)
            for (const auto& id : string_list(check.params.value(key, json()))) {
                const Operation* op = spec.find(id);
                if (op && op->channel_header != expected)
                    problems.push_back({check.rule_id, id, check.location,
                                        std::string("rules data lists it under ") + key + "; OpenAPI x-channel-header is " +
                                            std::string(to_string(op->channel_header))});
            }
    }
}

/// Paging checks of one operation agree on the style, and name parameters the operation has.
void check_paging(const Spec& spec, std::vector<SpecProblem>& problems) {
    std::map<std::string, std::string> style_of;
    for (const auto& check : spec.checks()) {
        if (check.type != "paging") continue;
        const std::string id = string_or(check.params, "operation");
        const Operation* op = spec.find(id);
        if (!op) continue;  // reported as an unknown operation
        const std::string style = string_or(check.params, "style");
        if (style != "page" && style != "cursor")
            problems.push_back({check.rule_id, id, check.location, "paging style '" + style + "' is not page or cursor"});
        auto [it, first] = style_of.emplace(id, style);
        if (!first && it->second != style)
            problems.push_back({check.rule_id, id, check.location,
                                "paging style " + style + " disagrees with another paging check's " + it->second});
        for (const char* key : {"page_param", "size_param", "cursor_param"}) {
            const std::string name = string_or(check.params, key);
            const bool declared = std::any_of(op->parameters.begin(), op->parameters.end(),
                                              [&](const Parameter& p) { return p.name == name; });
            if (!name.empty() && name != "none" && !declared)
                problems.push_back({check.rule_id, id + "." + name, check.location,
                                    std::string(key) + " names a parameter the operation lacks"});
        }
    }
}

void check_machine(const Spec& spec, const StateMachine& m, const std::string& where, std::vector<SpecProblem>& problems) {
    auto unknown_state = [&](const std::string& state, const std::string& what) {
        if (!state.empty() && !m.has_state(state))
            problems.push_back({"state_machines." + m.name, state, where, what + " is not one of the machine's states"});
    };
    unknown_state(m.initial, "initial state");
    for (const auto& list : {m.frozen, m.modifiable_in, m.terminal})
        for (const auto& state : list) unknown_state(state, "listed state");
    for (const auto& t : m.transitions) {
        const std::string label = t.name.empty() ? t.from + " -> " + t.to : t.name;
        unknown_state(t.from, "transition " + label + ": from");
        unknown_state(t.to, "transition " + label + ": to");
        if (!t.operation.empty() && !spec.find(t.operation))
            problems.push_back({"state_machines." + m.name, t.operation, where,
                                "transition " + label + " names an operation the OpenAPI file lacks"});
        if (!t.rule.empty() && !spec.rule(t.rule))
            problems.push_back({"state_machines." + m.name, t.rule, where,
                                "transition " + label + " names a rule the rules data lacks"});
    }
}

/// Every state machine is internally consistent, and every state_machine check names existing transitions.
void check_state_machines(const Spec& spec, const std::string& origin, const PositionMap& positions,
                          std::vector<SpecProblem>& problems) {
    for (const auto& name : spec.state_machine_names())
        if (auto m = spec.state_machine(name))
            check_machine(spec, *m, position_text(origin, positions, pointer_append("/state_machines", name)), problems);
    for (const auto& check : spec.checks()) {
        if (check.type != "state_machine") continue;
        auto m = spec.state_machine(string_or(check.params, "machine"));
        if (!m) {
            problems.push_back({check.rule_id, string_or(check.params, "machine"), check.location, m.error().to_string()});
            continue;
        }
        for (const auto& name : string_list(check.params.value("transitions", json())))
            if (auto t = m->transition(name); !t)
                problems.push_back({check.rule_id, name, check.location, t.error().to_string()});
    }
}

/// rules.yaml webhook_topics: the OpenAPI schema that carries its rule (x-rule) must forbid exactly the
/// former names (`not: {enum: …}`), since its enum is open and the validator judges nothing else there.
void check_former_topics(const Spec& spec, std::vector<SpecProblem>& problems) {
    if (!spec.rules_document().is_object()) return;  // no rules file: nothing to hold the schema to
    const json topics = spec.rules_document().value("webhook_topics", json::object());
    if (!topics.is_object() || !topics.contains("rule")) return;
    const std::string rule = string_or(topics, "rule");
    std::set<std::string> former;
    for (const auto& t : topics.value("topics", json::array()))
        if (t.is_object() && t.value("former", json()).is_string()) former.insert(t["former"].get<std::string>());
    const json schemas = spec.document().value("components", json::object()).value("schemas", json::object());
    for (const auto& [name, schema] : schemas.items()) {
        if (!schema.is_object() || schema.value("x-rule", "") != rule) continue;
        std::set<std::string> forbidden;
        const json not_enum = schema.value("not", json::object()).value("enum", json::array());
        for (const auto& v : not_enum)
            if (v.is_string()) forbidden.insert(v.get<std::string>());
        if (forbidden != former)
            problems.push_back({rule, name, "#/components/schemas/" + name,
                                "the two contract files disagree: the schema's not.enum must list exactly the former "
                                "topic names of rules.yaml webhook_topics"});
    }
}

/// Every `x-values-from` (where the harness reads values the target holds: generators/known_values.h) names a
/// list it can read: an operation of the table, a GET, with no path parameter to fill in, and a field; every
/// `x-made-by` (the create that makes a record of the run's own) a POST without path parameters, and a field:
/// an operation of the table or, for a record no operation of the contract makes, of the simulation control;
/// its `removed_by`, when given, an operation of the contract.
void check_value_sources(const Spec& spec, const json& node, const std::string& pointer, std::vector<SpecProblem>& problems,
                         int depth = 0) {
    if (depth > 256) return;  // the document is a tree, but a hostile one must not recurse without end
    if (node.is_array())
        for (std::size_t i = 0; i < node.size(); ++i) check_value_sources(spec, node[i], pointer + "/" + std::to_string(i), problems, depth + 1);
    if (!node.is_object()) return;
    for (const auto& [key, value] : node.items()) {
        const std::string child = pointer_append(pointer, key);
        if (key != "x-values-from" && key != "x-made-by") {
            check_value_sources(spec, value, child, problems, depth + 1);
            continue;
        }
        const std::string id = value.is_object() ? value.value("operation", "") : "";
        const Operation* op = spec.find(id);
        if (!op && key == "x-made-by")
            if (auto control = simulation_spec()) op = (*control)->find(id);
        const bool path_parameters = op && std::any_of(op->parameters.begin(), op->parameters.end(), [](const Parameter& p) { return p.in == "path"; });
        const bool list = key == "x-values-from";
        std::string why;
        if (!value.is_object() || id.empty() || value.value("field", "").empty()) why = key + " needs {operation, field}";
        else if (!op) why = key + " names no operation of the table";
        else if (list && (op->method != "GET" || path_parameters)) why = "x-values-from names an operation that is not a list (a GET without path parameters)";
        else if (!list && (op->method != "POST" || path_parameters)) why = "x-made-by names an operation that is not a create (a POST without path parameters)";
        else if (const std::string remover = value.value("removed_by", ""); !list && !remover.empty() && !spec.find(remover))
            why = "x-made-by's removed_by names no operation of the contract: " + remover;
        if (!why.empty()) problems.push_back({"", id, child, why});
    }
}

/// One owner per constraint: every check's type is one of the rules data's `check_types`, and a type the
/// OpenAPI file owns (`owned_by_openapi`) is refused naming the keyword.
void check_owners(const Spec& spec, std::vector<SpecProblem>& problems) {
    const json& rules = spec.rules_document();
    if (!rules.is_object() || !rules.contains("check_types")) return;  // a rules file without the closed set
    const json types = rules["check_types"];
    const json owned = rules.value("owned_by_openapi", json::object());
    for (const auto& check : spec.checks()) {
        if (owned.is_object() && owned.contains(check.type)) {
            problems.push_back({check.rule_id, check.type, check.location,
                                "owned twice: the OpenAPI file's " + owned[check.type].get<std::string>() +
                                    " states this constraint (with x-rule); state it there only"});
            continue;
        }
        if (!types.is_object() || !types.contains(check.type))
            problems.push_back({check.rule_id, check.type, check.location, "not one of the check types of the rules data (check_types)"});
    }
}

}  // namespace

void Spec::check_consistency(std::vector<SpecProblem>& problems) const {
    check_units(*this, problems);
    check_owners(*this, problems);
    check_channel_headers(*this, problems);
    check_paging(*this, problems);
    check_state_machines(*this, rules_origin_, positions_, problems);
    check_former_topics(*this, problems);
    check_value_sources(*this, document(), "", problems);
    detail::read_record_references(*this, &problems);
}

}  // namespace dockside::spec
