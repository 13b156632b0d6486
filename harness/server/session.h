#pragma once
/// Internal to the server transport: the state sessions share with the server, and the entry point
/// that starts a session on an accepted socket. Not part of the public API (it includes Asio).

#include <atomic>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl/context.hpp>

#include "harness/server/http_server.h"

namespace dockside::server::detail {

/// What a session can be asked to do from outside its strand.
class SessionControl {
public:
    virtual ~SessionControl() = default;
    /// Finish the response in progress, if any, then close; an idle connection closes at once.
    virtual void request_stop() = 0;
};

/// Everything sessions read from the server, plus the registry stop() uses to reach them.
class ServerShared {
public:
    ServerShared(ServerOptions options, Handler handler)
        : options_(std::move(options)), handler_(std::move(handler)) {}

    const ServerOptions& options() const { return options_; }
    const Handler& handler() const { return handler_; }
    boost::asio::ssl::context* tls() const { return tls_.get(); }
    void set_tls(std::unique_ptr<boost::asio::ssl::context> tls) { tls_ = std::move(tls); }
    bool stopping() const { return stopping_.load(); }

    /// Adds a live session; returns false when the server is already stopping.
    bool enter(const std::shared_ptr<SessionControl>& session);
    void leave(SessionControl* session);
    /// Marks the server stopping and asks every live session to stop.
    void stop_sessions();
    void report(const std::string& message) const;

private:
    ServerOptions options_;
    Handler handler_;
    std::unique_ptr<boost::asio::ssl::context> tls_;
    std::atomic<bool> stopping_{false};
    std::mutex mutex_;
    std::unordered_map<SessionControl*, std::weak_ptr<SessionControl>> sessions_;
};

/// Starts serving one accepted connection (TLS when the server has a TLS context).
void start_session(boost::asio::ip::tcp::socket socket, ServerShared& shared);

}  // namespace dockside::server::detail
