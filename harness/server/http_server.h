#pragma once
/// A generic multi-threaded HTTP/1.1 server: it turns bytes into `http::Request`s, calls one
/// handler, and writes back its `http::Response`. It knows no API; the reference server and
/// Dockside's webhook receiver plug their handlers in. Beast stays behind the pimpl.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "core/result.h"
#include "harness/http/message.h"

namespace dockside::server {

/// A certificate chain and its private key, both PEM text (see harness/tls/self_signed.h).
struct TlsIdentity {
    std::string certificate_pem;
    std::string private_key_pem;
};

/// One answered request, as the access log writes it. Never carries headers or bodies (no token
/// or secret can reach a log through it).
struct AccessRecord {
    std::chrono::system_clock::time_point time;  ///< when the request head had arrived
    std::string peer;                            ///< "127.0.0.1:53412"
    std::string method;                          ///< "-" when the request could not be parsed
    std::string target;                          ///< path and query as sent; "-" when unparsable
    int status = 0;
    std::size_t body_bytes = 0;                  ///< response body bytes (for HEAD, those not sent)
    std::chrono::microseconds duration{0};       ///< from the request head to the response written
};

struct ServerOptions {
    std::string host = "127.0.0.1";
    std::uint16_t port = 0;  ///< 0 picks an ephemeral port; start() returns the bound one
    unsigned threads = 2;
    std::size_t body_limit = 1024 * 1024;  ///< larger request bodies get 413 and a close
    std::size_t header_limit = 16 * 1024;  ///< larger request heads get 431 and a close
    /// How long a connection may wait for (the rest of) a request before it is closed.
    std::chrono::milliseconds idle_timeout{30000};
    std::chrono::milliseconds write_timeout{30000};
    /// Open connections at most; one more is answered 503 (`Retry-After: 1`) and closed. 0 = no cap.
    std::size_t max_connections = 512;
    /// How long stop() lets responses in progress finish before it closes every connection.
    std::chrono::milliseconds stop_grace{500};
    /// Serve HTTPS when set.
    std::optional<TlsIdentity> tls{};
    /// Told about unexpected I/O errors (resets, timeouts and aborts are expected and not told).
    /// Called from server threads; silence when empty.
    std::function<void(const std::string&)> on_error{};
    /// Told about every response written, the transport's own rejections included. Called from server
    /// threads, possibly concurrently; nothing is recorded when empty.
    std::function<void(const AccessRecord&)> on_response{};
    /// How long to hold the answer to a request before writing it (a server made slower on purpose). The
    /// connection waits on a timer, so no thread is held and the server's capacity is unchanged; stop()
    /// writes held answers at once. Called from server threads; no answer is held when empty.
    std::function<std::chrono::microseconds(const http::Request&)> answer_delay{};
};

/// Called on a server thread for every complete request, possibly concurrently: it must be
/// thread-safe. It should not throw; if it does, the client gets a 500 whose JSON body names the
/// exception, and the server keeps serving.
using Handler = std::function<http::Response(const http::Request&)>;

/// Keep-alive is honoured; responses get Content-Length, and Content-Type only when the handler set
/// one. Protocol failures are answered with `{"error":{"code":…,"message":…}}` and a close:
/// 400 bad_request (unparsable; an HTTP/1.1 request without Host, with two, or with a malformed one,
/// as RFC 9112 section 3.2 requires), 413 payload_too_large, 431 header_too_large, and 503
/// too_many_connections for a connection past `max_connections`.
class HttpServer {
public:
    HttpServer(ServerOptions options, Handler handler);
    /// Stops the server if it is running.
    ~HttpServer();
    HttpServer(const HttpServer&) = delete;
    HttpServer& operator=(const HttpServer&) = delete;

    /// Binds and listens without serving yet (connections wait in the backlog); returns the bound
    /// port, so that a handler can learn its own address before the first request. Optional.
    Result<std::uint16_t, std::string> bind();
    /// Binds (unless bind() did), listens and starts the threads; returns the bound port. Errors name
    /// the step ("bind 127.0.0.1:80: Permission denied"). A server starts at most once.
    Result<std::uint16_t, std::string> start();
    /// Stops accepting, closes idle connections, lets responses in progress finish for up to
    /// `stop_grace`, then closes every connection and joins the threads. A handler that is still
    /// running is waited for (handlers are bounded work; `dockside serve` adds its own deadline).
    /// Idempotent. Must not be called from a handler.
    void stop();

    /// The bound port once started, else 0.
    std::uint16_t port() const;
    bool running() const;
    /// Connections open now (served and being refused).
    std::size_t open_connections() const;

private:
    class Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace dockside::server
