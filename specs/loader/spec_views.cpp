// Typed views of the operation table and the rules data: operations by id, security, paging, areas,
// limit units and where a schema field sits in request bodies.
#include <algorithm>
#include <set>

#include "specs/loader/schema_walk.h"
#include "specs/loader/spec.h"
#include "specs/loader/spec_internal.h"

namespace dockside::spec {

using detail::split_reference;
using detail::string_list;
using detail::string_or;

namespace {

std::vector<std::string> operation_ids(const Spec& spec) {
    std::vector<std::string> ids;
    for (const auto& op : spec.operations()) ids.push_back(op.id);
    return ids;
}

/// The name of the channel header, as the rules data's channel_header auth checks spell it.
std::string channel_header_name(const Spec& spec, const Operation& op) {
    for (const auto& check : spec.checks())
        if (check.type == "auth" && check.params.value("aspect", "") == "channel_header")
            if (auto name = string_or(check.params, "header"); !name.empty()) return name;
    std::string only;
    for (const auto& p : op.parameters)
        if (p.in == "header") {
            if (!only.empty()) return "";
            only = p.name;
        }
    return only;
}

/// Whether the operation's security requirements demand credentials (an empty requirement `{}` or an
/// empty list means anonymous access is allowed).
bool needs_bearer(const Spec& spec, const Operation& op) {
    const json* node = spec.resolve(op.pointer);
    const json* security = node && node->contains("security") ? &(*node)["security"]
                           : spec.document().contains("security") ? &spec.document()["security"]
                                                                  : nullptr;
    if (!security || !security->is_array() || security->empty()) return false;
    return std::none_of(security->begin(), security->end(),
                        [](const json& requirement) { return requirement.is_object() && requirement.empty(); });
}

void merge_paging(const json& p, Paging& out) {
    if (auto style = string_or(p, "style"); style == "cursor") out.style = PagingStyle::Cursor;
    auto set_text = [&](const char* key, std::string& slot) {
        if (auto value = string_or(p, key); !value.empty() && slot.empty()) slot = value == "none" ? "" : value;
    };
    set_text("page_param", out.page_param);
    set_text("size_param", out.size_param);
    set_text("cursor_param", out.cursor_param);
    if (auto it = p.find("size_default"); it != p.end() && it->is_number_integer() && !out.size_default)
        out.size_default = it->get<std::int64_t>();
    if (auto it = p.find("shape"); it != p.end() && (it->is_object() || it->is_string()) && out.shape.is_null())
        out.shape = *it;
    out.at_most_size_per_page = out.at_most_size_per_page || p.value("at_most_size_per_page", false);
    out.pages_disjoint = out.pages_disjoint || p.value("pages_disjoint", false);
}

/// The members from `node` to the field named by `rest`, with "[]" wherever an array is stepped into.
std::optional<std::vector<std::string>> tokens_to(const Spec& spec, const json* node, const std::vector<std::string>& rest) {
    std::vector<std::string> out;
    for (const auto& name : rest) {
        for (int guard = 0; guard < 8; ++guard) {
            node = spec.deref(node);
            if (!node || !node->is_object() || node->contains("properties") || !node->contains("items")) break;
            out.push_back("[]");
            node = &(*node)["items"];
        }
        std::string pointer;
        node = detail::find_property(spec, node, name, pointer);
        if (!node) return std::nullopt;
        out.push_back(name);
    }
    return out;
}

struct BodyWalk {
    const Spec& spec;
    const Operation& op;
    const std::string& target;  // pointer of the schema the reference starts at
    const std::vector<std::string>& rest;
    std::vector<BodyLocation>& out;
    std::set<std::string> on_path;  // pointers being walked, so recursive schemas end

