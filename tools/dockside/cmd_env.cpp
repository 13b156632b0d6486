// `dockside env list` and `dockside env check NAME`: the named environments of the project file, and whether
// one is ready to run against (reachable, token accepted, the channels the token sees, a channel to write
// to, how long the token lives when that can be known). Exit 0 ready, 1 a check failed, 2 bad configuration.

#include <chrono>
#include <iomanip>
#include <iostream>
#include <sstream>

#include "core/exit_codes.h"
#include "harness/auth/oauth_code_flow.h"
#include "harness/config/environments.h"
#include "harness/preflight/target.h"
#include "core/base64.h"
#include "tools/dockside/command.h"
#include "tools/dockside/conform_target.h"
#include "tools/dockside/spec_files.h"

namespace dockside::cli {
namespace {

struct EnvOptions {
    std::string config_file;
    config::RawTargetOptions target;  ///< env check: the environment named, with the flags that override it
};

std::string project_path(const std::string& config_file) {
    return config_file.empty() ? config::kDefaultProjectFile : config_file;
}

/// Whether the secret named can be read now: "set", or why not (never the secret).
std::string availability(const config::SecretSource& source) {
    auto secret = source.read();
    return secret ? "set" : "not available: " + secret.error();
}

std::string credentials_of(const config::Environment& e) {
    std::string out;
    if (e.token.given()) out = "token " + e.token.describe() + " (" + availability(e.token) + ")";
    if (!e.client_id.empty())
        out += (out.empty() ? "" : "; ") + std::string("OAuth client ") + e.client_id + ", secret " + e.client_secret.describe() +
               " (" + availability(e.client_secret) + ")" +
               (e.redirect_uri.empty() ? ", no redirect_uri" : ", redirect_uri " + e.redirect_uri);
    return out.empty() ? "none named (give --token or --client-id with the command)" : out;
}

int env_list(const EnvOptions& options) {
    auto file = config::load_project_file(project_path(options.config_file));
    if (!file) {
        for (const auto& p : file.error()) std::cerr << "dockside env list: " << p << "\n";
        if (options.config_file.empty())
            std::cerr << "dockside env list: the project file is " << config::kDefaultProjectFile
                      << " in the working folder, or the one --config names (docs/environments.md)\n";
        return kExitCannotRun;
    }
    std::cout << "environments of " << file->path << ":\n";
    for (const auto& e : file->environments) {
        std::cout << "  " << std::left << std::setw(14) << e.name << (e.production ? "PRODUCTION  " : "            ")
                  << e.base_url << "\n";
        if (!e.auth_url.empty()) std::cout << "      auth url: " << e.auth_url << "\n";
        if (!e.channel.empty() || !e.channel_header.empty())
            std::cout << "      channel:  " << (e.channel.empty() ? "discovered" : e.channel)
                      << (e.channel_header.empty() ? "" : " (header " + e.channel_header + ")") << "\n";
        std::cout << "      credentials: " << credentials_of(e) << "\n";
    }
    const auto shared = config::shared_tokens(*file);
    for (const auto& [a, b] : shared)
        std::cerr << "dockside env list: environments '" << a << "' and '" << b
                  << "' are configured with the same personal access token; a PAT must not be shared between "
                     "environments, so neither is used until each has its own\n";
    return shared.empty() ? kExitOk : kExitCannotRun;
}

/// The `exp` claim of a JWT, when the token is one; nullopt for an opaque token.
std::optional<std::int64_t> jwt_expiry(const std::string& token) {
    const auto first = token.find('.'), second = token.find('.', first + 1);
    if (first == std::string::npos || second == std::string::npos) return std::nullopt;
    std::string payload = token.substr(first + 1, second - first - 1);
    for (char& c : payload) c = c == '-' ? '+' : c == '_' ? '/' : c;
    while (payload.size() % 4) payload += '=';
    auto bytes = base64_decode(payload);
    if (!bytes) return std::nullopt;
    const auto claims = nlohmann::json::parse(*bytes, nullptr, false);
    if (!claims.is_object() || !claims.contains("exp") || !claims["exp"].is_number()) return std::nullopt;
    return claims["exp"].get<std::int64_t>();
}

/// How long the token lives: the OAuth token answer's expires_in, else a JWT's exp, else unknown.
std::string lifetime(const std::string& token, const http::PreparationAnswers& answers) {
    for (const auto& a : answers)
        if (a.operation == "token") {
            const auto body = nlohmann::json::parse(a.response.body, nullptr, false);
            if (body.is_object() && body.contains("expires_in") && body["expires_in"].is_number())
                return std::to_string(body["expires_in"].get<std::int64_t>()) + " s from issue (expires_in of the token answer)";
        }
    if (const auto exp = jwt_expiry(token)) {
        const auto now = std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
        return *exp > now ? std::to_string(*exp - now) + " s left (the token's exp claim)" : "expired (the token's exp claim)";
    }
    return "unknown (the token is opaque and no answer said)";
}

/// Every channel the channel list pages showed: "101 'Main shop' read and write".
std::vector<std::string> channel_lines(const http::PreparationAnswers& answers) {
    std::vector<std::string> lines;
    for (const auto& a : answers) {
        if (a.operation != "listChannels" || a.response.status != 200) continue;
        const auto body = nlohmann::json::parse(a.response.body, nullptr, false);
        const auto& items = body.is_object() && body.contains("items") ? body["items"] : body;
        if (!items.is_array()) continue;
        for (const auto& c : items) {
            if (!c.is_object()) continue;
            std::ostringstream line;
            line << c.value("id", nlohmann::json()).dump() << " '" << c.value("name", std::string()) << "' "
                 << (preflight::has_write_scope(c) ? "read and write" : "read only");
            lines.push_back(line.str());
        }
    }
    return lines;
}

void say(const std::string& what, bool ok, const std::string& detail) {
    std::cout << "  " << (ok ? "ok    " : "FAILED") << " " << std::left << std::setw(16) << what << detail << "\n";
}

int env_check(const GlobalOptions& global, const EnvOptions& options) {
    auto spec = load_spec(global.spec_dir);
    if (!spec) {
        std::cerr << "dockside env check: " << spec.error().to_string() << "\n";
        return kExitCannotRun;
    }
    config::RawTargetOptions raw = options.target;
    raw.config_file = options.config_file;
    auto target = config::resolve(raw, profile_names(global.spec_dir), version_segment(*spec));
    if (!target) {
        for (const auto& p : target.error()) std::cerr << "dockside env check: " << p.to_string() << "\n";
        return kExitCannotRun;
    }
    print_target_notes("env check", *target);
    const auto client = client_options_for(*target);
    std::cout << "environment " << target->environment << (target->production ? " (production)" : "") << ": "
              << target->base_url << "\n";
    auto probe = preflight::probe_target(*spec, target->base_url, "", client);
    say("reachable", static_cast<bool>(probe),
        probe ? "GET /2025-07/channel answered " + std::to_string(*probe) : probe.error());
    if (!probe) return kExitViolations;

    http::PreparationAnswers answers;
    std::string token = target->token;
    if (target->has_oauth_client()) {
        // Beside a personal access token the client is checked too: the run's OAuth tests take it.
        if (target->redirect_uri.empty()) {
            say("OAuth token", false, "OAuth needs --redirect-uri (DOCKSIDE_REDIRECT_URI, or redirect_uri in the file)");
            return kExitViolations;
        }
        auto tokens = auth::oauth_code_flow({target->auth_url, target->client_id, target->client_secret,
                                             target->redirect_uri, auth::all_scopes(*spec)},
                                            client, &answers);
        say("OAuth token", static_cast<bool>(tokens), tokens ? "the code flow gave an access token" : tokens.error());
        if (!tokens) return kExitViolations;
        if (target->auth == config::AuthMethod::OAuthClient) token = tokens->access_token;
    }
    auto accepted = preflight::check_token(*spec, target->base_url, token, "token", client, &answers);
    say("token accepted", static_cast<bool>(accepted), accepted ? "GET /2025-07/channel answered 200" : accepted.error().message);
    if (!accepted)
        return accepted.error().kind == preflight::PreflightFailure::Kind::NoApi ? kExitCannotRun : kExitViolations;
    // The token answer's expires_in is the OAuth token's, not a personal access token's beside it.
    say("token lifetime", true,
        lifetime(token, target->auth == config::AuthMethod::OAuthClient ? answers : http::PreparationAnswers{}));

    // Only the discovery's pages: the token check read the first page already, and its channels are the same.
    http::PreparationAnswers pages;
    auto channels = preflight::discover_channels(*spec, target->base_url, token, client, &pages);
    const auto seen = channel_lines(pages);
    std::cout << "  channels the token sees (" << seen.size() << "):\n";
    for (const auto& line : seen) std::cout << "          " << line << "\n";
    bool writable = static_cast<bool>(channels);
    std::string detail = channels ? "channel " + std::to_string(channels->write_channel) : channels.error().message;
    if (channels && target->channel) {
        auto usable = preflight::check_write_channel(*channels, *target->channel);
        writable = static_cast<bool>(usable);
        detail = usable ? "channel " + std::to_string(*target->channel) + " (configured)" : usable.error();
    }
    say("write channel", writable, detail);
    if (writable && target->production)
        std::cout << "  writes to this environment need --allow-production-writes (it is marked production)\n";
    return writable ? kExitOk : kExitViolations;
}

}  // namespace

void register_env_command(CLI::App& app, CommandContext& context) {
    auto options = std::make_shared<EnvOptions>();
    auto* env = app.add_subcommand("env", "The named environments of the project file (dockside.yaml): list them, check one");
    env->require_subcommand(1);
    env->footer("Exit codes: 0 listed / ready to run against; 1 a check failed (unreachable, token refused, no channel to "
                "write to); 2 the project file or the configuration is wrong.");
    auto* list = env->add_subcommand("list", "Every environment: base URL, production or not, where its credentials come from");
    list->add_option("--config", options->config_file, "Project file (default: ./dockside.yaml)")->envname("DOCKSIDE_CONFIG");
    list->callback([&context, options] { context.action = [options] { return env_list(*options); }; });

    auto* check = env->add_subcommand("check", "Reachable, token accepted, the channels it sees, a channel to write to, token lifetime");
    check->add_option("name", options->target.environment, "The environment to check")->required();
    check->add_option("--config", options->config_file, "Project file (default: ./dockside.yaml)")->envname("DOCKSIDE_CONFIG");
    check->add_option("--redirect-uri", options->target.redirect_uri, "OAuth redirect URI registered for the client")
        ->envname("DOCKSIDE_REDIRECT_URI")
        ->each([options](const std::string&) { options->target.given.insert("--redirect-uri"); });
    check->add_option("--timeout", options->target.timeout, "Per request: seconds, or a duration (5s, 500ms, 2m)")
        ->capture_default_str();
    check->add_flag("--insecure", options->target.insecure, "Skip TLS certificate verification");
    check->callback([&context, options] {
        context.action = [&context, options] { return env_check(context.global, *options); };
    });
}

}  // namespace dockside::cli
