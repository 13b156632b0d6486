#include "harness/validate/schema_locator.h"

namespace dockside::validate {

using nlohmann::json;

namespace {

constexpr int kMaxDepth = 48;  // $ref cycles and deep combinators must end

std::string excerpt(const json& value, size_t max = 60) {
    std::string text = value.dump();
    if (text.size() > max) text = text.substr(0, max - 3) + "...";
    return text;
}

/// Whether a branch of anyOf/oneOf admits the value by its type (or has no type to say otherwise).
bool branch_admits(const spec::Spec& spec, const json& branch, const json* value, int depth = 0) {
    if (!value || depth > kMaxDepth) return true;
    const json* node = spec.deref(&branch);
    if (!node || !node->is_object()) return true;
    if (auto type = node->find("type"); type != node->end()) {
        if (type->is_string()) return json_has_type(*value, type->get<std::string>());
        if (type->is_array()) {
            for (const auto& t : *type)
                if (t.is_string() && json_has_type(*value, t.get<std::string>())) return true;
            return false;
        }
    }
    for (const char* combinator : {"allOf"}) {
        if (auto members = node->find(combinator); members != node->end() && members->is_array())
            for (const auto& member : *members)
                if (!branch_admits(spec, member, value, depth + 1)) return false;
    }
    return true;
}

}  // namespace

std::vector<std::string> pointer_tokens(const std::string& pointer) {
    std::vector<std::string> out;
    if (pointer.empty()) return out;
    size_t start = 1;
    while (true) {
        size_t slash = pointer.find('/', start);
        std::string token = pointer.substr(start, slash == std::string::npos ? std::string::npos : slash - start);
        std::string unescaped;
        for (size_t i = 0; i < token.size(); ++i) {
            if (token[i] == '~' && i + 1 < token.size()) {
                unescaped += token[i + 1] == '1' ? '/' : '~';
                ++i;
            } else {
                unescaped += token[i];
            }
        }
        out.push_back(std::move(unescaped));
        if (slash == std::string::npos) break;
        start = slash + 1;
    }
    return out;
}

bool json_has_type(const json& value, const std::string& type) {
    if (type == "null") return value.is_null();
    if (type == "boolean") return value.is_boolean();
    if (type == "integer") return value.is_number_integer();
    if (type == "number") return value.is_number();
    if (type == "string") return value.is_string();
    if (type == "array") return value.is_array();
    if (type == "object") return value.is_object();
    return false;
}

void SchemaLocator::expand(const json* node, const std::string& pointer, const json* value, SchemaLevel& level,
                           int depth) const {
    if (!node || depth > kMaxDepth) return;
    level.push_back({pointer, node});
    if (!node->is_object()) return;
    if (auto ref = node->find("$ref"); ref != node->end() && ref->is_string()) {
        std::string target = ref->get<std::string>();
        if (!target.empty() && target.front() == '#') target.erase(0, 1);
        expand(spec_.resolve(target), target, value, level, depth + 1);
    }
    if (auto members = node->find("allOf"); members != node->end() && members->is_array())
        for (size_t i = 0; i < members->size(); ++i)
            expand(&(*members)[i], pointer + "/allOf/" + std::to_string(i), value, level, depth + 1);
    for (const char* combinator : {"anyOf", "oneOf"}) {
        auto members = node->find(combinator);
        if (members == node->end() || !members->is_array()) continue;
        for (size_t i = 0; i < members->size(); ++i) {
            if (!branch_admits(spec_, (*members)[i], value)) continue;
            expand(&(*members)[i], pointer + "/" + combinator + "/" + std::to_string(i), value, level, depth + 1);
            break;  // the first branch that fits the value's type is the one the author meant
        }
    }
}

std::vector<SchemaLevel> SchemaLocator::locate(const std::string& schema_pointer, const json& instance,
                                               const std::vector<std::string>& tokens) const {
    std::vector<SchemaLevel> levels;
    const json* value = &instance;
    SchemaLevel root;
    expand(spec_.resolve(schema_pointer), schema_pointer, value, root, 0);
    if (root.empty()) return levels;
    levels.push_back(std::move(root));
    for (const auto& token : tokens) {
        const json* child = nullptr;
        if (value && value->is_object()) {
            auto it = value->find(token);
            child = it == value->end() ? nullptr : &*it;
        } else if (value && value->is_array()) {
            size_t index = std::strtoull(token.c_str(), nullptr, 10);
            child = index < value->size() ? &(*value)[index] : nullptr;
        }
        SchemaLevel next;
        for (const auto& [pointer, node] : levels.back()) {
            if (!node->is_object()) continue;
            if (value && value->is_array()) {
                if (auto items = node->find("items"); items != node->end() && items->is_object()) {
                    expand(&*items, pointer + "/items", child, next, 0);
                    break;
                }
                continue;
            }
            if (auto props = node->find("properties"); props != node->end() && props->is_object()) {
                if (auto field = props->find(token); field != props->end()) {
                    expand(&*field, spec::pointer_append(pointer + "/properties", token), child, next, 0);
                    break;
                }
            }
        }
        if (next.empty()) {  // not a declared property: additionalProperties may still describe it
            for (const auto& [pointer, node] : levels.back()) {
                if (!node->is_object()) continue;
                if (auto extra = node->find("additionalProperties"); extra != node->end() && extra->is_object()) {
                    expand(&*extra, pointer + "/additionalProperties", child, next, 0);
                    break;
                }
            }
        }
        if (next.empty()) break;
        levels.push_back(std::move(next));
        value = child;
    }
    return levels;
}

const SchemaNode* SchemaLocator::with_keyword(const SchemaLevel& level, const char* keyword) {
    for (const auto& entry : level)
        if (entry.node->is_object() && entry.node->contains(keyword)) return &entry;
    return nullptr;
}

std::string SchemaLocator::describe(const json& schema, int depth) const {
    std::string base = describe_plain(schema, depth);
    // OpenAPI 3.0's `nullable: true` admits null whatever the rest of the schema says.
    if (schema.is_object() && schema.value("nullable", false) && base.find("null") == std::string::npos)
        base += " or null";
    return base;
}

std::string SchemaLocator::describe_plain(const json& schema, int depth) const {
    if (depth > 6) return "a value";
    if (!schema.is_object()) return schema.is_boolean() && !schema.get<bool>() ? "nothing" : "any value";
    if (auto ref = schema.find("$ref"); ref != schema.end() && ref->is_string()) {
        std::string target = ref->get<std::string>();
        const json* node = spec_.resolve(target);
        std::string name = target.substr(target.rfind('/') + 1);
        if (node && node->is_object() && (node->contains("enum") || node->contains("type")) &&
            !node->contains("properties"))
            return describe(*node, depth + 1);
        return name;
    }
    if (auto values = schema.find("enum"); values != schema.end() && values->is_array()) {
        std::string out = "one of [";
        for (size_t i = 0; i < values->size(); ++i)
            out += (i ? ", " : "") + ((*values)[i].is_string() ? (*values)[i].get<std::string>() : (*values)[i].dump());
        return out + "]";
    }
    if (auto value = schema.find("const"); value != schema.end()) return "exactly " + excerpt(*value);
    for (const char* combinator : {"anyOf", "oneOf"}) {
        auto members = schema.find(combinator);
        if (members == schema.end() || !members->is_array()) continue;
        std::string out;
        for (size_t i = 0; i < members->size(); ++i)
            out += (i ? " or " : "") + describe((*members)[i], depth + 1);
        return out;
    }
    if (auto members = schema.find("allOf"); members != schema.end() && members->is_array() && !members->empty())
        return describe((*members)[0], depth + 1);
    if (auto type = schema.find("type"); type != schema.end()) {
        if (type->is_string()) return type->get<std::string>();
        std::string out;
        for (size_t i = 0; i < type->size(); ++i)
            out += (i ? " or " : "") + ((*type)[i].is_string() ? (*type)[i].get<std::string>() : std::string("?"));
        return out;
    }
    return "any value";
}

}  // namespace dockside::validate
