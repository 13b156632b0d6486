#pragma once
/// `dockside conform`'s target: the shared target options on the command line, and turning a resolved
/// target into a SessionInfo (embedded reference server, or a remote server with PAT or OAuth) after the
/// preconditions of the whole run are checked once: the target answers, the token is accepted, there is a
/// channel to write to. A contract violation seen while checking them is a finding, not a refusal to run.

#include <CLI/CLI.hpp>

#include <memory>
#include <string>
#include <vector>

#include "harness/auth/token_renewal.h"
#include "harness/conform/conform_run.h"
#include "harness/conform/results.h"
#include "harness/conform/session.h"
#include "harness/config/target_config.h"
#include "core/result.h"
#include "harness/http/client.h"
#include "harness/validate/response_validator.h"
#include "refserver/embedded/embedded_server.h"
#include "specs/loader/spec.h"

namespace dockside::cli {

/// Adds --base-url, --auth-url, --token, --token-file, --client-id, --client-secret,
/// --client-secret-file, --redirect-uri, --channel, --channel-header, --profile, --timeout and --insecure, each backed
/// by its DOCKSIDE_* environment variable, so no secret has to be typed on a command line.
void add_target_options(CLI::App& command, config::RawTargetOptions& raw);

/// Consent and caution about writing to the target, shared by conform and load.
struct WriteSafety {
    bool allow_production_writes = false;  ///< --allow-production-writes
    bool dry_run = false;                  ///< --dry-run: print the plan, send nothing
};

/// Adds --allow-production-writes and --dry-run; `plan` says what the dry run prints for this command.
void add_write_safety_options(CLI::App& command, WriteSafety& safety, const std::string& plan);

/// Why writes to this target are refused ("the target is the production environment 'live' (dockside.yaml)
/// and --allow-production-writes was not given"); empty when they are allowed.
std::string writes_refused_reason(const config::TargetConfig& target, const WriteSafety& safety);

/// Where conform's webhook receiver listens, for a target that is not in process.
struct WebhookReceiverOptions {
    std::string listen;      ///< --webhook-listen HOST:PORT (port 0: ephemeral); empty = 127.0.0.1, embedded only
    std::string public_url;  ///< --webhook-public-url: the receiver as the target reaches it
};

/// Adds --webhook-listen and --webhook-public-url (DOCKSIDE_WEBHOOK_LISTEN, DOCKSIDE_WEBHOOK_PUBLIC_URL).
void add_webhook_options(CLI::App& command, WebhookReceiverOptions& webhook);

/// What is wrong with them (a listen address that is not HOST:PORT, a public URL that is not https://…,
/// a public URL without a listen address); empty when nothing.
std::vector<std::string> webhook_problems(const WebhookReceiverOptions& webhook);

/// Copies checked options into the session's webhook_host, webhook_port and webhook_public_url.
void apply_webhook_options(const WebhookReceiverOptions& webhook, conform::SessionInfo& info);

/// Prints on standard error what resolving the target changed in what was given ("dockside <command>: note:
/// …") and what it does not use ("…: warning: …").
void print_target_notes(const std::string& command, const config::TargetConfig& target);

/// Client options for a resolved target (timeout, TLS verification).
http::ClientOptions client_options_for(const config::TargetConfig& target);

/// What is needed beyond the resolved target to reach a remote server.
struct RemoteAccess {
    std::string read_only_token;  ///< optional token of a read-only channel
    /// OAuth: a refresh token kept from an earlier run (--refresh-token-file); the run then starts with the
    /// refresh grant instead of the code flow.
    std::string refresh_token;
};


/// The first access token of a run against `target`: the personal access token given, or with OAuth the
/// refresh grant on a refresh token kept from an earlier run (`access`), else the authorization-code flow.
/// With OAuth, `grant` is left ready to renew the token (its refresh token, lifetime and issue time); the
/// exchanges are kept in `answers` when given. The error says which exchange failed; it names no secret.
Result<std::string, std::string> first_access_token(const config::TargetConfig& target, const RemoteAccess& access,
                                                    const spec::Spec& spec, auth::OAuthRefresh& grant,
                                                    http::PreparationAnswers* answers = nullptr);

/// Probes the remote target, obtains the token (PAT or OAuth code flow) and checks it is accepted, checks
/// the read-only token when given, discovers or checks the channels and whether /_sim/ answers. Every
/// answer of the contract read on the way is judged by `validator`: what breaks it is a preflight finding,
/// and the run goes on where it can (with --channel, or a write channel still recognisable in a malformed
/// list). The error is a message for the user (unreachable target, refused token, no channel to write to in
/// a conforming list), naming the contract violations seen before it too: exit 2.
Result<conform::PreparedTarget, std::string> prepare_remote(const config::TargetConfig& target,
                                                            const RemoteAccess& access, const spec::Spec& spec,
                                                            const validate::ResponseValidator& validator);

/// The options a replay command needs to reach the same target the same way: --base-url, --auth-url,
/// --channel (the one used), --channel-header, --timeout, --insecure, the credentials as variables
/// (--token "$DOCKSIDE_TOKEN", --read-only-token "$DOCKSIDE_READ_ONLY_TOKEN", --client-id, --redirect-uri).
std::string remote_replay_args(const config::TargetConfig& target, const RemoteAccess& access,
                               const conform::SessionInfo& info);

/// The same for the embedded server: every --fault that was on.
std::string embedded_replay_args(const std::vector<std::string>& faults);

/// Starts the embedded reference server with simulation on and these faults switched on, enforcing the
/// documented limits of `spec` (the run's contract).
Result<std::unique_ptr<refserver::EmbeddedServer>, std::vector<std::string>> start_embedded(
    const std::vector<std::string>& faults, const spec::Spec& spec);

}  // namespace dockside::cli
