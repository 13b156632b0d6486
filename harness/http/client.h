#pragma once
/// HTTP/1.1 client over one persistent connection (plain or TLS). Beast stays behind the pimpl so
/// code that sends requests compiles against plain messages only.

#include <chrono>
#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

#include "core/result.h"
#include "harness/http/message.h"
#include "harness/http/url.h"

namespace dockside::http {

struct ClientOptions {
    /// TCP connect plus TLS handshake.
    std::chrono::milliseconds connect_timeout{5000};
    /// The whole exchange: from the first byte written to the last byte of the response read.
    std::chrono::milliseconds request_timeout{30000};
    /// A response body larger than this fails with `too_large` (and the connection is dropped).
    std::size_t max_body_bytes = 64 * 1024 * 1024;
    /// Limit on the response's status line and headers together.
    std::size_t max_header_bytes = 64 * 1024;
    /// Skip certificate and host name verification (self-signed test servers).
    bool insecure = false;
    /// Extra trusted CA certificates (PEM file), in addition to the system store.
    std::string ca_file{};
    /// Sent as User-Agent unless the request carries its own.
    std::string user_agent = "dockside/0.1";
};

/// Why a request got no complete response. Transport faults are counted and classified, never
/// thrown (STYLE: three channels for errors).
struct TransportError {
    enum class Kind { resolve, connect, tls, write, read, timeout, too_large, protocol };
    Kind kind = Kind::protocol;
    std::string detail{};  ///< what failed and the system's or OpenSSL's reason
    std::string target{};  ///< absolute URL of the request
};

/// "connect", "timeout", … — stable names for counters and reports.
std::string_view to_string(TransportError::Kind kind);
/// "timeout: no complete response within 200 ms (GET http://127.0.0.1:8080/x)"-style summary.
std::string to_string(const TransportError& error);

/// One keep-alive connection to the base URL's origin, opened on first use.
///
/// Request targets are relative to the base URL: its base path is prefixed. Host and User-Agent are
/// added when absent; Content-Length is set for bodies. When a reused connection turns out to have
/// been closed by the server while idle (the write fails, or the connection ends before any byte of
/// the response), the client reconnects and sends once more; a request whose response had started
/// arriving is never resent.
///
/// Not thread-safe: use one client per thread or per load connection.
class HttpClient {
public:
    /// TLS setup problems (for example an unreadable CA file) are reported by the first send().
    explicit HttpClient(Url base, ClientOptions options = {});
    ~HttpClient();
    HttpClient(HttpClient&&) noexcept;
    HttpClient& operator=(HttpClient&&) noexcept;

    /// Sends one request and reads its whole response.
    Result<Response, TransportError> send(const Request& request);

    /// Connections opened so far (TCP connects that succeeded), so tests can prove reuse.
    std::size_t connections_opened() const;
    /// Whether a connection is currently held open for reuse.
    bool connected() const;
    /// Drops the connection; the next send() opens a new one.
    void close();

    const Url& base() const;
    const ClientOptions& options() const;

private:
    class Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace dockside::http
