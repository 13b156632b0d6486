// What the OpenAPI file says about serving beyond its `paths`: the scope names its security schemes
// define, and the paths of the previous version that this one no longer serves (`x-removed-paths`).
#include <set>

#include "specs/loader/spec.h"
#include "specs/loader/spec_internal.h"

namespace dockside::spec {

using detail::string_or;
using detail::upper;

std::vector<std::string> Spec::scope_names() const {
    std::set<std::string> names;
    const json& doc = document();
    if (auto components = doc.find("components"); components != doc.end() && components->is_object())
        if (auto schemes = components->find("securitySchemes"); schemes != components->end() && schemes->is_object())
            for (const auto& [name, scheme] : schemes->items()) {
                if (!scheme.is_object() || !scheme.contains("flows") || !scheme["flows"].is_object()) continue;
                for (const auto& [flow_name, flow] : scheme["flows"].items())
                    if (flow.is_object() && flow.contains("scopes") && flow["scopes"].is_object())
                        for (const auto& [scope, text] : flow["scopes"].items()) names.insert(scope);
            }
    for (const auto& op : operations_) names.insert(op.scopes.begin(), op.scopes.end());
    return {names.begin(), names.end()};
}

std::vector<RemovedPath> Spec::removed_paths() const {
    std::vector<RemovedPath> out;
    const json& doc = document();
    auto list = doc.find("x-removed-paths");
    if (list == doc.end() || !list->is_array()) return out;
    for (const auto& entry : *list) {
        if (!entry.is_object()) continue;
        RemovedPath removed{upper(string_or(entry, "method")), string_or(entry, "path"), string_or(entry, "rule"),
                            string_or(entry, "replacement")};
        if (!removed.method.empty() && !removed.path.empty()) out.push_back(std::move(removed));
    }
    return out;
}

}  // namespace dockside::spec
