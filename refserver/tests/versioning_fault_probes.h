#pragma once
// Probes for the versioning faults that change a list shape or drop an operation (used by faults_test.cpp). Each returns true when the violation is observable on `h`.

#include <algorithm>
#include <string>
#include <vector>

#include "refserver/tests/test_support.h"

namespace dockside::refserver::testing::versioning_probes {

inline bool return_list_bare_array(Harness& h) { return body_of(h.get("/2025-07/return?Limit=1")).is_array(); }

inline bool invoices_unserved(Harness& h) {
    const int status = h.get("/2025-07/invoices").status;
    return status == 404 || status == 405;
}

}  // namespace dockside::refserver::testing::versioning_probes
