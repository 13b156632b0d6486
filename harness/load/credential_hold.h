#pragma once
/// A worker's copy of the run's credential (EngineOptions::credential), taken at start and at each tick,
/// never per request; and the requests refused with an older one, held to be sent once more with the
/// next. Internal to the engine.

#include <cstdint>
#include <string>
#include <vector>

#include "harness/load/in_flight.h"

namespace dockside::load::detail {

class Connection;

struct CredentialHold {
    /// A request refused with its credential, waiting for a newer one until `until`.
    struct Held {
        Connection* connection = nullptr;
        InFlight request;
        std::int64_t until = 0;
    };

    std::string text;            ///< this thread's copy of the credential
    std::uint64_t generation = 0;  ///< its generation (0: none taken)
    std::vector<Held> held;      ///< refused with an older credential; counted as busy
};

}  // namespace dockside::load::detail
