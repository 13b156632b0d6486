#pragma once
/// One keep-alive connection of a worker: connect (and TLS handshake), write the request bytes, read and
/// parse the response, report the outcome to the worker. Only I/O lives here (Beast's session habit:
/// `do_x`/`on_x`, the error check first in every handler); choosing and recording is the worker's job.
/// Timeouts are enforced by the worker's sweep, which closes the socket, not by a timer per request.

#include <cstdint>
#include <optional>
#include <string>

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl/stream.hpp>
#include <boost/beast/core/flat_buffer.hpp>

#include "harness/load/handler_arena.h"
#include "harness/load/response_head.h"
#include "harness/load/response_parser.h"
#include "harness/load/worker.h"

namespace dockside::load::detail {

class Connection {
public:
    explicit Connection(Worker& worker);

    /// Opens the connection ahead of the run; the outcome only matters to the first request.
    void pre_connect();
    /// Sends `request`, whose bytes are in `out()` (or `fixed`), connecting first when needed.
    void start(const InFlight& request, std::string_view fixed, std::int64_t now);
    /// The buffer a request with slots is assembled into (reused, so it stops allocating).
    std::string& out() { return out_; }

    bool busy() const { return busy_; }
    std::int64_t deadline() const { return deadline_; }
    /// The sweep found the deadline passed: the pending operation ends as a timeout.
    void expire();
    /// Interrupt or shutdown: the pending operation ends without an outcome.
    void abort();
    std::int64_t backoff_ns() const { return backoff_ns_; }

private:
    void do_connect();
    void on_connect(const boost::system::error_code& ec);
    void on_handshake(const boost::system::error_code& ec);
    /// Connected (and shaken hands): write the request, or rest when only connecting ahead.
    void on_open();
    void do_write();
    void on_write(const boost::system::error_code& ec);
    void do_read();
    void on_readable(const boost::system::error_code& ec);
    void on_read(const boost::system::error_code& ec, std::size_t bytes);
    /// The common response shape, scanned without Beast's parser (see response_head.h).
    void read_fast();
    /// Hands the response to Beast's parser (HEAD requests, anything the fast path does not take).
    void start_parser();
    void parse();
    void complete();
    /// The request failed; `cause` (or `note`) may become the example of its kind.
    void fail(ErrorKind kind, const boost::system::error_code& cause = {}, const char* note = nullptr);
    void close_socket();
    /// Ends the pending operation's handler early when the connection was expired or aborted;
    /// true when the handler must return.
    bool interrupted(const boost::system::error_code& ec);
    boost::asio::ip::tcp::socket& lowest();
    template <class F>
    void with_stream(F&& f);

    Worker& worker_;
    /// One operation is outstanding at a time; a second slot covers the overlap while a completed
    /// operation's block is released (TLS operations can be larger and then use the heap).
    HandlerArena<2> arena_;
    boost::asio::ip::tcp::socket socket_;
    std::optional<boost::asio::ssl::stream<boost::asio::ip::tcp::socket>> tls_;
    InFlight request_;
    std::string out_;
    std::string_view bytes_;  ///< what is being written: out_ or a fixed variant
    boost::beast::flat_buffer in_;
    std::optional<ResponseParser> parser_;
    bool fast_ = false;       ///< this response is read by the fast path
    bool head_done_ = false;  ///< the fast path has the head
    ResponseHead head_;
    std::uint64_t body_left_ = 0;
    bool capture_ = false;    ///< the fast path keeps the body
    std::string body_;
    std::string content_type_;
    bool open_ = false;
    bool busy_ = false;
    bool connecting_only_ = false;
    bool timed_out_ = false;
    bool aborted_ = false;
    bool response_started_ = false;
    std::int64_t arrived_ = 0;     ///< steady ns the last byte read so far arrived (0: no stamp)
    std::int64_t responses_on_connection_ = 0;
    std::int64_t deadline_ = kNever;
    std::int64_t backoff_ns_ = 0;
    std::int64_t started_ = 0;     ///< when the current request was given to this connection
    std::int64_t idle_since_ = 0;  ///< when the previous answer completed
};

}  // namespace dockside::load::detail
