#include "harness/load/connection.h"

#include <algorithm>
#include <cerrno>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/address.hpp>
#include <boost/asio/ssl/error.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/http/error.hpp>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>

#include "harness/load/receive_stamp.h"

namespace dockside::load::detail {

namespace ssl = boost::asio::ssl;
namespace bhttp = boost::beast::http;
using tcp = boost::asio::ip::tcp;
using error_code = boost::system::error_code;

namespace {

constexpr std::size_t kReadChunk = 16 * 1024;
constexpr std::int64_t kFirstBackoffNs = 10'000'000;   // 10 ms
constexpr std::int64_t kMaxBackoffNs = 1'000'000'000;  // 1 s
/// A connection idle this long may have been closed by the server's keep-alive timeout just as a request
/// went out; a shorter pause makes a close before the answer the server's fault, counted as an error.
constexpr std::int64_t kIdleCloseRaceNs = 1'000'000'000;

bool only_line_breaks(const boost::beast::flat_buffer& buffer) {
    const auto data = buffer.data();
    const char* p = static_cast<const char*>(data.data());
    for (std::size_t i = 0; i < data.size(); ++i)
        if (p[i] != '\r' && p[i] != '\n') return false;
    return true;
}

}  // namespace

Connection::Connection(Worker& worker) : worker_(worker), socket_(worker.io()) {
    in_.reserve(kReadChunk);
}

tcp::socket& Connection::lowest() { return tls_ ? tls_->next_layer() : socket_; }

template <class F>
void Connection::with_stream(F&& f) {
    if (tls_) f(*tls_);
    else f(socket_);
}

void Connection::pre_connect() {
    connecting_only_ = true;
    busy_ = true;
    deadline_ = now_ns() + worker_.shared().options.connect_timeout.count();
    do_connect();
}

void Connection::start(const InFlight& request, std::string_view fixed, std::int64_t now) {
    request_ = request;
    started_ = now;
    bytes_ = fixed.empty() ? std::string_view(out_) : fixed;
    busy_ = true;
    response_started_ = false;
    timed_out_ = false;
    if (open_) {
        deadline_ = now + worker_.shared().options.request_timeout.count();
        do_write();
        return;
    }
    deadline_ = now + worker_.shared().options.connect_timeout.count();
    do_connect();
}

void Connection::expire() {
    timed_out_ = true;
    close_socket();
}

void Connection::abort() {
    aborted_ = true;
    close_socket();
}

void Connection::close_socket() {
    error_code ignored;
    lowest().close(ignored);
    open_ = false;
}

bool Connection::interrupted(const error_code& ec) {
    if (aborted_) {
        if (busy_ && !connecting_only_) worker_.on_aborted(request_);
        busy_ = false;
        connecting_only_ = false;
        return true;
    }
    if (timed_out_ && ec) {
        timed_out_ = false;
        fail(ErrorKind::timeout, {}, "no complete response within the request timeout");
        return true;
    }
    return false;
}

void Connection::do_connect() {
    close_socket();
    tls_.reset();
    in_.clear();
    socket_.async_connect(worker_.shared().endpoint, bind_arena(arena_, [this](const error_code& ec) { on_connect(ec); }));
}

void Connection::on_connect(const error_code& ec) {
    if (interrupted(ec)) return;
    if (ec) return fail(ErrorKind::connect, ec);
    error_code ignored;
    socket_.set_option(tcp::no_delay(true), ignored);
    socket_.non_blocking(true, ignored);  // read_some after a readiness wait must never block
    worker_.on_connected();
    responses_on_connection_ = 0;
    const auto& target = worker_.shared().options.target;
    // Plain TCP: the kernel stamps each answer's arrival (TLS records go through OpenSSL, which passes
    // no stamps on; those answers are timed when read). A refusal shows as reads without a stamp.
    if (!worker_.shared().tls) {
        enable_receive_stamps(socket_.native_handle());
        return on_open();
    }
    tls_.emplace(std::move(socket_), *worker_.shared().tls);
    SSL* native = tls_->native_handle();
    error_code not_ip;
    boost::asio::ip::make_address(target.host, not_ip);
    // SNI carries host names only (RFC 6066); an IP literal is checked against the IP SANs instead.
    if (not_ip) SSL_set_tlsext_host_name(native, target.host.c_str());
    if (!target.insecure) {
        X509_VERIFY_PARAM* param = SSL_get0_param(native);
        if (not_ip) X509_VERIFY_PARAM_set1_host(param, target.host.c_str(), 0);
        else X509_VERIFY_PARAM_set1_ip_asc(param, target.host.c_str());
    }
    tls_->async_handshake(ssl::stream_base::client, bind_arena(arena_, [this](const error_code& e) { on_handshake(e); }));
}

void Connection::on_handshake(const error_code& ec) {
    if (interrupted(ec)) return;
    if (ec) return fail(ErrorKind::tls, ec);
    on_open();
}

void Connection::on_open() {
    open_ = true;
    backoff_ns_ = 0;
    if (connecting_only_) {
        connecting_only_ = busy_ = false;
        deadline_ = kNever;
        return;
    }
    deadline_ = now_ns() + worker_.shared().options.request_timeout.count();
    do_write();
}

void Connection::do_write() {
    worker_.on_sent(request_);
    with_stream([this](auto& stream) {
        boost::asio::async_write(stream, boost::asio::const_buffer(bytes_.data(), bytes_.size()),
                                 bind_arena(arena_, [this](const error_code& ec, std::size_t) { on_write(ec); }));
    });
}

void Connection::on_write(const error_code& ec) {
    if (interrupted(ec)) return;
    if (ec) return fail(ErrorKind::write, ec);
    // HEAD answers carry a length but no body: Beast knows; the fast path does not try.
    fast_ = !worker_.shared().plan.operations[request_.op].head;
    head_done_ = false;
    arrived_ = 0;
    parser_.reset();
    if (!fast_) start_parser();
    do_read();
}

void Connection::start_parser() {
    const std::size_t body_limit = worker_.shared().options.max_body_bytes;
    const std::uint32_t header_limit = worker_.shared().options.max_header_bytes;
    parser_.emplace(body_, content_type_, request_.capture, worker_.seen_error_statuses(request_.op), body_limit,
                    header_limit);
    if (worker_.shared().plan.operations[request_.op].head) parser_->skip(true);
}

void Connection::do_read() {
    if (tls_) {
        tls_->async_read_some(in_.prepare(kReadChunk),
                              bind_arena(arena_, [this](const error_code& ec, std::size_t bytes) { on_read(ec, bytes); }));
        return;
    }
    // Plain TCP: wait for readability, then read once. Asio's async_read_some would first try a read at
    // once, which right after a request's write almost always finds nothing (a wasted system call).
    socket_.async_wait(tcp::socket::wait_read, bind_arena(arena_, [this](const error_code& ec) { on_readable(ec); }));
}

void Connection::on_readable(const error_code& ec) {
    if (ec) return on_read(ec, 0);
    const auto space = in_.prepare(kReadChunk);
    const StampedRead read = read_stamped(socket_.native_handle(), space.data(), space.size());
    if (read.bytes < 0) {
        if (read.error == EAGAIN || read.error == EWOULDBLOCK || read.error == EINTR) return do_read();
        return on_read(error_code(read.error, boost::system::system_category()), 0);
    }
    if (read.bytes == 0) return on_read(boost::asio::error::eof, 0);
    arrived_ = read.stamped ? worker_.receive_clock().to_steady_ns(read.stamp) : 0;
    if (!read.stamped) worker_.on_unstamped_read();
    on_read({}, static_cast<std::size_t>(read.bytes));
}

void Connection::on_read(const error_code& ec, std::size_t bytes) {
    if (interrupted(ec)) return;
    if (ec) {
        const bool eof = ec == boost::asio::error::eof || ec == ssl::error::stream_truncated;
        if (eof && !fast_ && parser_ && parser_->is_header_done() && parser_->need_eof()) {
            error_code parse_ec;
            parser_->put_eof(parse_ec);
            if (!parse_ec && parser_->is_done()) return complete();
        }
        return fail(ErrorKind::read, ec);
    }
    in_.commit(bytes);
    response_started_ = true;
    if (fast_) return read_fast();
    parse();
}

void Connection::read_fast() {
    if (!head_done_) {
        const auto data = in_.data();
        const std::string_view text(static_cast<const char*>(data.data()), data.size());
        const HeadScan scan = scan_response_head(text, head_);
        if (scan == HeadScan::need_more && text.size() < worker_.shared().options.max_header_bytes) return do_read();
        if (scan != HeadScan::complete) {
            // Not the common shape (or too long a head): Beast's parser takes the whole response.
            fast_ = false;
            start_parser();
            return parse();
        }
        if (head_.content_length > worker_.shared().options.max_body_bytes)
            return fail(ErrorKind::too_large, {}, "the response's Content-Length exceeds the body limit");
        content_type_.assign(head_.content_type.data(), head_.content_type.size());
        const auto* seen = worker_.seen_error_statuses(request_.op);
        capture_ = request_.capture || (seen && head_.status >= 400 && head_.status < 600 &&
                                        !seen->test(static_cast<std::size_t>(head_.status)));
        body_.clear();
        body_left_ = head_.content_length;
        head_done_ = true;
        in_.consume(head_.length);
    }
    const auto data = in_.data();
    const std::size_t take = static_cast<std::size_t>(std::min<std::uint64_t>(body_left_, data.size()));
    if (capture_) body_.append(static_cast<const char*>(data.data()), take);
    in_.consume(take);
    body_left_ -= take;
    if (body_left_ == 0) return complete();
    do_read();
}

void Connection::parse() {
    error_code ec;
    const std::size_t used = parser_->put(in_.data(), ec);
    in_.consume(used);
    if (ec == bhttp::error::need_more) return do_read();
    if (ec == bhttp::error::body_limit || ec == bhttp::error::header_limit) return fail(ErrorKind::too_large, ec);
    if (ec) return fail(ErrorKind::protocol, ec);
    if (parser_->is_done()) return complete();
    do_read();
}

void Connection::complete() {
    // Nothing is pipelined, so bytes after a complete response mean its framing lied (a Content-Length
    // shorter than the body, a second response): the connection cannot be trusted any more.
    if (in_.size() > 0 && !only_line_breaks(in_)) return fail(ErrorKind::protocol, {}, "bytes after the end of the response: its Content-Length or chunking is wrong");
    in_.clear();
    const std::int64_t now = now_ns();
    // The kernel's stamp of the last byte's arrival, where there is one: the answer was complete then,
    // however long this thread took to read it. Kept within [sent, now] against a clock step between
    // calibrations.
    const std::int64_t answered = arrived_ > 0 ? std::clamp(arrived_, request_.sent, now) : now;
    const bool keep_alive = fast_ ? head_.keep_alive : parser_->keep_alive();
    const int status = fast_ ? head_.status : parser_->status();
    busy_ = false;
    deadline_ = kNever;
    idle_since_ = now;
    ++responses_on_connection_;
    if (!keep_alive) close_socket();
    // A refused credential (expired, or the server's clock moved past it): the worker sends the request
    // once more when a newer one is here, and only then is there an outcome to record.
    if (status == 401 && worker_.hold_for_credential(*this, request_, now)) return;
    worker_.on_response(request_, status, content_type_, body_, answered, arrived_ > 0);
    worker_.on_idle(*this, now, answered);
}

void Connection::fail(ErrorKind kind, const error_code& cause, const char* note) {
    close_socket();
    const std::int64_t now = now_ns();
    if (connecting_only_) {
        connecting_only_ = busy_ = false;
        deadline_ = kNever;
        return;
    }
    const auto& op = worker_.shared().plan.operations[request_.op];
    // A kept-alive connection the server closed while it sat idle fails before any byte of the answer;
    // an idempotent request is then sent once more on a fresh connection (as HTTP clients do).
    const bool closed_while_idle = (kind == ErrorKind::read || kind == ErrorKind::write) && !response_started_ &&
                                   responses_on_connection_ > 0 && started_ - idle_since_ >= kIdleCloseRaceNs;
    if (closed_while_idle && op.idempotent && request_.attempt == 0 && !worker_.finishing()) {
        ++request_.attempt;
        worker_.on_retry(request_);
        deadline_ = now + worker_.shared().options.connect_timeout.count();
        return do_connect();
    }
    // A request that timed out was given up at its deadline (the sweep notices up to a tick later, the drain
    // may give up sooner): that is when a caller with this timeout stopped waiting.
    const std::int64_t ended = kind == ErrorKind::timeout ? std::min(deadline_, now) : now;
    busy_ = false;
    deadline_ = kNever;
    worker_.on_error(request_, kind, cause, note, ended);
    if (kind == ErrorKind::connect || kind == ErrorKind::tls) {
        backoff_ns_ = backoff_ns_ == 0 ? kFirstBackoffNs : std::min(backoff_ns_ * 2, kMaxBackoffNs);
        worker_.park(*this, now + backoff_ns_);
        return;
    }
    worker_.on_idle(*this, now);
}

}  // namespace dockside::load::detail
