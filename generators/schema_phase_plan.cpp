#include "generators/schema_phase_plan.h"

#include <algorithm>
#include <ostream>

#include "core/unique_numbers.h"
#include "generators/schema_gen.h"

namespace dockside::generators {

namespace {

using nlohmann::json;

/// Whether the operation changes the record its path names (and so must not be aimed at a real one).
bool changes_named_record(const spec::Operation& op) {
    if (op.method == "GET" || op.method == "HEAD") return false;
    return std::any_of(op.parameters.begin(), op.parameters.end(), [](const spec::Parameter& p) { return p.in == "path"; });
}

bool is_integer_schema(const spec::Spec& spec, const json& schema) {
    auto resolved = resolved_schema(spec, schema);
    return resolved && resolved->value("type", json()) == json("integer");
}

/// The schema a path value of a record-changing operation is drawn from: the parameter's own, kept below
/// zero when it is an integer without a lower bound.
json path_schema(const spec::Spec& spec, const spec::Parameter& p, bool absent_records) {
    if (!absent_records || !is_integer_schema(spec, p.schema)) return p.schema;
    return json{{"allOf", json::array({p.schema, json{{"type", "integer"}, {"maximum", -1}}})}};
}

/// The members of a body schema whose x-made-by names `maker`'s create, with their places (bounded depth:
/// the schemas of the contract nest a few levels, a cycle of `$ref`s must not recurse without end).
void made_members(const spec::Spec& spec, const json& written, std::vector<std::string>& place, RecordMaker& maker, int depth = 0) {
    const json* schema = spec.deref(&written);
    if (!schema || !schema->is_object() || depth > 8) return;
    if (const json made = schema->value("x-made-by", json()); made.is_object() && made.value("operation", "") == maker.operation)
        maker.body_fields.push_back({place, made.value("field", ""), made.value("apart", false) == true});
    if (const auto all = schema->find("allOf"); all != schema->end() && all->is_array())
        for (const auto& part : *all) made_members(spec, part, place, maker, depth + 1);
    if (const auto items = schema->find("items"); items != schema->end()) {
        place.push_back("[]");
        made_members(spec, *items, place, maker, depth + 1);
        place.pop_back();
    }
    if (const auto props = schema->find("properties"); props != schema->end() && props->is_object())
        for (const auto& [name, member] : props->items()) {
            place.push_back(name);
            made_members(spec, member, place, maker, depth + 1);
            place.pop_back();
        }
}

/// The create named by x-made-by on every path parameter of `op`, when they all name one.
std::optional<RecordMaker> maker_of(const spec::Spec& spec, const spec::Operation& op) {
    RecordMaker maker;
    for (const auto& p : op.parameters) {
        if (p.in != "path") continue;
        const json made = p.schema.is_object() ? p.schema.value("x-made-by", json()) : json();
        if (!made.is_object() || (!maker.operation.empty() && made.value("operation", "") != maker.operation)) return std::nullopt;
        maker.operation = made.value("operation", "");
        maker.fields[p.name] = made.value("field", "");
        if (maker.removed_by.empty()) maker.removed_by = made.value("removed_by", "");
    }
    if (maker.operation.empty()) return std::nullopt;
    std::vector<std::string> place;
    if (op.request_schema && !op.request_unspecified) made_members(spec, *op.request_schema, place, maker);
    return maker;
}

std::string text_of(const json& value) { return value.is_string() ? value.get<std::string>() : value.dump(); }

/// Unique text shorter than this cannot carry the run's prefix and a counter: its edge is not sent.
constexpr std::size_t kShortestUniqueText = 24;

/// The edges of `c` a rule owns, as cases of the plan (`parameter` empty for the body).
void add_edges(const SchemaConstraint& c, RequestPart part, const std::string& parameter, const std::string& multibyte_char,
               OperationPlan& plan) {
    if (c.rule.empty() || part == RequestPart::Path) return;
    const bool unique = part == RequestPart::Body && c.path.size() == 1 &&
                        std::find(plan.unique_members.begin(), plan.unique_members.end(), c.path.front().name) != plan.unique_members.end();
    for (auto& edge : edge_values(c, multibyte_char)) {
        if (unique && (!edge.value.is_string() || edge.value.get<std::string>().size() < kShortestUniqueText)) {
            plan.not_exercised.push_back(c.describe() + ": " + edge.label + " is not sent: the member is unique, and so short a value "
                                         "cannot be kept apart from earlier runs");
            continue;
        }
        plan.edges.push_back({part, parameter, c, std::move(edge), unique});
    }
}

void add_parameter_cases(const spec::Spec& spec, const spec::Operation& op, const ConstraintExclusions& exclusions,
                         const std::string& multibyte_char, OperationPlan& plan) {
    for (const auto& p : op.parameters) {
        if (p.in == "header" || p.in == "cookie") continue;
        const RequestPart part = p.in == "path" ? RequestPart::Path : RequestPart::Query;
        std::vector<std::string> skipped;
        const std::string field = op.id + "." + p.name;
        if (p.required && part == RequestPart::Query && !exclusions.fields.count(field)) {
            const auto resolved = resolved_schema(spec, p.schema);
            const std::string rule = resolved && resolved->contains("x-rule") ? (*resolved)["x-rule"].get<std::string>() : "";
            plan.cases.push_back({part, p.name, SchemaConstraint{ConstraintKind::Required, {}, p.name, p.schema, rule, field}});
        }
        for (auto& c : constraints_of(spec, p.schema, exclusions, &skipped, field)) {
            c.as_text = true;
            const auto resolved = resolved_schema(spec, p.schema);
            const bool text = resolved && resolved->value("type", json()) == json("string");
            // Every query or path value is text: a string parameter's type cannot be broken there.
            if (c.kind == ConstraintKind::Type && text) continue;
            if (part == RequestPart::Path) {
                // A path value must stay one segment the route still matches to this operation.
                auto value = breaking_value(c, json());
                if (c.kind == ConstraintKind::Required || !value || !*value || (value->value().is_string() && value->value().get<std::string>().empty()))
                    continue;
            }
            add_edges(c, part, p.name, multibyte_char, plan);
            if (!c.edges_only) plan.cases.push_back({part, p.name, std::move(c)});
        }
        for (const auto& line : skipped) plan.not_exercised.push_back(to_string(part) + " " + p.name + " " + line);
    }
    const bool has_headers = std::any_of(op.parameters.begin(), op.parameters.end(), [](const spec::Parameter& p) { return p.in == "header"; });
    if (has_headers) plan.not_exercised.push_back("header parameters: the channel header is the harness's, others are not sent");
    plan.not_exercised.push_back("unknown query parameters: the rules data does not say they are refused");
}

void add_body_cases(const spec::Spec& spec, const spec::Operation& op, const ConstraintExclusions& exclusions,
                    const std::string& multibyte_char, OperationPlan& plan) {
    const json* schema = request_schema_of(op);
    if (!schema) {
        if (op.request_unspecified) plan.not_exercised.push_back("the request body is not shown (x-unspecified): sent without one");
        return;
    }
    if (op.request_body_required) {
        SchemaConstraint whole{ConstraintKind::Required, {}, "", *schema, "", ""};
        if (auto resolved = resolved_schema(spec, *schema); resolved && resolved->contains("x-rule")) whole.rule = (*resolved)["x-rule"].get<std::string>();
        plan.cases.push_back({RequestPart::Body, "", std::move(whole)});
    }
    std::vector<std::string> skipped;
    for (auto& c : constraints_of(spec, *schema, exclusions, &skipped)) {
        add_edges(c, RequestPart::Body, "", multibyte_char, plan);
        if (!c.edges_only) plan.cases.push_back({RequestPart::Body, "", std::move(c)});
    }
    for (const auto& line : skipped) plan.not_exercised.push_back("body " + line);
}

/// Parameter values valid under their schemas: required ones always, optional ones half the time, except
/// an optional one whose format the document does not show (x-unspecified) or drawn empty: either could be
/// one a correct server refuses, so a valid request leaves it out. A path value of an operation that changes
/// what it names is never one the target holds in a request the target may serve; in one it must refuse
/// (`refused`) it is, so that the refusal is for the constraint broken and not for an absent record.
void draw_parameters(const spec::Spec& spec, const OperationPlan& plan, PhaseRequest& out, const SchemaGenOptions& options = {},
                     bool refused = false) {
    const SchemaGenOptions schema_only;
    const bool absent = plan.absent_records && !refused;
    for (const auto& p : plan.operation->parameters) {
        if (p.in == "path") {
            const SchemaGenOptions& path_options = absent ? schema_only : options;
            out.path[p.name] = text_of(*gen_from_schema(spec, path_schema(spec, p, absent), path_options));
        } else if (p.in == "query" && (p.required || (!p.schema.value("x-unspecified", false) && *rc::gen::arbitrary<bool>()))) {
            json value = *gen_from_schema(spec, p.schema, options);
            // An optional parameter sent empty says nothing a correct server must take one way: left out.
            if (!p.required && value == json("")) continue;
            out.query[p.name] = std::move(value);
        }
    }
}

/// The body members a unique_value check of the rules data names on the operation's request component.
std::vector<std::string> unique_members_of(const spec::Spec& spec, const spec::Operation& op) {
    std::vector<std::string> out;
    const json* schema = request_schema_of(op);
    const std::string component = schema ? component_name(*schema) : "";
    if (component.empty()) return out;
    for (const auto& check : spec.checks()) {
        const std::string field = check.type == "unique_value" ? check.params.value("field", "") : "";
        if (field.rfind(component + ".", 0) == 0 && field.find('.', component.size() + 1) == std::string::npos &&
            std::find(out.begin(), out.end(), field.substr(component.size() + 1)) == out.end())
            out.push_back(field.substr(component.size() + 1));
    }
    return out;
}

/// Writes a unique value into each of the plan's unique members of `body`, except the one `broken` breaks.
void make_unique(json& body, const OperationPlan& plan, const std::string& prefix, const SchemaConstraint* broken) {
    // The run's sequence, not one of this process: the children of a conform run share it, so two tests in
    // two children never send one value (the second would be refused as a duplicate).
    if (prefix.empty() || !body.is_object()) return;
    for (const auto& member : plan.unique_members) {
        const bool is_broken = broken && ((broken->path.empty() && broken->property == member) ||
                                          (!broken->path.empty() && broken->path.front().name == member));
        if (!is_broken) body[member] = prefix + std::to_string(next_unique_number());
    }
}

/// The options of one request: its values of one list come from one item of it (an order and its
/// shipment). `minimal`: the rest of the request as small as valid (required members only), for a request
/// whose refusal is judged: it is then for the value judged, not for an optional member of values the
/// document does not show.
SchemaGenOptions for_one_request(const SchemaGenOptions& options, bool minimal) {
    SchemaGenOptions draw = options;
    draw.item_of_list = std::make_shared<std::map<std::string, std::size_t>>();
    if (minimal) draw.max_depth = 0;
    return draw;
}

/// `stamp` followed by the characters of `edge_text` (text of one repeated character) up to its length.
std::string padded(const std::string& stamp, const std::string& edge_text) {
    std::size_t width = 1;  // the bytes of the repeated character
    while (width < edge_text.size() && (static_cast<unsigned char>(edge_text[width]) & 0xC0) == 0x80) ++width;
    const std::size_t length = edge_text.size() / width;
    std::string out = stamp;
    for (std::size_t n = stamp.size(); n < length; ++n) out += edge_text.substr(0, width);
    return out;
}

}  // namespace

std::string to_string(RequestPart part) {
    switch (part) {
        case RequestPart::Body: return "body";
        case RequestPart::Query: return "query";
        case RequestPart::Path: return "path";
    }
    return "?";
}

std::string NegativeCase::describe() const {
    if (part == RequestPart::Body) return constraint.describe() + " (body)";
    return constraint.describe() + " of " + to_string(part) + " " + parameter;
}

std::size_t replace_at(json& request, const std::vector<std::string>& place, const std::vector<json>& values, bool add) {
    // Walks every branch "[]" opens; at most one level of the place is consumed a call.
    std::size_t found = 0;
    const auto walk = [&](auto&& self, json& node, std::size_t at) -> void {
        if (at == place.size()) {
            if (!values.empty()) node = values[std::min(found, values.size() - 1)];
            ++found;
            return;
        }
        if (place[at] == "[]") {
            if (node.is_array())
                for (auto& item : node) self(self, item, at + 1);
        } else if (node.is_object() && node.contains(place[at])) {
            self(self, node[place[at]], at + 1);
        } else if (node.is_object() && add && at + 1 == place.size()) {
            json member;  // put in only once there is a value for it
            self(self, member, at + 1);
            if (!values.empty()) node[place[at]] = std::move(member);
        }
    };
    walk(walk, request, 0);
    return found;
}

int OperationPlan::share(std::size_t index) const {
    if (cases.empty()) return 0;
    const int n = static_cast<int>(cases.size());
    return negative / n + (static_cast<int>(index) < negative % n ? 1 : 0);
}

std::string EdgeCase::describe() const {
    return constraint.describe() + (part == RequestPart::Body ? " (body)" : " of " + to_string(part) + " " + parameter) + ": " + edge.label;
}

OperationPlan plan_operation(const spec::Spec& spec, const spec::Operation& operation, int cases, const ConstraintExclusions& exclusions,
                             const std::string& multibyte_char) {
    OperationPlan plan;
    plan.operation = &operation;
    plan.absent_records = changes_named_record(operation);
    plan.unique_members = unique_members_of(spec, operation);
    add_parameter_cases(spec, operation, exclusions, multibyte_char, plan);
    add_body_cases(spec, operation, exclusions, multibyte_char, plan);
    const int budget = 2 * std::max(cases, 1);
    plan.negative = plan.cases.empty() ? 0 : std::max(budget / 2, static_cast<int>(plan.cases.size()));
    plan.positive = std::max(budget / 2, budget - plan.negative);
    if (plan.absent_records) plan.made_by = maker_of(spec, operation);
    if (plan.absent_records && !plan.made_by) {
        for (const auto& p : operation.parameters) {
            if (p.in != "path" || !is_integer_schema(spec, p.schema)) continue;
            auto resolved = resolved_schema(spec, p.schema);
            if (resolved && resolved->contains("minimum") && (*resolved)["minimum"].is_number() && (*resolved)["minimum"].get<double>() >= 0) {
                // No value names no record for sure: the phase sends this operation only what it must refuse.
                plan.not_exercised.push_back("positive requests: path " + p.name + " admits only ids a record may have, and the operation changes it");
                plan.negative += plan.positive;
                plan.positive = 0;
                break;
            }
        }
        if (plan.positive > 0) plan.not_exercised.push_back("records named by path: only ids below zero are sent (the operation changes what it names)");
    }
    return plan;
}

std::vector<OperationPlan> plan_schema_phase(const spec::Spec& spec, int cases) {
    const ConstraintExclusions exclusions = exclusions_of(spec);
    std::vector<OperationPlan> out;
    for (const auto& op : spec.operations()) out.push_back(plan_operation(spec, op, cases, exclusions));
    return out;
}

void showValue(const PhaseRequest& request, std::ostream& os) {
    json shown{{"path", request.path}, {"query", request.query}};
    if (request.body) shown["body"] = *request.body;
    os << shown.dump();
}

rc::Gen<PhaseRequest> gen_positive(const spec::Spec& spec, const OperationPlan& plan, PhaseValues values) {
    SchemaGenOptions options;
    options.known = std::move(values.known);
    return rc::gen::exec([&spec, plan, options, prefix = std::move(values.unique_prefix)] {
        const SchemaGenOptions draw = for_one_request(options, false);
        PhaseRequest out;
        draw_parameters(spec, plan, out, draw);
        if (const json* schema = request_schema_of(*plan.operation)) {
            out.body = *gen_from_schema(spec, *schema, draw);
            make_unique(*out.body, plan, prefix, nullptr);
        }
        return out;
    });
}

void showValue(const EdgeRequests& requests, std::ostream& os) {
    os << "at the edge: ";
    showValue(requests.at_edge, os);
    os << "\ninside the limits: ";
    showValue(requests.inside, os);
}

rc::Gen<EdgeRequests> gen_edge(const spec::Spec& spec, const OperationPlan& plan, const EdgeCase& edge, PhaseValues values) {
    SchemaGenOptions options;
    options.known = std::move(values.known);
    return rc::gen::exec([&spec, plan, edge, options, prefix = std::move(values.unique_prefix)] {
        const SchemaGenOptions draw = for_one_request(options, true);
        EdgeRequests out;
        draw_parameters(spec, plan, out.at_edge, draw);
        const json* schema = request_schema_of(*plan.operation);
        if (edge.part == RequestPart::Body) {
            auto [at_edge, inside] = *gen_at_edge(spec, *schema, edge.constraint, edge.edge, draw);
            if (edge.unique && !prefix.empty()) {
                // Unique at the edge's own length: the run's stamp, filled up with the edge's character.
                json& member = at_edge[edge.constraint.path.front().name];
                const std::string text = member.get<std::string>();
                make_unique(at_edge, plan, prefix, nullptr);
                member = padded(member.get<std::string>() + "-", text);
            } else {
                make_unique(at_edge, plan, prefix, &edge.constraint);
            }
            make_unique(inside, plan, prefix, nullptr);
            out.at_edge.body = std::move(at_edge);
            out.inside = out.at_edge;
            out.inside.body = std::move(inside);
            return out;
        }
        if (schema) {
            out.at_edge.body = *gen_from_schema(spec, *schema, draw);
            make_unique(*out.at_edge.body, plan, prefix, nullptr);
        }
        const spec::Parameter* p = plan.operation->parameter(edge.parameter, to_string(edge.part));
        out.inside = out.at_edge;
        if (!out.inside.query.contains(edge.parameter)) {
            auto [at, inside] = *gen_at_edge(spec, p->schema, edge.constraint, edge.edge, draw);
            out.at_edge.query[edge.parameter] = at;
            out.inside.query[edge.parameter] = inside;
        } else {
            out.at_edge.query[edge.parameter] = (*gen_at_edge(spec, p->schema, edge.constraint, edge.edge, draw)).first;
        }
        if (out.inside.body) make_unique(*out.inside.body, plan, prefix, nullptr);
        return out;
    });
}

rc::Gen<PhaseRequest> gen_negative(const spec::Spec& spec, const OperationPlan& plan, const NegativeCase& c, PhaseValues values) {
    SchemaGenOptions options;
    options.known = std::move(values.known);
    return rc::gen::exec([&spec, plan, c, options, prefix = std::move(values.unique_prefix)] {
        const SchemaGenOptions draw = for_one_request(options, true);
        PhaseRequest out;
        draw_parameters(spec, plan, out, draw, true);
        const json* schema = request_schema_of(*plan.operation);
        if (c.part == RequestPart::Body) {
            if (c.constraint.kind == ConstraintKind::Required && c.constraint.property.empty() && c.constraint.path.empty()) return out;
            out.body = *gen_breaking(spec, *schema, c.constraint, draw);
            make_unique(*out.body, plan, prefix, &c.constraint);
            return out;
        }
        if (schema) {
            out.body = *gen_from_schema(spec, *schema, draw);
            make_unique(*out.body, plan, prefix, nullptr);
        }
        const spec::Parameter* p = plan.operation->parameter(c.parameter, to_string(c.part));
        if (c.constraint.kind == ConstraintKind::Required && c.constraint.path.empty()) {
            out.query.erase(c.parameter);
            return out;
        }
        const json broken = *gen_breaking(spec, p->schema, c.constraint);
        if (c.part == RequestPart::Query) out.query[c.parameter] = broken;
        else out.path[c.parameter] = text_of(broken);
        return out;
    });
}

}  // namespace dockside::generators
