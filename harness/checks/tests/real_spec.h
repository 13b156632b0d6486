#pragma once
// The real contract and rules data, loaded once for the checks' tests.

#include <gtest/gtest.h>

#include "specs/loader/spec.h"

namespace dockside::checks {

inline const spec::Spec& real() {
    static const spec::Spec spec = [] {
        auto loaded = spec::Spec::load(DOCKSIDE_SPECS_DIR "/fulfillment-2025-07.openapi.yaml", DOCKSIDE_SPECS_DIR "/rules.yaml");
        if (!loaded) ADD_FAILURE() << loaded.error().to_string();
        return std::move(loaded).value();
    }();
    return spec;
}

}  // namespace dockside::checks
