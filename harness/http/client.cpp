#include "harness/http/client.h"

#include <optional>
#include <stdexcept>
#include <utility>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>

namespace dockside::http {

namespace beast = boost::beast;
namespace net = boost::asio;
namespace ssl = boost::asio::ssl;
namespace bhttp = boost::beast::http;
using tcp = net::ip::tcp;
using error_code = boost::system::error_code;
using Kind = TransportError::Kind;

std::string_view to_string(Kind kind) {
    switch (kind) {
        case Kind::resolve: return "resolve";
        case Kind::connect: return "connect";
        case Kind::tls: return "tls";
        case Kind::write: return "write";
        case Kind::read: return "read";
        case Kind::timeout: return "timeout";
        case Kind::too_large: return "too_large";
        case Kind::protocol: return "protocol";
    }
    return "unknown";
}

std::string to_string(const TransportError& error) {
    std::string out(to_string(error.kind));
    out += ": " + error.detail;
    if (!error.target.empty()) out += " (" + error.target + ")";
    return out;
}

namespace {

std::string millis(std::chrono::milliseconds d) {
    return std::to_string(d.count()) + " ms";
}

struct ReadFailure {
    Kind kind;
    std::string detail;
};

ReadFailure classify_read(const error_code& ec, std::chrono::milliseconds timeout, std::size_t limit) {
    if (ec == beast::error::timeout) return {Kind::timeout, "no complete response within " + millis(timeout)};
    if (ec == bhttp::error::body_limit)
        return {Kind::too_large, "response body exceeds the " + std::to_string(limit) + "-byte limit"};
    if (ec == bhttp::error::header_limit) return {Kind::too_large, "response header exceeds its limit"};
    const bool parse_error = ec.category() == bhttp::make_error_code(bhttp::error::bad_version).category();
    if (ec == bhttp::error::end_of_stream || ec == bhttp::error::partial_message || !parse_error)
        return {Kind::read, "reading the response: " + ec.message()};
    return {Kind::protocol, "malformed response: " + ec.message()};
}

}  // namespace

class HttpClient::Impl {
public:
    Impl(Url base, ClientOptions options) : base_(std::move(base)), options_(std::move(options)) {
        if (base_.tls()) setup_tls();
    }

    Result<Response, TransportError> send(const Request& request);
    std::size_t connections_opened() const { return connections_opened_; }
    bool connected() const { return plain_.has_value() || secure_.has_value(); }
    void close();
    const Url& base() const { return base_; }
    const ClientOptions& options() const { return options_; }

private:
    struct Exchange {
        std::optional<Response> response;
        TransportError error;
        bool nothing_received = false;  // the connection failed before any response byte
        bool keep_alive = false;
    };

    void setup_tls();
    std::optional<TransportError> connect(const std::string& url);
    std::optional<TransportError> handshake(beast::tcp_stream stream, const std::string& url);
    Result<bhttp::request<bhttp::string_body>, TransportError> to_beast(const Request& request,
                                                                      const std::string& url) const;
    template <class Stream>
    Exchange exchange(Stream& stream, const bhttp::request<bhttp::string_body>& message, const std::string& url);

    // Starts one asynchronous operation and runs the context until it completes: the client is
    // synchronous to its caller, but Beast's timeouts only exist on asynchronous operations.
    template <class Start>
    error_code run(Start&& start) {
        error_code result;
        start([&result](error_code ec, auto&&...) { result = ec; });
        ioc_.restart();
        ioc_.run();
        return result;
    }

    template <class F>
    decltype(auto) with_stream(F&& f) {
        if (secure_) return f(*secure_);
        return f(*plain_);
    }

