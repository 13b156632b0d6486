#pragma once
// Probes for the faults of the remaining returns, billing, webhooks, products and receiving rules
// (used by faults_test.cpp). Each returns true when the violation is observable on `h`.

#include "refserver/tests/flow_fault_probes.h"

namespace dockside::refserver::testing::faults2_probes {

using flow_probes::all_time;
using flow_probes::post_return;
using flow_probes::tx_query;

inline std::vector<std::string> tx_ids(const nlohmann::json& page) {
    std::vector<std::string> out;
    for (const auto& t : page["items"]) out.push_back(t["transaction_id"].get<std::string>());
    return out;
}

inline bool return_created_201(Harness& h) { return post_return(h, {{{"id", 4001}}}).status == 201; }
inline bool return_status_pending(Harness& h) { return body_of(post_return(h, {{{"id", 4001}}}))["status"] == "Pending"; }
inline bool cancel_arrived(Harness& h) { return h.send("POST", "/2025-07/return/8002:cancel").status == 200; }
inline bool second_action(Harness& h) {
    return post_return(h, {{{"id", 4001}, {"requested_action", 1}}, {{"id", 4001}}}).status == 200;
}
inline bool return_without_channel(Harness& h) {
    http::Request r{"POST", "/2025-07/return",
                    {{"Authorization", "Bearer " + h.server->pat()}, {"Content-Type", "application/json"}},
                    nlohmann::json{{"inventory", {{{"id", 4001}}}}}.dump()};
    return h.raw(r).status == 200;
}
inline bool tracking_required(Harness& h) { return post_return(h, {{{"id", 4001}}}).status == 400; }

/// T-1012 was charged 20 days ago: inside a 30-day default window, outside the documented 7 days.
inline bool default_range(Harness& h) {
    const auto ids = tx_ids(tx_query(h, nlohmann::json::object()));
    return std::find(ids.begin(), ids.end(), "T-1012") != ids.end();
}
inline bool sort_order_ignored(Harness& h) {
    auto desc = all_time(), asc = all_time();
    desc["sort_order"] = "Descending";
    asc["sort_order"] = "Ascending";
    const auto d = tx_ids(tx_query(h, desc));
    return d.size() > 1 && d == tx_ids(tx_query(h, asc));
}
/// Invoice 9001 holds T-1007 (8 days ago), T-1008 (9) and T-1010 (12): newest first is T-1007.
inline bool invoice_tx_ascending(Harness& h) {
    const auto ids = tx_ids(body_of(h.get("/2025-07/invoices/9001/transactions")));
    return !ids.empty() && ids.front() == "T-1010";
}
inline bool reference_type_outside(Harness& h) {
    const auto page = tx_query(h, all_time());  // named: iterating a temporary's member would dangle
    for (const auto& t : page["items"])
        if (t["reference_type"] == "Order") return true;
    return false;
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
/// Runs a real delivery on a simulation server with the same faults as `h`.
inline bool delivery_content_type(Harness& h) {
    auto names = h.server->faults().names();
    Receiver receiver;
    FlowHarness flow(std::set<std::string>(names.begin(), names.end()));
    subscribe(flow, receiver.url(), {"order.shipment.cancelled"}, "s3cret");
    if (flow.send("POST", "/2025-07/shipment/7003:cancel").status != 200) return false;
    auto got = receiver.wait_for(1);
    return !got.empty() && got[0].headers.get("Content-Type").value_or("") != "application/json";
}

inline bool merge_answers_variant(Harness& h) {
    auto r = h.post("/2025-07/variant/3001:merge", nlohmann::json::array({{{"id", 3002}}}));
    return r.status == 201 && !body_of(r).contains("variants");
}
/// Product 2002 has one variant; the answer to adding a second must list two.
inline bool variants_create_stale(Harness& h) {
    auto r = h.post("/2025-07/product/2002/variants", nlohmann::json::array({{{"name", "PROBE-NEW"}}}));
    return r.status == 201 && body_of(r)["variants"].size() == 1 && body_of(h.get("/2025-07/product/2002/variants")).size() == 2;
}
inline bool wro_cancel_unchanged(Harness& h) {
    return h.send("POST", "/2025-07/receiving/8001:cancel").status == 200 &&
           body_of(h.get("/2025-07/receiving/8001"))["status"] == "Awaiting";
}

}  // namespace dockside::refserver::testing::faults2_probes
