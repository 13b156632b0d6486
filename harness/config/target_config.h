#pragma once
/// The target of a run: which server, how to authenticate, which channel and profile. One shape for every
/// subcommand (conform, load, env check), filled from a named environment of the project file
/// (environments.h), then from flags and DOCKSIDE_* environment variables, which override single values.

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/result.h"

namespace dockside::config {

/// What the user typed (flags win over environment variables), before any validation.
struct RawTargetOptions {
    std::string base_url;        ///< --base-url / DOCKSIDE_BASE_URL; empty = embedded reference server
    std::string auth_url;        ///< --auth-url / DOCKSIDE_AUTH_URL; empty = the base URL
    std::string token;           ///< --token / DOCKSIDE_TOKEN (personal access token)
    std::string token_file;      ///< --token-file / DOCKSIDE_TOKEN_FILE: the token is the file's first line
    std::string client_id;       ///< --client-id / DOCKSIDE_CLIENT_ID (OAuth)
    std::string client_secret;   ///< --client-secret / DOCKSIDE_CLIENT_SECRET (OAuth)
    std::string client_secret_file;  ///< --client-secret-file / DOCKSIDE_CLIENT_SECRET_FILE
    std::string redirect_uri;    ///< --redirect-uri / DOCKSIDE_REDIRECT_URI: one registered for the OAuth client
    std::string channel;         ///< --channel / DOCKSIDE_CHANNEL; empty = discovered from GET /channel
    std::string channel_header;  ///< --channel-header / DOCKSIDE_CHANNEL_HEADER; empty: the spec's
    std::string profile = "default";                    ///< --profile / DOCKSIDE_PROFILE
    std::string timeout = "30";  ///< --timeout / DOCKSIDE_TIMEOUT per request: seconds, or a duration ("5s", "500ms")
    bool insecure = false;       ///< --insecure / DOCKSIDE_INSECURE: skip TLS certificate verification
    std::string environment;     ///< --env / DOCKSIDE_ENV: a named environment of the project file; empty = none
    std::string config_file;     ///< --config / DOCKSIDE_CONFIG; empty = dockside.yaml in the working folder
    /// The flags given on the command line or by their variable ("--channel"): these win over the environment's
    /// values; the others take the environment's value when it has one.
    std::set<std::string> given;
};

/// The credential the run's requests carry. A personal access token wins when an OAuth client is given too:
/// the client then serves the tests of the OAuth flow, and the token every other request (the simulation
/// control takes nothing else).
enum class AuthMethod { None, PersonalToken, OAuthClient };

/// A validated target. `embedded()` means Dockside starts its own reference server.
struct TargetConfig {
    std::string base_url;
    std::string auth_url;
    AuthMethod auth = AuthMethod::None;
    std::string token;
    std::string client_id;
    std::string client_secret;
    std::string redirect_uri;
    std::optional<std::int64_t> channel;
    std::string channel_header;
    std::string profile;
    double timeout_seconds = 30;
    bool insecure = false;
    std::string environment;  ///< the named environment selected; empty = none
    std::string config_path;  ///< the project file it came from
    bool production = false;  ///< the environment is marked production: nothing may write without consent
    /// What resolve changed in what was given, each a sentence for the user to read before the run.
    std::vector<std::string> notes;
    /// What was given but is not used (a credential for a server when the target is the embedded one).
    std::vector<std::string> warnings;

    bool embedded() const { return base_url.empty(); }
    /// An OAuth client is given (with or without a personal access token).
    bool has_oauth_client() const { return !client_id.empty(); }
};

/// One thing wrong with the configuration, named by the flag and environment variable that set it.
struct ConfigProblem {
    std::string option;   ///< e.g. "--base-url (DOCKSIDE_BASE_URL)"
    std::string value;    ///< what was given, secrets masked
    std::string message;  ///< what is wrong and what is accepted

    std::string to_string() const;
};

/// Names of the profiles that exist, used to reject an unknown --profile.
using ProfileNames = std::vector<std::string>;

/// Validates everything at once and reports every problem together (a user fixes them in one go). With
/// `raw.environment` the project file is read first (problems named "--config (DOCKSIDE_CONFIG)" with the
/// file's line and column, or "--env (DOCKSIDE_ENV)" for a name it lacks) and the environment's values fill
/// what no flag gave; a personal access token that another environment of the file also uses is refused.
/// `version_segment` is the segment every path of the contract begins with ("/2025-07"): a --base-url
/// ending in it would double it in every request, so it is taken without it (with a note); one ending in a
/// segment of the same shape (another version, "/2024-01") is a problem naming the root to give instead.
Result<TargetConfig, std::vector<ConfigProblem>> resolve(const RawTargetOptions& raw,
                                                         const ProfileNames& profiles,
                                                         const std::string& version_segment = "");

/// The environment variable that backs a flag: "--base-url" → "DOCKSIDE_BASE_URL".
std::string env_name_for(const std::string& flag);

/// A secret kept in a file (so that it appears in no command line, process list or shell history):
/// the file's first line without its line ending and trailing blanks. Errors name the file, never
/// its content: unreadable, or an empty first line.
Result<std::string, std::string> read_secret_file(const std::string& path);

}  // namespace dockside::config
