#include "specs/loader/spec.h"

#include <algorithm>
#include <set>
#include <sstream>

#include "specs/loader/spec_internal.h"

namespace dockside::spec {

using namespace detail;

bool ResponseSpec::declares_json() const {
    return std::any_of(content_types.begin(), content_types.end(),
                       [](const std::string& type) { return is_json_media_type(type); });
}

const Parameter* Operation::parameter(std::string_view name, std::string_view in) const {
    for (const auto& p : parameters)
        if (p.name == name && p.in == in) return &p;
    return nullptr;
}

const ResponseSpec* Operation::response_for(int status) const {
    if (auto it = responses.find(std::to_string(status)); it != responses.end()) return &it->second;
    std::string range = std::to_string(status / 100) + "XX";
    if (auto it = responses.find(range); it != responses.end()) return &it->second;
    std::string lower_range = std::to_string(status / 100) + "xx";
    if (auto it = responses.find(lower_range); it != responses.end()) return &it->second;
    if (auto it = responses.find("default"); it != responses.end()) return &it->second;
    return nullptr;
}

std::string SpecError::to_string() const {
    std::ostringstream out;
    out << file;
    if (line > 0) out << ':' << line << ':' << column;
    out << ": " << message;
    for (const auto& d : details) out << "\n  " << d;
    return out.str();
}

std::string SpecProblem::to_string() const {
    return location + ": rule " + rule_id + ": " + message + " (" + reference + ")";
}

Result<Spec, SpecError> Spec::load(const std::string& openapi_path, const std::string& rules_path) {
    auto openapi = load_document(openapi_path);
    if (!openapi) {
        const auto& e = openapi.error();
        return fail(SpecError{e.file, e.line, e.column, e.message, {}});
    }
    json rules_json;
    PositionMap rule_positions;
    if (!rules_path.empty()) {
        auto rules = load_document(rules_path, &rule_positions);
        if (!rules) {
            const auto& e = rules.error();
            return fail(SpecError{e.file, e.line, e.column, e.message, {}});
        }
        rules_json = std::move(rules).value();
    }

    Spec spec;
    spec.document_ = std::make_shared<const json>(std::move(openapi).value());
    spec.openapi_origin_ = openapi_path;
    spec.rules_origin_ = rules_path;
    spec.rules_document_ = std::move(rules_json);
    if (auto problems = spec.build_operations(); !problems.empty())
        return fail(SpecError{openapi_path, 0, 0, "the OpenAPI document has problems", std::move(problems)});
    if (auto problems = spec.build_rules(rule_positions); !problems.empty())
        return fail(SpecError{rules_path, 0, 0, "the rules document has problems", std::move(problems)});
    return spec;
}

Result<Spec, SpecError> Spec::from_documents(json openapi, json rules, std::string origin) {
    Spec spec;
    spec.document_ = std::make_shared<const json>(std::move(openapi));
    spec.openapi_origin_ = origin;
    spec.rules_origin_ = origin;
    spec.rules_document_ = std::move(rules);
    if (auto problems = spec.build_operations(); !problems.empty())
        return fail(SpecError{origin, 0, 0, "the OpenAPI document has problems", std::move(problems)});
    if (auto problems = spec.build_rules({}); !problems.empty())
        return fail(SpecError{origin, 0, 0, "the rules document has problems", std::move(problems)});
    return spec;
}

const json* Spec::resolve(std::string_view ref) const {
    if (!ref.empty() && ref.front() == '#') ref.remove_prefix(1);
    if (ref.empty()) return document_.get();
    if (ref.front() != '/') return nullptr;  // remote references are not supported by design
    try {
        json::json_pointer pointer{std::string(ref)};
        if (!document_->contains(pointer)) return nullptr;
        return &document_->at(pointer);
    } catch (const json::exception&) {
        return nullptr;
    }
}

const json* Spec::deref(const json* node, std::string* pointer) const {
    for (int hop = 0; node && hop < kMaxRefHops; ++hop) {
        if (!node->is_object()) return node;
        auto it = node->find("$ref");
        if (it == node->end() || !it->is_string()) return node;
        std::string ref = it->get<std::string>();
        node = resolve(ref);
        if (pointer) *pointer = ref.empty() || ref.front() != '#' ? ref : ref.substr(1);
    }
    return node && node->is_object() && node->contains("$ref") ? nullptr : node;
}

const Operation* Spec::find(std::string_view operation_id) const {
    auto it = by_id_.find(std::string(operation_id));
    return it == by_id_.end() ? nullptr : &operations_[it->second];
}

const Rule* Spec::rule(std::string_view id) const {
    auto it = rule_by_id_.find(std::string(id));
    return it == rule_by_id_.end() ? nullptr : &rules_[it->second];
}

std::optional<PathMatch> Spec::match(std::string_view method, std::string_view concrete_path) const {
    concrete_path = concrete_path.substr(0, concrete_path.find('?'));
    std::string wanted = upper(method);
    std::optional<PathMatch> best;
    PathTemplate::Score best_score;
    for (size_t i = 0; i < operations_.size(); ++i) {
        if (operations_[i].method != wanted) continue;
        PathTemplate::Score score;
        auto params = templates_[i].match(concrete_path, &score);
        if (!params) continue;
        if (!best || score > best_score) {
            best = PathMatch{&operations_[i], std::move(*params)};
            best_score = score;
        }
    }
    return best;
}

std::vector<std::string> Spec::allowed_methods(std::string_view concrete_path) const {
    concrete_path = concrete_path.substr(0, concrete_path.find('?'));
    std::set<std::string> methods;
    for (size_t i = 0; i < operations_.size(); ++i)
        if (templates_[i].match(concrete_path)) methods.insert(operations_[i].method);
    return {methods.begin(), methods.end()};
}

}  // namespace dockside::spec
