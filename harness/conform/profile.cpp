#include "harness/conform/profile.h"

#include <filesystem>

#include "specs/loader/yaml_json.h"

namespace dockside::conform {
namespace {
constexpr int kMaxExtends = 8;
}

Result<nlohmann::json, std::string> load_profile(const std::string& profiles_dir, const std::string& name) {
    std::string current = name;
    std::vector<nlohmann::json> chain;  // the profile first, its bases after
    for (int depth = 0; !current.empty(); ++depth) {
        if (depth == kMaxExtends) return fail("profile " + name + ": `extends` nests deeper than 8 (a cycle?)");
        // The first may be a file of its own (`dockside learn` writes one); what it extends is a name.
        const bool file = depth == 0 && current.ends_with(".yaml");
        const std::string path = file ? current : (std::filesystem::path(profiles_dir) / (current + ".yaml")).string();
        auto doc = spec::load_document(path);
        if (!doc) return fail("profile " + current + ": " + doc.error().to_string());
        if (!doc->is_object()) return fail("profile " + current + " (" + path + "): not a mapping");
        current = doc->contains("extends") && (*doc)["extends"].is_string() ? (*doc)["extends"].get<std::string>()
                                                                             : std::string();
        chain.push_back(std::move(doc.value()));
    }
    nlohmann::json merged = chain.front();
    nlohmann::json stances = nlohmann::json::object();
    for (auto it = chain.rbegin(); it != chain.rend(); ++it)
        if (it->contains("stances") && (*it)["stances"].is_object())
            for (const auto& [id, stance] : (*it)["stances"].items()) stances[id] = stance;
    merged["stances"] = stances;
    return merged;
}

}  // namespace dockside::conform
