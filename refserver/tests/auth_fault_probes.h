#pragma once
// Probes for the authentication faults (used by faults_test.cpp). Each returns true when the violation is observable on `h`.

#include <algorithm>
#include <string>
#include <vector>

#include "refserver/tests/test_support.h"

namespace dockside::refserver::testing::auth_probes {

inline bool undocumented_scope(Harness& h) {
    const auto page = body_of(h.get("/2025-07/channel?RecordsPerPage=250"));  // named: a temporary's member would dangle
    for (const auto& c : page["items"])
        for (const auto& s : c["scopes"])
            if (s == "orders_admin") return true;
    return false;
}

}  // namespace dockside::refserver::testing::auth_probes
