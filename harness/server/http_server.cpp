#include "harness/server/http_server.h"

#include <mutex>
#include <thread>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/ssl/context.hpp>
#include <boost/asio/strand.hpp>

#include "harness/server/session.h"

namespace dockside::server {

namespace net = boost::asio;
namespace ssl = boost::asio::ssl;
using tcp = net::ip::tcp;
using error_code = boost::system::error_code;

class HttpServer::Impl {
public:
    Impl(ServerOptions options, Handler handler) : shared_(std::move(options), std::move(handler)) {}
    ~Impl() { stop(); }

    Result<std::uint16_t, std::string> bind();
    Result<std::uint16_t, std::string> start();
    void stop();
    std::uint16_t port() const { return port_; }
    std::size_t open_connections() const { return shared_.open_connections(); }
    bool running() const {
        std::lock_guard lock(lifecycle_);
        return running_;
    }

private:
    Result<std::unique_ptr<ssl::context>, std::string> make_tls_context(const TlsIdentity& identity) const;
    Result<std::uint16_t, std::string> bind_locked();
    Result<tcp::endpoint, std::string> resolve_listen_endpoint();
    std::optional<std::string> listen(const tcp::endpoint& endpoint);
    void do_accept();
    void on_accept(error_code ec, detail::StrandSocket socket);
    void run_thread();

    // Declared before the io_context so that handlers the context still holds at destruction can
    // reach the registry.
    detail::ServerShared shared_;
    net::io_context ioc_;
    tcp::acceptor acceptor_{net::make_strand(ioc_)};
    std::vector<std::thread> threads_;
    mutable std::mutex lifecycle_;
    bool running_ = false;
    bool started_once_ = false;
    bool bound_ = false;
    std::uint16_t port_ = 0;
};

Result<std::unique_ptr<ssl::context>, std::string> HttpServer::Impl::make_tls_context(
    const TlsIdentity& identity) const {
    auto context = std::make_unique<ssl::context>(ssl::context::tls_server);
    context->set_options(ssl::context::default_workarounds | ssl::context::no_sslv2 | ssl::context::no_sslv3 |
                         ssl::context::no_tlsv1 | ssl::context::no_tlsv1_1 | ssl::context::single_dh_use);
    error_code ec;
    context->use_certificate_chain(net::buffer(identity.certificate_pem), ec);
    if (ec) return fail("TLS certificate: " + ec.message());
    context->use_private_key(net::buffer(identity.private_key_pem), ssl::context::pem, ec);
    if (ec) return fail("TLS private key: " + ec.message());
    return context;
}

Result<tcp::endpoint, std::string> HttpServer::Impl::resolve_listen_endpoint() {
    const auto& options = shared_.options();
    error_code ec;
    tcp::resolver resolver(ioc_);
    auto results = resolver.resolve(options.host, std::to_string(options.port), tcp::resolver::passive, ec);
    if (ec) return fail("resolve " + options.host + ": " + ec.message());
    if (results.empty()) return fail("resolve " + options.host + ": no address");
    return results.begin()->endpoint();
}

std::optional<std::string> HttpServer::Impl::listen(const tcp::endpoint& endpoint) {
    const auto& options = shared_.options();
    const std::string where = options.host + ":" + std::to_string(options.port);
    error_code ec;
    acceptor_.open(endpoint.protocol(), ec);
    if (ec) return "open " + where + ": " + ec.message();
    acceptor_.set_option(net::socket_base::reuse_address(true), ec);
    if (ec) return "set reuse_address on " + where + ": " + ec.message();
    acceptor_.bind(endpoint, ec);
    if (ec) return "bind " + where + ": " + ec.message();
    acceptor_.listen(net::socket_base::max_listen_connections, ec);
    if (ec) return "listen " + where + ": " + ec.message();
    port_ = acceptor_.local_endpoint().port();
    return std::nullopt;
}

Result<std::uint16_t, std::string> HttpServer::Impl::bind() {
    std::lock_guard lock(lifecycle_);
    return bind_locked();
}

Result<std::uint16_t, std::string> HttpServer::Impl::bind_locked() {
    if (started_once_) return fail(std::string(running_ ? "server already started" : "a stopped server cannot be restarted"));
    if (bound_) return port_;
    const auto& options = shared_.options();
    if (options.threads == 0) return fail(std::string("threads must be at least 1"));
    if (options.tls) {
        auto context = make_tls_context(*options.tls);
        if (!context) return fail(context.error());
        shared_.set_tls(std::move(*context));
    }
    auto endpoint = resolve_listen_endpoint();
    if (!endpoint) return fail(endpoint.error());
    if (auto error = listen(*endpoint)) {
        error_code ignored;
        acceptor_.close(ignored);
        return fail(std::move(*error));
    }
    bound_ = true;
    return port_;
}

Result<std::uint16_t, std::string> HttpServer::Impl::start() {
    std::lock_guard lock(lifecycle_);
    auto bound = bind_locked();
    if (!bound) return bound;
    const auto& options = shared_.options();
    started_once_ = running_ = true;
    do_accept();
    for (unsigned i = 0; i < options.threads; ++i) threads_.emplace_back([this] { run_thread(); });
    return port_;
}

void HttpServer::Impl::run_thread() {
    // A handler error that escapes (for example bad_alloc) costs one connection, not the server.
    for (;;) {
        try {
            ioc_.run();
            return;
        } catch (const std::exception& e) {
            shared_.report(std::string("server thread: ") + e.what());
        }
    }
}

void HttpServer::Impl::do_accept() {
    acceptor_.async_accept(net::make_strand(ioc_), [this](error_code ec, detail::StrandSocket socket) {
        on_accept(ec, std::move(socket));
    });
}

void HttpServer::Impl::on_accept(error_code ec, detail::StrandSocket socket) {
    if (ec == net::error::operation_aborted || shared_.stopping() || !acceptor_.is_open()) return;
    if (ec) shared_.report("accept: " + ec.message());
    else detail::start_session(std::move(socket), shared_, shared_.admit());
    do_accept();
}

void HttpServer::Impl::stop() {
    std::lock_guard lock(lifecycle_);
    if (!running_) return;
    running_ = false;
    shared_.stop_sessions();
    net::post(acceptor_.get_executor(), [this] {
        error_code ignored;
        acceptor_.close(ignored);
    });
    // A response still being written to a client that does not read would hold stop() for the whole
    // write timeout; past the grace period every connection is abandoned (closed with the context).
    if (!shared_.wait_drained(shared_.options().stop_grace)) ioc_.stop();
    for (auto& thread : threads_) thread.join();
    threads_.clear();
}

HttpServer::HttpServer(ServerOptions options, Handler handler)
    : impl_(std::make_unique<Impl>(std::move(options), std::move(handler))) {}
HttpServer::~HttpServer() = default;
Result<std::uint16_t, std::string> HttpServer::bind() { return impl_->bind(); }
Result<std::uint16_t, std::string> HttpServer::start() { return impl_->start(); }
void HttpServer::stop() { impl_->stop(); }
std::uint16_t HttpServer::port() const { return impl_->port(); }
bool HttpServer::running() const { return impl_->running(); }
std::size_t HttpServer::open_connections() const { return impl_->open_connections(); }

}  // namespace dockside::server
