#pragma once
// Helpers for the returns/billing/webhooks/simulation tests: a server with simulation control and
// fast webhook retries, and an HTTPS webhook receiver on 127.0.0.1:0 that records what it got.

#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>

#include "harness/server/http_server.h"
#include "harness/tls/self_signed.h"
#include "refserver/core/query.h"
#include "refserver/tests/test_support.h"
#include "refserver/webhooks/signature.h"

namespace dockside::refserver::testing {

/// A server on a manual clock with simulation control on and webhook deliveries that trust
/// self-signed receivers and retry after 20 ms, 40 ms, ...; on `contract` (the compiled-in one when null),
/// which must outlive the server's start.
struct FlowHarness : Harness {
    explicit FlowHarness(std::set<std::string> faults = {}, bool simulation = true,
                         std::optional<nlohmann::json> seed = std::nullopt, const spec::Spec* contract = nullptr)
        : Harness(std::set<std::string>{}) {
        Options o;
        o.spec = contract;
        o.faults = std::move(faults);
        o.clock = clock;
        o.seed = std::move(seed);
        o.public_base_url = "http://refserver.test";
        o.simulation_enabled = simulation;
        o.webhook_insecure = true;
        o.webhook_backoff = std::chrono::milliseconds(20);
        auto created = ReferenceServer::create(std::move(o));
        if (!created) {
            std::string all;
            for (const auto& p : created.error()) all += p + "\n";
            ADD_FAILURE() << "server creation failed:\n" << all;
            server.reset();
            return;
        }
        server = std::move(created.value());
    }
    /// A simulation-control call with the server's PAT (the control requires it), or with `token` ("" = none).
    http::Response sim(const std::string& method, const std::string& target, const std::string& body = "",
                       std::optional<std::string> token = std::nullopt) {
        http::Request r{method, target, {}, body};
        if (!body.empty()) r.headers.set("Content-Type", "application/json");
        const std::string credential = token.value_or(server ? server->pat() : std::string());
        if (!credential.empty()) r.headers.set("Authorization", "Bearer " + credential);
        return server->handle(r);
    }
};

/// An HTTPS server that records every request and answers the queued statuses in turn (200 after).
class Receiver {
public:
    explicit Receiver(std::deque<int> statuses = {}) : statuses_(std::move(statuses)) {
        auto pair = tls::make_self_signed();
        if (!pair) {
            ADD_FAILURE() << pair.error();
            return;
        }
        server::ServerOptions options;
        options.tls = server::TlsIdentity{pair->certificate_pem, pair->private_key_pem};
        server_ = std::make_unique<server::HttpServer>(options, [this](const http::Request& r) {
            std::lock_guard lock(mutex_);
            received_.push_back(r);
            int status = 200;
            if (!statuses_.empty()) {
                status = statuses_.front();
                statuses_.pop_front();
            }
            arrived_.notify_all();
            return http::Response{status, {{"Content-Type", "application/json"}}, "{}"};
        });
        auto port = server_->start();
        if (!port) ADD_FAILURE() << port.error();
        else port_ = *port;
    }
    ~Receiver() {
        if (server_) server_->stop();
    }
    std::string url(const std::string& path = "/hooks") const { return "https://127.0.0.1:" + std::to_string(port_) + path; }
    /// Waits (at most `timeout`) until `n` requests arrived; returns what arrived.
    std::vector<http::Request> wait_for(std::size_t n, std::chrono::milliseconds timeout = std::chrono::seconds(10)) {
        std::unique_lock lock(mutex_);
        arrived_.wait_for(lock, timeout, [&] { return received_.size() >= n; });
        return received_;
    }
    std::vector<http::Request> received() {
        std::lock_guard lock(mutex_);
        return received_;
    }

private:
    std::mutex mutex_;
    std::condition_variable arrived_;
    std::deque<int> statuses_;
    std::vector<http::Request> received_;
    std::unique_ptr<server::HttpServer> server_;
    std::uint16_t port_ = 0;
};

/// True when the delivery's webhook-signature verifies with `secret` (Standard Webhooks).
inline bool signature_verifies(const http::Request& r, const std::string& secret) {
    auto id = r.headers.get("webhook-id"), ts = r.headers.get("webhook-timestamp"), sig = r.headers.get("webhook-signature");
    if (!id || !ts || !sig) return false;
    auto t = parse_int64(*ts);
    return t && *sig == standard_webhook_signature(secret, *id, *t, r.body);
}

/// Subscribes `url` to `topics` with `secret`; returns the subscription id.
inline std::string subscribe(Harness& h, const std::string& url, const std::vector<std::string>& topics,
                             const std::string& secret = "s3cret") {
    nlohmann::json body{{"url", url}, {"topics", topics}};
    if (!secret.empty()) body["secret"] = secret;
    auto r = h.raw({"POST", "/2025-07/webhook",
                    {{"Authorization", "Bearer " + h.server->pat()}, {"Content-Type", "application/json"}}, body.dump()});
    EXPECT_EQ(r.status, 200) << r.body;
    auto j = body_of(r);
    return j.contains("id") ? (j["id"].is_string() ? j["id"].get<std::string>() : j["id"].dump()) : "";
}

}  // namespace dockside::refserver::testing
