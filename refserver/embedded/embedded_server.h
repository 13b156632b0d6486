#pragma once
/// The reference server on a real socket: what `dockside serve` runs, and what `conform` and `load`
/// start in-process (on an ephemeral 127.0.0.1 port) when the user names no server.

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/result.h"
#include "harness/server/http_server.h"
#include "refserver/reference_server.h"

namespace dockside::refserver {

struct EmbeddedOptions {
    Options api;                    ///< the reference server's own options
    std::string host = "127.0.0.1";
    std::uint16_t port = 0;         ///< 0 = an ephemeral port
    int threads = 2;
    std::size_t body_limit = kMaxBodyBytes;
    /// Open client connections at most (one more gets 503 and a close); 0 = no cap.
    std::size_t max_connections = kDefaultMaxConnections;
    /// Told about every response (the access log of `dockside serve --access-log`); may be empty.
    std::function<void(const server::AccessRecord&)> on_response;
};

/// Options for the embedded target of a conformance run: simulation control on (suites drive warehouse
/// events through it), webhook deliveries to Dockside's own receiver, whose certificate is self-signed,
/// and short retry back-off so a suite waits milliseconds, not seconds, for a retried delivery.
EmbeddedOptions conformance_options(const std::vector<std::string>& faults = {});

class EmbeddedServer {
public:
    /// Creates the API and starts listening; every configuration problem at once, or the bind error.
    static Result<std::unique_ptr<EmbeddedServer>, std::vector<std::string>> start(EmbeddedOptions options);
    ~EmbeddedServer();

    EmbeddedServer(const EmbeddedServer&) = delete;
    EmbeddedServer& operator=(const EmbeddedServer&) = delete;

    /// "http://127.0.0.1:PORT": the base URL and the auth URL alike (a wildcard listen address is
    /// named by its loopback address).
    std::string base_url() const;
    /// The base of the absolute paging links: Options::public_base_url, or base_url() when none was given.
    const std::string& public_base_url() const { return public_base_url_; }
    std::size_t max_connections() const { return max_connections_; }
    /// Client connections open now.
    std::size_t open_connections() const;
    std::uint16_t port() const { return port_; }
    ReferenceServer& api() { return *api_; }
    const ReferenceServer& api() const { return *api_; }
    /// Stops accepting and joins the threads; idempotent.
    void stop();

private:
    EmbeddedServer() = default;

    std::string host_;
    std::uint16_t port_ = 0;
    std::string public_base_url_;
    std::size_t max_connections_ = 0;
    std::unique_ptr<ReferenceServer> api_;
    std::unique_ptr<server::HttpServer> transport_;
};

}  // namespace dockside::refserver
