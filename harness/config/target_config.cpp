#include "harness/config/target_config.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <filesystem>
#include <fstream>
#include <limits>

#include "harness/config/environments.h"
#include "harness/http/url.h"
#include "harness/load/duration_text.h"

namespace dockside::config {
namespace {

std::string label(const std::string& flag) { return flag + " (" + env_name_for(flag) + ")"; }

// RFC 9110 token characters: what a header field name may contain.
bool is_header_name(const std::string& s) {
    static const std::string extra = "!#$%&'*+-.^_`|~";
    return !s.empty() && std::all_of(s.begin(), s.end(), [](unsigned char c) {
        return std::isalnum(c) || extra.find(static_cast<char>(c)) != std::string::npos;
    });
}

struct Collector {
    std::vector<ConfigProblem> problems;
    void add(const std::string& flag, std::string value, std::string message) {
        problems.push_back({label(flag), std::move(value), std::move(message)});
    }
};

void check_url(Collector& out, const std::string& flag, const std::string& value) {
    if (value.empty()) return;
    auto parsed = http::parse_url(value);
    if (!parsed) out.add(flag, value, parsed.error());
}

std::optional<std::int64_t> check_channel(Collector& out, const std::string& value) {
    if (value.empty()) return std::nullopt;
    std::int64_t id = 0;
    auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), id);
    if (ec != std::errc() || end != value.data() + value.size() || id <= 0) {
        out.add("--channel", value, "must be a positive integer channel id (see GET /2025-07/channel)");
        return std::nullopt;
    }
    return id;
}

/// Seconds, or a duration with its unit as every other duration option takes it ("5s", "500ms", "2m").
double check_timeout(Collector& out, const std::string& value) {
    const auto duration = load::parse_duration(value);
    const double seconds = duration ? std::chrono::duration<double>(*duration).count() : 0;
    if (!duration || !(seconds > 0) || seconds > 3600) {
        out.add("--timeout", value,
                "must be greater than 0 and at most an hour: seconds (30) or a duration with its unit (5s, 500ms, 2m)");
        return 30;
    }
    return seconds;
}

/// Same length, digits where `pattern` has digits, the same other characters: "/2024-01" for "/2025-07".
bool same_shape(const std::string& text, const std::string& pattern) {
    if (text.size() != pattern.size()) return false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const bool digit = std::isdigit(static_cast<unsigned char>(pattern[i])) != 0;
        if (digit ? !std::isdigit(static_cast<unsigned char>(text[i])) : text[i] != pattern[i]) return false;
    }
    return true;
}

/// The base URL without a trailing `version_segment`: the contract's paths carry it already, so keeping it
/// would send every request to ".../2025-07/2025-07/..." and make a correct server look broken.
std::string without_version_segment(Collector& out, std::vector<std::string>& notes, const std::string& base_url,
                                    const std::string& version_segment) {
    if (base_url.empty() || version_segment.empty()) return base_url;
    auto url = http::parse_url(base_url);
    if (!url) return base_url;  // reported by check_url
    const auto cut = url->base_path.rfind('/');
    if (cut == std::string::npos) return base_url;
    const std::string last = url->base_path.substr(cut);
    const std::string root = url->origin() + url->base_path.substr(0, cut);
    if (last == version_segment) {
        notes.push_back("--base-url " + base_url + " ends in the API version " + version_segment +
                        ", which every path of the contract begins with: the base URL is taken as " + root +
                        " (requests go to " + root + version_segment + "/…)");
        return root;
    }
    if (same_shape(last, version_segment))
        out.add("--base-url", base_url,
                "ends in " + last + ", another API version than the " + version_segment.substr(1) +
                    " this contract describes, whose paths carry " + version_segment + " themselves: give the server's root, " +
                    root);
    return base_url;
}

/// Credentials and a channel given for a server are not used when the target is the embedded reference
/// server (it issues its own): said, so that a forgotten --base-url does not pass unnoticed.
std::vector<std::string> unused_with_embedded(const RawTargetOptions& raw) {
    std::vector<std::string> unused;
    if (!raw.base_url.empty()) return unused;
    const std::string why = " is not used: without --base-url the target is the embedded reference server, ";
    if (!raw.token.empty()) unused.push_back(label(raw.token_file.empty() ? "--token" : "--token-file") + why + "which issues its own token");
    if (!raw.client_id.empty() || !raw.client_secret.empty())
        unused.push_back(label("--client-id") + "/--client-secret" + why + "which has its own OAuth client");
    if (!raw.channel.empty()) unused.push_back(label("--channel") + why + "which writes to its own channel");
    return unused;
}

