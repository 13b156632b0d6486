#pragma once
// Probes for the products and variants faults (used by faults_test.cpp). Each returns true when the violation is observable on `h`.

#include <algorithm>
#include <string>
#include <vector>

#include "refserver/tests/test_support.h"

namespace dockside::refserver::testing::product_probes {

inline bool merge_answers_variant(Harness& h) {
    auto r = h.post("/2025-07/variant/3001:merge", nlohmann::json::array({{{"id", 3002}}}));
    return r.status == 201 && !body_of(r).contains("variants");
}

/// Product 2002 has one variant; the answer to adding a second must list two.
inline bool variants_create_stale(Harness& h) {
    auto r = h.post("/2025-07/product/2002/variants", nlohmann::json::array({{{"name", "PROBE-NEW"}}}));
    return r.status == 201 && body_of(r)["variants"].size() == 1 && body_of(h.get("/2025-07/product/2002/variants")).size() == 2;
}

}  // namespace dockside::refserver::testing::product_probes
