#include "refserver/embedded/embedded_server.h"

#include "harness/server/http_server.h"

namespace dockside::refserver {

Result<std::unique_ptr<EmbeddedServer>, std::vector<std::string>> EmbeddedServer::start(
    EmbeddedOptions options) {
    std::vector<std::string> problems;
    if (options.threads < 1 || options.threads > 256)
        problems.push_back("threads must be between 1 and 256, got " + std::to_string(options.threads));
    if (options.host.empty()) problems.push_back("host must not be empty");
    if (!problems.empty()) return fail(std::move(problems));

    std::unique_ptr<EmbeddedServer> embedded(new EmbeddedServer());
    embedded->host_ = options.host;
    embedded->max_connections_ = options.max_connections;
    server::ServerOptions transport;
    transport.host = options.host;
    transport.port = options.port;
    transport.threads = static_cast<unsigned>(options.threads);
    transport.body_limit = options.body_limit;
    transport.max_connections = options.max_connections;
    transport.on_response = std::move(options.on_response);
    // The handler reads api_ only once start() runs, and the API is created before that.
    EmbeddedServer* self = embedded.get();
    // Latency faults hold answers in the transport; without them no request pays for the lookup.
    if (!options.api.delays.empty())
        transport.answer_delay = [self](const http::Request& request) { return self->api_->answer_delay(request); };
    embedded->transport_ = std::make_unique<server::HttpServer>(
        transport, [self](const http::Request& request) { return self->api_->handle(request); });
    // Bound first, so that the paging links can name the real port before the first request.
    auto port = embedded->transport_->bind();
    if (!port)
        return fail(std::vector<std::string>{"cannot listen on " + options.host + ":" +
                                             std::to_string(options.port) + ": " + port.error()});
    embedded->port_ = port.value();
    if (options.api.public_base_url.empty()) options.api.public_base_url = embedded->base_url();
    embedded->public_base_url_ = options.api.public_base_url;

    auto api = ReferenceServer::create(std::move(options.api));
    if (!api) return fail(api.error());
    embedded->api_ = std::move(api.value());
    if (auto started = embedded->transport_->start(); !started)
        return fail(std::vector<std::string>{"cannot serve on " + embedded->base_url() + ": " + started.error()});
    return embedded;
}

EmbeddedOptions conformance_options(const std::vector<std::string>& faults) {
    EmbeddedOptions options;
    options.api.simulation_enabled = true;
    options.api.webhook_insecure = true;
    options.api.webhook_backoff = std::chrono::milliseconds(100);
    options.api.faults = {faults.begin(), faults.end()};
    return options;
}

EmbeddedServer::~EmbeddedServer() { stop(); }

std::string EmbeddedServer::base_url() const {
    const std::string host = host_ == "0.0.0.0" ? "127.0.0.1" : host_ == "::" ? "::1" : host_;
    const bool ipv6 = host.find(':') != std::string::npos;
    return "http://" + (ipv6 ? "[" + host + "]" : host) + ":" + std::to_string(port_);
}

std::size_t EmbeddedServer::open_connections() const { return transport_ ? transport_->open_connections() : 0; }

void EmbeddedServer::stop() {
    if (transport_) transport_->stop();
}

}  // namespace dockside::refserver
