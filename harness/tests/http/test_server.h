#pragma once
/// Test fixtures shared by the transport tests: a real HttpServer on 127.0.0.1:0, a raw-bytes
/// exchange, and a scripted socket server whose replies are byte-exact (for reconnect rules).

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "harness/http/message.h"
#include "harness/http/url.h"
#include "harness/server/http_server.h"

namespace dockside::testing {

/// A request with method, target and body; tests add headers as they need.
inline http::Request make_request(std::string method, std::string target, std::string body = {}) {
    http::Request request;
    request.method = std::move(method);
    request.target = std::move(target);
    request.body = std::move(body);
    return request;
}

/// Starts an HttpServer on 127.0.0.1:0 (throws when it cannot, which fails the test).
class TestServer {
public:
    TestServer(server::Handler handler, server::ServerOptions options = {});
    http::Url url(std::string_view base_path = {}) const;
    std::uint16_t port() const { return port_; }
    server::HttpServer& server() { return *server_; }

private:
    std::unique_ptr<server::HttpServer> server_;
    std::uint16_t port_ = 0;
    bool tls_ = false;
};

/// Answers with the request echoed: X-Method, X-Target, X-Host, X-User-Agent, X-Content-Length and
/// X-Header-<name> for headers named in X-Echo, body as sent.
http::Response echo_handler(const http::Request& request);

/// Connects to 127.0.0.1:port, writes `bytes`, and reads until the server closes or `timeout`.
std::string raw_exchange(std::uint16_t port, const std::string& bytes,
                         std::chrono::milliseconds timeout = std::chrono::milliseconds(2000));

/// One scripted reply: bytes to write after reading one request head, then maybe close.
struct ScriptStep {
    std::string reply;
    bool close_after = false;
};

/// A socket server that serves requests (heads only) with the script's replies in order, across
/// as many connections as it takes, and stops listening when the script is done (bounded: 5 s).
class ScriptedServer {
public:
    explicit ScriptedServer(std::vector<ScriptStep> steps);
    ~ScriptedServer();
    std::uint16_t port() const { return port_; }
    /// Waits for the script to finish (or the time bound) and stops.
    void finish();
    int requests_seen() const { return requests_; }
    int connections_accepted() const { return connections_; }

private:
    void serve();

    std::vector<ScriptStep> steps_;
    int listener_ = -1;
    std::uint16_t port_ = 0;
    std::atomic<int> requests_{0};
    std::atomic<int> connections_{0};
    std::thread thread_;
};

/// A complete keep-alive response with a text body.
std::string http_reply(const std::string& body);

}  // namespace dockside::testing
