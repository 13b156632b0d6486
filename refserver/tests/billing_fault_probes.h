#pragma once
// Probes for the billing faults (used by faults_test.cpp). Each returns true when the violation is observable on `h`.

#include <algorithm>
#include <string>
#include <vector>

#include "refserver/tests/test_support.h"

namespace dockside::refserver::testing::billing_probes {

inline const nlohmann::json& all_time() {
    static const nlohmann::json body = {{"from_date", "2025-01-01T00:00:00Z"}, {"to_date", "2025-12-31T00:00:00Z"}};
    return body;
}

inline nlohmann::json tx_query(Harness& h, nlohmann::json body, const std::string& cursor = "") {
    return body_of(h.send("POST", "/2025-07/transactions:query" + (cursor.empty() ? "" : "?Cursor=" + cursor), body.dump()));
}

inline std::vector<std::string> tx_ids(const nlohmann::json& page) {
    std::vector<std::string> out;
    for (const auto& t : page["items"]) out.push_back(t["transaction_id"].get<std::string>());
    return out;
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

}  // namespace dockside::refserver::testing::billing_probes
