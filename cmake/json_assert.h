#pragma once
// Included before anything else in every C++ translation unit (CMakeLists.txt, `-include`).
//
// nlohmann/json checks its preconditions (const operator[] on a member that is not there, an iterator of
// another value) with assert(), which release builds compile out: undefined behaviour, in practice a crash,
// when a target answers an object without a member some code reads. Throwing instead makes it a failed test
// that says so (GoogleTest catches it) or a 500 from the reference server, never a lost run. Inside the
// library's noexcept functions a failure still terminates, as the assert did.

#include <stdexcept>
#include <string>

namespace dockside::json_precondition {
[[noreturn]] inline void failed(const char* where) {
    throw std::logic_error(std::string("nlohmann::json precondition failed in ") + where);
}
}  // namespace dockside::json_precondition

#define JSON_ASSERT(x) ((x) ? static_cast<void>(0) : ::dockside::json_precondition::failed(__func__))
