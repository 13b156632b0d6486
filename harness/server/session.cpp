#include "harness/server/session.h"

#include <array>
#include <charconv>
#include <optional>
#include <type_traits>

#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>
#include <nlohmann/json.hpp>

#include "harness/server/request_parsing.h"

namespace dockside::server::detail {

namespace beast = boost::beast;
namespace net = boost::asio;
namespace ssl = boost::asio::ssl;
namespace bhttp = boost::beast::http;
using tcp = net::ip::tcp;
using error_code = boost::system::error_code;

bool ServerShared::enter(const std::shared_ptr<SessionControl>& session) {
    std::lock_guard lock(mutex_);
    if (stopping_) return false;
    sessions_.emplace(session.get(), session);
    return true;
}

void ServerShared::leave(SessionControl* session) {
    std::lock_guard lock(mutex_);
    sessions_.erase(session);
}

void ServerShared::stop_sessions() {
    std::vector<std::shared_ptr<SessionControl>> live;
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
        for (auto& [raw, weak] : sessions_)
            if (auto session = weak.lock()) live.push_back(std::move(session));
    }
    for (auto& session : live) session->request_stop();
}

void ServerShared::report(const std::string& message) const {
    if (options_.on_error) options_.on_error(message);
}

namespace {
// Connections being refused are bounded too: past this many, a new connection costs one close, not a
// socket held for the drain time.
constexpr std::size_t kMaxRefusing = 64;
}  // namespace

// Called on the acceptor's strand only, so the check and the increment do not race each other
// (a concurrent release can only make room).
Admission ServerShared::admit() {
    if (options_.max_connections == 0 || served_.load() < options_.max_connections) {
        ++served_;
        return Admission::Serve;
    }
    if (refusing_.load() < kMaxRefusing) {
        ++refusing_;
        return Admission::Refuse;
    }
    return Admission::Drop;
}

void ServerShared::release(Admission admission) {
    if (admission == Admission::Drop) return;
    --(admission == Admission::Serve ? served_ : refusing_);
    { std::lock_guard lock(mutex_); }  // a waiter between its check and its wait sees the change
    drained_.notify_all();
}

bool ServerShared::wait_drained(std::chrono::milliseconds timeout) {
    std::unique_lock lock(mutex_);
    return drained_.wait_for(lock, timeout, [this] { return open_connections() == 0; });
}

void ServerShared::record(const AccessRecord& record) const {
    if (options_.on_response) options_.on_response(record);
}

