#pragma once
/// The gate every /2025-07 operation passes: bearer token (AUTH-BEARER, 401), scope (AUTH-FORBID,
/// 403) and channel header (AUTH-CHANNEL: missing 400, foreign or read-only 403).

#include <cstdint>
#include <optional>

#include "harness/http/message.h"
#include "refserver/auth/principal.h"
#include "refserver/core/operation_access.h"
#include "refserver/core/errors.h"
#include "refserver/faults/fault.h"
#include "refserver/store/store.h"

namespace dockside::refserver {

struct Access {
    std::shared_ptr<const Principal> principal;  ///< never null
    std::optional<std::int32_t> channel_id;
};

/// Who is calling and under which channel, or the 400/401/403 that stops the request.
Result<Access, ApiError> check_access(const http::Request& request, const OperationAccess& operation,
                                      const Store& store, TimePoint now, const FaultSet& faults);

}  // namespace dockside::refserver
