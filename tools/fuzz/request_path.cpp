#include "tools/fuzz/request_path.h"

#include <stdexcept>

#include <nlohmann/json.hpp>

#include "harness/server/request_parsing.h"
#include "refserver/reference_server.h"

namespace dockside::fuzz {

RequestPathTarget::RequestPathTarget() {
    refserver::Options options;
    options.pat = kFuzzToken;
    options.simulation_enabled = true;
    options.deliver_webhooks = false;
    options.max_records = 5000;
    options.public_base_url = "http://fuzz.test";
    auto created = refserver::ReferenceServer::create(std::move(options));
    if (!created) throw std::runtime_error("fuzz target: the reference server did not start");
    server_ = std::move(created.value());
}

RequestPathTarget::~RequestPathTarget() = default;

std::optional<std::string> RequestPathTarget::run(std::string_view bytes) {
    server::ServerOptions transport;  // the transport's defaults are the ones `dockside serve` uses
    auto parsed = server::detail::parse_request_bytes(bytes, transport);
    if (parsed.rejection) {
        const int s = parsed.rejection->status;
        if (s != 400 && s != 413 && s != 431) return "the transport answered " + std::to_string(s);
        return std::nullopt;
    }
    const http::Response response = server_->handle(*parsed.request);
    if (response.status < 100 || response.status > 599) return "status " + std::to_string(response.status);
    // ERR-NO5XX: no request may produce a 5xx; 507 is the record budget (NS-RECORD-LIMIT), not a failure.
    if (response.status >= 500 && response.status != 507)
        return "status " + std::to_string(response.status) + ": " + response.body.substr(0, 300);
    if (response.media_type() == "application/json" &&
        nlohmann::json::parse(response.body, nullptr, false).is_discarded())
        return "a JSON Content-Type over a body that is not JSON";
    return std::nullopt;
}

}  // namespace dockside::fuzz
