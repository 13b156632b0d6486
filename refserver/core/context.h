#pragma once
/// What a handler sees: the request, its decoded parameters, the caller, and the store. Handlers
/// are pure functions of this context, so they are testable without sockets.

#include <cstdint>
#include <optional>
#include <string>

#include "harness/http/message.h"
#include "refserver/auth/principal.h"
#include "refserver/core/clock.h"
#include "refserver/core/query.h"
#include "refserver/core/router.h"
#include "refserver/faults/fault.h"
#include "refserver/store/store.h"

namespace dockside::refserver {

struct RequestContext {
    const http::Request& request;
    const PathParams& path;
    const QueryParams& query;
    const Principal& principal;
    /// The channel header, already checked against the operation's channel rule; nullopt when absent.
    std::optional<std::int32_t> channel_id;
    Store& store;
    const FaultSet& faults;
    const Clock& clock;
    /// "http://host:port" the caller used (for next/prev URLs); empty when unknown.
    std::string base_url;
};

}  // namespace dockside::refserver
