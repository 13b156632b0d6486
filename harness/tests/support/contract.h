#pragma once
/// The contract of specs/ as tests read it: the operation table with its rules, and the folder of mixes.
/// Needs DOCKSIDE_SPECS_DIR (dockside_add_gtest defines it) and the dockside_spec library.

#include <stdexcept>
#include <string>
#include <utility>

#include "specs/loader/spec.h"

namespace dockside::testing {

/// Loaded once per test executable; a contract that does not load fails the test that asked for it.
inline const spec::Spec& contract() {
    static const spec::Spec spec = [] {
        const std::string dir = DOCKSIDE_SPECS_DIR;
        auto loaded = spec::Spec::load(dir + "/fulfillment-2025-07.openapi.yaml", dir + "/rules.yaml");
        if (!loaded) throw std::runtime_error(loaded.error().to_string());
        return std::move(loaded.value());
    }();
    return spec;
}

inline std::string mixes_dir() { return std::string(DOCKSIDE_SPECS_DIR) + "/mixes"; }

}  // namespace dockside::testing
