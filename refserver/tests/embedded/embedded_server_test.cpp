// The reference server over real sockets: auth, malformed input and concurrency as a client sees them.

#include "refserver/embedded/embedded_server.h"

#include <gtest/gtest.h>

#include <chrono>
#include <mutex>
#include <set>
#include <thread>

#include <nlohmann/json.hpp>

#include "harness/http/client.h"

namespace dockside::refserver {
namespace {

using nlohmann::json;

class EmbeddedServerTest : public ::testing::Test {
protected:
    void SetUp() override {
        EmbeddedOptions options;
        options.threads = 4;
        auto started = EmbeddedServer::start(std::move(options));
        ASSERT_TRUE(started) << started.error().front();
        server_ = std::move(started.value());
    }

    http::HttpClient client() {
        auto url = http::parse_url(server_->base_url());
        EXPECT_TRUE(url);
        return http::HttpClient(url.value());
    }

    http::Request request(std::string method, std::string target, std::string body = "") {
        http::Request r;
        r.method = std::move(method);
        r.target = std::move(target);
        r.headers.set("Authorization", "Bearer " + server_->api().pat());
        r.headers.set("service_channel_id", std::to_string(server_->api().write_channel_id()));
        if (!body.empty()) r.headers.set("Content-Type", "application/json");
        r.body = std::move(body);
        return r;
    }

    static json order_body(const std::string& reference_id) {
        return {{"reference_id", reference_id},
                {"products", {{{"id", 3001}, {"quantity", 1}}}},
                {"recipient",
                 {{"name", "Load Test"},
                  {"address", {{"address1", "1 Main St"}, {"city", "Chicago"}, {"state", "IL"},
                               {"country", "US"}, {"zip_code", "60601"}}}}}};
    }

