#include "harness/config/environments.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <set>

#include "core/text_file.h"
#include "harness/config/target_config.h"
#include "harness/http/url.h"
#include "specs/loader/yaml_json.h"

namespace dockside::config {
namespace {

using nlohmann::json;

const std::set<std::string> kTopKeys{"environments"};
const std::set<std::string> kEnvironmentKeys{"base_url", "auth_url", "channel_header", "channel", "production",
                                             "credentials"};
const std::set<std::string> kCredentialKeys{"token_env", "token_file", "client_id", "client_secret_env",
                                            "client_secret_file", "redirect_uri"};
/// Keys that would hold a secret in the file itself: refused with the way to name it instead.
const std::set<std::string> kSecretKeys{"token", "client_secret", "password", "refresh_token"};

std::string listed(const std::set<std::string>& keys) {
    std::string out;
    for (const auto& k : keys) out += (out.empty() ? "" : ", ") + k;
    return out;
}

/// Reports problems at the position the YAML parser recorded for a node.
class Reporter {
public:
    Reporter(std::string path, const spec::PositionMap& positions) : path_(std::move(path)), positions_(positions) {}

    void add(const std::string& pointer, const std::string& message) {
        std::string where = path_;
        if (auto at = positions_.find(pointer); at != positions_.end())
            where += ":" + std::to_string(at->second.line) + ":" + std::to_string(at->second.column);
        problems.push_back(where + ": " + message);
    }
    int line_of(const std::string& pointer) const {
        auto at = positions_.find(pointer);
        return at == positions_.end() ? 0 : at->second.line;
    }

