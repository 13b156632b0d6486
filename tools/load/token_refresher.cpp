#include "tools/load/token_refresher.h"

#include <algorithm>

#include <nlohmann/json.hpp>

#include "harness/conform/target.h"
#include "harness/http/url.h"

namespace dockside::loadtool {

using namespace std::chrono_literals;
using SteadyClock = std::chrono::steady_clock;

std::optional<std::chrono::seconds> documented_access_lifetime(const spec::Spec& spec) {
    for (const auto& check : spec.checks()) {
        if (check.type != "auth" || check.params.value("aspect", "") != "lifetime") continue;
        const auto it = check.params.find("access_token_seconds");
        if (it != check.params.end() && it->is_number_integer() && it->get<std::int64_t>() > 0)
            return std::chrono::seconds(it->get<std::int64_t>());
    }
    return std::nullopt;
}

std::chrono::nanoseconds renew_after(std::chrono::seconds lifetime) {
    if (lifetime < 2min) return std::chrono::duration_cast<std::chrono::nanoseconds>(lifetime) / 2;
    return lifetime - 1min;
}

namespace {

/// POST /connect/token, grant_type=refresh_token, form-encoded with the parameters the document lists.
Result<nlohmann::json, std::string> refresh_grant(const OAuthRefresh& grant) {
    auto url = http::parse_url(grant.auth_url);
    if (!url) return fail("the authorization server URL " + url.error());
    http::HttpClient client(*url, grant.client);
    http::Request request{"POST", "/connect/token", {}, {}};
    request.headers.set("Content-Type", "application/x-www-form-urlencoded");
    request.headers.set("Accept", "application/json");
    request.body = http::encode_query({{"grant_type", "refresh_token"}, {"refresh_token", grant.refresh_token},
                                       {"redirect_uri", grant.redirect_uri}, {"client_id", grant.client_id},
                                       {"client_secret", grant.client_secret}});
    auto answer = client.send(request);
    if (!answer) return fail("the refresh grant (POST /connect/token) failed: " + http::to_string(answer.error()));
    auto body = nlohmann::json::parse(answer->body, nullptr, false);
    if (answer->status != 200 || !body.is_object() || !body.contains("access_token") || !body["access_token"].is_string())
        return fail("the refresh grant (POST /connect/token) answered " + std::to_string(answer->status) +
                    " without an access_token" +
                    (body.is_object() && body.contains("error") && body["error"].is_string()
                         ? " (error " + body["error"].get<std::string>() + ")"
                         : std::string()));
    return body;
}

}  // namespace

namespace {

/// The authorization-code flow again (automated consent, as at the start of the run).
Result<std::string, std::string> new_code_flow(OAuthRefresh& grant, std::chrono::seconds fallback_lifetime) {
    const auto asked = SteadyClock::now();
    conform::OAuthRequest request{grant.auth_url, grant.client_id, grant.client_secret, grant.redirect_uri, grant.scopes};
    auto tokens = conform::oauth_code_flow(request, grant.client);
    if (!tokens) return fail("the authorization-code flow failed: " + tokens.error());
    grant.refresh_token = tokens->refresh_token;
    grant.lifetime = fallback_lifetime;  // conform's flow does not report expires_in
    grant.issued_at = asked;
    return tokens->access_token;
}

}  // namespace

Result<std::string, std::string> renew_token(OAuthRefresh& grant, std::chrono::seconds fallback_lifetime) {
    const auto asked = SteadyClock::now();  // the lifetime counts from the request: never later than the issue
    if (grant.refresh_token.empty()) return new_code_flow(grant, fallback_lifetime);
    auto body = refresh_grant(grant);
    if (!body) {
        // A refresh token is good once: when its answer was lost, only a new authorization helps.
        auto again = new_code_flow(grant, fallback_lifetime);
        if (again) return again;
        return fail(body.error() + "; then " + again.error());
    }
    const auto& b = *body;
    // The document issues a new refresh token with every access token; one that keeps the old is kept.
    if (b.contains("refresh_token") && b["refresh_token"].is_string()) grant.refresh_token = b["refresh_token"].get<std::string>();
    const bool has_expiry = b.contains("expires_in") && b["expires_in"].is_number_integer() && b["expires_in"].get<std::int64_t>() > 0;
    grant.lifetime = has_expiry ? std::chrono::seconds(b["expires_in"].get<std::int64_t>()) : fallback_lifetime;
    grant.issued_at = asked;
    return b["access_token"].get<std::string>();
}

TokenRefresher::TokenRefresher(OAuthRefresh grant, std::shared_ptr<load::Credential> credential,
                               std::chrono::seconds contract_lifetime)
    : grant_(std::move(grant)), credential_(std::move(credential)), contract_lifetime_(contract_lifetime) {
    if (grant_.lifetime.count() <= 0) grant_.lifetime = contract_lifetime_;
}

TokenRefresher::~TokenRefresher() { stop(); }

Result<std::string, std::string> TokenRefresher::renew_now() {
    if (!renew()) return fail(last_error());
    std::lock_guard lock(mutex_);
    return issued_.back();
}

bool TokenRefresher::renew() {
    OAuthRefresh grant;
    {
        std::lock_guard lock(mutex_);
        grant = grant_;
    }
    auto token = renew_token(grant, contract_lifetime_);  // no lock held during the exchange
    std::lock_guard lock(mutex_);
    if (!token) {
        ++failures_;
        last_error_ = token.error();
        return false;
    }
    grant_ = grant;
    issued_.push_back(*token);
    credential_->publish(*token);
    ++renewals_;
    return true;
}

void TokenRefresher::start() {
    std::lock_guard lock(mutex_);
    if (thread_.joinable()) return;
    stopping_ = false;
    thread_ = std::thread([this] { loop(); });
}

void TokenRefresher::stop() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_all();
    if (thread_.joinable()) thread_.join();
}

void TokenRefresher::loop() {
    std::unique_lock lock(mutex_);
    auto due = grant_.issued_at + renew_after(grant_.lifetime);
    while (!stopping_) {
        if (wake_.wait_until(lock, due, [this] { return stopping_; })) break;
        lock.unlock();
        const bool renewed = renew();
        lock.lock();
        if (renewed) {
            due = grant_.issued_at + renew_after(grant_.lifetime);
        } else {
            const auto retry = std::clamp<SteadyClock::duration>(grant_.lifetime / 8, 250ms, 5s);
            due = SteadyClock::now() + retry;
        }
    }
}

std::string TokenRefresher::last_error() const {
    std::lock_guard lock(mutex_);
    return last_error_;
}

std::vector<std::string> TokenRefresher::issued() const {
    std::lock_guard lock(mutex_);
    return issued_;
}

}  // namespace dockside::loadtool
