#include "harness/preflight/target.h"

#include <algorithm>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "harness/http/url.h"
#include "specs/loader/spec_location.h"

namespace dockside::preflight {
namespace {

constexpr int kMaxChannelPages = 20;
/// Asked of the channel list's page size: one page then holds the channels of nearly every account; a
/// server that caps it lower pages on, and the walk follows.
constexpr int kChannelPageSize = 250;

/// Where a preflight goes first: the spec's channel list (its operation id and path).
struct ChannelList {
    std::string operation;
    std::string path;
    std::string first_page;  ///< the path with the largest page asked for, when the list pages by size
};

Result<ChannelList, std::string> channel_list(const spec::Spec& spec) {
    auto op = spec.channel_list();
    if (!op) return fail("the spec names no channel list to begin with: " + op.error().to_string());
    ChannelList list{(*op)->id, (*op)->path_template, (*op)->path_template};
    if (auto paging = spec.paging(list.operation); paging && !paging->size_param.empty())
        list.first_page += "?" + paging->size_param + "=" + std::to_string(kChannelPageSize);
    return list;
}

/// The target's URL and its channel list, or why a preflight cannot begin.
Result<std::pair<http::Url, ChannelList>, PreflightFailure> where_to_begin(const spec::Spec& spec, const std::string& base_url) {
    auto url = http::parse_url(base_url);
    auto list = channel_list(spec);
    if (url && list) return std::pair{std::move(url).value(), std::move(list).value()};
    PreflightFailure failure;
    failure.message = url ? list.error() : "base URL " + url.error();
    return fail(std::move(failure));
}

/// "/2025-07" of "/2025-07/channel": the segment every path of the contract begins with.
std::string first_segment(const std::string& path) { return path.substr(0, path.find('/', 1)); }

http::Request get(const std::string& target, const std::string& token) {
    http::Request request{"GET", target, {}, {}};
    request.headers.set("Accept", "application/json");
    if (!token.empty()) request.headers.set("Authorization", "Bearer " + token);
    return request;
}

/// A `next` link may be absolute (under the base URL or not) or a target already; only its path and query
/// matter, relative to the base path.
std::string target_of_link(const http::Url& base, const std::string& link) {
    std::string target = link;
    if (const auto scheme = link.find("://"); scheme != std::string::npos) {
        const auto path = link.find('/', scheme + 3);
        target = path == std::string::npos ? "/" : link.substr(path);
    }
    if (!base.base_path.empty() && target.rfind(base.base_path, 0) == 0) target = target.substr(base.base_path.size());
    return target;
}

bool is_write_scope(const std::string& name) {
    return name.size() > 6 && name.compare(name.size() - 6, 6, "_write") == 0;
}

/// The channels a list page carries: its `items` (none when null), or the page itself when it is a bare
/// array; nullptr when it carries none that can be read.
const nlohmann::json* channel_items(const nlohmann::json& page) {
    static const nlohmann::json none = nlohmann::json::array();
    if (page.is_array()) return &page;
    if (!page.is_object() || !page.contains("items")) return nullptr;
    if (page["items"].is_null()) return &none;
    return page["items"].is_array() ? &page["items"] : nullptr;
}

}  // namespace

Result<int, std::string> probe_target(const spec::Spec& spec, const std::string& base_url, const std::string& token,
                                      const http::ClientOptions& options) {
    auto url = http::parse_url(base_url);
    if (!url) return fail("base URL " + url.error());
    auto list = channel_list(spec);
    if (!list) return fail(list.error());
    http::HttpClient client(*url, options);
    auto response = client.send(get(list->path, token));
    if (!response)
        return fail("cannot reach the target: GET " + http::absolute_url(*url, list->path) + " failed (" +
                    http::to_string(response.error()) + ")");
    return response->status;
}

bool has_write_scope(const nlohmann::json& channel) {
    if (!channel.is_object() || !channel.contains("scopes")) return false;
    const auto& scopes = channel["scopes"];
    if (scopes.is_string()) {
        std::istringstream names(scopes.get<std::string>());
        for (std::string name; names >> name;)
            if (is_write_scope(name)) return true;
        return false;
    }
    if (!scopes.is_array()) return false;
    for (const auto& scope : scopes) {
        std::string name = scope.is_string() ? scope.get<std::string>()
                           : scope.is_object() && scope.contains("name") && scope["name"].is_string()
                               ? scope["name"].get<std::string>()
                               : std::string();
        if (is_write_scope(name)) return true;
    }
    return false;
}

Result<ChannelChoice, std::string> choose_channels(const nlohmann::json& channels) {
    if (!channels.is_array()) return fail(std::string("the channel list is not an array"));
    std::optional<std::int64_t> write, read_only;
    for (const auto& channel : channels) {
        if (!channel.is_object() || !channel.contains("id") || !channel["id"].is_number_integer()) continue;
        const auto id = channel["id"].get<std::int64_t>();
        if (has_write_scope(channel)) {
            if (!write) write = id;
        } else if (!read_only) {
            read_only = id;
        }
    }
    if (!write)
        return fail("no channel with a _write scope among the " + std::to_string(channels.size()) +
                    " channels listed: pass --channel (DOCKSIDE_CHANNEL)");
    return ChannelChoice{*write, read_only, channels};
}

Result<bool, std::string> check_write_channel(const ChannelChoice& choice, std::int64_t channel) {
    for (const auto& c : choice.channels) {
        if (!c.is_object() || c.value("id", nlohmann::json()) != channel) continue;
        if (has_write_scope(c)) return true;
        return fail("--channel " + std::to_string(channel) + " is listed without a _write scope for this token");
    }
    return fail("--channel " + std::to_string(channel) + " is not among the " + std::to_string(choice.channels.size()) +
                " channels listed for this token");
}

namespace {

/// GETs `target` of the channel list with `token` and keeps the answer in `answers` (expecting
/// `expected`, 0 for any): the answer, or the failure when there is none or `token` is refused (401/403).
Result<http::Response, PreflightFailure> get_listed(http::HttpClient& client, const http::Url& url, const std::string& base_url,
                                                    const ChannelList& list, const std::string& target, const std::string& token,
                                                    const std::string& which, int expected,
                                                    http::PreparationAnswers* answers) {
    PreflightFailure failure;
    failure.request = get(target, token);
    const std::string where = http::absolute_url(url, target);
    const auto started = std::chrono::system_clock::now();
    auto response = client.send(failure.request);
    if (!response) {
        failure.message = "cannot reach the target: GET " + where + " failed (" + http::to_string(response.error()) + ")";
        return fail(std::move(failure));
    }
    if (answers) answers->push_back({list.operation, base_url, failure.request, *response, expected, started});
    if (response->status == 401 || response->status == 403) {
        failure.kind = PreflightFailure::Kind::Refused;
        failure.message = "the " + which + " was refused: GET " + where + " answered " +
                          std::to_string(response->status) + " " + response->body.substr(0, 200);
        failure.response = std::move(response.value());
        return fail(std::move(failure));
    }
    return std::move(response).value();
}

}  // namespace

Result<int, PreflightFailure> check_token(const spec::Spec& spec, const std::string& base_url, const std::string& token,
                                          const std::string& which, const http::ClientOptions& options,
                                          http::PreparationAnswers* answers) {
    auto start = where_to_begin(spec, base_url);
    if (!start) return fail(std::move(start.error()));
    const auto& [url, list] = *start;
    http::HttpClient client(url, options);
    auto response = get_listed(client, url, base_url, list, list.path, token, which, 0, answers);
    if (!response) return fail(std::move(response.error()));
    if (response->status == 404) {
        PreflightFailure failure;
        failure.kind = PreflightFailure::Kind::NoApi;
        failure.request = get(list.path, token);
        failure.message = "GET " + http::absolute_url(url, list.path) + " answered 404: --base-url " + base_url +
                          " does not lead to the API (every path of the contract begins with " + first_segment(list.path) +
                          " under it); give the server's root, as the API document's base_url";
        failure.response = std::move(response.value());
        return fail(std::move(failure));
    }
    return response->status;
}

bool detect_simulation(const std::string& base_url, const std::string& token, const http::ClientOptions& options) {
    auto url = http::parse_url(base_url);
    auto control = spec::simulation_spec();
    const spec::Operation* status = control ? (*control)->find("simStatus") : nullptr;
    if (!url || !status) return false;
    http::HttpClient client(*url, options);
    auto response = client.send(get(status->path_template, token));
    if (!response || response->status != 200) return false;
    const auto body = nlohmann::json::parse(response->body, nullptr, false);
    return body.is_object() && body.value("simulation", nlohmann::json()) == "on";
}

Result<ChannelChoice, PreflightFailure> discover_channels(const spec::Spec& spec, const std::string& base_url,
                                                          const std::string& token, const http::ClientOptions& options,
                                                          http::PreparationAnswers* answers) {
    PreflightFailure failure;
    auto start = where_to_begin(spec, base_url);
    if (!start) return fail(std::move(start.error()));
    const auto& [url, list] = *start;
    http::HttpClient client(url, options);
    nlohmann::json all = nlohmann::json::array();
    std::set<std::string> visited;
    bool unreadable = false;
    std::string target = list.first_page;
    for (int page = 0; page < kMaxChannelPages && !target.empty() && visited.insert(target).second; ++page) {
        auto response = get_listed(client, url, base_url, list, target, token, "token", 200, answers);
        if (!response) return fail(std::move(response.error()));
        failure.request = get(target, token);
        const auto body = nlohmann::json::parse(response->body, nullptr, false);
        const nlohmann::json* items = response->status == 200 ? channel_items(body) : nullptr;
        if (!items) {
            // What was read so far may still name a channel to write to; the page itself is judged as a finding.
            unreadable = true;
            failure.message = "GET " + target + " answered " + std::to_string(response->status) +
                              " without the documented channel page {items, next, prev}: " + response->body.substr(0, 300);
            failure.response = std::move(response.value());
            break;
        }
        for (const auto& item : *items) all.push_back(item);
        target = body.is_object() && body.contains("next") && body["next"].is_string()
                     ? target_of_link(url, body["next"].get<std::string>())
                     : std::string();
    }
    auto choice = choose_channels(all);
    if (!choice) {
        failure.kind = unreadable ? PreflightFailure::Kind::Malformed : PreflightFailure::Kind::NoWriteChannel;
        if (!unreadable) failure.message = choice.error();
        return fail(std::move(failure));
    }
    return choice.value();
}

}  // namespace dockside::preflight