namespace {

// Draining after an error response is bounded: enough for a client to finish sending a rejected
// body and read our answer, never an open-ended sink.
constexpr std::size_t drain_cap = 8 * 1024 * 1024;
constexpr std::chrono::seconds drain_time{2};
/// Answer delays shorter than this are spun rather than held on a timer (Session::on_read says why).
constexpr std::chrono::microseconds kSpinBelow{1000};

std::string json_error(const std::string& code, const std::string& message) {
    return nlohmann::json{{"error", {{"code", code}, {"message", message}}}}.dump();
}

http::Response error_response(int status, const std::string& code, const std::string& message) {
    http::Response response;
    response.status = status;
    response.headers.set("Content-Type", "application/json");
    response.body = json_error(code, message);
    return response;
}

// Errors that are part of normal life for a server: peers vanish, idle connections time out.
bool is_expected(const error_code& ec) {
    return ec == net::error::operation_aborted || ec == beast::error::timeout || ec == net::error::eof ||
           ec == net::error::connection_reset || ec == net::error::broken_pipe ||
           ec == net::error::not_connected || ec == bhttp::error::end_of_stream ||
           ec == bhttp::error::partial_message || ec == ssl::error::stream_truncated;
}

bool has_line_break(std::string_view text) { return text.find_first_of("\r\n") != std::string_view::npos; }

/// Writes the head of `response` into `head` (its capacity kept from the connection's last answer) and returns the
/// Content-Length it states. Framing headers are the transport's business: the handler's Content-Length or
/// Connection could contradict what is actually written, and a header holding a line break would end the head
/// early, so those are left out. The head is written here rather than by Beast's serializer, which built a
/// message of its own fields for every answer: a quarter of a read's cost besides the kernel's.
std::size_t write_head(const http::Response& response, bool keep_alive, unsigned version, std::string& head) {
    char digits[24];
    const auto number = [&](std::size_t value) {
        const auto end = std::to_chars(digits, digits + sizeof digits, value).ptr;
        head.append(digits, end);
    };
    head.clear();
    head += version >= 11 ? "HTTP/1.1 " : "HTTP/1.0 ";
    number(static_cast<std::size_t>(response.status));
    head += ' ';
    head += http::reason_phrase(response.status);
    head += "\r\n";
    for (const auto& header : response.headers) {
        if (http::iequals(header.name, "Content-Length") || http::iequals(header.name, "Transfer-Encoding") ||
            http::iequals(header.name, "Connection") || has_line_break(header.name) || has_line_break(header.value))
            continue;
        head.append(header.name).append(": ").append(header.value).append("\r\n");
    }
    // HTTP/1.1 keeps a connection unless told otherwise, HTTP/1.0 closes it unless told otherwise (RFC 9112 9.3).
    if (version >= 11 && !keep_alive) head += "Connection: close\r\n";
    if (version < 11 && keep_alive) head += "Connection: keep-alive\r\n";
    head += "Content-Length: ";
    number(response.body.size());
    head += "\r\n\r\n";
    return response.body.size();
}

using PlainStream = beast::basic_stream<tcp, StrandExecutor>;

template <class Stream>
class Session : public SessionControl, public std::enable_shared_from_this<Session<Stream>> {
    static constexpr bool is_tls = !std::is_same_v<Stream, PlainStream>;

public:
    template <class... Args>
    Session(ServerShared& shared, Admission admission, Args&&... args)
        : shared_(shared), admission_(admission), stream_(std::forward<Args>(args)...), hold_(stream_.get_executor()) {}
    ~Session() override {
        shared_.leave(this);
        shared_.release(admission_);
    }

    void run() {
        net::dispatch(stream_.get_executor(), beast::bind_front_handler(&Session::on_run, this->shared_from_this()));
    }

    void request_stop() override {
        net::post(stream_.get_executor(), [self = this->shared_from_this()] {
            self->stopping_ = true;
            if (self->waiting_for_peer_) beast::get_lowest_layer(self->stream_).cancel();
            self->hold_.cancel();  // a held answer is written now, not after its delay
        });
    }

private:
    auto& lowest() { return beast::get_lowest_layer(stream_); }
    bool logging() const { return static_cast<bool>(shared_.options().on_response); }

    void on_run() {
        if (!shared_.enter(this->shared_from_this())) return;  // the server stopped meanwhile
        error_code ec;
        const auto remote = lowest().socket().remote_endpoint(ec);
        if (!ec) peer_ = remote.address().to_string() + ":" + std::to_string(remote.port());
        if constexpr (is_tls) {
            waiting_for_peer_ = true;
            lowest().expires_after(shared_.options().idle_timeout);
            stream_.async_handshake(ssl::stream_base::server,
                                    beast::bind_front_handler(&Session::on_handshake, this->shared_from_this()));
        } else {
            if (admission_ == Admission::Refuse) return refuse();
            do_read();
        }
    }

    void on_handshake(error_code ec) {
        waiting_for_peer_ = false;
        if (ec) return fail(ec, "handshake");
        if (admission_ == Admission::Refuse) return refuse();
        do_read();
    }

    // A connection past max_connections: one 503 that says so, then the bounded drain and close.
    void refuse() {
        begin_request();
        const auto cap = std::to_string(shared_.options().max_connections);
        auto response = error_response(503, "too_many_connections",
                                       "the server holds its limit of " + cap + " open connections; retry shortly");
        response.headers.set("Retry-After", "1");
        send(std::move(response), false, 11, true, true);
    }

