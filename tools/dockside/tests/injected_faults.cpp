// Compiled only into `dockside_with_test_hooks`, the test build of dockside: lets a test make one named
// conformance test crash or hang inside the harness, to prove the supervisor turns it into that test's
// failure and runs the rest. The binary users run has no such switch.
//
//   DOCKSIDE_TEST_CRASH_IN=Channels.X    SIGSEGV as that test sends its first request
//   DOCKSIDE_TEST_ABORT_IN=Channels.X    std::abort()
//   DOCKSIDE_TEST_THROW_IN=Channels.X    an exception nothing in the test catches
//   DOCKSIDE_TEST_HANG_IN=Channels.X     the test never ends and sends nothing

#include <unistd.h>

#include <csignal>
#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <string>

#include "harness/conform/suite_runner.h"

namespace {

std::string variable(const char* name) {
    const char* value = std::getenv(name);
    return value ? value : "";
}

/// A real invalid write, as a bug in the harness would make. The address comes through a volatile: a null
/// pointer the compiler can see is undefined behaviour, and it drops the whole path as unreachable.
void crash() {
    static volatile std::uintptr_t address = 0;
    *reinterpret_cast<volatile int*>(address) = 1;
}

[[maybe_unused]] const bool kInstalled = [] {
    const std::string crash_in = variable("DOCKSIDE_TEST_CRASH_IN"), abort_in = variable("DOCKSIDE_TEST_ABORT_IN"),
                      hang_in = variable("DOCKSIDE_TEST_HANG_IN"), throw_in = variable("DOCKSIDE_TEST_THROW_IN");
    auto& hooks = dockside::conform::injected_hooks();
    if (!abort_in.empty() || !hang_in.empty() || !throw_in.empty())
        hooks.on_test_start = [abort_in, hang_in, throw_in](const std::string& test) {
            if (test == abort_in) std::abort();
            if (test == throw_in) throw std::runtime_error("injected: an exception the test does not catch");
            if (test == hang_in)
                for (;;) ::pause();
        };
    if (!crash_in.empty())
        hooks.on_request = [crash_in](const std::string& test, const dockside::http::Request&) {
            if (test == crash_in) crash();
        };
    return true;
}();

}  // namespace
