#include "tools/dockside/conform_target.h"

#include <chrono>

#include "harness/conform/target.h"
#include "suites/support/runner.h"

namespace dockside::cli {
namespace {

CLI::Option* target_option(CLI::App& command, const std::string& flag, std::string& value, const std::string& help) {
    return command.add_option(flag, value, help)->envname(config::env_name_for(flag));
}

}  // namespace

void add_target_options(CLI::App& command, config::RawTargetOptions& raw) {
    target_option(command, "--base-url", raw.base_url, "Server to test (default: start the embedded reference server)");
    target_option(command, "--auth-url", raw.auth_url, "OAuth authorization server (default: the base URL)");
    target_option(command, "--token", raw.token, "Personal access token (prefer --token-file or the environment)");
    target_option(command, "--token-file", raw.token_file, "File whose first line is the personal access token");
    target_option(command, "--client-id", raw.client_id, "OAuth client id (code flow with automated consent)");
    target_option(command, "--client-secret", raw.client_secret,
                  "OAuth client secret (prefer --client-secret-file or the environment)");
    target_option(command, "--client-secret-file", raw.client_secret_file, "File whose first line is the OAuth client secret");
    target_option(command, "--channel", raw.channel, "Channel id to write to (default: discovered)");
    target_option(command, "--channel-header", raw.channel_header, "Name of the channel header")->capture_default_str();
    target_option(command, "--profile", raw.profile, "Profile: default or strict")->capture_default_str();
    target_option(command, "--timeout", raw.timeout, "Seconds per request")->capture_default_str();
    command.add_flag("--insecure", raw.insecure, "Skip TLS certificate verification")
        ->envname(config::env_name_for("--insecure"));
}

http::ClientOptions client_options_for(const config::TargetConfig& target) {
    http::ClientOptions options;
    options.request_timeout = std::chrono::milliseconds(static_cast<long long>(target.timeout_seconds * 1000));
    options.insecure = target.insecure;
    return options;
}

Result<conform::SessionInfo, std::string> remote_session_info(const config::TargetConfig& target,
                                                              const RemoteAccess& access, const spec::Spec& spec) {
    const auto options = client_options_for(target);
    if (auto probe = conform::probe_target(target.base_url, "", options); !probe) return fail(probe.error());

    conform::SessionInfo info;
    info.base_url = target.base_url;
    info.auth_url = target.auth_url;
    info.channel_header = target.channel_header;
    info.read_only_token = access.read_only_token;
    if (target.auth == config::AuthMethod::OAuthClient) {
        conform::OAuthRequest request{target.auth_url, target.client_id, target.client_secret, access.redirect_uri,
                                      conform::all_scopes(spec)};
        auto tokens = conform::oauth_code_flow(request, options);
        if (!tokens) return fail(tokens.error());
        info.token = tokens->access_token;
    } else {
        info.token = target.token;
    }
    if (target.channel) {
        info.write_channel = *target.channel;
        // The read-only channel is still worth knowing for 403 tests; its absence is not an error.
        if (auto found = conform::discover_channels(target.base_url, info.token, options); found)
            info.read_only_channel = found->read_only_channel;
    } else {
        auto found = conform::discover_channels(target.base_url, info.token, options);
        if (!found) return fail(found.error());
        info.write_channel = found->write_channel;
        info.read_only_channel = found->read_only_channel;
    }
    return info;
}

Result<std::unique_ptr<refserver::EmbeddedServer>, std::vector<std::string>> start_embedded(
    const std::vector<std::string>& faults) {
    return refserver::EmbeddedServer::start(refserver::conformance_options(faults));
}

}  // namespace dockside::cli
