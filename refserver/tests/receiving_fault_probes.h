#pragma once
// Probes for the receiving faults (used by faults_test.cpp). Each returns true when the violation is observable on `h`.

#include <algorithm>
#include <string>
#include <vector>

#include "refserver/tests/test_support.h"

namespace dockside::refserver::testing::receiving_probes {

inline bool wro_cancel_unchanged(Harness& h) {
    return h.send("POST", "/2025-07/receiving/8001:cancel").status == 200 &&
           body_of(h.get("/2025-07/receiving/8001"))["status"] == "Awaiting";
}

}  // namespace dockside::refserver::testing::receiving_probes
