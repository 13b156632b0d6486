#pragma once
/// How a finding is run again: its request as a shell snippet (with the made-up token a 401 needs), its
/// test as a `dockside conform` command, and a property's shrunk counterexample; and RapidCheck set up so
/// that a seed replays.

#include <cstdint>
#include <string>

#include "harness/conform/session.h"
#include "harness/http/message.h"
#include "harness/http/url.h"

namespace dockside::conform {

/// A token no server issued: well-formed, so a server that only checks the shape is caught. Shown as it
/// is in curl lines, since it proves nothing and is needed to reproduce a 401.
inline constexpr const char* kBadToken = "dockside-never-issued-0000000000000000000000000000";

/// `request` (sent as number `sequence` of the running test to `origin`) as a runnable shell snippet: see
/// curl_of. The writes before it that it depends on went to the base URL.
std::string reproduce(const http::Request& request, std::uint64_t sequence, const http::Url& origin);

/// RC_PARAMS for a run: the user's RC_PARAMS without max_success/seed/verbose keys, plus ours
/// ("reproduce=…" is kept); progress and shrinking output of RapidCheck are off.
std::string rapidcheck_params(const std::string& user_params, int cases, std::uint64_t seed);

/// Sets RC_PARAMS in the environment before RapidCheck first reads its configuration.
void configure_rapidcheck(int cases, std::uint64_t seed);

/// The shrunk counterexample out of a RapidCheck failure message ("Falsifiable after …" up to the
/// first blank line after the value); empty when the message is not RapidCheck's.
std::string rapidcheck_counterexample(const std::string& failure_message);

/// The command that replays one test: `dockside conform --only <area> --filter '<test>' --profile P
/// --cases N --seed S` plus the target's own options (`info.replay_args`: --base-url, --channel,
/// --read-only-token "$DOCKSIDE_READ_ONLY_TOKEN", --fault …).
std::string replay_command(const conform::SessionInfo& info, const std::string& test);

}  // namespace dockside::conform