    void begin_request() {
        request_time_ = std::chrono::system_clock::now();
        request_start_ = std::chrono::steady_clock::now();
        log_method_ = log_target_ = "-";
    }

    void do_read() {
        if (stopping_) return do_close();
        parser_.emplace();
        configure_parser(*parser_, shared_.options());
        waiting_for_peer_ = true;
        lowest().expires_after(shared_.options().idle_timeout);
        // Header first: Boost 1.74's eager parse loses the body_limit error when the header and
        // body arrive in one read, so the declared Content-Length is checked while it stands alone.
        bhttp::async_read_header(stream_, buffer_, *parser_,
                                 beast::bind_front_handler(&Session::on_read_header, this->shared_from_this()));
    }

    void on_read_header(error_code ec, std::size_t) {
        waiting_for_peer_ = false;
        begin_request();
        if (ec) return on_read_error(ec);
        const auto& head = parser_->get();
        if (logging()) {  // copied only for an access log: two allocations a request otherwise
            log_method_ = std::string(head.method_string());
            log_target_ = std::string(head.target());
        }
        if (parser_->is_done()) return on_read({}, 0);  // no body: a second read would only post its completion
        waiting_for_peer_ = true;
        bhttp::async_read(stream_, buffer_, *parser_, beast::bind_front_handler(&Session::on_read, this->shared_from_this()));
    }

    void on_read(error_code ec, std::size_t) {
        waiting_for_peer_ = false;
        if (ec) return on_read_error(ec);
        auto& message = parser_->get();
        const bool keep_alive = message.keep_alive();
        const bool head = message.method() == bhttp::verb::head;
        const unsigned version = message.version();
        if (auto problem = host_problem(message))
            return send(error_response(400, "bad_request", *problem), head, version, true, false);
        const http::Request request = to_request(message);
        http::Response response = call_handler(request);
        const auto delay = answer_delay(request);
        if (delay.count() <= 0 || stopping_) return answer(std::move(response), keep_alive, head, version);
        if (delay < kSpinBelow) {
            // A timer's wake-up takes tens of microseconds of its own on a virtual machine: a +50 us fault
            // held on one was measured at +140 us. So short delays are spun on this thread, which holds
            // the thread as a server that got slower by that much CPU would.
            const auto until = std::chrono::steady_clock::now() + delay;
            while (std::chrono::steady_clock::now() < until) {
            }
            return answer(std::move(response), keep_alive, head, version);
        }
        hold_.expires_after(delay);
        hold_.async_wait([self = this->shared_from_this(), response = std::move(response), keep_alive, head,
                          version](error_code) mutable { self->answer(std::move(response), keep_alive, head, version); });
    }

    void answer(http::Response response, bool keep_alive, bool head, unsigned version) {
        // The server may have begun stopping while the handler ran; say so to the client.
        bool close = !keep_alive || stopping_ || shared_.stopping();
        if (auto connection = response.headers.get("Connection"); connection && http::iequals(*connection, "close"))
            close = true;
        send(std::move(response), head, version, close, false);
    }

    std::chrono::microseconds answer_delay(const http::Request& request) {
        if (!shared_.options().answer_delay) return std::chrono::microseconds{0};
        try {
            return shared_.options().answer_delay(request);
        } catch (...) {
            return std::chrono::microseconds{0};  // a delay is a rehearsal aid; never worth a lost answer
        }
    }

    void on_read_error(error_code ec) {
        if (ec == bhttp::error::end_of_stream) return do_close();
        if (auto rejection = rejection_for(ec, shared_.options()))
            return reject(rejection->status, rejection->code, rejection->message);
        return fail(ec, "read");
    }

    http::Response call_handler(const http::Request& request) {
        try {
            return shared_.handler()(request);
        } catch (const std::exception& e) {
            return error_response(500, "internal_error", std::string("handler threw: ") + e.what());
        } catch (...) {
            return error_response(500, "internal_error", "handler threw a non-standard exception");
        }
    }

