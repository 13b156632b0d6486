#pragma once
/// Internal to the server transport: the state sessions share with the server, and the entry point
/// that starts a session on an accepted socket. Not part of the public API (it includes Asio).

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl/context.hpp>
#include <boost/asio/strand.hpp>

#include "harness/server/http_server.h"

namespace dockside::server::detail {

/// What a session can be asked to do from outside its strand.
class SessionControl {
public:
    virtual ~SessionControl() = default;
    /// Finish the response in progress, if any, then close; an idle connection closes at once.
    virtual void request_stop() = 0;
};

/// What happens to an accepted connection: served, answered 503 and closed (past
/// max_connections), or closed at once (past the cap on connections being refused as well).
enum class Admission { Serve, Refuse, Drop };

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

    /// Counts an accepted connection (Serve or Refuse) until release().
    Admission admit();
    void release(Admission admission);
    /// Connections counted now (served and being refused).
    std::size_t open_connections() const { return served_.load() + refusing_.load(); }
    /// Waits until every counted connection is released; false when `timeout` passed first.
    bool wait_drained(std::chrono::milliseconds timeout);
    /// Records one answered request (no-op without ServerOptions::on_response).
    void record(const AccessRecord& record) const;

private:
    ServerOptions options_;
    Handler handler_;
    std::unique_ptr<boost::asio::ssl::context> tls_;
    std::atomic<bool> stopping_{false};
    std::atomic<std::size_t> served_{0};
    std::atomic<std::size_t> refusing_{0};
    std::condition_variable drained_;
    std::mutex mutex_;
    std::unordered_map<SessionControl*, std::weak_ptr<SessionControl>> sessions_;
};

/// A connection's socket, on its own strand. The executor's type is spelled out rather than type-erased: every
/// asynchronous operation copies its executor, and an erased strand does not fit any_io_executor's inline
/// storage, so each copy allocated (22 allocations per request on GET /order/{id}, a third of all).
using StrandExecutor = boost::asio::strand<boost::asio::io_context::executor_type>;
using StrandSocket = boost::asio::basic_stream_socket<boost::asio::ip::tcp, StrandExecutor>;

/// Starts serving one accepted connection (TLS when the server has a TLS context); a Refuse admission
/// answers 503 too_many_connections and closes. Releases the admission when the connection ends.
void start_session(StrandSocket socket, ServerShared& shared, Admission admission);

}  // namespace dockside::server::detail
