// HttpClient against the project's own HttpServer (and a scripted socket server where the test
// needs byte-exact control over what the server says and when it hangs up).

#include <gtest/gtest.h>

#include <thread>

#include "harness/http/client.h"
#include "test_server.h"

namespace dockside::http {
namespace {

using namespace std::chrono_literals;
using testing::ScriptedServer;
using testing::TestServer;

using testing::make_request;

TEST(HttpClient, GetRoundTripSetsHostAndUserAgent) {
    TestServer server(testing::echo_handler);
    HttpClient client(server.url());
    auto response = client.send(make_request("GET", "/2025-07/order?Limit=5&IDs=1%2C2"));
    ASSERT_TRUE(response) << to_string(response.error());
    EXPECT_EQ(response->status, 200);
    EXPECT_EQ(response->headers.get("x-method"), "GET");
    EXPECT_EQ(response->headers.get("X-Target"), "/2025-07/order?Limit=5&IDs=1%2C2");
    EXPECT_EQ(response->headers.get("X-Host"), "127.0.0.1:" + std::to_string(server.port()));
    EXPECT_EQ(response->headers.get("X-User-Agent"), "dockside/0.1");
    EXPECT_EQ(response->headers.get("X-Content-Length"), "");  // no body, no framing header
    EXPECT_EQ(response->headers.get("Content-Length"), "0");
}

TEST(HttpClient, PostRoundTripCarriesHeadersAndBody) {
    TestServer server(testing::echo_handler);
    HttpClient client(server.url());
    auto request = make_request("POST", "/2025-07/order", R"({"reference_id":"r-1","gift_message":"hi"})");
    request.headers.add("Content-Type", "application/json");
    request.headers.add("service_channel_id", "7");
    request.headers.add("X-Echo", "service_channel_id");
    request.headers.add("User-Agent", "custom/1");
    auto response = client.send(request);
    ASSERT_TRUE(response) << to_string(response.error());
    EXPECT_EQ(response->headers.get("X-Method"), "POST");
    EXPECT_EQ(response->headers.get("X-Header-service_channel_id"), "7");
    EXPECT_EQ(response->headers.get("X-User-Agent"), "custom/1");
    EXPECT_EQ(response->headers.get("X-Content-Length"), std::to_string(request.body.size()));
    EXPECT_EQ(response->body, request.body);
}

TEST(HttpClient, BasePathIsPrefixedToTargets) {
    TestServer server(testing::echo_handler);
    HttpClient client(server.url("/sandbox/"));
    auto response = client.send(make_request("GET", "/2025-07/channel?RecordsPerPage=2"));
    ASSERT_TRUE(response) << to_string(response.error());
    EXPECT_EQ(response->headers.get("X-Target"), "/sandbox/2025-07/channel?RecordsPerPage=2");
}

TEST(HttpClient, HeadResponseHasNoBodyAndDoesNotHang) {
    TestServer server([](const Request&) {
        Response response;
        response.status = 200;
        response.body = "twelve bytes";
        return response;
    });
    HttpClient client(server.url(), {.request_timeout = 2000ms});
    auto response = client.send(make_request("HEAD", "/x"));
    ASSERT_TRUE(response) << to_string(response.error());
    EXPECT_EQ(response->headers.get("Content-Length"), "12");
    EXPECT_TRUE(response->body.empty());
    EXPECT_TRUE(client.send(make_request("GET", "/x")));
    EXPECT_EQ(client.connections_opened(), 1u);
}

TEST(HttpClient, KeepAliveUsesOneConnection) {
    TestServer server(testing::echo_handler);
    HttpClient client(server.url());
    for (int i = 0; i < 5; ++i) {
        auto response = client.send(make_request(i % 2 ? "POST" : "GET", "/r" + std::to_string(i), i % 2 ? "b" : ""));
        ASSERT_TRUE(response) << to_string(response.error());
        EXPECT_EQ(response->headers.get("X-Target"), "/r" + std::to_string(i));
    }
    EXPECT_EQ(client.connections_opened(), 1u);
    EXPECT_TRUE(client.connected());
}

TEST(HttpClient, ReconnectsWhenServerClosedIdleConnection) {
    server::ServerOptions options;
    options.idle_timeout = 100ms;
    TestServer server(testing::echo_handler, options);
    HttpClient client(server.url());
    ASSERT_TRUE(client.send(make_request("GET", "/first")));
    std::this_thread::sleep_for(400ms);  // the server drops the idle connection meanwhile
    auto response = client.send(make_request("POST", "/second", "payload"));
    ASSERT_TRUE(response) << to_string(response.error());
    EXPECT_EQ(response->body, "payload");
    EXPECT_EQ(client.connections_opened(), 2u);
}

TEST(HttpClient, ResendsWhenReusedConnectionEndsBeforeAnyResponseByte) {
    ScriptedServer server({{testing::http_reply("one")}, {"", true}, {testing::http_reply("two")}});
    HttpClient client(*parse_url("http://127.0.0.1:" + std::to_string(server.port())));
    ASSERT_TRUE(client.send(make_request("GET", "/a")));
    auto second = client.send(make_request("GET", "/b"));
    ASSERT_TRUE(second) << to_string(second.error());
    EXPECT_EQ(second->body, "two");
    server.finish();
    EXPECT_EQ(server.requests_seen(), 3);
    EXPECT_EQ(client.connections_opened(), 2u);
}

TEST(HttpClient, NeverResendsWhenResponseHadStarted) {
    ScriptedServer server(
        {{testing::http_reply("one")}, {"HTTP/1.1 200 OK\r\nContent-Length: 50\r\n\r\npartial", true}});
    HttpClient client(*parse_url("http://127.0.0.1:" + std::to_string(server.port())));
    ASSERT_TRUE(client.send(make_request("POST", "/a", "x")));
    auto second = client.send(make_request("POST", "/b", "y"));
    ASSERT_FALSE(second);
    EXPECT_EQ(second.error().kind, TransportError::Kind::read) << to_string(second.error());
    server.finish();
    EXPECT_EQ(server.requests_seen(), 2);
    EXPECT_EQ(server.connections_accepted(), 1);
    EXPECT_EQ(client.connections_opened(), 1u);
}

TEST(HttpClient, FreshConnectionFailureIsNotRetried) {
    // Once the script is done nothing listens: a resend would show as a second connection or a
    // connect error, never as the read error of the first attempt.
    ScriptedServer server({{"", true}});
    HttpClient client(*parse_url("http://127.0.0.1:" + std::to_string(server.port())));
    auto response = client.send(make_request("GET", "/a"));
    ASSERT_FALSE(response);
    EXPECT_EQ(response.error().kind, TransportError::Kind::read);
    EXPECT_EQ(client.connections_opened(), 1u);
}

TEST(HttpClient, ReadTimeoutIsBounded) {
    TestServer server([](const Request&) {
        std::this_thread::sleep_for(600ms);
        return Response{200, {}, "late"};
    });
    HttpClient client(server.url(), {.request_timeout = 150ms});
    auto started = std::chrono::steady_clock::now();
    auto response = client.send(make_request("GET", "/slow"));
    auto elapsed = std::chrono::steady_clock::now() - started;
    ASSERT_FALSE(response);
    EXPECT_EQ(response.error().kind, TransportError::Kind::timeout) << to_string(response.error());
    EXPECT_LT(elapsed, 550ms);
    EXPECT_FALSE(client.connected());  // a timed-out connection is never reused
}

TEST(HttpClient, BodyCapGivesTooLargeAndClientRecovers) {
    TestServer server([](const Request& request) {
        return Response{200, {}, std::string(request.target == "/big" ? 10000 : 10, 'x')};
    });
    HttpClient client(server.url(), {.max_body_bytes = 1000});
    auto response = client.send(make_request("GET", "/big"));
    ASSERT_FALSE(response) << "status " << response->status << ", body of " << response->body.size() << " bytes";
    EXPECT_EQ(response.error().kind, TransportError::Kind::too_large);
    EXPECT_NE(response.error().detail.find("1000"), std::string::npos) << response.error().detail;
    auto small = client.send(make_request("GET", "/small"));
    ASSERT_TRUE(small) << to_string(small.error());
    EXPECT_EQ(small->body.size(), 10u);
}

TEST(HttpClient, ConnectionRefusedIsConnectError) {
    std::uint16_t port = 0;
    {
        TestServer server(testing::echo_handler);
        port = server.port();
    }  // stopped: nothing listens there now
    HttpClient client(*parse_url("http://127.0.0.1:" + std::to_string(port) + "/base"));
    auto response = client.send(make_request("GET", "/2025-07/channel"));
    ASSERT_FALSE(response);
    EXPECT_EQ(response.error().kind, TransportError::Kind::connect);
    EXPECT_EQ(response.error().target, "http://127.0.0.1:" + std::to_string(port) + "/base/2025-07/channel");
    EXPECT_NE(to_string(response.error()).find("connect: connecting to 127.0.0.1:"), std::string::npos)
        << to_string(response.error());
    EXPECT_EQ(client.connections_opened(), 0u);
}

TEST(HttpClient, ConcurrentClientsFromSeveralThreads) {
    server::ServerOptions options;
    options.threads = 2;
    TestServer server(testing::echo_handler, options);
    constexpr int threads = 4;
    constexpr int per_thread = 25;
    std::atomic<int> good{0};
    std::vector<std::thread> workers;
    for (int t = 0; t < threads; ++t) {
        workers.emplace_back([&, t] {
            HttpClient client(server.url());
            for (int i = 0; i < per_thread; ++i) {
                std::string body = "t" + std::to_string(t) + "-" + std::to_string(i);
                auto response = client.send(make_request("POST", "/echo", body));
                if (response && response->body == body) ++good;
            }
            if (client.connections_opened() != 1) good -= 1000;  // each worker keeps its connection
        });
    }
    for (auto& worker : workers) worker.join();
    EXPECT_EQ(good.load(), threads * per_thread);
}

TEST(TransportError, NamesKindDetailAndTarget) {
    TransportError error{TransportError::Kind::too_large, "body over 10 bytes", "http://h/x"};
    EXPECT_EQ(to_string(error), "too_large: body over 10 bytes (http://h/x)");
    EXPECT_EQ(to_string(TransportError::Kind::resolve), "resolve");
    EXPECT_EQ(to_string(TransportError::Kind::protocol), "protocol");
}

}  // namespace
}  // namespace dockside::http
