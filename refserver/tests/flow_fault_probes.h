#pragma once
// Probes for the returns, billing and webhooks faults (used by faults_test.cpp). Each returns true
// when the violation is observable on `h`.

#include "refserver/tests/flow_support.h"

namespace dockside::refserver::testing::flow_probes {

inline http::Response post_return(Harness& h, nlohmann::json inventory) {
    return h.post("/2025-07/return", {{"inventory", std::move(inventory)}});
}

inline std::vector<int> return_ids(Harness& h, const std::string& target) {
    std::vector<int> out;
    const auto page = body_of(h.get(target));  // a named page: iterating a temporary's member would dangle
    for (const auto& r : page["items"]) out.push_back(r["id"].get<int>());
    return out;
}

inline bool duplicates(Harness& h) { return post_return(h, {{{"id", 4001}}, {{"id", 4001}}}).status == 200; }
inline bool digital(Harness& h) { return post_return(h, {{{"id", 4004}}}).status == 200; }
inline bool bundle(Harness& h) { return post_return(h, {{{"id", 4005}}}).status == 200; }
inline bool cancel_in_processing(Harness& h) { return h.send("POST", "/2025-07/return/8003:cancel").status == 200; }
inline bool cancel_status_unchanged(Harness& h) {
    return h.send("POST", "/2025-07/return/8001:cancel").status == 200 &&
           body_of(h.get("/2025-07/return?Ids=8001"))["items"][0]["status"] == "AwaitingArrival";
}
inline bool cursor_overlap(Harness& h) {
    auto first = body_of(h.get("/2025-07/return?Limit=2"));
    auto next = first["next"].get<std::string>().substr(std::string("http://refserver.test").size());
    auto p1 = return_ids(h, "/2025-07/return?Limit=2"), p2 = return_ids(h, next);
    return !p2.empty() && p1.back() == p2.front();
}
inline bool status_ignored(Harness& h) { return return_ids(h, "/2025-07/return?Status=Completed").size() > 1; }

inline const nlohmann::json& all_time() {
    static const nlohmann::json body = {{"from_date", "2025-01-01T00:00:00Z"}, {"to_date", "2025-12-31T00:00:00Z"}};
    return body;
}
inline nlohmann::json tx_query(Harness& h, nlohmann::json body, const std::string& cursor = "") {
    return body_of(h.send("POST", "/2025-07/transactions:query" + (cursor.empty() ? "" : "?Cursor=" + cursor), body.dump()));
}
inline bool body_wins(Harness& h) {
    auto b = all_time();
    b["page_size"] = 3;
    const std::string next = tx_query(h, b)["next"];
    auto other = all_time();
    other["transaction_types"] = {"Payment"};
    auto items = tx_query(h, other, next)["items"];
    return items.size() == 1 && items[0]["transaction_id"] == "T-1005";
}
inline bool page_size_1001(Harness& h) { return h.send("POST", "/2025-07/transactions:query", R"({"page_size":1001})").status == 200; }
inline bool invoiced_ignored(Harness& h) {
    auto b = all_time();
    b["invoiced_status"] = false;
    const auto page = tx_query(h, b);
    for (const auto& t : page["items"])
        if (t["invoiced_status"] == true) return true;
    return false;
}

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
/// Runs a real delivery on a simulation server with the same faults as `h`.
inline bool wrong_signature(Harness& h) {
    auto names = h.server->faults().names();
    Receiver receiver;
    FlowHarness flow(std::set<std::string>(names.begin(), names.end()));
    subscribe(flow, receiver.url(), {"order.shipment.cancelled"}, "s3cret");
    if (flow.send("POST", "/2025-07/shipment/7003:cancel").status != 200) return false;
    auto got = receiver.wait_for(1);
    return !got.empty() && got[0].headers.has("webhook-signature") && !signature_verifies(got[0], "s3cret");
}

}  // namespace dockside::refserver::testing::flow_probes
