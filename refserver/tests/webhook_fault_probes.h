#pragma once
// Probes for the webhook faults, deliveries included (used by faults_test.cpp). Each returns true when the violation is observable on `h`.

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "refserver/tests/flow_support.h"

namespace dockside::refserver::testing::webhook_probes {

inline http::Response create_webhook(Harness& h, const std::string& url) {
    return h.raw({"POST", "/2025-07/webhook", {{"Authorization", "Bearer " + h.server->pat()}, {"Content-Type", "application/json"}},
                  nlohmann::json{{"url", url}, {"topics", {"order.shipped"}}}.dump()});
}

inline bool accepts_http(Harness& h) { return create_webhook(h, "http://hooks.example.com/").status == 200; }

inline bool delete_404(Harness& h) {
    return h.raw({"DELETE", "/2025-07/webhook/4242", {{"Authorization", "Bearer " + h.server->pat()}}, ""}).status == 404;
}

inline bool id_as_integer(Harness& h) { return body_of(create_webhook(h, "https://hooks.example.com/"))["id"].is_number_integer(); }

inline bool channel_required(Harness& h) { return create_webhook(h, "https://hooks.example.com/").status == 400; }

inline constexpr const char* kDeliverySecret = "s3cret";

/// The first delivery of a shipment cancel, run for real on a simulation server with the same faults as `h`
/// (signed with kDeliverySecret); nullopt when none arrived.
inline std::optional<http::Request> cancel_delivery(Harness& h) {
    auto names = h.server->faults().names();
    Receiver receiver;
    FlowHarness flow(std::set<std::string>(names.begin(), names.end()));
    subscribe(flow, receiver.url(), {"order.shipment.cancelled"}, kDeliverySecret);
    if (flow.send("POST", "/2025-07/shipment/7003:cancel").status != 200) return std::nullopt;
    auto got = receiver.wait_for(1);
    if (got.empty()) return std::nullopt;
    return got[0];
}

inline bool wrong_signature(Harness& h) {
    auto got = cancel_delivery(h);
    return got && got->headers.has("webhook-signature") && !signature_verifies(*got, kDeliverySecret);
}

inline std::vector<std::string> webhook_ids(Harness& h, const std::string& query = "") {
    std::vector<std::string> out;
    const auto page = body_of(h.get("/2025-07/webhook" + query));
    for (const auto& s : page["items"]) out.push_back(s["id"].get<std::string>());
    return out;
}

inline bool delete_kept(Harness& h) {
    const auto id = subscribe(h, "https://hooks.example.com/gone", {"order.shipped"});
    if (h.raw({"DELETE", "/2025-07/webhook/" + id, {{"Authorization", "Bearer " + h.server->pat()}}, ""}).status != 204) return false;
    const auto ids = webhook_ids(h);
    return std::find(ids.begin(), ids.end(), id) != ids.end();
}

inline bool list_per_page_ignored(Harness& h) {
    subscribe(h, "https://hooks.example.com/a", {"order.shipped"});
    subscribe(h, "https://hooks.example.com/b", {"order.shipped"});
    return webhook_ids(h, "?RecordsPerPage=1").size() > 1;
}

inline bool on_hold_refused(Harness& h) {
    return h.raw({"POST", "/2025-07/webhook", {{"Authorization", "Bearer " + h.server->pat()}, {"Content-Type", "application/json"}},
                  nlohmann::json{{"url", "https://hooks.example.com/"}, {"topics", {"order.shipment.on_hold"}}}.dump()})
               .status == 400;
}

inline bool delivery_content_type(Harness& h) {
    auto got = cancel_delivery(h);
    return got && got->headers.get("Content-Type").value_or("") != "application/json";
}

}  // namespace dockside::refserver::testing::webhook_probes