/// The secret of `flag`, taken from `file_flag`'s file when that is given (never both).
std::string secret_value(Collector& out, const std::string& flag, const std::string& value,
                         const std::string& file_flag, const std::string& path) {
    if (path.empty()) return value;
    if (!value.empty()) {
        out.add(file_flag, path, "give either " + flag + " or " + file_flag + ", not both");
        return value;
    }
    auto secret = read_secret_file(path);
    if (!secret) out.add(file_flag, path, secret.error());
    return secret ? secret.value() : std::string();
}

AuthMethod check_auth(Collector& out, const RawTargetOptions& raw) {
    const bool oauth = !raw.client_id.empty() || !raw.client_secret.empty();
    if (oauth && (raw.client_id.empty() || raw.client_secret.empty())) {
        const bool id_missing = raw.client_id.empty();
        out.add(id_missing ? "--client-id" : "--client-secret", "",
                "OAuth needs both --client-id and --client-secret");
        return AuthMethod::None;
    }
    if (!raw.token.empty()) return AuthMethod::PersonalToken;  // with a client too: see AuthMethod
    if (oauth) return AuthMethod::OAuthClient;
    if (!raw.base_url.empty())
        out.add("--token", "", "a server named by --base-url needs --token or --client-id/--client-secret");
    return AuthMethod::None;
}

bool any_given(const RawTargetOptions& raw, std::initializer_list<const char*> flags) {
    for (const char* flag : flags)
        if (raw.given.count(flag)) return true;
    return false;
}

/// Fills what no flag gave from the environment `raw.environment` of the project file and marks `config`
/// with its name and production flag. Returns the file read (for the shared-token check), nullopt when it
/// could not be used (the problem is reported).
std::optional<ProjectFile> apply_environment(Collector& out, RawTargetOptions& raw, TargetConfig& config) {
    if (raw.environment.empty()) {
        if (!raw.config_file.empty())
            config.warnings.push_back(label("--config") + " " + raw.config_file + " is not used: no --env selects one of its environments");
        return std::nullopt;
    }
    const std::string path = raw.config_file.empty() ? kDefaultProjectFile : raw.config_file;
    std::error_code ec;
    if (raw.config_file.empty() && !std::filesystem::exists(path, ec)) {
        out.add("--env", raw.environment, std::string("names an environment of the project file, and there is no ") +
                                              kDefaultProjectFile + " in the working folder (--config names another file)");
        return std::nullopt;
    }
    auto file = load_project_file(path);
    if (!file) {
        for (const auto& problem : file.error()) out.add("--config", "", problem);
        return std::nullopt;
    }
    const Environment* env = file->find(raw.environment);
    if (!env) {
        out.add("--env", raw.environment, "no environment of that name in " + path + "; it names " + file->names());
        return std::nullopt;
    }
    const auto fill = [&](const char* flag, std::string& field, const std::string& value) {
        if (!raw.given.count(flag) && !value.empty()) field = value;
    };
    fill("--base-url", raw.base_url, env->base_url);
    fill("--auth-url", raw.auth_url, env->auth_url);
    fill("--channel-header", raw.channel_header, env->channel_header);
    fill("--channel", raw.channel, env->channel);
    // Credentials are one choice: a credential flag replaces the environment's credentials as a whole.
    if (!any_given(raw, {"--token", "--token-file", "--client-id", "--client-secret", "--client-secret-file"})) {
        const auto read = [&](const SecretSource& source, const std::string& what) {
            auto secret = source.read();
            if (!secret) out.add("--env", raw.environment, "its " + what + " comes from " + source.describe() + ": " + secret.error());
            return secret ? secret.value() : std::string();
        };
        if (env->token.given()) raw.token = read(env->token, "token");
        if (!env->client_id.empty()) {
            raw.client_id = env->client_id;
            raw.client_secret = read(env->client_secret, "OAuth client secret");
            fill("--redirect-uri", raw.redirect_uri, env->redirect_uri);  // the file's client's, unless a flag names another
        }
    }
    config.environment = env->name;
    config.production = env->production;
    config.config_path = path;
    return std::move(file.value());
}

