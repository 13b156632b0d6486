#include "harness/load/mix.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>

#include "core/text.h"
#include "specs/loader/yaml_json.h"

namespace dockside::load {
namespace {

bool is_method(const std::string& word) {
    for (const char* m : {"GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"})
        if (word == m) return true;
    return false;
}

/// A trailing ":<number>" is a weight. After an operation id (one word), whatever follows the colon is
/// meant as its weight; in "METHOD /path" anything else after a colon is part of the path (paths of
/// custom methods, such as /v1/things:estimate, hold colons).
void split_weight(const std::string& item, std::string& text, double& weight, bool& bad_weight) {
    text = item;
    weight = 1;
    bad_weight = false;
    const auto colon = item.rfind(':');
    if (colon == std::string::npos) return;
    const std::string tail(trim(std::string_view(item).substr(colon + 1)));
    char* end = nullptr;
    const double w = std::strtod(tail.c_str(), &end);
    const bool number = !tail.empty() && end == tail.c_str() + tail.size();
    const bool operation_id = item.find(' ') == std::string::npos;
    if (!number && !operation_id) return;  // part of the path
    text = trim(std::string_view(item).substr(0, colon));
    weight = number ? w : 1;
    bad_weight = !number || !std::isfinite(w) || w < 0;
}

}  // namespace

Result<Mix, std::vector<std::string>> parse_inline_mix(std::string_view text) {
    Mix mix;
    mix.name = "inline";
    mix.source = std::string(text);
    std::vector<std::string> problems;
    std::size_t start = 0;
    while (start <= text.size()) {
        std::size_t comma = text.find(',', start);
        if (comma == std::string_view::npos) comma = text.size();
        const std::string item(trim(text.substr(start, comma - start)));
        start = comma + 1;
        if (item.empty()) continue;
        MixEntry entry;
        bool bad = false;
        split_weight(item, entry.text, entry.weight, bad);
        if (bad)
            problems.push_back("--mix \"" + item + "\": the weight \"" + std::string(trim(std::string_view(item).substr(item.rfind(':') + 1))) +
                               "\" of " + entry.text + " must be a number >= 0 (e.g. " + entry.text + ":5)");
        mix.entries.push_back(entry);
    }
    if (mix.entries.empty()) problems.push_back("--mix: no operation given");
    if (!problems.empty()) return fail(std::move(problems));
    return mix;
}

Result<Mix, std::vector<std::string>> load_mix_file(const std::string& path) {
    auto doc = spec::load_document(path);
    if (!doc) return fail(std::vector<std::string>{"mix " + doc.error().to_string()});
    const auto& d = *doc;
    std::vector<std::string> problems;
    Mix mix;
    mix.source = path;
    mix.name = std::filesystem::path(path).stem().string();
    if (!d.is_object()) return fail(std::vector<std::string>{"mix " + path + ": expected a mapping"});
    if (d.contains("name") && d["name"].is_string()) mix.name = d["name"].get<std::string>();
    if (!d.contains("operations") || !d["operations"].is_array() || d["operations"].empty())
        return fail(std::vector<std::string>{"mix " + path + ": `operations` must be a non-empty list"});
    std::size_t i = 0;
    for (const auto& item : d["operations"]) {
        const std::string where = "mix " + path + ": operations[" + std::to_string(i++) + "]";
        if (!item.is_object() || !item.contains("operation") || !item["operation"].is_string()) {
            problems.push_back(where + ": needs `operation` (an operation id or \"METHOD /path\")");
            continue;
        }
        MixEntry entry{item["operation"].get<std::string>(), 1};
        if (item.contains("weight")) {
            if (!item["weight"].is_number() || !(item["weight"].get<double>() >= 0))
                problems.push_back(where + ": `weight` must be a number >= 0");
            else entry.weight = item["weight"].get<double>();
        }
        mix.entries.push_back(entry);
    }
    if (!problems.empty()) return fail(std::move(problems));
    return mix;
}

std::vector<std::string> named_mixes(const std::string& mixes_dir) {
    std::vector<std::string> names;
    std::error_code ignored;
    for (const auto& entry : std::filesystem::directory_iterator(mixes_dir, ignored))
        if (entry.path().extension() == ".yaml") names.push_back(entry.path().stem().string());
    std::sort(names.begin(), names.end());
    return names;
}

namespace {

/// "'a:5,b:1' or 'GET /path'" with operations of `spec`, so the example can be pasted as it is.
std::string inline_examples(const spec::Spec& spec) {
    const auto& operations = spec.operations();
    std::string ids;
    for (std::size_t i = 0; i < operations.size() && i < 2; ++i)
        ids += (i == 0 ? "" : ",") + operations[i].id + (i == 0 ? ":5" : ":1");
    std::string request = "METHOD /path";
    for (const auto& op : operations)
        if (op.method == "GET" && op.path_template.find('{') == std::string::npos) {
            request = "GET " + op.path_template;
            break;
        }
    return (ids.empty() ? std::string("'operationId:5'") : "'" + ids + "'") + " or '" + request + "'";
}

}  // namespace

std::string unknown_mix_name(const std::string& name, const std::string& mixes_dir, const spec::Spec& spec) {
    std::string listed;
    for (const auto& n : named_mixes(mixes_dir)) listed += (listed.empty() ? "" : ", ") + n;
    return "--mix \"" + name + "\" is no mix of " + mixes_dir + " (the named mixes: " +
           (listed.empty() ? "none" : listed) + ") and no operation of the contract; a mix can also be a YAML file, " +
           inline_examples(spec);
}

Result<Mix, std::vector<std::string>> read_mix(std::string_view argument, const std::string& mixes_dir) {
    const std::string arg(trim(argument));
    // A file: a name with a mix file's extension ("day.yaml", read from the working folder) or an existing
    // file's path. Either way a name that cannot be read says so, rather than being taken for an operation.
    const bool one_word = !arg.empty() && arg.find_first_of(" ,") == std::string::npos;
    const bool file_extension = arg.ends_with(".yaml") || arg.ends_with(".yml") || arg.ends_with(".json");
    std::error_code ignored;
    const bool looks_like_file = one_word && (file_extension || (arg.find('/') != std::string::npos &&
                                                                 std::filesystem::is_regular_file(arg, ignored)));
    if (looks_like_file) return load_mix_file(arg);
    const std::string named = mixes_dir + "/" + arg + ".yaml";
    const bool simple_name = !arg.empty() && arg.find_first_of(" ,:/") == std::string::npos;
    if (simple_name && std::filesystem::exists(named)) return load_mix_file(named);
    return parse_inline_mix(arg);
}

Result<std::vector<ResolvedEntry>, std::vector<std::string>> resolve_mix(const Mix& mix, const spec::Spec& spec,
                                                                        std::vector<std::string>& warnings) {
    std::vector<ResolvedEntry> out;
    std::vector<std::string> problems;
    double total = 0;
    for (const auto& entry : mix.entries) {
        ResolvedEntry r;
        r.weight = entry.weight;
        total += entry.weight;
        const auto space = entry.text.find(' ');
        const std::string first = entry.text.substr(0, space);
        if (space != std::string::npos && is_method(first)) {
            r.method = first;
            r.concrete_path = trim(std::string_view(entry.text).substr(space + 1));
            r.name = r.method + " " + r.concrete_path;
            if (r.concrete_path.empty() || r.concrete_path[0] != '/') {
                problems.push_back("mix " + mix.name + ": \"" + entry.text + "\": the path must start with /");
                continue;
            }
            if (const auto match = spec.match(r.method, r.concrete_path)) {
                r.operation = match->operation;
            } else {
                warnings.push_back("\"" + r.name + "\" is no operation of the contract: sent as typed, never validated");
            }
            out.push_back(r);
            continue;
        }
        const spec::Operation* op = spec.find(entry.text);
        if (!op) {
            problems.push_back("mix " + mix.name + ": unknown operation \"" + entry.text +
                               "\" (an operationId of the contract, or \"METHOD /path\")");
            continue;
        }
        r.operation = op;
        r.method = op->method;
        r.name = op->id;
        out.push_back(r);
    }
    if (problems.empty() && !(total > 0)) problems.push_back("mix " + mix.name + ": every weight is 0");
    if (!problems.empty()) return fail(std::move(problems));
    return out;
}

}  // namespace dockside::load
