// The refresher against the reference server: a refused token is renewed at once when asked (not only on
// schedule), the rotated refresh token is handed on to be kept (the one before it no longer works: a
// refresh token is good once, which is why one party alone renews), and a demand that never ends costs one
// renewal a second, not a storm.

#include <gtest/gtest.h>

#include <atomic>
#include <mutex>
#include <thread>

#include "harness/auth/oauth_code_flow.h"
#include "harness/auth/token_refresher.h"
#include "refserver/embedded/embedded_server.h"

namespace dockside::auth {
namespace {

using namespace std::chrono_literals;

struct Fixture {
    Fixture() {
        auto started = refserver::EmbeddedServer::start({});
        if (!started) throw std::runtime_error(started.error().front());
        server = std::move(started.value());
        const auto client = server->api().oauth_client();
        if (!client || client->redirect_uris.empty()) throw std::runtime_error("the seed has no OAuth client");
        grant.auth_url = server->base_url();
        grant.client_id = client->client_id;
        grant.client_secret = client->client_secret;
        grant.redirect_uri = client->redirect_uris.front();
        grant.scopes = {"channels_read", "offline_access"};
        auto tokens = oauth_code_flow({grant.auth_url, grant.client_id, grant.client_secret,
                                       grant.redirect_uri, grant.scopes},
                                      {});
        if (!tokens) throw std::runtime_error(tokens.error());
        grant.refresh_token = tokens->refresh_token;
        grant.issued_at = std::chrono::steady_clock::now();
    }
    std::unique_ptr<refserver::EmbeddedServer> server;
    OAuthRefresh grant;
};

/// Whether the refresh grant still works with `refresh_token` (it spends it when it does).
bool refresh_works(OAuthRefresh grant, const std::string& refresh_token) {
    grant.refresh_token = refresh_token;
    grant.redirect_uri = "http://127.0.0.1/not-registered";  // the code flow fallback must fail
    return static_cast<bool>(renew_token(grant, 1h));
}

template <class Predicate>
bool eventually(Predicate done, std::chrono::milliseconds limit) {
    const auto until = std::chrono::steady_clock::now() + limit;
    while (!done()) {
        if (std::chrono::steady_clock::now() > until) return false;
        std::this_thread::sleep_for(10ms);
    }
    return true;
}

TEST(TokenRefresher, ARefusedTokenIsRenewedAtOnceAndTheRotatedRefreshTokenHandedOn) {
    Fixture f;
    const std::string first_refresh = f.grant.refresh_token;
    std::atomic<bool> wanted{false};
    std::mutex mutex;
    std::vector<std::string> published, kept;
    RefresherHooks hooks;
    hooks.publish = [&](const std::string& token) {
        std::lock_guard lock(mutex);
        published.push_back(token);
        wanted = false;
    };
    hooks.demanded = [&] { return wanted.load(); };
    hooks.rotated = [&](const std::string& token) -> Result<bool, std::string> {
        std::lock_guard lock(mutex);
        kept.push_back(token);
        return true;
    };
    hooks.demand_gap = 0ms;
    TokenRefresher refresher(f.grant, 1h, hooks);  // an hour: nothing is due on schedule during the test
    refresher.start();
    std::this_thread::sleep_for(100ms);
    EXPECT_EQ(refresher.counts().renewals, 0);
    wanted = true;
    ASSERT_TRUE(eventually([&] { return refresher.counts().renewals == 1; }, 5s)) << refresher.counts().last_error;
    refresher.stop();
    const auto counts = refresher.counts();
    EXPECT_EQ(counts.on_demand, 1);
    EXPECT_EQ(counts.failures, 0) << counts.last_error;
    std::lock_guard lock(mutex);
    ASSERT_EQ(published.size(), 1u);
    ASSERT_EQ(kept.size(), 1u);
    EXPECT_NE(kept.front(), first_refresh);
    EXPECT_FALSE(refresh_works(f.grant, first_refresh)) << "a refresh token is good once";
    EXPECT_TRUE(refresh_works(f.grant, kept.front()));
}

TEST(TokenRefresher, ADemandThatNeverEndsCostsOneRenewalASecond) {
    Fixture f;
    RefresherHooks hooks;
    hooks.publish = [](const std::string&) {};
    hooks.demanded = [] { return true; };  // a target that refuses every token
    TokenRefresher refresher(f.grant, 1h, hooks);
    ASSERT_TRUE(refresher.renew_now());
    refresher.start();
    std::this_thread::sleep_for(2500ms);
    refresher.stop();
    const auto counts = refresher.counts();
    EXPECT_GE(counts.on_demand, 1);
    EXPECT_LE(counts.on_demand, 3) << "renewals on demand are a second apart";
    EXPECT_EQ(counts.renewals, counts.on_demand + 1);
}

TEST(TokenRefresher, AFailedStoreIsCountedAndTheRunGoesOn) {
    Fixture f;
    std::atomic<int> published{0};
    RefresherHooks hooks;
    hooks.publish = [&](const std::string&) { ++published; };
    hooks.rotated = [](const std::string&) -> Result<bool, std::string> { return fail(std::string("disk full")); };
    TokenRefresher refresher(f.grant, 1h, hooks);
    ASSERT_TRUE(refresher.renew_now());
    const auto counts = refresher.counts();
    EXPECT_EQ(published.load(), 1);
    EXPECT_EQ(counts.store_failures, 1);
    EXPECT_EQ(counts.last_error, "disk full");
}

}  // namespace
}  // namespace dockside::auth
