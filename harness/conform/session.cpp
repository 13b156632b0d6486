#include "harness/conform/session.h"

#include <atomic>
#include <cstdio>
#include <cstdlib>

#include "specs/loader/servers.h"

namespace dockside::conform {

Session::Session(const spec::Spec& spec, const validate::ResponseValidator& validator, SessionInfo info,
                 http::ClientOptions client_options)
    : spec_(spec), validator_(validator), info_(std::move(info)), client_options_(std::move(client_options)) {
    if (auto url = http::parse_url(info_.base_url)) base_url_ = std::move(url.value());
    auth_url_ = base_url_;
    if (!info_.auth_url.empty())
        if (auto url = http::parse_url(info_.auth_url)) auth_url_ = std::move(url.value());
    findings_.set_seed(info_.seed);
}

Result<std::unique_ptr<Session>, std::string> Session::create(const spec::Spec& spec,
                                                              const validate::ResponseValidator& validator,
                                                              SessionInfo info, http::ClientOptions client_options) {
    auto url = http::parse_url(info.base_url);
    if (!url) return fail("session base URL: " + url.error());
    if (info.channel_header.empty()) info.channel_header = spec.channel_header();
    return std::make_unique<Session>(spec, validator, std::move(info), std::move(client_options));
}

const nlohmann::json& Session::stance(const std::string& id) const {
    // A reference, not a copy: the suite API asks for stances on every answer, and a learnt one is large.
    static const nlohmann::json none;
    const auto& profile = info_.profile_json;
    if (!profile.is_object() || !profile.contains("stances") || !profile["stances"].is_object()) return none;
    const auto& stances = profile["stances"];
    auto it = stances.find(id);
    return it == stances.end() ? none : *it;
}

std::optional<int> Session::reject_code() const { return stance_code("NS-VALIDATION-STATUS"); }

std::optional<int> Session::stance_code(std::string_view id, std::string_view member) const {
    const nlohmann::json s = stance(std::string(id));
    const std::string name(member);
    if (s.is_object() && s.contains(name) && s[name].is_number_integer()) return s[name].get<int>();
    return std::nullopt;
}

std::vector<int> Session::not_served_codes() const {
    const nlohmann::json s = stance("NS-NOT-SERVED-STATUS");
    std::vector<int> out;
    if (s.is_object() && s.contains("codes") && s["codes"].is_array())
        for (const auto& code : s["codes"])
            if (code.is_number_integer()) out.push_back(code.get<int>());
    return out;
}

http::HttpClient Session::client() const { return http::HttpClient(base_url_, client_options_); }

const http::Url& Session::url_for(const spec::Operation* op) const {
    return op && spec::own_server(spec_, *op) == spec::kAuthServer ? auth_url_ : base_url_;
}

http::HttpClient Session::client_for(const spec::Operation* op) const {
    return http::HttpClient(url_for(op), client_options_);
}

namespace {
std::atomic<Session*> g_session{nullptr};
}

Session& current_session() {
    Session* session = g_session.load();
    if (!session) {
        // A suite run outside the runner has no target; continuing would only produce noise.
        std::fputs("dockside: no conformance session is set; run the suites through `dockside conform` or "
                   "`suites_test`\n", stderr);
        std::abort();
    }
    return *session;
}

Session* current_session_or_null() { return g_session.load(); }

void set_current_session(Session* session) { g_session.store(session); }

}  // namespace dockside::conform
