// The folders depend one way (STYLE.md, "How the folders divide the work"): core/ at the bottom, specs/ on
// it, harness/ on both and knowing no particular API, then generators/, suites/ and tools/ above. An
// include pointing upward makes the lower layer unbuildable without the upper one; this test keeps every
// such include out, naming file and line, so a move like the load driver's (tools/load → harness/load)
// cannot leave one behind.

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>
#include <regex>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace {

namespace fs = std::filesystem;

struct Layer {
    const char* folder;                  ///< below the source root
    std::vector<std::string> forbidden;  ///< first path components it must not include
    const char* except_under = nullptr;  ///< a subfolder that may include `forbidden_outside` too
    std::vector<std::string> forbidden_outside{};
};

bool is_source(const fs::path& path) {
    const auto ext = path.extension();
    return ext == ".h" || ext == ".hpp" || ext == ".cpp" || ext == ".cc";
}

bool forbidden(const std::string& include, const std::vector<std::string>& roots) {
    for (const auto& root : roots)
        if (include.rfind(root + "/", 0) == 0) return true;
    return false;
}

/// "path:line includes x/y.h" for every `#include "x/…"` under `root`/`layer.folder` whose first component
/// the layer must not include.
std::vector<std::string> upward_includes(const fs::path& root, const Layer& layer) {
    static const std::regex include_line(R"(^\s*#\s*include\s*"([^"]+)\")");
    std::vector<std::string> found;
    const fs::path base = root / layer.folder;
    for (auto it = fs::recursive_directory_iterator(base); it != fs::recursive_directory_iterator(); ++it) {
        if (it->is_directory() && it->path().filename() == "node_modules") {
            it.disable_recursion_pending();  // npm packages of the node-based checks: not ours
            continue;
        }
        if (!it->is_regular_file() || !is_source(it->path())) continue;
        const auto relative = it->path().lexically_relative(root).generic_string();
        const bool in_exception =
            layer.except_under && relative.rfind(fs::path(layer.except_under).generic_string() + "/", 0) == 0;
        std::ifstream in(it->path());
        std::string line;
        for (int number = 1; std::getline(in, line); ++number) {
            std::smatch m;
            if (!std::regex_search(line, m, include_line)) continue;
            const std::string include = m[1];
            if (forbidden(include, layer.forbidden) || (!in_exception && forbidden(include, layer.forbidden_outside)))
                found.push_back(relative + ":" + std::to_string(number) + " includes " + include);
        }
    }
    return found;
}

std::string listed(const std::vector<std::string>& lines) {
    std::string out;
    for (const auto& l : lines) out += "  " + l + "\n";
    return out;
}

const std::vector<Layer>& layers() {
    static const std::vector<Layer> all = {
        {"core", {"specs", "harness", "generators", "suites", "tools", "refserver"}},
        {"specs", {"harness", "generators", "suites", "tools", "refserver"}},
        // harness/ tests may start the reference server as a target; its library code may not know it.
        {"harness", {"generators", "suites", "tools"}, "harness/tests", {"refserver"}},
    };
    return all;
}

TEST(IncludeLayering, NoLayerIncludesALayerAboveIt) {
    const fs::path root = DOCKSIDE_SOURCE_DIR;
    for (const auto& layer : layers()) {
        const auto found = upward_includes(root, layer);
        EXPECT_TRUE(found.empty()) << layer.folder << "/ includes from a layer above it:\n" << listed(found);
    }
}

// The check itself can fail: a planted upward include is found and named, the excepted folder's own
// allowance is honoured, and an include of the layer's own folder passes.
TEST(IncludeLayering, APlantedUpwardIncludeIsNamedWithItsLine) {
    const fs::path root = fs::temp_directory_path() / ("dockside-layering-" + std::to_string(std::random_device{}()));
    fs::create_directories(root / "harness/load");
    fs::create_directories(root / "harness/tests/load");
    fs::create_directories(root / "harness/x/node_modules/pkg");
    std::ofstream(root / "harness/load/merge.cpp") << "#include \"harness/load/merge.h\"\n\n#include \"tools/dockside/exit_codes.h\"\n";
    std::ofstream(root / "harness/load/plan.h") << "#pragma once\n  #  include \"refserver/api/store.h\"\n";
    std::ofstream(root / "harness/tests/load/merge_test.cpp") << "#include \"refserver/embedded/embedded_server.h\"\n";
    std::ofstream(root / "harness/x/node_modules/pkg/a.h") << "#include \"tools/x.h\"\n";
    const Layer harness{"harness", {"generators", "suites", "tools"}, "harness/tests", {"refserver"}};
    auto found = upward_includes(root, harness);
    std::sort(found.begin(), found.end());
    EXPECT_EQ(found, (std::vector<std::string>{"harness/load/merge.cpp:3 includes tools/dockside/exit_codes.h",
                                               "harness/load/plan.h:2 includes refserver/api/store.h"}));
    fs::remove_all(root);
}

}  // namespace
