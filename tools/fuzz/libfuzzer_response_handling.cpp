// libFuzzer entry: Dockside's handling of a hostile target's responses (tools/fuzz/response_handling.h).

#include <cstdio>
#include <cstdlib>

#include "tools/fuzz/response_handling.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static dockside::fuzz::ResponseHandlingTarget target(DOCKSIDE_SPECS_DIR);
    if (auto problem = target.run({reinterpret_cast<const char*>(data), size})) {
        std::fprintf(stderr, "response handling: %s\n", problem->c_str());
        std::abort();
    }
    return 0;
}
