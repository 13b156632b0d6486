#pragma once
/// `dockside conform`'s target: the shared target options on the command line, and turning a resolved
/// target into a SessionInfo (embedded reference server, or a remote server with PAT or OAuth).

#include <CLI/CLI.hpp>

#include <memory>
#include <string>
#include <vector>

#include "harness/conform/session.h"
#include "harness/config/target_config.h"
#include "harness/core/result.h"
#include "harness/http/client.h"
#include "refserver/embedded/embedded_server.h"
#include "specs/loader/spec.h"

namespace dockside::cli {

/// Adds --base-url, --auth-url, --token, --token-file, --client-id, --client-secret,
/// --client-secret-file, --channel, --channel-header, --profile, --timeout and --insecure, each backed
/// by its DOCKSIDE_* environment variable, so no secret has to be typed on a command line.
void add_target_options(CLI::App& command, config::RawTargetOptions& raw);

/// Client options for a resolved target (timeout, TLS verification).
http::ClientOptions client_options_for(const config::TargetConfig& target);

/// What is needed beyond the resolved target to reach a remote server.
struct RemoteAccess {
    std::string redirect_uri;     ///< OAuth redirect URI (--redirect-uri / DOCKSIDE_REDIRECT_URI)
    std::string read_only_token;  ///< optional token of a read-only channel
};

/// Probes the remote target, obtains the token (PAT or OAuth code flow) and the channels. The error is a
/// message for the user (unreachable target, refused consent, no writable channel).
Result<conform::SessionInfo, std::string> remote_session_info(const config::TargetConfig& target,
                                                              const RemoteAccess& access, const spec::Spec& spec);

/// Starts the embedded reference server with simulation on and these faults switched on.
Result<std::unique_ptr<refserver::EmbeddedServer>, std::vector<std::string>> start_embedded(
    const std::vector<std::string>& faults);

}  // namespace dockside::cli
