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

    auto api = ReferenceServer::create(std::move(options.api));
    if (!api) return fail(api.error());

    std::unique_ptr<EmbeddedServer> embedded(new EmbeddedServer());
    embedded->host_ = options.host;
    embedded->api_ = std::move(api.value());
    server::ServerOptions transport;
    transport.host = options.host;
    transport.port = options.port;
    transport.threads = options.threads;
    transport.body_limit = options.body_limit;
    ReferenceServer* handler = embedded->api_.get();
    embedded->transport_ = std::make_unique<server::HttpServer>(
        transport, [handler](const http::Request& request) { return handler->handle(request); });
    auto port = embedded->transport_->start();
    if (!port)
        return fail(std::vector<std::string>{"cannot listen on " + options.host + ":" +
                                             std::to_string(options.port) + ": " + port.error()});
    embedded->port_ = port.value();
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
    const bool ipv6 = host_.find(':') != std::string::npos;
    return "http://" + (ipv6 ? "[" + host_ + "]" : host_) + ":" + std::to_string(port_);
}

void EmbeddedServer::stop() {
    if (transport_) transport_->stop();
}

}  // namespace dockside::refserver