    // Answers a request the parser refused, then closes: the rest of the stream cannot be framed.
    void reject(int status, const std::string& code, const std::string& message) {
        send(error_response(status, code, message), false, 11, true, true);
    }

    // Writes the head and the body in one gather write; a HEAD answer keeps the Content-Length of the body it
    // does not send.
    void send(http::Response response, bool head_only, unsigned version, bool close, bool drain) {
        if (response.status < 100 || response.status > 999)
            response = error_response(500, "internal_error",
                                      "handler returned invalid status " + std::to_string(response.status));
        if (response.status < 200 || response.status == 204 || response.status == 304)
            response.body.clear();  // these answers have no body (RFC 9110 6.4.1)
        log_status_ = response.status;
        log_bytes_ = write_head(response, !close, version, head_);
        body_ = head_only ? std::string() : std::move(response.body);
        close_after_write_ = close;
        drain_after_write_ = drain;
        lowest().expires_after(shared_.options().write_timeout);
        net::async_write(stream_, std::array<net::const_buffer, 2>{net::buffer(head_), net::buffer(body_)},
                         beast::bind_front_handler(&Session::on_write, this->shared_from_this()));
    }

    void on_write(error_code ec, std::size_t) {
        if (logging())
            shared_.record({request_time_, peer_, log_method_, log_target_, log_status_, log_bytes_,
                            std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() -
                                                                                  request_start_)});
        if (ec) return fail(ec, "write");
        if (drain_after_write_) return do_drain();
        if (close_after_write_) return do_close();
        do_read();
    }

    // After an early error response the client may still be sending the rejected body; closing with
    // unread data would reset the connection and could destroy our answer before it is read.
    void do_drain() {
        if constexpr (is_tls) {
            return do_close();
        } else {
            error_code ignored;
            stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
            lowest().expires_after(drain_time);
            waiting_for_peer_ = true;
            read_some_for_drain();
        }
    }

    void read_some_for_drain() {
        stream_.async_read_some(net::buffer(scratch_), [self = this->shared_from_this()](error_code ec, std::size_t n) {
            self->drained_ += n;
            if (!ec && self->drained_ < drain_cap && !self->stopping_) self->read_some_for_drain();
        });
    }

    void do_close() {
        if constexpr (is_tls) {
            lowest().expires_after(std::chrono::seconds(1));
            waiting_for_peer_ = true;
            stream_.async_shutdown([self = this->shared_from_this()](error_code) {});
        } else {
            error_code ignored;
            stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
        }
    }

    void fail(error_code ec, const char* what) {
        if (!is_expected(ec)) shared_.report(std::string(what) + ": " + ec.message());
    }

    ServerShared& shared_;
    const Admission admission_;
    Stream stream_;
    beast::flat_buffer buffer_;
    net::steady_timer hold_;  ///< holds an answer for ServerOptions::answer_delay
    std::optional<BeastRequestParser> parser_;
    std::string head_;  ///< the answer being written: its head (capacity kept across answers) and its body
    std::string body_;
    std::array<char, 16 * 1024> scratch_{};
    std::size_t drained_ = 0;
    bool waiting_for_peer_ = false;
    bool stopping_ = false;
    bool close_after_write_ = false;
    bool drain_after_write_ = false;
    // What the access record of the request in progress says.
    std::string peer_ = "-";
    std::string log_method_ = "-";
    std::string log_target_ = "-";
    int log_status_ = 0;
    std::size_t log_bytes_ = 0;
    std::chrono::system_clock::time_point request_time_{};
    std::chrono::steady_clock::time_point request_start_{};
};

}  // namespace

void start_session(StrandSocket socket, ServerShared& shared, Admission admission) {
    if (admission == Admission::Drop) {
        error_code ignored;
        socket.close(ignored);
        return;
    }
    if (auto* tls = shared.tls())
        std::make_shared<Session<beast::ssl_stream<PlainStream>>>(shared, admission, std::move(socket), *tls)->run();
    else
        std::make_shared<Session<PlainStream>>(shared, admission, std::move(socket))->run();
}

}  // namespace dockside::server::detail
