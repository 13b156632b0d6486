#pragma once
/// The run's full-access token as the tests send it. With a personal access token it is the session's and
/// never changes. With OAuth the parent process renews it (harness/auth/token_refresher.h) and publishes
/// each new one in memory shared with the children that run the tests (harness/auth/shared_token.h): every
/// request takes the newest, and a request refused because its token expired gets one more try with a new
/// one, asked for from the parent rather than renewed here (a refresh token is good once).

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

#include "harness/auth/shared_token.h"
#include "harness/http/message.h"

namespace dockside::conform {

/// Where renewed tokens are read from; nullptr: the session's token is the only one. Set by the runner
/// before the children are forked.
void use_token_source(auth::SharedToken* source);

/// The newest full-access token: what Auth::Token requests and raw requests to the target carry.
std::string session_token();

/// A 401 answered `request`. When it carried a full-access token of this run (the newest or an older
/// one), asks for a newer token (unless one is already there), waits for it at most `limit`, and returns
/// it: the caller sends the request once more with it and counts that with count_renewed_retry(). nullopt
/// when the request carried another token (a test's own, a bad one: its 401 is the answer to judge), when
/// tokens are not renewed in this run, or when no newer token came in time (counted: the 401 stands).
std::optional<std::string> renewed_after_refusal(const http::Request& request, std::chrono::milliseconds limit);

/// A request sent once more with a renewed token.
void count_renewed_retry();

}  // namespace dockside::conform