    std::unique_ptr<EmbeddedServer> server_;
};

TEST_F(EmbeddedServerTest, ListensOnAnEphemeralLoopbackPort) {
    EXPECT_NE(server_->port(), 0);
    EXPECT_EQ(server_->base_url(), "http://127.0.0.1:" + std::to_string(server_->port()));
    auto c = client();
    auto response = c.send(request("GET", "/2025-07/channel"));
    ASSERT_TRUE(response) << to_string(response.error());
    EXPECT_EQ(response->status, 200);
    EXPECT_EQ(response->media_type(), "application/json");
}

TEST_F(EmbeddedServerTest, MissingOrBadTokenIs401OverTheWire) {
    auto c = client();
    auto no_token = request("GET", "/2025-07/channel");
    no_token.headers.remove("Authorization");
    auto bad_token = request("GET", "/2025-07/channel");
    bad_token.headers.set("Authorization", "Bearer not-a-token");
    EXPECT_EQ(c.send(no_token)->status, 401);
    EXPECT_EQ(c.send(bad_token)->status, 401);
}

TEST_F(EmbeddedServerTest, MalformedRequestsGet4xxAndTheServerKeepsServing) {
    auto c = client();
    const std::vector<std::pair<http::Request, std::string>> cases = {
        {request("POST", "/2025-07/order", "{\"products\": [{\"id\": 3001,"), "truncated JSON"},
        {request("POST", "/2025-07/order", R"({"products": "many", "recipient": 7})"), "wrong types"},
        {request("POST", "/2025-07/order", std::string(2 << 20, 'x')), "2 MiB body"},
        {request("GET", "/2025-07/order?Limit=abc"), "Limit=abc"},
        {request("GET", "/2025-07/order?Page=0"), "Page=0"},
        {request("GET", "/2025-07/no-such-thing"), "unknown path"},
        {request("DELETE", "/2025-07/order"), "wrong method"},
        {request("GET", "/2025-07/order/1/cancel"), "a 2.0 path"},
    };
    for (const auto& [req, what] : cases) {
        auto fresh = client();  // an oversize body closes its connection; keep cases independent
        auto response = fresh.send(req);
        ASSERT_TRUE(response) << what << ": " << to_string(response.error());
        EXPECT_GE(response->status, 400) << what;
        EXPECT_LT(response->status, 500) << what << ": " << response->body;
    }
    auto after = c.send(request("GET", "/2025-07/channel"));
    ASSERT_TRUE(after);
    EXPECT_EQ(after->status, 200);
}

// Thousands of orders from many connections: every one found by id and in the list, ids unique.
TEST_F(EmbeddedServerTest, ConcurrentCreatesAreAllReadableAndUnique) {
    constexpr int kConnections = 8;
    constexpr int kOrdersEach = 250;
    std::mutex mutex;
    std::vector<std::int64_t> ids;
    std::vector<std::string> errors;
    std::vector<std::thread> threads;
    for (int t = 0; t < kConnections; ++t) {
        threads.emplace_back([&, t] {
            auto c = client();
            for (int i = 0; i < kOrdersEach; ++i) {
                const auto ref = "conc-" + std::to_string(t) + "-" + std::to_string(i);
                auto response = c.send(request("POST", "/2025-07/order", order_body(ref).dump()));
                std::lock_guard lock(mutex);
                if (!response || response->status != 201) {
                    errors.push_back(ref + ": " + (response ? response->body : to_string(response.error())));
                    continue;
                }
                ids.push_back(json::parse(response->body).at("id").get<std::int64_t>());
            }
        });
    }
    for (auto& thread : threads) thread.join();
    ASSERT_TRUE(errors.empty()) << errors.size() << " failed, first: " << errors.front();
    ASSERT_EQ(ids.size(), static_cast<size_t>(kConnections * kOrdersEach));
    EXPECT_EQ(std::set<std::int64_t>(ids.begin(), ids.end()).size(), ids.size()) << "ids are unique";

    auto c = client();
    for (size_t i = 0; i < ids.size(); i += 97) {
        auto got = c.send(request("GET", "/2025-07/order/" + std::to_string(ids[i])));
        ASSERT_TRUE(got);
        EXPECT_EQ(got->status, 200) << ids[i];
    }
    std::set<std::int64_t> listed;
    for (int page = 1; page <= 100 && listed.size() < ids.size() + 100; ++page) {
        auto got = c.send(request("GET", "/2025-07/order?Limit=250&Page=" + std::to_string(page)));
        ASSERT_TRUE(got);
        ASSERT_EQ(got->status, 200) << got->body;
        auto items = json::parse(got->body);
        if (items.empty()) break;
        for (const auto& order : items) listed.insert(order.at("id").get<std::int64_t>());
    }
    for (auto id : ids) EXPECT_TRUE(listed.count(id)) << "order " << id << " missing from the list";
}

TEST(EmbeddedServer, BadOptionsAreReportedTogether) {
    EmbeddedOptions options;
    options.threads = 0;
    options.host = "";
    auto started = EmbeddedServer::start(std::move(options));
    ASSERT_FALSE(started);
    EXPECT_EQ(started.error().size(), 2u);
}

TEST(EmbeddedServer, UnknownFaultIsAConfigurationError) {
    EmbeddedOptions options;
    options.api.faults = {"NO-SUCH.fault"};
    auto started = EmbeddedServer::start(std::move(options));
    ASSERT_FALSE(started);
    EXPECT_NE(started.error().front().find("NO-SUCH.fault"), std::string::npos);
}

// A latency fault: the named operation is answered later by its delay, the others are not, and a held
// answer holds no server thread (one thread serves eight held answers side by side).
TEST(EmbeddedServer, DelayedAnswersWaitOnTheConnectionNotOnAThread) {
    using Clock = std::chrono::steady_clock;
    constexpr auto kDelay = std::chrono::milliseconds(300);
    EmbeddedOptions options;
    options.threads = 1;
    options.api.delays = {"getOrder:+300ms"};
    auto started = EmbeddedServer::start(std::move(options));
    ASSERT_TRUE(started) << started.error().front();
    auto& server = *started.value();
    const auto send = [&server](const std::string& target) {
        http::HttpClient c(http::parse_url(server.base_url()).value());
        http::Request r{"GET", target, {{"Authorization", "Bearer " + server.api().pat()}}, ""};
        const auto begin = Clock::now();
        auto response = c.send(r);
        EXPECT_TRUE(response) << (response ? "" : to_string(response.error()));
        return std::make_pair(response ? response->status : 0, Clock::now() - begin);
    };
    const auto [listed, list_time] = send("/2025-07/order?Limit=1");
    EXPECT_EQ(listed, 200);
    EXPECT_LT(list_time, kDelay / 2) << "an operation without a delay waits";

    constexpr int kClients = 8;
    std::vector<std::thread> clients;
    std::vector<Clock::duration> times(kClients);
    std::vector<int> statuses(kClients);
    const auto begin = Clock::now();
    for (int i = 0; i < kClients; ++i)
        clients.emplace_back([&, i] { std::tie(statuses[i], times[i]) = send("/2025-07/order/1"); });
    for (auto& c : clients) c.join();
    const auto all = Clock::now() - begin;
    for (int i = 0; i < kClients; ++i) {
        EXPECT_NE(statuses[i], 0);
        EXPECT_GE(times[i], kDelay) << "answer " << i << " came before its delay";
    }
    EXPECT_LT(all, 3 * kDelay) << "eight held answers were served one after another by the one thread";
}

// A delay under a millisecond is spun on the server's thread rather than held on a timer (which wakes tens
// of microseconds late): it is still never shorter than asked.
TEST(EmbeddedServer, ShortDelaysAreHeldAtLeastTheirLength) {
    using Clock = std::chrono::steady_clock;
    EmbeddedOptions options;
    options.api.delays = {"getOrder:+400us"};
    auto started = EmbeddedServer::start(std::move(options));
    ASSERT_TRUE(started) << started.error().front();
    auto& server = *started.value();
    http::HttpClient c(http::parse_url(server.base_url()).value());
    for (int i = 0; i < 20; ++i) {
        const auto begin = Clock::now();
        auto response = c.send({"GET", "/2025-07/order/1", {{"Authorization", "Bearer " + server.api().pat()}}, ""});
        ASSERT_TRUE(response) << to_string(response.error());
        EXPECT_GE(Clock::now() - begin, std::chrono::microseconds(400)) << "answer " << i;
    }
}

TEST(EmbeddedServer, StoppingWritesHeldAnswersAtOnce) {
    EmbeddedOptions options;
    options.api.delays = {"*:+10s"};
    auto started = EmbeddedServer::start(std::move(options));
    ASSERT_TRUE(started) << started.error().front();
    auto server = std::move(started.value());
    std::thread client([&] {
        http::HttpClient c(http::parse_url(server->base_url()).value());
        (void)c.send({"GET", "/2025-07/channel", {{"Authorization", "Bearer " + server->api().pat()}}, ""});
    });
    std::this_thread::sleep_for(std::chrono::milliseconds(200));  // the answer is held by now
    const auto begin = std::chrono::steady_clock::now();
    server->stop();
    EXPECT_LT(std::chrono::steady_clock::now() - begin, std::chrono::seconds(2));
    client.join();
}

}  // namespace
}  // namespace dockside::refserver