    std::vector<std::string> problems;

private:
    std::string path_;
    const spec::PositionMap& positions_;
};

void check_keys(Reporter& out, const json& object, const std::string& pointer, const std::set<std::string>& known,
                const std::string& where) {
    for (const auto& [key, value] : object.items()) {
        if (known.count(key)) continue;
        const std::string at = spec::pointer_append(pointer, key);
        if (kSecretKeys.count(key))
            out.add(at, "'" + key + "' in " + where + " would keep a secret in the file; name where it is instead (" +
                            key + "_env: VARIABLE or " + key + "_file: PATH)");
        else
            out.add(at, "unknown key '" + key + "' in " + where + "; known: " + listed(known));
    }
}

/// A scalar as text (a channel may be written 101 or "101"); empty, with a problem, for anything else.
std::string scalar_text(Reporter& out, const json& object, const std::string& key, const std::string& pointer) {
    if (!object.contains(key)) return {};
    const json& v = object.at(key);
    if (v.is_string()) return v.get<std::string>();
    if (v.is_number_integer()) return std::to_string(v.get<std::int64_t>());
    out.add(spec::pointer_append(pointer, key), key + " must be a string");
    return {};
}

/// A relative secret file is taken from the project file's folder, "~/" from the home folder.
std::string file_path(const std::string& path, const std::string& project_dir) {
    if (path.rfind("~/", 0) == 0)
        if (const char* home = std::getenv("HOME")) return std::string(home) + path.substr(1);
    const std::filesystem::path p(path);
    return p.is_absolute() || path.empty() ? path : (std::filesystem::path(project_dir) / p).lexically_normal().string();
}

SecretSource secret_source(Reporter& out, const json& credentials, const std::string& pointer, const std::string& stem,
                           const std::string& project_dir) {
    SecretSource source;
    source.env_var = scalar_text(out, credentials, stem + "_env", pointer);
    source.file = file_path(scalar_text(out, credentials, stem + "_file", pointer), project_dir);
    if (!source.env_var.empty() && !source.file.empty())
        out.add(spec::pointer_append(pointer, stem + "_file"), "give either " + stem + "_env or " + stem + "_file, not both");
    return source;
}

void read_credentials(Reporter& out, const json& env, const std::string& pointer, Environment& e,
                      const std::string& project_dir) {
    if (!env.contains("credentials")) return;
    const std::string at = pointer + "/credentials";
    const json& credentials = env.at("credentials");
    if (!credentials.is_object()) {
        out.add(at, "credentials must be a mapping of " + listed(kCredentialKeys));
        return;
    }
    check_keys(out, credentials, at, kCredentialKeys, "the credentials of environment '" + e.name + "'");
    e.token = secret_source(out, credentials, at, "token", project_dir);
    e.client_id = scalar_text(out, credentials, "client_id", at);
    e.client_secret = secret_source(out, credentials, at, "client_secret", project_dir);
    e.redirect_uri = scalar_text(out, credentials, "redirect_uri", at);
    // A token and a client together are fine: the token runs the tests, the client the OAuth ones.
    const bool oauth = !e.client_id.empty() || e.client_secret.given();
    if (oauth && (e.client_id.empty() || !e.client_secret.given()))
        out.add(at, "environment '" + e.name + "': OAuth needs client_id and client_secret_env or client_secret_file");
    if (!e.redirect_uri.empty() && e.client_id.empty())
        out.add(at + "/redirect_uri", "environment '" + e.name + "': redirect_uri is the OAuth client's; it needs client_id");
    else if (auto url = http::parse_url(e.redirect_uri); !e.redirect_uri.empty() && !url)
        out.add(at + "/redirect_uri", "environment '" + e.name + "': redirect_uri " + url.error());
}

Environment read_environment(Reporter& out, const std::string& name, const json& env, const std::string& project_dir) {
    const std::string pointer = spec::pointer_append("/environments", name);
    Environment e;
    e.name = name;
    e.line = out.line_of(pointer);
    if (!env.is_object()) {
        out.add(pointer, "environment '" + name + "' must be a mapping of " + listed(kEnvironmentKeys));
        return e;
    }
    check_keys(out, env, pointer, kEnvironmentKeys, "environment '" + name + "'");
    e.base_url = scalar_text(out, env, "base_url", pointer);
    e.auth_url = scalar_text(out, env, "auth_url", pointer);
    e.channel_header = scalar_text(out, env, "channel_header", pointer);
    e.channel = scalar_text(out, env, "channel", pointer);
    if (e.base_url.empty() && !env.contains("base_url"))
        out.add(pointer, "environment '" + name + "' has no base_url");
    if (!env.contains("production"))
        out.add(pointer, "environment '" + name + "' does not say production: true or false (a production environment "
                         "refuses writes without --allow-production-writes, so it must be said)");
    else if (!env.at("production").is_boolean())
        out.add(pointer + "/production", "production must be true or false");
    else
        e.production = env.at("production").get<bool>();
    read_credentials(out, env, pointer, e, project_dir);
    return e;
}

}  // namespace

std::string SecretSource::describe() const {
    if (!env_var.empty()) return "$" + env_var;
    if (!file.empty()) return "file " + file;
    return "(none)";
}

Result<std::string, std::string> SecretSource::read() const {
    if (!env_var.empty()) {
        const char* value = std::getenv(env_var.c_str());
        if (!value || !*value) return fail("the environment variable " + env_var + " is not set");
        return std::string(value);
    }
    if (!file.empty()) {
        auto secret = read_secret_file(file);
        if (!secret) return fail(file + ": " + secret.error());
        return secret.value();
    }
    return fail(std::string("no source is named"));
}

const Environment* ProjectFile::find(const std::string& name) const {
    for (const auto& e : environments)
        if (e.name == name) return &e;
    return nullptr;
}

std::string ProjectFile::names() const {
    std::string out;
    for (const auto& e : environments) out += (out.empty() ? "" : ", ") + e.name;
    return out.empty() ? "(none)" : out;
}

Result<ProjectFile, std::vector<std::string>> load_project_file(const std::string& path) {
    auto text = read_text_file(path);
    if (!text) return fail(std::vector<std::string>{path + ": cannot read the file"});
    spec::PositionMap positions;
    auto document = spec::yaml_to_json(*text, path, &positions);
    if (!document) return fail(std::vector<std::string>{document.error().to_string()});
    Reporter out(path, positions);
    ProjectFile file;
    file.path = path;
    const json& root = *document;
    if (!root.is_object() || !root.contains("environments") || !root.at("environments").is_object()) {
        out.add("", "the file must hold a mapping 'environments:' of named environments");
        return fail(std::move(out.problems));
    }
    check_keys(out, root, "", kTopKeys, "the file");
    const std::string project_dir = std::filesystem::path(path).parent_path().string();
    for (const auto& [name, env] : root.at("environments").items())
        file.environments.push_back(read_environment(out, name, env, project_dir.empty() ? "." : project_dir));
    if (file.environments.empty()) out.add("/environments", "no environment is named");
    // In the order the file gives them (the parsed mapping is sorted by name).
    std::stable_sort(file.environments.begin(), file.environments.end(),
                     [](const Environment& a, const Environment& b) { return a.line < b.line; });
    if (!out.problems.empty()) return fail(std::move(out.problems));
    return file;
}

std::vector<std::pair<std::string, std::string>> shared_tokens(const ProjectFile& file) {
    std::vector<std::pair<std::string, std::string>> shared;
    std::vector<std::pair<std::string, std::string>> seen;  // environment, token
    for (const auto& e : file.environments) {
        if (!e.token.given()) continue;
        auto token = e.token.read();
        if (!token) continue;
        for (const auto& [other, value] : seen)
            if (value == *token) shared.emplace_back(other, e.name);
        seen.emplace_back(e.name, *token);
    }
    return shared;
}

}  // namespace dockside::config
