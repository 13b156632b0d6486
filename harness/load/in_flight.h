#pragma once
/// One request of a worker from choice to outcome. Internal to the engine.

#include <cstdint>

namespace dockside::load::detail {

struct InFlight {
    std::uint32_t op = 0;
    std::uint32_t variant = 0;
    std::uint64_t index = 0;
    std::int64_t intended = 0;  ///< steady ns
    std::int64_t sent = 0;      ///< steady ns; set when the write starts
    bool record = false;        ///< measured (not warm-up)
    bool sample = false;
    bool capture = false;       ///< keep the body (an id to capture, or a sample)
    bool waited = false;        ///< open loop: no connection was free at the intended time
    std::uint8_t attempt = 0;
    std::uint64_t credential = 0;  ///< generation of the credential the request carries (0: none)
    bool renewed = false;          ///< sent once more after its credential was refused
};

}  // namespace dockside::load::detail
