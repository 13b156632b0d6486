// libFuzzer entry: the reference server's request path (tools/fuzz/request_path.h). One server serves
// many inputs; it is replaced every kInputsPerServer so that a long run's state stays small and an input's
// outcome depends on little history (a crash found here is replayed on a fresh server by the regression
// test).

#include <cstdio>
#include <cstdlib>
#include <memory>

#include "tools/fuzz/request_path.h"

namespace {
constexpr int kInputsPerServer = 2000;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static std::unique_ptr<dockside::fuzz::RequestPathTarget> target;
    static int served = 0;
    if (!target || ++served % kInputsPerServer == 0) target = std::make_unique<dockside::fuzz::RequestPathTarget>();
    if (auto problem = target->run({reinterpret_cast<const char*>(data), size})) {
        std::fprintf(stderr, "request path: %s\n", problem->c_str());
        std::abort();
    }
    return 0;
}
