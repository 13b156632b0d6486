#pragma once
/// Where concrete requests come from. The checks plan probes by kind (probe.h); a RequestProvider —
/// implemented in generators/, which knows the API — turns a probe into RapidCheck-generated requests:
/// a valid base request of the probe's operation with the probed value in place.

#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <rapidcheck.h>

#include "core/result.h"
#include "harness/checks/probe.h"

namespace dockside::checks {

/// A request the probe needs sent first, for a fresh resource the probe acts on (an order to cancel,
/// a webhook to delete); `bind` copies values of its 2xx answer into the path parameters of the later
/// setup steps and of the probe itself.
struct SetupRequest {
    std::string operation;
    std::map<std::string, std::string> path;
    nlohmann::json query = nlohmann::json::object();
    std::optional<nlohmann::json> body;
    std::map<std::string, std::string> bind;  ///< path parameter → JSON pointer in the answer ("/id")
};

/// One concrete request for a probe.
struct ProbeRequest {
    std::string operation;                     ///< "" for a raw request
    std::string method;                        ///< raw requests only
    std::string raw_target;                    ///< raw requests only ("/2025-07/order/1/cancel")
    std::map<std::string, std::string> path;   ///< path parameters (before percent-encoding)
    nlohmann::json query = nlohmann::json::object();  ///< {"Limit": 251}; see harness/http/json_query.h
    std::optional<nlohmann::json> body;
    std::vector<SetupRequest> setup;
    /// Sent after a 2xx answer to remove what the request created (its `bind` reads that answer), so
    /// probes leave no live resource behind (a webhook subscription would receive deliveries).
    std::optional<SetupRequest> undo;
};

std::ostream& operator<<(std::ostream& out, const ProbeRequest& request);

class RequestProvider {
public:
    virtual ~RequestProvider() = default;
    /// Requests for `probe`, or why none can be built (no valid base is known for the operation, a
    /// resource the base needs is missing on the target).
    virtual Result<rc::Gen<ProbeRequest>, std::string> requests(const Probe& probe) const = 0;
};

}  // namespace dockside::checks
