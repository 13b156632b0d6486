#pragma once
// Helpers for refserver tests: a server on a manual clock and request builders. No sockets.

#include <gtest/gtest.h>

#include <memory>
#include <set>
#include <string>

#include <nlohmann/json.hpp>

#include "refserver/reference_server.h"

namespace dockside::refserver::testing {

/// 2025-07-01T12:00:00Z, after every seeded date.
inline TimePoint test_start() { return TimePoint(std::chrono::seconds(1751371200)); }

struct Harness {
    std::shared_ptr<ManualClock> clock = std::make_shared<ManualClock>(test_start());
    std::unique_ptr<ReferenceServer> server;

    /// A server on `contract` (the compiled-in one when null), which must outlive the server's start.
    explicit Harness(std::set<std::string> faults = {}, std::optional<nlohmann::json> seed = std::nullopt,
                     const spec::Spec* contract = nullptr) {
        Options o;
        o.spec = contract;
        o.faults = std::move(faults);
        o.clock = clock;
        o.seed = std::move(seed);
        o.public_base_url = "http://refserver.test";
        auto created = ReferenceServer::create(std::move(o));
        if (!created) {
            std::string all;
            for (const auto& p : created.error()) all += p + "\n";
            ADD_FAILURE() << "server creation failed:\n" << all;
            return;
        }
        server = std::move(created.value());
    }

    http::Response send(const std::string& method, const std::string& target, const std::string& body = "",
                        std::optional<std::string> token = std::nullopt,
                        std::optional<std::string> channel = std::nullopt,
                        const std::string& content_type = "application/json") {
        http::Request r;
        r.method = method;
        r.target = target;
        r.body = body;
        r.headers.set("Authorization", "Bearer " + token.value_or(server->pat()));
        if (!body.empty()) r.headers.set("Content-Type", content_type);
        // Writes carry the write channel unless told otherwise; reads carry one only when given.
        if (channel) r.headers.set("service_channel_id", *channel);
        else if (method != "GET") r.headers.set("service_channel_id", std::to_string(server->write_channel_id()));
        return server->handle(r);
    }
    http::Response raw(http::Request r) { return server->handle(r); }

    http::Response get(const std::string& target) { return send("GET", target); }
    http::Response post(const std::string& target, const nlohmann::json& body) { return send("POST", target, body.dump()); }
};

/// Every problem a server on `contract` reports at start, one a line ("" when it starts).
inline std::string start_problems(const spec::Spec& contract) {
    Options o;
    o.spec = &contract;
    auto server = ReferenceServer::create(std::move(o));
    std::string all;
    if (!server)
        for (const auto& p : server.error()) all += p + "\n";
    return all;
}

inline nlohmann::json body_of(const http::Response& r) { return nlohmann::json::parse(r.body, nullptr, false); }

/// The error code and rule of an error response, for compact assertions.
/// The `key` of each item of a list answer's items, in order.
inline std::vector<std::int64_t> ids_of(const nlohmann::json& list, const char* key = "id") {
    std::vector<std::int64_t> out;
    for (const auto& x : list) out.push_back(x[key].get<std::int64_t>());
    return out;
}

inline std::string rule_of(const http::Response& r) {
    auto j = body_of(r);
    return j.is_object() && j.contains("error") ? j["error"].value("rule", "") : "";
}
inline std::string field_of(const http::Response& r) {
    auto j = body_of(r);
    return j.is_object() && j.contains("error") ? j["error"].value("field", "") : "";
}

/// A valid order create body; tests change one thing at a time.
inline nlohmann::json valid_order(const std::string& reference_id) {
    return {{"reference_id", reference_id},
            {"products", {{{"id", 3001}, {"quantity", 2}}}},
            {"recipient",
             {{"name", "Test Person"},
              {"email", "t@example.com"},
              {"address", {{"address1", "1 Test St"}, {"city", "Chicago"}, {"state", "IL"}, {"country", "US"}, {"zip_code", "60601"}}}}}};
}

inline std::string repeat(const std::string& unit, std::size_t n) {
    std::string out;
    for (std::size_t i = 0; i < n; ++i) out += unit;
    return out;
}

}  // namespace dockside::refserver::testing