    Url base_;
    ClientOptions options_;
    net::io_context ioc_{1};
    std::optional<ssl::context> tls_context_;
    std::string tls_setup_error_;
    std::optional<beast::tcp_stream> plain_;
    std::optional<beast::ssl_stream<beast::tcp_stream>> secure_;
    beast::flat_buffer buffer_;
    std::size_t connections_opened_ = 0;
};

void HttpClient::Impl::setup_tls() {
    tls_context_.emplace(ssl::context::tls_client);
    tls_context_->set_options(ssl::context::default_workarounds | ssl::context::no_sslv2 |
                              ssl::context::no_sslv3 | ssl::context::no_tlsv1 | ssl::context::no_tlsv1_1);
    if (options_.insecure) {
        tls_context_->set_verify_mode(ssl::verify_none);
        return;
    }
    tls_context_->set_verify_mode(ssl::verify_peer);
    error_code ec;
    tls_context_->set_default_verify_paths(ec);
    if (ec) tls_setup_error_ = "cannot load the system CA store: " + ec.message();
    if (!ec && !options_.ca_file.empty()) {
        tls_context_->load_verify_file(options_.ca_file, ec);
        if (ec) tls_setup_error_ = "cannot load CA file " + options_.ca_file + ": " + ec.message();
    }
}

void HttpClient::Impl::close() {
    error_code ignored;
    if (plain_) plain_->socket().shutdown(tcp::socket::shutdown_both, ignored);
    // No TLS close_notify: it costs a round trip and the server treats a bare close the same way.
    if (secure_) beast::get_lowest_layer(*secure_).socket().shutdown(tcp::socket::shutdown_both, ignored);
    plain_.reset();
    secure_.reset();
    buffer_.clear();
}

std::optional<TransportError> HttpClient::Impl::connect(const std::string& url) {
    close();
    const std::string where = base_.host + ":" + std::to_string(base_.port);
    tcp::resolver resolver(ioc_);
    error_code ec;
    auto endpoints = resolver.resolve(base_.host, std::to_string(base_.port), ec);
    if (ec) return TransportError{Kind::resolve, "resolving " + base_.host + ": " + ec.message(), url};

    beast::tcp_stream stream(ioc_);
    stream.expires_after(options_.connect_timeout);
    ec = run([&](auto handler) { stream.async_connect(endpoints, std::move(handler)); });
    if (ec == beast::error::timeout)
        return TransportError{Kind::timeout, "connecting to " + where + " took over " + millis(options_.connect_timeout), url};
    if (ec) return TransportError{Kind::connect, "connecting to " + where + ": " + ec.message(), url};
    stream.socket().set_option(tcp::no_delay(true), ec);
    ++connections_opened_;
    if (!base_.tls()) {
        plain_.emplace(std::move(stream));
        return std::nullopt;
    }
    return handshake(std::move(stream), url);
}

std::optional<TransportError> HttpClient::Impl::handshake(beast::tcp_stream stream, const std::string& url) {
    secure_.emplace(std::move(stream), *tls_context_);
    SSL* native = secure_->native_handle();
    error_code not_ip;
    net::ip::make_address(base_.host, not_ip);
    // SNI carries host names only (RFC 6066); an IP literal is checked against the IP SANs instead.
    if (not_ip) SSL_set_tlsext_host_name(native, base_.host.c_str());
    if (!options_.insecure) {
        X509_VERIFY_PARAM* param = SSL_get0_param(native);
        if (not_ip) X509_VERIFY_PARAM_set1_host(param, base_.host.c_str(), 0);
        else X509_VERIFY_PARAM_set1_ip_asc(param, base_.host.c_str());
    }
    beast::get_lowest_layer(*secure_).expires_after(options_.connect_timeout);
    error_code ec = run([&](auto handler) { secure_->async_handshake(ssl::stream_base::client, std::move(handler)); });
    if (!ec) return std::nullopt;
    std::string detail = "TLS handshake with " + base_.host + ": " + ec.message();
    long verify = SSL_get_verify_result(native);
    if (verify != X509_V_OK) detail += std::string(" (certificate: ") + X509_verify_cert_error_string(verify) + ")";
    Kind kind = ec == beast::error::timeout ? Kind::timeout : Kind::tls;
    close();
    return TransportError{kind, detail, url};
}

Result<bhttp::request<bhttp::string_body>, TransportError> HttpClient::Impl::to_beast(
    const Request& request, const std::string& url) const {
    bhttp::request<bhttp::string_body> message;
    message.version(11);
    message.method_string(request.method);
    message.target(join_target(base_, request.target));
    for (const auto& header : request.headers) message.insert(header.name, header.value);
    if (!request.headers.has("Host")) message.set(bhttp::field::host, base_.host_header());
    if (!request.headers.has("User-Agent")) message.set(bhttp::field::user_agent, options_.user_agent);
    message.body() = request.body;
    try {
        message.prepare_payload();
    } catch (const std::exception& e) {  // Beast refuses, for example, a TRACE with a body
        return fail(TransportError{Kind::protocol, std::string("cannot frame the request: ") + e.what(), url});
    }
    return message;
}

template <class Stream>
HttpClient::Impl::Exchange HttpClient::Impl::exchange(Stream& stream, const bhttp::request<bhttp::string_body>& message,
                                                      const std::string& url) {
    Exchange out;
    using Clock = std::chrono::steady_clock;
    const auto ms_since = [](Clock::time_point since) {
        return std::chrono::duration<double, std::milli>(Clock::now() - since).count();
    };
    Response::Timings timings;
    auto since = Clock::now();
    beast::get_lowest_layer(stream).expires_after(options_.request_timeout);
    error_code ec = run([&](auto handler) { bhttp::async_write(stream, message, std::move(handler)); });
    timings.send_ms = ms_since(since);
    since = Clock::now();
    if (ec) {
        bool timed_out = ec == beast::error::timeout;
        out.error = {timed_out ? Kind::timeout : Kind::write,
                     timed_out ? "request not written within " + millis(options_.request_timeout)
                               : "writing the request: " + ec.message(),
                     url};
        out.nothing_received = !timed_out;
        return out;
    }
    bhttp::response_parser<bhttp::string_body> parser;
    parser.body_limit(options_.max_body_bytes);
    parser.header_limit(static_cast<std::uint32_t>(options_.max_header_bytes));
    if (message.method() == bhttp::verb::head) parser.skip(true);
    // Header first: Boost 1.74's eager parse loses the body_limit error when the header and body
    // arrive in one read, so the declared Content-Length is checked while the header stands alone.
    ec = run([&](auto handler) { bhttp::async_read_header(stream, buffer_, parser, std::move(handler)); });
    timings.wait_ms = ms_since(since);
    since = Clock::now();
    if (!ec) ec = run([&](auto handler) { bhttp::async_read(stream, buffer_, parser, std::move(handler)); });
    timings.receive_ms = ms_since(since);
    if (ec) {
        auto failure = classify_read(ec, options_.request_timeout, options_.max_body_bytes);
        out.error = {failure.kind, failure.detail, url};
        out.nothing_received = failure.kind == Kind::read && !parser.got_some() && buffer_.size() == 0;
        return out;
    }
    auto& res = parser.get();
    Response response;
    response.status = static_cast<int>(res.result_int());
    for (const auto& field : res) response.headers.add(std::string(field.name_string()), std::string(field.value()));
    response.body = std::move(res.body());
    response.timings = timings;
    out.keep_alive = res.keep_alive();
    out.response = std::move(response);
    return out;
}

Result<Response, TransportError> HttpClient::Impl::send(const Request& request) {
    const std::string url = absolute_url(base_, request.target);
    if (!tls_setup_error_.empty()) return fail(TransportError{Kind::tls, tls_setup_error_, url});
    auto message = to_beast(request, url);
    if (!message) return fail(message.error());
    for (int attempt = 0;; ++attempt) {
        const bool reused = connected();
        if (!reused)
            if (auto error = connect(url)) return fail(std::move(*error));
        Exchange result = with_stream([&](auto& stream) { return exchange(stream, *message, url); });
        if (result.response) {
            if (!result.keep_alive) close();
            return std::move(*result.response);
        }
        close();
        // Only a connection that sat idle in our hands can have been closed under us; a fresh one
        // failing is a real fault, and a response that had begun may have had effects.
        if (!(reused && attempt == 0 && result.nothing_received)) return fail(std::move(result.error));
    }
}

HttpClient::HttpClient(Url base, ClientOptions options)
    : impl_(std::make_unique<Impl>(std::move(base), std::move(options))) {}
HttpClient::~HttpClient() = default;
HttpClient::HttpClient(HttpClient&&) noexcept = default;
HttpClient& HttpClient::operator=(HttpClient&&) noexcept = default;

Result<Response, TransportError> HttpClient::send(const Request& request) { return impl_->send(request); }
std::size_t HttpClient::connections_opened() const { return impl_->connections_opened(); }
bool HttpClient::connected() const { return impl_->connected(); }
void HttpClient::close() { impl_->close(); }
const Url& HttpClient::base() const { return impl_->base(); }
const ClientOptions& HttpClient::options() const { return impl_->options(); }

}  // namespace dockside::http
