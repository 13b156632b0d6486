#include "tools/dockside/conform_target.h"

#include <chrono>
#include <optional>
#include <iostream>
#include <sstream>

#include "harness/auth/oauth_code_flow.h"
#include "harness/auth/token_renewal.h"
#include "harness/preflight/target.h"
#include "harness/http/curl.h"
#include "harness/conform/suite_runner.h"
#include "tools/dockside/preparation_findings.h"

namespace dockside::cli {
namespace {

/// An option backed by its DOCKSIDE_* variable; whether it was given (either way) is noted in `raw.given`, so
/// that it overrides the selected environment's value and the others do not.
CLI::Option* target_option(CLI::App& command, const std::string& flag, std::string& value, const std::string& help,
                           config::RawTargetOptions& raw) {
    return command.add_option(flag, value, help)
        ->envname(config::env_name_for(flag))
        ->each([&raw, flag](const std::string&) { raw.given.insert(flag); });
}

/// The secrets of the preparation's requests, each named in curl lines by the variable that holds it.
PreparationSecrets secrets_of(const config::TargetConfig& target, const RemoteAccess& access,
                              const conform::SessionInfo& info) {
    PreparationSecrets secrets;
    if (!info.token.empty()) secrets.tokens.push_back({info.token, "DOCKSIDE_TOKEN"});
    if (!access.read_only_token.empty()) secrets.tokens.push_back({access.read_only_token, "DOCKSIDE_READ_ONLY_TOKEN"});
    if (!target.client_secret.empty()) secrets.body_secrets.push_back({target.client_secret, "DOCKSIDE_CLIENT_SECRET"});
    return secrets;
}

}  // namespace

void add_target_options(CLI::App& command, config::RawTargetOptions& raw) {
    target_option(command, "--env", raw.environment,
                  "Named environment of the project file (dockside.yaml, or --config): its values apply where no "
                  "flag gives one", raw);
    target_option(command, "--config", raw.config_file, "Project file naming the environments (default: ./dockside.yaml)", raw);
    target_option(command, "--base-url", raw.base_url,
                  "Server to test, by its root: https://api.example.test (a trailing /2025-07 is dropped; default: "
                  "start the embedded reference server)", raw);
    target_option(command, "--auth-url", raw.auth_url, "OAuth authorization server (default: the base URL)", raw);
    target_option(command, "--token", raw.token, "Personal access token (prefer --token-file or the environment)", raw);
    target_option(command, "--token-file", raw.token_file, "File whose first line is the personal access token", raw);
    target_option(command, "--client-id", raw.client_id, "OAuth client id (code flow with automated consent)", raw);
    target_option(command, "--client-secret", raw.client_secret,
                  "OAuth client secret (prefer --client-secret-file or the environment)", raw);
    target_option(command, "--client-secret-file", raw.client_secret_file, "File whose first line is the OAuth client secret", raw);
    target_option(command, "--redirect-uri", raw.redirect_uri, "OAuth redirect URI registered for the client", raw);
    target_option(command, "--channel", raw.channel, "Channel id to write to (default: discovered)", raw);
    target_option(command, "--channel-header", raw.channel_header, "Name of the channel header (default: the one the spec names)", raw);
    target_option(command, "--profile", raw.profile, "Profile: default, strict, or a profile file (.yaml; dockside learn writes one)", raw)->capture_default_str();
    target_option(command, "--timeout", raw.timeout, "Per request: seconds, or a duration (5s, 500ms, 2m)", raw)->capture_default_str();
    command.add_flag("--insecure", raw.insecure, "Skip TLS certificate verification")
        ->envname(config::env_name_for("--insecure"));
}

void add_write_safety_options(CLI::App& command, WriteSafety& safety, const std::string& plan) {
    command.add_flag("--allow-production-writes", safety.allow_production_writes,
                     "Let a run write to an environment marked production (without it only what reads runs there)");
    command.add_flag("--dry-run", safety.dry_run, "Print the plan (" + plan + ") and send nothing to the target");
}

std::string writes_refused_reason(const config::TargetConfig& target, const WriteSafety& safety) {
    if (!target.production || safety.allow_production_writes) return {};
    return "the target is the production environment '" + target.environment + "' (" + target.config_path +
           ") and --allow-production-writes was not given";
}

namespace {

/// HOST:PORT ("[::1]:0" too) split at the last colon; nullopt when it is not that.
std::optional<std::pair<std::string, std::uint16_t>> host_and_port(const std::string& text) {
    const auto colon = text.rfind(':');
    if (colon == std::string::npos || colon == 0) return std::nullopt;
    std::string host = text.substr(0, colon);
    if (host.size() > 2 && host.front() == '[' && host.back() == ']') host = host.substr(1, host.size() - 2);
    const std::string digits = text.substr(colon + 1);
    if (digits.empty() || digits.size() > 5 || digits.find_first_not_of("0123456789") != std::string::npos) return std::nullopt;
    const long port = std::stol(digits);
    if (port > 65535) return std::nullopt;
    return std::make_pair(host, static_cast<std::uint16_t>(port));
}

}  // namespace

void add_webhook_options(CLI::App& command, WebhookReceiverOptions& webhook) {
    command.add_option("--webhook-listen", webhook.listen,
                       "Where the webhook receiver listens, HOST:PORT (0.0.0.0:8443; port 0 picks one), so that a "
                       "target not in process can deliver to it")
        ->envname("DOCKSIDE_WEBHOOK_LISTEN");
    command.add_option("--webhook-public-url", webhook.public_url,
                       "The receiver's https:// address as the target reaches it (a server in a container or behind NAT)")
        ->envname("DOCKSIDE_WEBHOOK_PUBLIC_URL");
}

std::vector<std::string> webhook_problems(const WebhookReceiverOptions& webhook) {
    std::vector<std::string> problems;
    if (!webhook.listen.empty() && !host_and_port(webhook.listen))
        problems.push_back("--webhook-listen '" + webhook.listen + "': give HOST:PORT, e.g. 0.0.0.0:8443 (port 0 picks a free one)");
    if (!webhook.public_url.empty() && webhook.public_url.rfind("https://", 0) != 0)
        problems.push_back("--webhook-public-url '" + webhook.public_url + "': the receiver speaks HTTPS; give https://HOST[:PORT]");
    if (!webhook.public_url.empty() && webhook.listen.empty())
        problems.push_back("--webhook-public-url needs --webhook-listen: the address it names must lead to a listening receiver");
    return problems;
}

void apply_webhook_options(const WebhookReceiverOptions& webhook, conform::SessionInfo& info) {
    if (const auto listen = host_and_port(webhook.listen)) {
        info.webhook_host = listen->first;
        info.webhook_port = listen->second;
        info.webhook_public_url = webhook.public_url;
    }
}

void print_target_notes(const std::string& command, const config::TargetConfig& target) {
    if (!target.environment.empty())
        std::cerr << "dockside " << command << ": environment '" << target.environment << "' of " << target.config_path
                  << ": " << target.base_url << (target.production ? " (production)" : "") << "\n";
    for (const auto& note : target.notes) std::cerr << "dockside " << command << ": note: " << note << "\n";
    for (const auto& warning : target.warnings) std::cerr << "dockside " << command << ": warning: " << warning << "\n";
}

http::ClientOptions client_options_for(const config::TargetConfig& target) {
    http::ClientOptions options;
    options.request_timeout = std::chrono::milliseconds(static_cast<long long>(target.timeout_seconds * 1000));
    options.insecure = target.insecure;
    return options;
}

Result<std::string, std::string> first_access_token(const config::TargetConfig& target, const RemoteAccess& access,
                                                    const spec::Spec& spec, auth::OAuthRefresh& grant,
                                                    http::PreparationAnswers* answers) {
    if (target.auth != config::AuthMethod::OAuthClient) return target.token;
    grant = {target.auth_url, target.client_id,      target.client_secret,   target.redirect_uri,
             auth::all_scopes(spec), access.refresh_token, std::chrono::seconds(0), std::chrono::steady_clock::now(),
             client_options_for(target)};
    // A refresh token kept from an earlier run: no consent to give (the code flow when it no longer works).
    if (!grant.refresh_token.empty())
        return auth::renew_token(grant, auth::documented_access_lifetime(spec).value_or(std::chrono::hours(1)));
    auto tokens = auth::oauth_code_flow({grant.auth_url, grant.client_id, grant.client_secret, grant.redirect_uri, grant.scopes},
                                        grant.client, answers);
    if (!tokens) return fail(tokens.error());
    grant.refresh_token = tokens->refresh_token;
    return tokens->access_token;
}

Result<conform::PreparedTarget, std::string> prepare_remote(const config::TargetConfig& target,
                                                            const RemoteAccess& access, const spec::Spec& spec,
                                                            const validate::ResponseValidator& validator) {
    const auto options = client_options_for(target);
    if (auto probe = preflight::probe_target(spec, target.base_url, "", options); !probe) return fail(probe.error());

    conform::PreparedTarget prepared;
    conform::SessionInfo& info = prepared.info;
    info.base_url = target.base_url;
    info.auth_url = target.auth_url;
    info.channel_header = target.channel_header;
    info.read_only_token = access.read_only_token;
    // Given beside a personal access token too: the token runs the tests, the client the OAuth flow's.
    if (target.has_oauth_client())
        info.oauth_client = conform::OAuthClientInfo{target.client_id, target.client_secret, target.redirect_uri};
    // Every answer read here is judged like any other; a run that cannot be done still names what they broke.
    http::PreparationAnswers answers;
    const auto judged = [&] { return judge_preparation(answers, spec, validator, secrets_of(target, access, info)); };
    const auto refuse = [&](const std::string& message) { return fail(message + violations_named(judged())); };

    auth::OAuthRefresh grant;
    auto token = first_access_token(target, access, spec, grant, &answers);
    prepared.refresh_token = grant.refresh_token;
    if (!token) return refuse(token.error());
    info.token = std::move(token).value();
    if (auto accepted = preflight::check_token(spec, target.base_url, info.token, "token", options, &answers); !accepted)
        return refuse(accepted.error().message);
    if (!access.read_only_token.empty())
        if (auto accepted = preflight::check_token(spec, target.base_url, access.read_only_token, "read-only token", options, &answers);
            !accepted && accepted.error().response && accepted.error().response->status == 401)
            return refuse(accepted.error().message + " (--read-only-token)");

    auto found = preflight::discover_channels(spec, target.base_url, info.token, options, &answers);
    if (found) {
        info.read_only_channel = found->read_only_channel;
        info.write_channel = found->write_channel;
        if (target.channel)
            if (auto usable = preflight::check_write_channel(*found, *target.channel); !usable) return refuse(usable.error());
    } else if (const auto& failure = found.error(); failure.kind != preflight::PreflightFailure::Kind::Malformed &&
                                                    failure.kind != preflight::PreflightFailure::Kind::NoWriteChannel) {
        return refuse(failure.message);
    } else if (!target.channel) {
        // Nothing to write with: a list that broke the contract is that finding (exit 1); a conforming list
        // without a writable channel leaves the run undoable (exit 2).
        prepared.preflight = judged();
        if (prepared.preflight.empty()) return fail(failure.message);
        prepared.runnable = false;
        prepared.answers = std::move(answers);
        return prepared;
    }
    if (target.channel) info.write_channel = *target.channel;
    info.simulation = preflight::detect_simulation(target.base_url, info.token, options);
    prepared.preflight = judged();
    prepared.answers = std::move(answers);
    return prepared;
}

std::string remote_replay_args(const config::TargetConfig& target, const RemoteAccess& access,
                               const conform::SessionInfo& info) {
    std::ostringstream out;
    out << "--base-url " << http::shell_quote(target.base_url);
    if (!target.auth_url.empty() && target.auth_url != target.base_url)
        out << " --auth-url " << http::shell_quote(target.auth_url);
    if (target.has_oauth_client())
        out << " --client-id " << http::shell_quote(target.client_id) << " --client-secret \"$DOCKSIDE_CLIENT_SECRET\""
            << " --redirect-uri " << http::shell_quote(target.redirect_uri);
    if (target.auth == config::AuthMethod::PersonalToken) out << " --token \"$DOCKSIDE_TOKEN\"";
    if (!access.read_only_token.empty()) out << " --read-only-token \"$DOCKSIDE_READ_ONLY_TOKEN\"";
    out << " --channel " << info.write_channel;
    if (!target.channel_header.empty()) out << " --channel-header " << http::shell_quote(target.channel_header);
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
