#pragma once
/// Before a run, conformance or load: is the target reachable, is the token accepted, which channels to
/// write to, is the simulation control on. Knows no particular API: where it goes first is the spec's
/// channel list (the operation the channel header's `x-values-from` names, Spec::channel_list). Obtaining
/// an OAuth token is harness/auth/oauth_code_flow.h.

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/result.h"
#include "harness/http/client.h"
#include "harness/http/preparation_answer.h"
#include "specs/loader/spec.h"

namespace dockside::preflight {

/// GETs the spec's channel list once (with `token` when given). Any HTTP answer means reachable; the error
/// names the URL and the transport error ("cannot reach http://…/2025-07/channel: connect: Connection refused").
Result<int, std::string> probe_target(const spec::Spec& spec, const std::string& base_url, const std::string& token,
                                      const http::ClientOptions& options);

/// Why a precondition of the whole run does not hold, and the exchange that shows it.
struct PreflightFailure {
    enum class Kind {
        Unreachable,     ///< no HTTP answer at all: the run cannot be done (exit 2)
        NoApi,           ///< 404 to the first call: the base URL does not lead to the API (exit 2)
        Refused,         ///< 401/403 to a credential: the run cannot be done (exit 2)
        Malformed,       ///< an answer that breaks the contract: a finding (exit 1)
        NoWriteChannel,  ///< nothing to write to: the run cannot be done (exit 2)
    };
    Kind kind = Kind::Unreachable;
    std::string message;
    http::Request request;                  ///< relative to the base URL
    std::optional<http::Response> response;
};

/// The spec's channel list with `token`: accepted (2xx), or Refused with the status, or Unreachable, or NoApi
/// when it answers 404 (a wrong prefix in --base-url: the target's own answer to a path it does not serve,
/// not a finding against it). Checked once before anything runs, so a wrong token or base URL is one clear
/// error instead of a failure in every test. The answer is added to `answers` when given.
Result<int, PreflightFailure> check_token(const spec::Spec& spec, const std::string& base_url, const std::string& token,
                                          const std::string& which, const http::ClientOptions& options,
                                          http::PreparationAnswers* answers = nullptr);

/// Whether the target answers the simulation control (`dockside serve --sim`): its simStatus with the token
/// answers 200 {"simulation": "on"}.
bool detect_simulation(const std::string& base_url, const std::string& token, const http::ClientOptions& options);

/// The channels a run writes to and reads from.
struct ChannelChoice {
    std::int64_t write_channel = 0;
    std::optional<std::int64_t> read_only_channel;
    nlohmann::json channels = nlohmann::json::array();  ///< every channel listed
};

/// Whether a listed channel carries a `_write` scope. Read leniently, so that a run can go on with a channel
/// list that breaks the contract (the list is judged separately): `scopes` as the documented array of names
/// (or of {name} objects), or as one space-separated string.
bool has_write_scope(const nlohmann::json& channel);

/// Whether `channel` is listed in `choice.channels` with a `_write` scope; the error says what is wrong.
Result<bool, std::string> check_write_channel(const ChannelChoice& choice, std::int64_t channel);

/// Picks channels from ChannelPage items (a JSON array): the first channel with a `_write` scope is the
/// write channel; the first without any `_write` scope is the read-only channel. Error when no channel
/// can be written to.
Result<ChannelChoice, std::string> choose_channels(const nlohmann::json& channels);

/// The spec's channel list, at its largest page (following `next`, at most 20 pages, never the same link twice) and
/// choose_channels over every item; every page is added to `answers` when given. A page the walk cannot
/// read channels from (not 200, not an object with an `items` array, nor a bare array of channels) ends
/// it and, when no write channel was read before it, is Malformed; no writable channel is NoWriteChannel.
Result<ChannelChoice, PreflightFailure> discover_channels(const spec::Spec& spec, const std::string& base_url, const std::string& token,
                                                          const http::ClientOptions& options,
                                                          http::PreparationAnswers* answers = nullptr);

}  // namespace dockside::preflight
