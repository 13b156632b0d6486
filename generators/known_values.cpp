#include "generators/known_values.h"

#include <algorithm>

#include "core/text.h"

namespace dockside::generators {

namespace {

using nlohmann::json;

constexpr int kMaxDepth = 32;  // a cycle of $refs must not hang the walk

void collect(const spec::Spec& spec, const json& schema, int depth, std::vector<ValueSource>& out) {
    if (!schema.is_object() || depth > kMaxDepth) return;
    if (auto source = value_source_of(schema); source && std::find(out.begin(), out.end(), *source) == out.end())
        out.push_back(*source);
    if (auto ref = schema.find("$ref"); ref != schema.end() && ref->is_string())
        if (const json* target = spec.resolve(ref->get<std::string>())) collect(spec, *target, depth + 1, out);
    if (auto items = schema.find("items"); items != schema.end()) collect(spec, *items, depth + 1, out);
    if (auto properties = schema.find("properties"); properties != schema.end() && properties->is_object())
        for (const auto& [name, member] : properties->items()) collect(spec, member, depth + 1, out);
    for (const char* key : {"allOf", "anyOf", "oneOf"})
        if (auto members = schema.find(key); members != schema.end() && members->is_array())
            for (const auto& member : *members) collect(spec, member, depth + 1, out);
}

void values_under(const json& value, const std::vector<std::string_view>& steps, std::size_t at, std::vector<json>& out) {
    if (value.is_array()) {
        for (const auto& item : value) values_under(item, steps, at, out);
        return;
    }
    if (at == steps.size()) {
        if (!value.is_null()) out.push_back(value);
        return;
    }
    if (!value.is_object()) return;
    if (auto member = value.find(std::string(steps[at])); member != value.end()) values_under(*member, steps, at + 1, out);
}

}  // namespace

std::optional<ValueSource> value_source_of(const json& schema) {
    if (!schema.is_object()) return std::nullopt;
    const auto it = schema.find("x-values-from");
    if (it == schema.end() || !it->is_object()) return std::nullopt;
    const std::string operation = it->value("operation", ""), field = it->value("field", "");
    if (operation.empty() || field.empty()) return std::nullopt;
    const auto where = it->find("where");
    return ValueSource{operation, field, where != it->end() && where->is_object() && !where->empty() ? where->dump() : ""};
}

std::vector<ValueSource> value_sources(const spec::Spec& spec, const spec::Operation& operation) {
    std::vector<ValueSource> out;
    for (const auto& p : operation.parameters)
        if (p.in == "query" || p.in == "path") collect(spec, p.schema, 0, out);
    if (operation.request_schema && !operation.request_unspecified) collect(spec, *operation.request_schema, 0, out);
    return out;
}

namespace {

/// Whether the item holds every value `where` names (at least one value at each path equals it).
bool holds(const json& item, const json& where) {
    for (const auto& [path, wanted] : where.items()) {
        std::vector<json> found;
        values_under(item, split(path, '.'), 0, found);
        if (std::find(found.begin(), found.end(), wanted) == found.end()) return false;
    }
    return true;
}

}  // namespace

std::vector<std::vector<json>> values_by_item(const json& answer, const std::string& field, const std::string& where) {
    // A page's items are its "items", or else its one array member; an answer with several is not a list.
    const json* items = answer.is_array() ? &answer : nullptr;
    if (answer.is_object() && answer.contains("items") && answer["items"].is_array()) items = &answer["items"];
    else if (answer.is_object() && std::count_if(answer.begin(), answer.end(), [](const json& m) { return m.is_array(); }) == 1)
        items = &*std::find_if(answer.begin(), answer.end(), [](const json& m) { return m.is_array(); });
    std::vector<std::vector<json>> out;
    if (!items) return out;
    const auto steps = split(field, '.');
    const json filter = where.empty() ? json::object() : json::parse(where, nullptr, false);
    for (const auto& item : *items) {
        out.emplace_back();
        if (!filter.is_object() || holds(item, filter)) values_under(item, steps, 0, out.back());
    }
    return out;
}

std::vector<json> values_at(const json& answer, const std::string& field, const std::string& where) {
    std::vector<json> out;
    for (auto& group : values_by_item(answer, field, where)) std::move(group.begin(), group.end(), std::back_inserter(out));
    return out;
}

std::vector<std::int64_t> listed_ids_for(const spec::Spec& spec, const std::string& operation,
                                         const std::string& list_operation, const json& list_answer) {
    std::vector<std::int64_t> ids;
    const spec::Operation* op = spec.find(operation);
    if (!op) return ids;
    for (const auto& source : value_sources(spec, *op)) {
        if (source.operation != list_operation) continue;
        for (const auto& value : values_at(list_answer, source.field, source.where))
            if (value.is_number_integer() && value.get<std::int64_t>() > 0) ids.push_back(value.get<std::int64_t>());
        break;
    }
    return ids;
}

const std::optional<json>& TargetHoldings::list(const std::string& list_operation) {
    auto it = lists_.find(list_operation);
    if (it == lists_.end()) it = lists_.emplace(list_operation, read_(list_operation)).first;
    return it->second;
}

std::vector<json> TargetHoldings::items(const std::string& list_operation) {
    const auto& answer = list(list_operation);
    if (!answer) return {};
    if (answer->is_array()) return *answer;
    if (answer->is_object() && answer->contains("items") && (*answer)["items"].is_array()) return (*answer)["items"];
    return {};
}

std::shared_ptr<const KnownValues> TargetHoldings::for_operation(const spec::Operation& operation) {
    auto known = std::make_shared<KnownValues>();
    for (const auto& source : value_sources(spec_, operation))
        if (const auto& answer = list(source.operation)) (*known)[source] = values_by_item(*answer, source.field, source.where);
    return known;
}

std::vector<std::int64_t> TargetHoldings::ids_for(const std::string& operation, const std::string& list_operation) {
    const auto& answer = list(list_operation);
    return answer ? listed_ids_for(spec_, operation, list_operation, *answer) : std::vector<std::int64_t>{};
}

}  // namespace dockside::generators
