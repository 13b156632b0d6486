#include "harness/validate/violation.h"

namespace dockside::validate {

std::string Violation::message() const {
    std::string out = rule + " at " + (pointer.empty() ? std::string("(response)") : pointer) + ": expected " +
                      expected + ", actual " + actual;
    if (!spec_location.empty()) out += " (spec: " + spec_location + ")";
    return out;
}

}  // namespace dockside::validate
