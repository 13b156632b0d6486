#include "specs/loader/spec_location.h"

#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <system_error>

namespace dockside::spec {
namespace {

namespace fs = std::filesystem;

std::mutex g_mutex;
std::string g_chosen;  // set by use_spec_dir

/// The folder of the running executable, from the kernel rather than argv[0] (which a PATH lookup or a
/// symlink leaves relative or pointing elsewhere).
std::optional<fs::path> binary_folder() {
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (ec || exe.empty()) return std::nullopt;
    return exe.parent_path();
}

bool holds_contract(const fs::path& dir) {
    std::error_code ec;
    return fs::is_regular_file(spec_files(dir.string()).openapi, ec);
}

}  // namespace

SpecFiles spec_files(const std::string& spec_dir) {
    const fs::path dir(spec_dir);
    return {(dir / "fulfillment-2025-07.openapi.yaml").string(), (dir / "rules.yaml").string(),
            (dir / "profiles").string(), (dir / "mixes").string(), (dir / "simulation-control.openapi.yaml").string()};
}

namespace {

/// The spec folder Dockside came with: installed beside the binary, else the source tree's (see default_spec_dir).
std::string own_spec_dir() {
    const auto folder = binary_folder();
    const fs::path installed = folder ? (*folder / kInstalledSpecDirFromBinary).lexically_normal() : fs::path();
    if (!installed.empty() && holds_contract(installed)) return installed.string();
    // Compiled into this file only: the one place that knows where the source tree was.
    const fs::path source = DOCKSIDE_SOURCE_SPECS_DIR;
    if (holds_contract(source)) return source.string();
    return installed.empty() ? source.string() : installed.string();
}

}  // namespace

std::string default_spec_dir() {
    {
        const std::lock_guard lock(g_mutex);
        if (!g_chosen.empty()) return g_chosen;
    }
    return own_spec_dir();
}

void use_spec_dir(std::string dir) {
    const std::lock_guard lock(g_mutex);
    g_chosen = std::move(dir);
}

namespace {

/// A spec of default_spec_dir() loaded on first use and kept for the process, or why it could not be.
struct LoadedOnce {
    std::once_flag once;
    std::unique_ptr<Spec> spec;
    SpecError problem;

    Result<const Spec*, SpecError> get(std::string SpecFiles::*openapi, bool with_rules) {
        std::call_once(once, [&] {
            auto files = spec_files(default_spec_dir());
            // Dockside's own API (the simulation control) comes with Dockside when a chosen folder lacks it.
            std::error_code ec;
            if (!with_rules && !fs::is_regular_file(files.*openapi, ec)) files = spec_files(own_spec_dir());
            auto loaded = Spec::load(files.*openapi, with_rules ? files.rules : std::string());
            if (loaded) spec = std::make_unique<Spec>(std::move(loaded).value());
            else problem = loaded.error();
        });
        if (!spec) return fail(problem);
        return spec.get();
    }
};

}  // namespace

Result<const Spec*, SpecError> default_spec() {
    static LoadedOnce contract;
    return contract.get(&SpecFiles::openapi, true);
}

Result<const Spec*, SpecError> simulation_spec() {
    static LoadedOnce control;
    return control.get(&SpecFiles::simulation, false);
}

}  // namespace dockside::spec
