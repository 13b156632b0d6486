#include "tools/dockside/conform_target.h"

#include <chrono>
#include <sstream>

#include "harness/conform/target.h"
#include "harness/http/curl.h"
#include "suites/support/runner.h"

namespace dockside::cli {
namespace {

CLI::Option* target_option(CLI::App& command, const std::string& flag, std::string& value, const std::string& help) {
    return command.add_option(flag, value, help)->envname(config::env_name_for(flag));
}

/// A contract violation of channel discovery as the failed test it is (area channels, rule CH-LIST).
conform::TestOutcome discovery_finding(const conform::PreflightFailure& failure, const std::string& base_url,
                                       const std::string& token, const spec::Spec& spec) {
    conform::Finding f;
    f.test = "Channels.CH_LIST_DiscoveryAnswersTheDocumentedPage";
    f.area = "channels";
    f.operation = "listChannels";
    f.rule = "CH-LIST";
    f.title = "GET /2025-07/channel answers the documented channel page {items, next, prev}";
    f.message = failure.message;
    if (const spec::Operation* op = spec.find("listChannels")) f.section = op->section;
    if (auto url = http::parse_url(base_url)) {
        http::CurlOptions options;
        options.credentials.push_back({token, "DOCKSIDE_TOKEN"});
        f.curl = http::to_curl(*url, failure.request, options);
    }
    if (failure.response) {
        f.status = failure.response->status;
        f.body_excerpt = conform::excerpt(failure.response->body);
    }
    conform::TestOutcome t;
    t.name = f.test;
    t.area = f.area;
    t.status = conform::TestStatus::Failed;
    t.findings.push_back(std::move(f));
    return t;
}

std::string obtain_token(const config::TargetConfig& target, const RemoteAccess& access, const spec::Spec& spec,
                         const http::ClientOptions& options, std::string& error) {
    if (target.auth != config::AuthMethod::OAuthClient) return target.token;
    conform::OAuthRequest request{target.auth_url, target.client_id, target.client_secret, access.redirect_uri,
                                  conform::all_scopes(spec)};
    auto tokens = conform::oauth_code_flow(request, options);
    if (!tokens) {
        error = tokens.error();
        return {};
    }
    return tokens->access_token;
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
    target_option(command, "--timeout", raw.timeout, "Per request: seconds, or a duration (5s, 500ms, 2m)")->capture_default_str();
    command.add_flag("--insecure", raw.insecure, "Skip TLS certificate verification")
        ->envname(config::env_name_for("--insecure"));
}

http::ClientOptions client_options_for(const config::TargetConfig& target) {
    http::ClientOptions options;
    options.request_timeout = std::chrono::milliseconds(static_cast<long long>(target.timeout_seconds * 1000));
    options.insecure = target.insecure;
    return options;
}

Result<PreparedTarget, std::string> prepare_remote(const config::TargetConfig& target, const RemoteAccess& access,
                                                   const spec::Spec& spec) {
    const auto options = client_options_for(target);
    if (auto probe = conform::probe_target(target.base_url, "", options); !probe) return fail(probe.error());

    PreparedTarget prepared;
    conform::SessionInfo& info = prepared.info;
    info.base_url = target.base_url;
    info.auth_url = target.auth_url;
    info.channel_header = target.channel_header;
    info.read_only_token = access.read_only_token;
    std::string error;
    info.token = obtain_token(target, access, spec, options, error);
    if (!error.empty()) return fail(error);
    if (auto accepted = conform::check_token(target.base_url, info.token, "token", options); !accepted)
        return fail(accepted.error().message);
    if (!access.read_only_token.empty())
        if (auto accepted = conform::check_token(target.base_url, access.read_only_token, "read-only token", options);
            !accepted && accepted.error().response && accepted.error().response->status == 401)
            return fail(accepted.error().message + " (--read-only-token)");

    auto found = conform::discover_channels(target.base_url, info.token, options);
    if (!found) {
        const auto& failure = found.error();
        if (failure.kind == conform::PreflightFailure::Kind::Malformed) {
            prepared.preflight.push_back(discovery_finding(failure, target.base_url, info.token, spec));
            prepared.runnable = target.channel.has_value();
        } else if (!target.channel || failure.kind != conform::PreflightFailure::Kind::NoWriteChannel) {
            return fail(failure.message + (target.channel ? "" : " (pass --channel to name the channel to write to)"));
        }
    } else {
        info.read_only_channel = found->read_only_channel;
        info.write_channel = found->write_channel;
        if (target.channel)
            if (auto usable = conform::check_write_channel(*found, *target.channel); !usable) return fail(usable.error());
    }
    if (target.channel) info.write_channel = *target.channel;
    info.simulation = conform::detect_simulation(target.base_url, info.token, options);
    return prepared;
}

std::string remote_replay_args(const config::TargetConfig& target, const RemoteAccess& access,
                               const conform::SessionInfo& info) {
    std::ostringstream out;
    out << "--base-url " << http::shell_quote(target.base_url);
    if (!target.auth_url.empty() && target.auth_url != target.base_url)
        out << " --auth-url " << http::shell_quote(target.auth_url);
    if (target.auth == config::AuthMethod::OAuthClient)
        out << " --client-id " << http::shell_quote(target.client_id) << " --client-secret \"$DOCKSIDE_CLIENT_SECRET\""
            << " --redirect-uri " << http::shell_quote(access.redirect_uri);
    else
        out << " --token \"$DOCKSIDE_TOKEN\"";
    if (!access.read_only_token.empty()) out << " --read-only-token \"$DOCKSIDE_READ_ONLY_TOKEN\"";
    out << " --channel " << info.write_channel;
    if (target.channel_header != "service_channel_id") out << " --channel-header " << http::shell_quote(target.channel_header);
    if (target.timeout_seconds != 30) out << " --timeout " << target.timeout_seconds;
    if (target.insecure) out << " --insecure";
    return out.str();
}

std::string embedded_replay_args(const std::vector<std::string>& faults) {
    std::string out;
    for (const auto& f : faults) out += (out.empty() ? "" : " ") + std::string("--fault ") + http::shell_quote(f);
    return out;
}

Result<std::unique_ptr<refserver::EmbeddedServer>, std::vector<std::string>> start_embedded(
    const std::vector<std::string>& faults, const spec::Spec& spec) {
    refserver::EmbeddedOptions options = refserver::conformance_options(faults);
    options.api.spec = &spec;
    return refserver::EmbeddedServer::start(std::move(options));
}

}  // namespace dockside::cli