/// A personal access token must not be shared between environments: the token in use is refused when
/// another environment of the file is configured with the same one.
void check_token_not_shared(Collector& out, const RawTargetOptions& raw, const ProjectFile& file) {
    if (raw.token.empty()) return;
    for (const auto& other : file.environments) {
        if (other.name == raw.environment || !other.token.given()) continue;
        if (auto token = other.token.read(); token && *token == raw.token)
            out.add("--env", raw.environment,
                    "its personal access token is also the one configured for environment '" + other.name + "' (" +
                        other.token.describe() + "); a PAT must not be shared between environments: give each its own");
    }
}

}  // namespace

std::string ConfigProblem::to_string() const {
    std::string s = option;
    if (!value.empty()) s += " = '" + value + "'";
    return s + ": " + message;
}

std::string env_name_for(const std::string& flag) {
    std::string name = "DOCKSIDE_";
    for (char c : flag.substr(flag.find_first_not_of('-')))
        name += c == '-' ? '_' : static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return name;
}

Result<std::string, std::string> read_secret_file(const std::string& path) {
    std::ifstream in(path);
    if (!in) return fail(std::string("cannot read the file"));
    std::string line;
    std::getline(in, line);
    while (!line.empty() && std::isspace(static_cast<unsigned char>(line.back()))) line.pop_back();
    if (line.empty()) return fail(std::string("the file's first line is empty"));
    return line;
}

Result<TargetConfig, std::vector<ConfigProblem>> resolve(const RawTargetOptions& given,
                                                         const ProfileNames& profiles,
                                                         const std::string& version_segment) {
    Collector out;
    TargetConfig config;
    RawTargetOptions raw = given;
    const auto project = apply_environment(out, raw, config);
    raw.token = secret_value(out, "--token", raw.token, "--token-file", raw.token_file);
    raw.client_secret =
        secret_value(out, "--client-secret", raw.client_secret, "--client-secret-file", raw.client_secret_file);
    if (project) check_token_not_shared(out, raw, *project);
    check_url(out, "--base-url", raw.base_url);
    raw.base_url = without_version_segment(out, config.notes, raw.base_url, version_segment);
    check_url(out, "--auth-url", raw.auth_url);
    check_url(out, "--redirect-uri", raw.redirect_uri);
    if (raw.base_url.empty() && !raw.auth_url.empty())
        out.add("--auth-url", raw.auth_url, "needs --base-url (the embedded server is its own auth server)");
    config.auth = check_auth(out, raw);
    config.channel = check_channel(out, raw.channel);
    if (!raw.channel_header.empty() && !is_header_name(raw.channel_header))
        out.add("--channel-header", raw.channel_header, "must be a valid HTTP header name");
    // A name of specs/profiles/, or a profile file of one's own (`dockside learn` writes one).
    if (raw.profile.ends_with(".yaml")) {
        std::error_code ec;
        if (!std::filesystem::is_regular_file(raw.profile, ec)) out.add("--profile", raw.profile, "no such profile file");
    } else if (std::find(profiles.begin(), profiles.end(), raw.profile) == profiles.end()) {
        std::string known;
        for (const auto& p : profiles) known += (known.empty() ? "" : ", ") + p;
        out.add("--profile", raw.profile, "unknown profile; known: " + known + ", or a profile file (.yaml)");
    }
    config.timeout_seconds = check_timeout(out, raw.timeout);
    if (!out.problems.empty()) return fail(std::move(out.problems));

    config.base_url = raw.base_url;
    config.auth_url = raw.auth_url.empty() ? raw.base_url : raw.auth_url;
    config.token = raw.token;
    config.client_id = raw.client_id;
    config.client_secret = raw.client_secret;
    config.redirect_uri = raw.redirect_uri;
    config.channel_header = raw.channel_header;
    config.profile = raw.profile;
    config.insecure = raw.insecure;
    for (auto& warning : unused_with_embedded(raw)) config.warnings.push_back(std::move(warning));
    return config;
}

}  // namespace dockside::config
