#pragma once
/// Dockside's webhook receiver: an HTTPS server (127.0.0.1 on an ephemeral port unless the run says where,
/// self-signed certificate)
/// that answers 200 at once (NS-WH-RETRY: retries are not asserted) and remembers every request, plus
/// the Standard Webhooks signature check. Header-only because suites/CMakeLists.txt compiles only
/// `*_suite.cpp`.

#include <chrono>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <openssl/evp.h>
#include <openssl/hmac.h>

#include "core/base64.h"
#include "core/result.h"
#include "harness/http/message.h"
#include "harness/server/http_server.h"
#include "harness/tls/self_signed.h"

namespace dockside::suites::webhooks {

class Receiver {
public:
    /// Starts listening on `host`:`port` (0: an ephemeral port); the error names the failing step
    /// (certificate or bind). `public_url` is the address the target sends to ("" = https://host:port).
    static Result<std::unique_ptr<Receiver>, std::string> start(const std::string& host = "127.0.0.1", std::uint16_t port = 0,
                                                                const std::string& public_url = "") {
        auto cert = tls::make_self_signed();
        if (!cert) return fail("self-signed certificate: " + cert.error());
        std::unique_ptr<Receiver> r(new Receiver());
        server::ServerOptions options;
        options.host = host;
        options.port = port;
        options.threads = 1;
        options.tls = server::TlsIdentity{cert->certificate_pem, cert->private_key_pem};
        Receiver* self = r.get();
        r->server_ = std::make_unique<server::HttpServer>(options, [self](const http::Request& request) {
            {
                std::lock_guard lock(self->mutex_);
                self->requests_.push_back(request);
            }
            self->arrived_.notify_all();
            http::Response response;
            response.status = 200;
            return response;
        });
        auto bound = r->server_->start();
        if (!bound) return fail("receiver on " + host + ":" + std::to_string(port) + ": " + bound.error());
        // A receiver listening on every address is reached, on this host, at the loopback one.
        const std::string reachable = host == "0.0.0.0" ? "127.0.0.1" : host;
        r->base_ = public_url.empty() ? "https://" + reachable + ":" + std::to_string(*bound) : public_url;
        while (!r->base_.empty() && r->base_.back() == '/') r->base_.pop_back();
        return r;
    }

    ~Receiver() {
        if (server_) server_->stop();
    }

    /// "https://127.0.0.1:PORT" (or the public URL given) + path.
    std::string url(const std::string& path) const { return base_ + path; }

    /// Waits (bounded) until some request satisfies `match`; the first such request, or nullopt.
    std::optional<http::Request> wait_for(const std::function<bool(const http::Request&)>& match,
                                          std::chrono::milliseconds timeout) const {
        std::unique_lock lock(mutex_);
        std::optional<http::Request> found;
        arrived_.wait_for(lock, timeout, [&] {
            for (const auto& r : requests_)
                if (match(r)) {
                    found = r;
                    return true;
                }
            return false;
        });
        return found;
    }

private:
    Receiver() = default;

    std::unique_ptr<server::HttpServer> server_;
    std::string base_;
    mutable std::mutex mutex_;
    mutable std::condition_variable arrived_;
    std::vector<http::Request> requests_;
};

/// "v1," + base64(HMAC-SHA256(secret, id + "." + timestamp + "." + body)): the Standard Webhooks scheme.
inline std::string standard_signature(const std::string& secret, const std::string& id, const std::string& timestamp,
                                      const std::string& body) {
    const std::string content = id + "." + timestamp + "." + body;
    unsigned char mac[EVP_MAX_MD_SIZE];
    unsigned int mac_len = 0;
    HMAC(EVP_sha256(), secret.data(), static_cast<int>(secret.size()),
         reinterpret_cast<const unsigned char*>(content.data()), content.size(), mac, &mac_len);
    return "v1," + base64_encode(std::string_view(reinterpret_cast<const char*>(mac), mac_len));
}

/// Whether the request carries the three Standard Webhooks headers with a "v1," signature.
inline bool uses_standard_webhooks(const http::Request& request) {
    auto sig = request.headers.get("webhook-signature");
    return request.headers.has("webhook-id") && request.headers.has("webhook-timestamp") && sig &&
           sig->find("v1,") != std::string_view::npos;
}

/// Whether one of the space-separated signatures of webhook-signature verifies with `secret`.
inline bool verifies(const http::Request& request, const std::string& secret) {
    const std::string expected =
        standard_signature(secret, std::string(request.headers.get("webhook-id").value_or("")),
                           std::string(request.headers.get("webhook-timestamp").value_or("")), request.body);
    std::istringstream parts{std::string(request.headers.get("webhook-signature").value_or(""))};
    for (std::string part; parts >> part;)
        if (part == expected) return true;
    return false;
}

}  // namespace dockside::suites::webhooks
