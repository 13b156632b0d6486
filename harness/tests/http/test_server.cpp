#include "test_server.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <stdexcept>

namespace dockside::testing {
namespace {

using Clock = std::chrono::steady_clock;

int remaining_ms(Clock::time_point deadline) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    return left > 0 ? static_cast<int>(left) : 0;
}

bool wait_readable(int fd, Clock::time_point deadline) {
    pollfd p{fd, POLLIN, 0};
    return ::poll(&p, 1, remaining_ms(deadline)) > 0;
}

void send_all(int fd, const std::string& bytes) {
    std::size_t sent = 0;
    while (sent < bytes.size()) {
        ssize_t n = ::send(fd, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL);
        if (n <= 0) return;
        sent += static_cast<std::size_t>(n);
    }
}

sockaddr_in loopback(std::uint16_t port) {
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(port);
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    return addr;
}

}  // namespace

TestServer::TestServer(server::Handler handler, server::ServerOptions options)
    : tls_(options.tls.has_value()) {
    server_ = std::make_unique<server::HttpServer>(std::move(options), std::move(handler));
    auto port = server_->start();
    if (!port) throw std::runtime_error("test server did not start: " + port.error());
    port_ = *port;
}

http::Url TestServer::url(std::string_view base_path) const {
    std::string text = std::string(tls_ ? "https" : "http") + "://127.0.0.1:" + std::to_string(port_);
    auto url = http::parse_url(text + std::string(base_path));
    if (!url) throw std::runtime_error(url.error());
    return *url;
}

http::Response echo_handler(const http::Request& request) {
    http::Response response;
    response.status = 200;
    response.headers.add("X-Method", request.method);
    response.headers.add("X-Target", request.target);
    response.headers.add("X-Host", std::string(request.headers.get("Host").value_or("")));
    response.headers.add("X-User-Agent", std::string(request.headers.get("User-Agent").value_or("")));
    response.headers.add("X-Content-Length", std::string(request.headers.get("Content-Length").value_or("")));
    if (auto echo = request.headers.get("X-Echo"))
        response.headers.add("X-Header-" + std::string(*echo),
                             std::string(request.headers.get(*echo).value_or("<absent>")));
    response.body = request.body;
    return response;
}

std::string raw_exchange(std::uint16_t port, const std::string& bytes, std::chrono::milliseconds timeout) {
    int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    auto addr = loopback(port);
    if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
        ::close(fd);
        throw std::runtime_error("raw_exchange: connect failed");
    }
    send_all(fd, bytes);
    std::string out;
    auto deadline = Clock::now() + timeout;
    char buffer[4096];
    while (wait_readable(fd, deadline)) {
        ssize_t n = ::recv(fd, buffer, sizeof buffer, 0);
        if (n <= 0) break;
        out.append(buffer, static_cast<std::size_t>(n));
    }
    ::close(fd);
    return out;
}

std::string http_reply(const std::string& body) {
    return "HTTP/1.1 200 OK\r\nContent-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
}

ScriptedServer::ScriptedServer(std::vector<ScriptStep> steps) : steps_(std::move(steps)) {
    listener_ = ::socket(AF_INET, SOCK_STREAM, 0);
    auto addr = loopback(0);
    socklen_t len = sizeof addr;
    if (::bind(listener_, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 || ::listen(listener_, 8) != 0 ||
        ::getsockname(listener_, reinterpret_cast<sockaddr*>(&addr), &len) != 0)
        throw std::runtime_error("scripted server: cannot listen");
    port_ = ntohs(addr.sin_port);
    thread_ = std::thread([this] { serve(); });
}

ScriptedServer::~ScriptedServer() { finish(); }

void ScriptedServer::finish() {
    if (thread_.joinable()) thread_.join();
    if (listener_ >= 0) ::close(listener_);
    listener_ = -1;
}

void ScriptedServer::serve() {
    const auto deadline = Clock::now() + std::chrono::seconds(5);
    std::size_t next = 0;
    while (next < steps_.size() && wait_readable(listener_, deadline)) {
        int fd = ::accept(listener_, nullptr, nullptr);
        if (fd < 0) break;
        ++connections_;
        std::string pending;
        char buffer[4096];
        while (next < steps_.size() && wait_readable(fd, deadline)) {
            ssize_t n = ::recv(fd, buffer, sizeof buffer, 0);
            if (n <= 0) break;
            pending.append(buffer, static_cast<std::size_t>(n));
            auto end = pending.find("\r\n\r\n");
            if (end == std::string::npos) continue;
            pending.erase(0, end + 4);
            ++requests_;
            const auto& step = steps_[next++];
            send_all(fd, step.reply);
            if (step.close_after) break;
        }
        ::close(fd);
    }
    // Stop listening as soon as the script is done, so a resent request would fail to connect.
    ::close(listener_);
    listener_ = -1;
}

}  // namespace dockside::testing
