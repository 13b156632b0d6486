// The rules half of Spec: reading specs/rules.yaml, resolving its field references, and `check()`.
#include "specs/loader/spec.h"

#include <algorithm>
#include <functional>

#include "specs/loader/spec_internal.h"

namespace dockside::spec {

using detail::position_text;
using detail::split_reference;

namespace {

constexpr int kMaxSchemaDepth = 64;

std::string text_of(const json& object, const char* key) {
    auto it = object.find(key);
    return it != object.end() && it->is_string() ? it->get<std::string>() : std::string();
}

std::vector<std::string> strings_of(const json& object, const char* key) {
    std::vector<std::string> out;
    auto it = object.find(key);
    if (it == object.end()) return out;
    if (it->is_string()) out.push_back(it->get<std::string>());
    if (it->is_array())
        for (const auto& item : *it)
            if (item.is_string()) out.push_back(item.get<std::string>());
    return out;
}

/// Calls `visit(id, pointer)` for every x-rule / x-rules id in the document.
using XRuleVisitor = std::function<void(const std::string& id, const std::string& pointer)>;

void each_x_rule(const json& node, const std::string& pointer, const XRuleVisitor& visit, int depth = 0) {
    if (depth > 256) return;
    if (node.is_object()) {
        for (const auto& [key, value] : node.items()) {
            std::string child = pointer_append(pointer, key);
            if (key == "x-rule" || key == "x-rules") {
                if (value.is_string()) visit(value.get<std::string>(), child);
                if (value.is_array())
                    for (size_t i = 0; i < value.size(); ++i)
                        if (value[i].is_string())
                            visit(value[i].get<std::string>(), child + "/" + std::to_string(i));
                continue;
            }
            each_x_rule(value, child, visit, depth + 1);
        }
    } else if (node.is_array()) {
        for (size_t i = 0; i < node.size(); ++i)
            each_x_rule(node[i], pointer + "/" + std::to_string(i), visit, depth + 1);
    }
}

}  // namespace

std::vector<std::string> Spec::build_rules(const PositionMap& positions) {
    std::vector<std::string> problems;
    positions_ = positions;
    if (rules_document_.is_null()) return problems;
    auto list = rules_document_.find("rules");
    if (!rules_document_.is_object() || list == rules_document_.end() || !list->is_array()) {
        problems.push_back("the rules document has no `rules:` list");
        return problems;
    }
    for (size_t i = 0; i < list->size(); ++i) {
        const json& entry = (*list)[i];
        std::string pointer = "/rules/" + std::to_string(i);
        std::string where = position_text(rules_origin_, positions, pointer);
        if (!entry.is_object()) {
            problems.push_back(where + ": rules[" + std::to_string(i) + "] is not a mapping");
            continue;
        }
        Rule rule;
        rule.id = text_of(entry, "id");
        if (rule.id.empty()) {
            problems.push_back(where + ": rules[" + std::to_string(i) + "] has no id");
            continue;
        }
        if (rule_by_id_.count(rule.id)) {
            problems.push_back(where + ": duplicate rule id " + rule.id);
            continue;
        }
        rule.kind = text_of(entry, "kind");
        rule.area = text_of(entry, "area");
        rule.section = text_of(entry, "section");
        rule.text = text_of(entry, "text");
        rule.operations = strings_of(entry, "operations");
        rule.fields = strings_of(entry, "fields");
        rule.check = entry.value("check", json());
        rule.added = entry.value("added", false);
        rule.location = where;
        rule_by_id_.emplace(rule.id, rules_.size());
        rules_.push_back(std::move(rule));
    }
    if (problems.empty()) build_checks();
    return problems;
}

void Spec::build_checks() {
    std::function<void(const std::string&, const json&, const std::string&)> flatten =
        [&](const std::string& rule_id, const json& check, const std::string& pointer) {
            if (check.is_array()) {
                for (size_t i = 0; i < check.size(); ++i) flatten(rule_id, check[i], pointer + "/" + std::to_string(i));
                return;
            }
            if (!check.is_object()) return;
            const std::string type = text_of(check, "type");
            if (type == "all_of") {
                if (auto list = check.find("checks"); list != check.end()) flatten(rule_id, *list, pointer + "/checks");
                return;
            }
            checks_.push_back({rule_id, type, check, pointer, position_text(rules_origin_, positions_, pointer)});
        };
    for (size_t i = 0; i < rules_.size(); ++i)
        flatten(rules_[i].id, rules_[i].check, "/rules/" + std::to_string(i) + "/check");
    for (const auto& check : checks_) {
        if (check.type != "status_class" || text_of(check.params, "when") != "any_request") continue;
        const json never = check.params.value("never", json::array());
        if (never.is_array() && std::find(never.begin(), never.end(), json("5xx")) != never.end()) {
            server_error_rule_ = check.rule_id;
            break;
        }
    }
}

bool Spec::field_in_schema(const json* schema, const std::vector<std::string>& path, size_t index,
                           int depth) const {
    schema = deref(schema);
    if (!schema) return false;
    if (index == path.size()) return true;
    if (depth > kMaxSchemaDepth || !schema->is_object()) return false;
    if (auto props = schema->find("properties"); props != schema->end() && props->is_object()) {
        if (auto field = props->find(path[index]); field != props->end())
            if (field_in_schema(&*field, path, index + 1, depth + 1)) return true;
    }
    if (auto items = schema->find("items"); items != schema->end())
        if (field_in_schema(&*items, path, index, depth + 1)) return true;
    for (const char* combinator : {"allOf", "oneOf", "anyOf"}) {
        auto members = schema->find(combinator);
        if (members == schema->end() || !members->is_array()) continue;
        for (const auto& member : *members)
            if (field_in_schema(&member, path, index, depth + 1)) return true;
    }
    return false;
}

bool Spec::field_exists(std::string_view reference) const {
    auto path = split_reference(reference);
    if (path.size() < 2 || path[0].empty()) return false;
    if (const Operation* op = find(path[0])) {  // "listOrders.Limit": a parameter of an operation
        if (path.size() != 2) return false;
        for (const auto& p : op->parameters)
            if (p.name == path[1]) return true;
        return false;
    }
    if (path[0].find_first_of("/~") != std::string::npos) return false;  // a name, not a pointer
    const json* schema = resolve("/components/schemas/" + path[0]);
    return schema && field_in_schema(schema, path, 1, 0);
}

void Spec::check_references(const Rule& rule, const json& check, const std::string& pointer,
                            const std::string& label, std::vector<SpecProblem>& problems) const {
    auto where = [&](const std::string& suffix, const std::string& suffix_label) {
        return position_text(rules_origin_, positions_, pointer + suffix) + " " + label + suffix_label;
    };
    if (check.is_array()) {
        for (size_t i = 0; i < check.size(); ++i)
            check_references(rule, check[i], pointer + "/" + std::to_string(i),
                             label + "[" + std::to_string(i) + "]", problems);
        return;
    }
    if (!check.is_object()) return;
    for (const auto& [key, value] : check.items()) {
        std::string child = pointer_append("", key);
        if (key == "operation" && value.is_string() && !find(value.get<std::string>()))
            problems.push_back({rule.id, value.get<std::string>(), where(child, "." + key),
                                "check names an operation the OpenAPI file lacks"});
        else if ((key == "operations" || key == "except_operations") && value.is_array()) {
            for (size_t i = 0; i < value.size(); ++i)
                if (value[i].is_string() && !find(value[i].get<std::string>()))
                    problems.push_back({rule.id, value[i].get<std::string>(),
                                        where(child + "/" + std::to_string(i),
                                              "." + key + "[" + std::to_string(i) + "]"),
                                        "check names an operation the OpenAPI file lacks"});
        } else if (key == "field" && value.is_string()) {
            // Dotted values are field references; a bare name is a parameter or a local key.
            std::string field = value.get<std::string>();
            if (field.find('.') != std::string::npos && !field_exists(field))
                problems.push_back({rule.id, field, where(child, "." + key),
                                    "check names a field the OpenAPI schemas lack"});
        } else if (value.is_object() || value.is_array()) {
            check_references(rule, value, pointer + child, label + "." + key, problems);
        }
    }
}

std::vector<SpecProblem> Spec::check() const {
    std::vector<SpecProblem> problems;
    for (size_t i = 0; i < rules_.size(); ++i) {
        const Rule& rule = rules_[i];
        // Loading fails on any malformed entry, so rules_[i] is the document's rules[i].
        std::string base = "/rules/" + std::to_string(i);
        auto where = [&](const std::string& suffix, const std::string& label) {
            return position_text(rules_origin_, positions_, base + suffix) + " " + label;
        };
        for (size_t j = 0; j < rule.operations.size(); ++j)
            if (!find(rule.operations[j]))
                problems.push_back({rule.id, rule.operations[j],
                                    where("/operations/" + std::to_string(j),
                                          rule.id + ".operations[" + std::to_string(j) + "]"),
                                    "names an operation the OpenAPI file lacks"});
        for (size_t j = 0; j < rule.fields.size(); ++j)
            if (!field_exists(rule.fields[j]))
                problems.push_back({rule.id, rule.fields[j],
                                    where("/fields/" + std::to_string(j),
                                          rule.id + ".fields[" + std::to_string(j) + "]"),
                                    "names a field the OpenAPI schemas lack"});
        check_references(rule, rule.check, base + "/check", rule.id + ".check", problems);
    }
    check_consistency(problems);
    if (!rules_.empty()) {
        each_x_rule(*document_, "", [&](const std::string& id, const std::string& pointer) {
            if (!rule(id))
                problems.push_back({id, id, openapi_origin_ + " #" + pointer,
                                    "the OpenAPI file names a rule the rules data lacks"});
        });
    }
    return problems;
}

}  // namespace dockside::spec
