#include "tools/dockside/spec_files.h"

#include <algorithm>
#include <filesystem>

namespace dockside::cli {

std::vector<std::string> profile_names(const std::string& spec_dir) {
    std::vector<std::string> names;
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(spec_files(spec_dir).profiles_dir, ec))
        if (entry.path().extension() == ".yaml") names.push_back(entry.path().stem().string());
    std::sort(names.begin(), names.end());
    return names;
}

std::string version_segment(const spec::Spec& spec) {
    const auto& info = spec.document().value("info", nlohmann::json::object());
    if (!info.is_object() || !info.contains("version") || !info["version"].is_string()) return {};
    const std::string segment = "/" + info["version"].get<std::string>();
    for (const auto& op : spec.operations())
        if (op.path_template.rfind(segment + "/", 0) == 0) return segment;
    return {};
}

Result<spec::Spec, spec::SpecError> load_spec(const std::string& spec_dir) {
    const auto files = spec_files(spec_dir);
    return spec::Spec::load(files.openapi, files.rules);
}

}  // namespace dockside::cli
