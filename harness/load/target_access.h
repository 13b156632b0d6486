#pragma once
/// Where and as whom a load run's requests go: the same for what is listed before the run and for the
/// requests the engine writes (request_writer.h).

#include <cstdint>
#include <string>

#include "harness/http/client.h"

namespace dockside::load {

struct TargetAccess {
    http::Url base;
    std::string token;                             ///< bearer token; empty sends none
    std::string channel_header;  ///< the spec's unless the configuration names another (load_run fills it)
    std::int64_t channel = 0;                      ///< write channel
    http::ClientOptions client;
    /// The token is refreshed during the run: load requests carry it through a credential slot (the
    /// engine's current value) instead of as fixed text.
    bool token_refreshes = false;
};

}  // namespace dockside::load
