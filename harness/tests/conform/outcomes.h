#pragma once
// Test helpers shared by the results, report and JUnit tests: a test as GoogleTest ran it, and a setup
// finding made of any finding.

#include <string>
#include <vector>

#include "harness/conform/results.h"

namespace dockside::conform::testing {

inline RawTestResult raw(std::string name, bool failed, std::vector<std::string> messages = {}) {
    RawTestResult r;
    r.name = std::move(name);
    r.failed = failed;
    r.failure_messages = std::move(messages);
    r.seconds = 0.5;
    return r;
}

/// `f` as the finding of a failed setup step: creating an order answered something other than 201.
inline Finding as_setup(Finding f, const std::string& step = "creating an order") {
    f.rule = "ORD-CREATED";
    f.operation = "createOrder";
    f.title = "createOrder answers 201";
    f.setup = true;
    f.setup_step = step;
    return f;
}

}  // namespace dockside::conform::testing