    void walk(const json* node, std::string pointer, std::vector<std::string> path, int depth) {
        node = spec.deref(node, &pointer);
        if (!node || !node->is_object() || depth > detail::kMaxWalkDepth || !on_path.insert(pointer).second) return;
        if (pointer == target) {
            if (auto tail = tokens_to(spec, node, rest)) {
                path.insert(path.end(), tail->begin(), tail->end());
                out.push_back({&op, std::move(path)});
            }
        } else {
            if (auto props = node->find("properties"); props != node->end() && props->is_object())
                for (const auto& [name, child] : props->items()) {
                    auto next = path;
                    next.push_back(name);
                    walk(&child, pointer_append(pointer + "/properties", name), std::move(next), depth + 1);
                }
            if (auto items = node->find("items"); items != node->end()) {
                auto next = path;
                next.push_back("[]");
                walk(&*items, pointer + "/items", std::move(next), depth + 1);
            }
            for (const char* combinator : {"allOf", "anyOf", "oneOf"})
                if (auto members = node->find(combinator); members != node->end() && members->is_array())
                    for (size_t i = 0; i < members->size(); ++i)
                        walk(&(*members)[i], pointer + "/" + combinator + "/" + std::to_string(i), path, depth + 1);
        }
        on_path.erase(pointer);
    }
};

}  // namespace

std::string_view to_string(ChannelHeader value) {
    switch (value) {
        case ChannelHeader::Required: return "required";
        case ChannelHeader::Optional: return "optional";
        case ChannelHeader::NotUsed: return "not-used";
    }
    return "optional";
}

std::string_view to_string(PagingStyle style) { return style == PagingStyle::Cursor ? "cursor" : "page"; }

Result<const Operation*, LookupError> Spec::operation(std::string_view operation_id) const {
    if (const Operation* op = find(operation_id)) return op;
    return fail(LookupError{"operation", std::string(operation_id), "no operation with this operationId",
                            closest_names(operation_id, operation_ids(*this))});
}

Result<Security, LookupError> Spec::security(std::string_view operation_id) const {
    auto op = operation(operation_id);
    if (!op) return fail(op.error());
    Security s;
    s.operation = (*op)->id;
    s.bearer = needs_bearer(*this, **op);
    s.scopes = (*op)->scopes;
    s.channel_header = (*op)->channel_header;
    s.channel_header_name = channel_header_name(*this, **op);
    return s;
}

Result<const Operation*, LookupError> Spec::channel_list() const {
    for (const auto& op : operations_) {
        if (op.channel_header != ChannelHeader::Required) continue;
        for (const auto& p : op.parameters) {
            const json* schema = p.in == "header" ? deref(&p.schema) : nullptr;
            const json* source = schema && schema->is_object() && schema->contains("x-values-from") ? &(*schema)["x-values-from"] : nullptr;
            if (source && source->is_object())
                if (const Operation* list = find(source->value("operation", ""))) return list;
        }
    }
    return fail(LookupError{"channel list", "x-values-from",
                            "no channel header of an operation that requires one names the operation listing channels", {}});
}

std::string Spec::channel_header() const {
    for (const auto& op : operations_)
        if (op.channel_header == ChannelHeader::Required) return channel_header_name(*this, op);
    return "";
}

Result<Paging, LookupError> Spec::paging(std::string_view operation_id) const {
    auto op = operation(operation_id);
    if (!op) return fail(op.error());
    Paging out;
    out.operation = (*op)->id;
    for (const auto& check : checks_) {
        if (check.type != "paging" || string_or(check.params, "operation") != out.operation) continue;
        merge_paging(check.params, out);
        if (std::find(out.rules.begin(), out.rules.end(), check.rule_id) == out.rules.end())
            out.rules.push_back(check.rule_id);
    }
    if (out.rules.empty())
        return fail(LookupError{"paging", out.operation, "no paging check of the rules data names this operation",
                                closest_names(operation_id, paged_operations())});
    return out;
}

std::vector<std::string> Spec::paged_operations() const {
    std::set<std::string> named;
    for (const auto& check : checks_)
        if (check.type == "paging") named.insert(string_or(check.params, "operation"));
    std::vector<std::string> out;
    for (const auto& op : operations_)
        if (named.count(op.id)) out.push_back(op.id);
    return out;
}

std::vector<std::string> Spec::areas() const {
    std::vector<std::string> out;
    for (const auto& op : operations_)
        if (!op.area.empty() && std::find(out.begin(), out.end(), op.area) == out.end()) out.push_back(op.area);
    return out;
}

Result<std::vector<const Operation*>, LookupError> Spec::operations_in_area(std::string_view area) const {
    std::vector<const Operation*> out;
    for (const auto& op : operations_)
        if (op.area == area) out.push_back(&op);
    if (out.empty())
        return fail(LookupError{"area", std::string(area), "no operation has this x-area", closest_names(area, areas())});
    return out;
}

Result<LengthUnit, LookupError> Spec::length_unit(std::string_view unit_word) const {
    const json units = rules_document_.is_object() ? rules_document_.value("units", json::object()) : json::object();
    std::vector<std::string> known;
    if (units.is_object())
        for (const auto& [word, meaning] : units.items()) known.push_back(word);
    auto it = units.is_object() ? units.find(std::string(unit_word)) : units.end();
    if (it == units.end())
        return fail(LookupError{"unit", std::string(unit_word), "the rules data's units: map does not define it",
                                closest_names(unit_word, known)});
    const std::string counts = it->is_object() ? string_or(*it, "counts") : "";
    if (counts == "code_points") return LengthUnit::CodePoints;
    if (counts == "bytes") return LengthUnit::Bytes;
    if (counts == "utf16_units") return LengthUnit::Utf16Units;
    return fail(LookupError{"unit", std::string(unit_word),
                            "counts '" + counts + "' is not code_points, bytes or utf16_units", {}});
}

std::vector<BodyLocation> Spec::body_locations(std::string_view field_reference) const {
    std::vector<BodyLocation> out;
    const auto path = split_reference(field_reference);
    if (path.empty() || path[0].empty() || !resolve(pointer_append("/components/schemas", path[0]))) return out;
    const std::string target = pointer_append("/components/schemas", path[0]);
    const std::vector<std::string> rest(path.begin() + 1, path.end());
    for (const auto& op : operations_) {
        if (!op.request_schema) continue;
        BodyWalk walk{*this, op, target, rest, out, {}};
        walk.walk(&*op.request_schema, op.request_schema_pointer, {}, 0);
    }
    return out;
}

}  // namespace dockside::spec
