#include "harness/config/environments.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <set>

#include <valijson/adapters/nlohmann_json_adapter.hpp>
#include <valijson/schema.hpp>
#include <valijson/schema_parser.hpp>
#include <valijson/validator.hpp>

#include "core/text_file.h"
#include "harness/config/target_config.h"
#include "harness/http/url.h"
#include "specs/loader/yaml_json.h"

namespace dockside::config {
namespace {

using nlohmann::json;

/// The file's JSON Schema (specs/project-file.schema.json, compiled in by CMake): its structure is checked
/// there, and the words of the messages that depend on a key come from its x- keywords.
const json& file_schema() {
    static const json schema = json::parse(project_file_schema());
    return schema;
}

std::string listed(const json& properties) {
    std::string out;
    for (const auto& [key, value] : properties.items()) out += (out.empty() ? "" : ", ") + key;
    return out;
}

/// Reports problems at the position the YAML parser recorded for a node.
class Reporter {
public:
    Reporter(std::string path, const spec::PositionMap& positions) : path_(std::move(path)), positions_(positions) {}

    void add(const std::string& pointer, const std::string& message) {
        std::string where = path_;
        std::pair<int, int> place{0, 0};
        if (auto at = positions_.find(pointer); at != positions_.end()) {
            where += ":" + std::to_string(at->second.line) + ":" + std::to_string(at->second.column);
            place = {at->second.line, at->second.column};
        }
        placed_.emplace_back(place, where + ": " + message);
    }
    /// Every problem, in the order of the file (the schema's validator reports them in its own).
    std::vector<std::string> problems() const {
        auto sorted = placed_;
        std::stable_sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
        std::vector<std::string> out;
        for (auto& [place, text] : sorted) out.push_back(std::move(text));
        return out;
    }
    int line_of(const std::string& pointer) const {
        auto at = positions_.find(pointer);
        return at == positions_.end() ? 0 : at->second.line;
    }

private:
    std::string path_;
    std::vector<std::pair<std::pair<int, int>, std::string>> placed_;
    const spec::PositionMap& positions_;
};

/// The schema that applies at `pointer` of the file (properties, else additionalProperties; $ref followed).
const json& schema_at(const std::vector<std::string>& tokens) {
    static const json none = json::object();
    const json* node = &file_schema();
    const auto resolve = [](const json* n) {
        if (auto ref = n->find("$ref"); ref != n->end())
            return &file_schema().at(json::json_pointer(ref->get<std::string>().substr(1)));
        return n;
    };
    for (const auto& token : tokens) {
        node = resolve(node);
        if (auto p = node->find("properties"); p != node->end() && p->contains(token)) node = &p->at(token);
        else if (auto a = node->find("additionalProperties"); a != node->end() && a->is_object()) node = &*a;
        else return none;
    }
    return *resolve(node);
}

/// How a message names the node at `tokens`: "the file", "environment 'sandbox'", "the credentials of
/// environment 'sandbox'", or the key itself.
std::string named(const std::vector<std::string>& tokens) {
    if (tokens.empty()) return "the file";
    if (tokens.size() == 2) return "environment '" + tokens[1] + "'";
    if (tokens.size() == 3 && tokens[2] == "credentials") return "the credentials of environment '" + tokens[1] + "'";
    return tokens.back();
}

std::string pointer_of(const std::vector<std::string>& tokens) {
    std::string pointer;
    for (const auto& token : tokens) pointer = spec::pointer_append(pointer, token);
    return pointer;
}

/// What a value of `schema` must be, in the words of a message.
std::string expected_kind(const json& schema) {
    const json types = schema.value("type", json());
    const auto has = [&](const char* t) { return types == t || (types.is_array() && std::count(types.begin(), types.end(), t)); };
    if (has("boolean")) return "true or false";
    if (has("string") && has("integer")) return "a string or an integer";
    if (has("object") && schema.contains("properties")) return "a mapping of " + listed(schema.at("properties"));
    if (has("object")) return "a mapping";
    return "a string";
}

void report_unknown_keys(Reporter& out, const json& object, const std::vector<std::string>& tokens, const json& schema) {
    const json properties = schema.value("properties", json::object());
    const json secrets = schema.value("x-secret-keys", json::array());
    for (const auto& [key, value] : object.items()) {
        if (properties.contains(key)) continue;
        const std::string at = spec::pointer_append(pointer_of(tokens), key);
        if (std::count(secrets.begin(), secrets.end(), key))
            out.add(at, "'" + key + "' in " + named(tokens) + " would keep a secret in the file; name where it is instead (" +
                            key + "_env: VARIABLE or " + key + "_file: PATH)");
        else
            out.add(at, "unknown key '" + key + "' in " + named(tokens) + "; known: " + listed(properties));
    }
}

/// `"... 'name'."` → name: the one key a valijson message quotes.
std::string quoted_key(const std::string& description) {
    const auto close = description.rfind('\'');
    const auto open = close == std::string::npos ? close : description.rfind('\'', close - 1);
    return open == std::string::npos ? std::string() : description.substr(open + 1, close - open - 1);
}

/// Every departure from the file's schema, placed and worded for a person. valijson reports a structure
/// error at each level it passes through; only the errors at the node itself become messages.
void check_structure(Reporter& out, const json& document) {
    valijson::Schema schema;
    valijson::adapters::NlohmannJsonAdapter schema_adapter(file_schema());
    valijson::SchemaParser().populateSchema(schema_adapter, schema);
    valijson::ValidationResults results;
    valijson::adapters::NlohmannJsonAdapter adapter(document);
    if (valijson::Validator().validate(schema, adapter, &results)) return;
    std::set<std::string> reported;
    valijson::ValidationResults::Error error;
    while (results.popError(error)) {
        std::vector<std::string> tokens;
        for (const auto& c : error.context)
            if (c.size() >= 2 && c.front() == '[') tokens.push_back(c.substr(1, c.size() - 2));
        const json& node_schema = schema_at(tokens);
        const std::string pointer = pointer_of(tokens);
        const std::string& d = error.description;
        if (!reported.insert(pointer + "|" + d).second) continue;
        if (d.rfind("Object contains a property that could not be validated", 0) == 0) {
            if (const json::json_pointer at(pointer); document.contains(at))
                report_unknown_keys(out, document.at(at), tokens, node_schema);
        } else if (d.rfind("Missing required property", 0) == 0) {
            const std::string key = quoted_key(d);
            const json when = node_schema.value("x-when-missing", json::object());
            out.add(pointer, named(tokens) + " " + when.value(key, "has no " + key));
        } else if (d.rfind("Value type not permitted", 0) == 0) {
            out.add(pointer, (tokens.size() <= 2 ? named(tokens) : tokens.back()) + " must be " + expected_kind(node_schema));
        } else if (d.rfind("Object should have no fewer than", 0) == 0) {
            out.add(pointer, node_schema.value("x-when-empty", named(tokens) + " is empty"));
        }
    }
}

/// A scalar as text (a channel may be written 101 or "101"); empty when absent or of another type, which
/// check_structure reports.
std::string scalar_text(const json& object, const std::string& key) {
    const json v = object.is_object() ? object.value(key, json()) : json();
    if (v.is_string()) return v.get<std::string>();
    if (v.is_number_integer()) return std::to_string(v.get<std::int64_t>());
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
    source.env_var = scalar_text(credentials, stem + "_env");
    source.file = file_path(scalar_text(credentials, stem + "_file"), project_dir);
    if (!source.env_var.empty() && !source.file.empty())
        out.add(spec::pointer_append(pointer, stem + "_file"), "give either " + stem + "_env or " + stem + "_file, not both");
    return source;
}

/// The credentials' rules that tie keys together (the schema holds each key's own).
void read_credentials(Reporter& out, const json& credentials, const std::string& at, Environment& e,
                      const std::string& project_dir) {
    e.token = secret_source(out, credentials, at, "token", project_dir);
    e.client_id = scalar_text(credentials, "client_id");
    e.client_secret = secret_source(out, credentials, at, "client_secret", project_dir);
    e.redirect_uri = scalar_text(credentials, "redirect_uri");
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
    e.base_url = scalar_text(env, "base_url");
    e.auth_url = scalar_text(env, "auth_url");
    e.channel_header = scalar_text(env, "channel_header");
    e.channel = scalar_text(env, "channel");
    e.production = env.is_object() && env.value("production", json()) == true;
    if (env.is_object() && env.contains("credentials"))
        read_credentials(out, env.at("credentials"), pointer + "/credentials", e, project_dir);
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
    check_structure(out, root);
    json environments = root.is_object() ? root.value("environments", json::object()) : json::object();
    if (!environments.is_object()) environments = json::object();  // reported by check_structure
    const std::string project_dir = std::filesystem::path(path).parent_path().string();
    for (const auto& [name, env] : environments.items())
        file.environments.push_back(read_environment(out, name, env, project_dir.empty() ? "." : project_dir));
    // In the order the file gives them (the parsed mapping is sorted by name).
    std::stable_sort(file.environments.begin(), file.environments.end(),
                     [](const Environment& a, const Environment& b) { return a.line < b.line; });
    if (auto problems = out.problems(); !problems.empty()) return fail(std::move(problems));
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
