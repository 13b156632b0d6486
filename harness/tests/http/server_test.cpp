// HttpServer's own behaviour: protocol failures answered as JSON, handler exceptions contained,
// framing headers, lifecycle.

#include <gtest/gtest.h>

#include <stdexcept>
#include <thread>

#include "harness/http/client.h"
#include "harness/server/http_server.h"
#include "test_server.h"

namespace dockside::server {
namespace {

using namespace std::chrono_literals;
using http::HttpClient;
using http::Request;
using http::Response;
using testing::TestServer;

using testing::make_request;

Response ok_handler(const Request&) {
    return Response{200, {}, "fine"};
}

TEST(HttpServer, OversizeBodyGets413JsonAndServerKeepsServing) {
    ServerOptions options;
    options.body_limit = 1024;
    TestServer server(ok_handler, options);
    HttpClient client(server.url());
    auto response = client.send(make_request("POST", "/upload", std::string(2 * 1024 * 1024, 'a')));
    ASSERT_TRUE(response) << http::to_string(response.error());
    EXPECT_EQ(response->status, 413);
    EXPECT_EQ(response->media_type(), "application/json");
    EXPECT_NE(response->body.find(R"("code":"payload_too_large")"), std::string::npos) << response->body;
    EXPECT_NE(response->body.find("1024-byte limit"), std::string::npos) << response->body;
    EXPECT_EQ(response->headers.get("Connection"), "close");
    EXPECT_FALSE(client.connected());
    auto next = client.send(make_request("POST", "/upload", "small"));
    ASSERT_TRUE(next) << http::to_string(next.error());
    EXPECT_EQ(next->status, 200);
}

TEST(HttpServer, OversizeBodyInTheSameSegmentAsTheHeaderStillGets413) {
    // Regression: Boost 1.74's eager parser drops body_limit when header and body arrive together.
    ServerOptions options;
    options.body_limit = 1024;
    TestServer server(ok_handler, options);
    std::string reply = testing::raw_exchange(
        server.port(), "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 2000\r\n\r\n" + std::string(2000, 'b'));
    EXPECT_EQ(reply.rfind("HTTP/1.1 413 Payload Too Large\r\n", 0), 0u) << reply;
}

TEST(HttpServer, OversizeChunkedBodyGets413) {
    ServerOptions options;
    options.body_limit = 1024;
    TestServer server(ok_handler, options);
    std::string chunk = std::string(800, 'c');
    std::string reply = testing::raw_exchange(
        server.port(), "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n320\r\n" + chunk +
                           "\r\n320\r\n" + chunk + "\r\n0\r\n\r\n");
    EXPECT_EQ(reply.rfind("HTTP/1.1 413 ", 0), 0u) << reply;
    EXPECT_NE(reply.find(R"("code":"payload_too_large")"), std::string::npos);
}

TEST(HttpServer, GarbageBytesGet400JsonAndClose) {
    TestServer server(ok_handler);
    std::string reply = testing::raw_exchange(server.port(), "THIS IS NOT HTTP\r\n\r\n");
    EXPECT_EQ(reply.rfind("HTTP/1.1 400 Bad Request\r\n", 0), 0u) << reply;
    EXPECT_NE(reply.find("Connection: close"), std::string::npos) << reply;
    EXPECT_NE(reply.find(R"({"error":{"code":"bad_request","message":"unparsable request: )"), std::string::npos)
        << reply;
    HttpClient client(server.url());
    auto next = client.send(make_request("GET", "/"));
    ASSERT_TRUE(next) << http::to_string(next.error());
    EXPECT_EQ(next->status, 200);
}

TEST(HttpServer, OversizeHeadGets431) {
    ServerOptions options;
    options.header_limit = 1024;
    TestServer server(ok_handler, options);
    std::string reply = testing::raw_exchange(
        server.port(), "GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + std::string(4096, 'h') + "\r\n\r\n");
    EXPECT_EQ(reply.rfind("HTTP/1.1 431 ", 0), 0u) << reply.substr(0, 200);
    EXPECT_NE(reply.find(R"("code":"header_too_large")"), std::string::npos);
}

TEST(HttpServer, ThrowingHandlerGets500NamingTheExceptionAndServingContinues) {
    TestServer server([](const Request& request) -> Response {
        if (request.target == "/boom") throw std::runtime_error("store invariant broken");
        return Response{200, {}, "fine"};
    });
    HttpClient client(server.url());
    auto response = client.send(make_request("GET", "/boom"));
    ASSERT_TRUE(response) << http::to_string(response.error());
    EXPECT_EQ(response->status, 500);
    EXPECT_EQ(response->media_type(), "application/json");
    EXPECT_EQ(response->body, R"({"error":{"code":"internal_error","message":"handler threw: store invariant broken"}})");
    auto next = client.send(make_request("GET", "/fine"));
    ASSERT_TRUE(next) << http::to_string(next.error());
    EXPECT_EQ(next->body, "fine");
    EXPECT_EQ(client.connections_opened(), 1u);  // a 500 does not cost the connection
}

TEST(HttpServer, ContentTypeOnlyWhenHandlerSetsIt) {
    TestServer server([](const Request& request) {
        Response response{201, {}, "{}"};
        if (request.target == "/json") response.headers.set("Content-Type", "application/json");
        response.headers.set("Content-Length", "999");  // framing is the transport's: ignored
        return response;
    });
    HttpClient client(server.url());
    auto plain = client.send(make_request("GET", "/plain"));
    ASSERT_TRUE(plain) << http::to_string(plain.error());
    EXPECT_EQ(plain->status, 201);
    EXPECT_FALSE(plain->headers.has("Content-Type"));
    EXPECT_EQ(plain->headers.get("Content-Length"), "2");
    auto json = client.send(make_request("GET", "/json"));
    ASSERT_TRUE(json);
    EXPECT_EQ(json->headers.get("Content-Type"), "application/json");
}

TEST(HttpServer, NoContentHasNoBodyAndConnectionStaysUsable) {
    TestServer server([](const Request& request) {
        return request.target == "/gone" ? Response{204, {}, ""} : Response{200, {}, "ok"};
    });
    HttpClient client(server.url());
    auto gone = client.send(make_request("DELETE", "/gone"));
    ASSERT_TRUE(gone) << http::to_string(gone.error());
    EXPECT_EQ(gone->status, 204);
    EXPECT_TRUE(gone->body.empty());
    auto ok = client.send(make_request("GET", "/ok"));
    ASSERT_TRUE(ok);
    EXPECT_EQ(ok->body, "ok");
    EXPECT_EQ(client.connections_opened(), 1u);
}

TEST(HttpServer, ConnectionCloseAndHttp10AreHonoured) {
    TestServer server(ok_handler);
    // Both replies arrive in full and then the server closes: raw_exchange returns at EOF, well
    // before its 2 s bound.
    auto started = std::chrono::steady_clock::now();
    std::string closed = testing::raw_exchange(server.port(), "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    std::string old = testing::raw_exchange(server.port(), "GET / HTTP/1.0\r\n\r\n");
    EXPECT_LT(std::chrono::steady_clock::now() - started, 1500ms);
    EXPECT_EQ(closed.rfind("HTTP/1.1 200 OK\r\n", 0), 0u) << closed;
    EXPECT_NE(closed.find("\r\n\r\nfine"), std::string::npos);
    EXPECT_EQ(old.rfind("HTTP/1.0 200 OK\r\n", 0), 0u) << old;
}

TEST(HttpServer, HandlerSeesMethodTargetHeadersAndBody) {
    std::mutex mutex;
    Request seen;
    TestServer server([&](const Request& request) {
        std::lock_guard lock(mutex);
        seen = request;
        return Response{200, {}, ""};
    });
    HttpClient client(server.url());
    auto request = make_request("PATCH", "/2025-07/product/5?Dry=1", R"({"name":"n"})");
    request.headers.add("Content-Type", "application/json");
    ASSERT_TRUE(client.send(request));
    std::lock_guard lock(mutex);
    EXPECT_EQ(seen.method, "PATCH");
    EXPECT_EQ(seen.path(), "/2025-07/product/5");
    EXPECT_EQ(seen.query(), "Dry=1");
    EXPECT_EQ(seen.headers.get("content-type"), "application/json");
    EXPECT_EQ(seen.body, R"({"name":"n"})");
}

TEST(HttpServer, StartErrorsAreValues) {
    TestServer first(ok_handler);
    ServerOptions same_port;
    same_port.port = first.port();
    HttpServer clash(same_port, ok_handler);
    auto clashed = clash.start();
    ASSERT_FALSE(clashed);
    EXPECT_EQ(clashed.error().rfind("bind 127.0.0.1:" + std::to_string(first.port()) + ": ", 0), 0u)
        << clashed.error();

    ServerOptions bad_tls;
    bad_tls.tls = TlsIdentity{"not a certificate", "not a key"};
    HttpServer tls(bad_tls, ok_handler);
    auto tls_started = tls.start();
    ASSERT_FALSE(tls_started);
    EXPECT_EQ(tls_started.error().rfind("TLS certificate: ", 0), 0u) << tls_started.error();

    auto again = first.server().start();
    ASSERT_FALSE(again);
    EXPECT_EQ(again.error(), "server already started");
}

TEST(HttpServer, StopIsPromptWithIdleKeepAliveConnectionsAndIdempotent) {
    auto server = std::make_unique<TestServer>(ok_handler);  // idle timeout stays at 30 s
    HttpClient client(server->url());
    ASSERT_TRUE(client.send(make_request("GET", "/")));
    ASSERT_TRUE(client.connected());
    auto started = std::chrono::steady_clock::now();
    server->server().stop();
    EXPECT_LT(std::chrono::steady_clock::now() - started, 1s);
    EXPECT_FALSE(server->server().running());
    server->server().stop();
    auto restarted = server->server().start();
    ASSERT_FALSE(restarted);
    EXPECT_EQ(restarted.error(), "a stopped server cannot be restarted");
    auto after = client.send(make_request("GET", "/"));
    ASSERT_FALSE(after);  // the connection was closed and nothing listens any more
    EXPECT_EQ(after.error().kind, http::TransportError::Kind::connect);
}

TEST(HttpServer, StopLetsResponseInProgressFinish) {
    TestServer server([](const Request&) {
        std::this_thread::sleep_for(300ms);
        return Response{200, {}, "finished"};
    });
    HttpClient client(server.url());
    Result<Response, http::TransportError> response = fail(http::TransportError{});
    std::thread request([&] { response = client.send(make_request("GET", "/slow")); });
    std::this_thread::sleep_for(100ms);  // the handler is running now
    server.server().stop();
    request.join();
    ASSERT_TRUE(response) << http::to_string(response.error());
    EXPECT_EQ(response->body, "finished");
    EXPECT_EQ(response->headers.get("Connection"), "close");
}

}  // namespace
}  // namespace dockside::server
