#pragma once
/// An answer read before a run's tests begin, with what it was for: the preparation of a conformance run
/// (harness/preflight/target.h) and the OAuth code flow (harness/auth/oauth_code_flow.h) record them, and
/// the conformance run judges them against the contract like any other answer.

#include <chrono>
#include <string>
#include <vector>

#include "harness/http/message.h"

namespace dockside::http {

/// One answer a run's preparation read (the token check, the channel list, the OAuth exchanges), kept so
/// that it is judged against the contract like any other answer.
struct PreparationAnswer {
    std::string operation;    ///< operationId of the request ("listChannels", "authorize", "token")
    std::string origin;       ///< the URL the request's target is relative to (base or authorization server)
    Request request;
    Response response;
    int expected_status = 0;  ///< the status a correct target answers this request with; 0 = any documented one
    std::chrono::system_clock::time_point started{};  ///< when the request went (`--har` records it)
};
using PreparationAnswers = std::vector<PreparationAnswer>;

}  // namespace dockside::http
