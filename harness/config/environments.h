#pragma once
/// The project file (`dockside.yaml` in the working folder, or `--config FILE`): named environments, each a
/// target with its base and authorization URLs, channel header and channel, where its credentials come from
/// (an environment variable or a file, never the secret itself) and whether it is production.
///
///     environments:
///       sandbox:
///         base_url: https://sandbox.api.example.test
///         production: false
///         credentials: {token_env: FULFILLMENT_SANDBOX_TOKEN}
///       production:
///         base_url: https://api.example.test
///         auth_url: https://auth.example.test
///         channel: 101
///         production: true
///         credentials:
///           client_id: dockside-ci
///           client_secret_file: ~/.config/dockside/production-secret
///           redirect_uri: https://ci.example.test/callback
///           token_env: FULFILLMENT_PRODUCTION_TOKEN   # beside the client: the token runs the tests, the client the OAuth ones

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"

namespace dockside::config {

/// Where a secret comes from. Exactly one of the two is set in a valid file.
struct SecretSource {
    std::string env_var;  ///< the name of an environment variable holding it
    std::string file;     ///< a file whose first line is it (absolute: relative paths are taken from the file's folder)

    bool given() const { return !env_var.empty() || !file.empty(); }
    /// "$SANDBOX_TOKEN" or "file /home/ci/.token": for messages and `dockside env list`.
    std::string describe() const;
    /// The secret itself; the error names the source, never the value.
    Result<std::string, std::string> read() const;
};

/// One named environment as the file gives it. Values left out are empty (the flags' defaults apply).
struct Environment {
    std::string name;
    std::string base_url;
    std::string auth_url;
    std::string channel_header;
    std::string channel;
    SecretSource token;          ///< a personal access token
    std::string client_id;       ///< OAuth (with client_secret)
    SecretSource client_secret;
    std::string redirect_uri;    ///< registered for the OAuth client; only with client_id
    bool production = false;
    int line = 0;                ///< where its name stands in the file
};

/// A read and checked project file.
struct ProjectFile {
    std::string path;
    std::vector<Environment> environments;

    const Environment* find(const std::string& name) const;
    /// "sandbox, production": for messages naming what exists.
    std::string names() const;
};

/// The project file looked for when no --config is given.
inline constexpr const char* kDefaultProjectFile = "dockside.yaml";

/// The file's JSON Schema (specs/project-file.schema.json, compiled in): what load_project_file checks the
/// structure against, and what an editor can check the file against.
std::string_view project_file_schema();

/// Reads and checks the whole file, reporting every problem at once, each as "FILE:LINE:COLUMN: what is
/// wrong": YAML syntax; against the schema, an unknown key (with the known ones), a missing base_url or
/// production, a value of the wrong type, a secret written into the file instead of named; then a
/// credential source given twice, an OAuth client without its secret, a redirect_uri without a client_id
/// or that is no URL.
Result<ProjectFile, std::vector<std::string>> load_project_file(const std::string& path);

/// Environments whose personal access tokens are the same secret (each pair once: "sandbox and production"),
/// read from their sources; sources that cannot be read are left out. A PAT must not be shared between
/// environments (the contract's Authentication section), so such a file is refused where it is used.
std::vector<std::pair<std::string, std::string>> shared_tokens(const ProjectFile& file);

}  // namespace dockside::config
