#include "refserver/core/operation_routes.h"

#include <algorithm>
#include <set>

#include "specs/loader/path_template.h"
#include "specs/loader/spec.h"

namespace dockside::refserver {
namespace {

using nlohmann::json;

/// The router's type of a path parameter: integers by their format (int32, else int64), the rest strings.
Route::Type parameter_type(const spec::Spec& spec, const spec::Parameter& parameter) {
    const json* schema = spec.deref(&parameter.schema);
    if (!schema || !schema->is_object() || schema->value("type", json()) != "integer") return Route::Type::String;
    return schema->value("format", json()) == "int32" ? Route::Type::Int32 : Route::Type::Int64;
}

/// The types of `path`'s parameters, as `operation` declares them (none for a removed path a fault serves:
/// strings); a {name} the operation does not declare is a problem.
ParameterTypes parameter_types(const spec::Spec& spec, const std::string& path, const spec::Operation* operation,
                               std::vector<std::string>& problems) {
    ParameterTypes types;
    if (!operation) return types;
    for (const auto& piece : spec::template_pieces(path)) {
        if (!piece.parameter) continue;
        if (const spec::Parameter* parameter = operation->parameter(piece.text, "path")) types[piece.text] = parameter_type(spec, *parameter);
        else problems.push_back("operation " + operation->id + ": path parameter {" + piece.text + "} of " + path + " is not declared");
    }
    return types;
}

ChannelRule channel_rule(spec::ChannelHeader header) {
    switch (header) {
        case spec::ChannelHeader::Required: return ChannelRule::Required;
        case spec::ChannelHeader::Optional: return ChannelRule::Optional;
        case spec::ChannelHeader::NotUsed: return ChannelRule::NotUsed;
    }
    return ChannelRule::Required;
}

OperationAccess access_of(const spec::Spec& spec, const spec::Operation& operation, StoreLock lock,
                          std::vector<std::string>& problems) {
    OperationAccess access{operation.id, true, {}, ChannelRule::Required, lock};
    auto security = spec.security(operation.id);
    if (!security) {
        problems.push_back(security.error().to_string());
        return access;
    }
    access.bearer = security->bearer;
    access.scopes = security->scopes;
    access.channel = channel_rule(security->channel_header);
    for (const auto& parameter : operation.parameters)
        if (parameter.in == "query") access.query_names.push_back(parameter.name);
    return access;
}

const OperationBinding* binding_of(const HandlerTable& table, const std::string& operation_id) {
    for (const auto& b : table.bindings())
        if (b.operation_id == operation_id) return &b;
    return nullptr;
}

/// The contract's operations, each at its spec path (or the unversioned one a fault asks for).
void add_contract_routes(const spec::Spec& spec, const HandlerTable& table, Router& router, std::vector<std::string>& problems) {
    for (const auto& op : spec.operations()) {
        const OperationBinding* binding = binding_of(table, op.id);
        if (!binding) {
            problems.push_back("operation " + op.id + " (" + op.method + " " + op.path_template +
                               ") of the spec has no handler in the reference server");
            continue;
        }
        if (!binding->served) continue;
        const std::string path = binding->unversioned ? without_version_segment(op.path_template) : op.path_template;
        router.add(op.method, path, parameter_types(spec, path, &op, problems), access_of(spec, op, binding->lock, problems),
                   binding->handler);
    }
    std::vector<std::string> known;
    for (const auto& op : spec.operations()) known.push_back(op.id);
    for (const auto& b : table.bindings())
        if (!spec.find(b.operation_id)) {
            std::string message = "a handler is bound to operation " + b.operation_id + ", which the spec does not have";
            if (auto near = spec::closest_names(b.operation_id, known); !near.empty()) message += " (nearest: " + near.front() + ")";
            problems.push_back(std::move(message));
        }
}

/// The previous version's paths, served only under the versioning faults (VER-RENAMED, VER-REMOVED).
void add_removed_paths(const spec::Spec& spec, const HandlerTable& table, Router& router, std::vector<std::string>& problems) {
    for (const auto& removed : spec.removed_paths()) {
        if (!removed.replacement.empty() && table.renamed_paths_served()) {
            const spec::Operation* op = spec.find(removed.replacement);
            const OperationBinding* binding = binding_of(table, removed.replacement);
            if (!op) problems.push_back("x-removed-paths: " + removed.path + " names replacement " + removed.replacement +
                                        ", which the spec does not have");
            if (!op || !binding || !binding->served) continue;
            router.add(removed.method, removed.path, parameter_types(spec, removed.path, op, problems),
                       access_of(spec, *op, binding->lock, problems), binding->handler);
        }
        // Only reads: answering a removed write with an empty list would claim a change that never happened.
        if (removed.replacement.empty() && removed.method == "GET" && table.removed_reads())
            router.add(removed.method, removed.path, {},
                       OperationAccess{removed.method + " " + removed.path, true, {}, ChannelRule::Optional, StoreLock::Shared, {}},
                       table.removed_reads());
    }
}

/// The simulation control's operations at the paths of its own OpenAPI file; none without that file.
void add_control_routes(const spec::Spec* control, const HandlerTable& table, Router& router, std::vector<std::string>& problems) {
    if (!control) return;
    for (const auto& b : table.control_bindings()) {
        const spec::Operation* op = control->find(b.operation_id);
        if (!op) {
            problems.push_back("a handler is bound to the simulation control's " + b.operation_id + ", which its spec does not have");
            continue;
        }
        router.add(op->method, op->path_template, parameter_types(*control, op->path_template, op, problems),
                   OperationAccess{op->id, false, {}, ChannelRule::NotUsed, b.lock, {}}, b.handler);
    }
    for (const auto& op : control->operations()) {
        const auto& bound = table.control_bindings();
        if (std::none_of(bound.begin(), bound.end(), [&](const ControlBinding& b) { return b.operation_id == op.id; }))
            problems.push_back("the simulation control's " + op.id + " (" + op.method + " " + op.path_template + ") has no handler");
    }
}

}  // namespace

std::string without_version_segment(const std::string& path) {
    const auto second = path.find('/', 1);
    return second == std::string::npos ? path : path.substr(second);
}

Result<Router, std::vector<std::string>> build_routes(const spec::Spec& spec, const spec::Spec* control,
                                                     const HandlerTable& table) {
    Router router;
    std::vector<std::string> problems = table.problems();
    add_contract_routes(spec, table, router, problems);
    add_removed_paths(spec, table, router, problems);
    add_control_routes(control, table, router, problems);
    for (const auto& p : router.problems()) problems.push_back("router: " + p);
    if (!problems.empty()) return fail(std::move(problems));
    return router;
}

}  // namespace dockside::refserver
