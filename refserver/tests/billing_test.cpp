// Billing: transactions:query (BIL-CURSOR-OVERRIDES, BIL-PAGE-SIZE, BIL-DEFAULT-RANGE, BIL-FILTERS,
// BIL-ENUMS, BIL-REF-TYPES), invoice transactions (BIL-INVOICE-TX), invoices and fee lists.
// Seeded charge dates count back from the server clock (2025-07-01 in tests): T-1011 today, T-1001 1 day
// ago ... T-1005 6 days, T-1007 8, T-1008 9, T-1010 12, T-1012 20, T-1009 40.

#include <set>

#include "refserver/tests/test_support.h"

namespace dockside::refserver {
namespace {
using namespace testing;

using Ids = std::vector<std::string>;

nlohmann::json query(Harness& h, const nlohmann::json& body, const std::string& cursor = "") {
    auto r = h.send("POST", "/2025-07/transactions:query" + (cursor.empty() ? "" : "?Cursor=" + cursor), body.dump(),
                    std::nullopt, std::to_string(h.server->write_channel_id()));
    EXPECT_EQ(r.status, 200) << body.dump() << " " << r.body;
    return body_of(r);
}

Ids tx_ids(const nlohmann::json& page) {
    Ids out;
    for (const auto& t : page["items"]) out.push_back(t["transaction_id"]);
    return out;
}

Ids sorted(Ids v) {
    std::sort(v.begin(), v.end());
    return v;
}

const nlohmann::json kAllTime = {{"from_date", "2025-01-01T00:00:00Z"}, {"to_date", "2025-12-31T00:00:00Z"}};

nlohmann::json all_time(nlohmann::json extra) {
    auto b = kAllTime;
    b.update(extra);
    return b;
}

TEST(TransactionsQuery, DefaultRangeIsTheLastSevenDays) {  // BIL-DEFAULT-RANGE
    Harness h;
    auto page = query(h, nlohmann::json::object());
    EXPECT_EQ(tx_ids(page), (Ids{"T-1005", "T-1004", "T-1006", "T-1003", "T-1002", "T-1001", "T-1011"}));
    for (const auto& t : page["items"]) {
        for (const char* key : {"transaction_id", "transaction_type", "transaction_fee", "amount", "currency_code",
                                "charge_date", "invoice_id", "invoice_date", "invoice_type", "invoiced_status",
                                "reference_id", "reference_type", "fulfillment_center", "additional_details", "taxes"})
            EXPECT_TRUE(t.contains(key)) << key;
    }
    EXPECT_EQ(page["items"][6]["charge_date"], "2025-07-01");
    // The window moves with the clock: from 2025-06-27T12:00Z, so T-1006 (charged 2025-06-27) falls out.
    h.clock->advance(std::chrono::hours(24 * 3));
    EXPECT_EQ(sorted(tx_ids(query(h, nlohmann::json::object()))), (Ids{"T-1001", "T-1002", "T-1003", "T-1011"}));
}

TEST(TransactionsQuery, DateRangeIsInclusive) {
    Harness h;
    EXPECT_EQ(tx_ids(query(h, {{"from_date", "2025-06-19T00:00:00Z"}, {"to_date", "2025-06-23T00:00:00Z"}})),
              (Ids{"T-1010", "T-1008", "T-1007"}));
    EXPECT_EQ(tx_ids(query(h, {{"from_date", "2025-05-22T00:00:00Z"}, {"to_date", "2025-05-22T00:00:00Z"}})), (Ids{"T-1009"}));
    EXPECT_EQ(h.send("POST", "/2025-07/transactions:query",
                     nlohmann::json{{"from_date", "2025-06-30T00:00:00Z"}, {"to_date", "2025-06-01T00:00:00Z"}}.dump())
                  .status,
              400);
}

TEST(TransactionsQuery, FiltersSelectAndExclude) {  // BIL-FILTERS
    Harness h;
    EXPECT_EQ(sorted(tx_ids(query(h, all_time({{"invoiced_status", true}})))),
              (Ids{"T-1002", "T-1003", "T-1005", "T-1007", "T-1008", "T-1009", "T-1010"}));
    EXPECT_EQ(sorted(tx_ids(query(h, all_time({{"invoiced_status", false}})))),
              (Ids{"T-1001", "T-1004", "T-1006", "T-1011", "T-1012"}));
    EXPECT_EQ(tx_ids(query(h, all_time({{"invoiced_status", nullptr}}))).size(), 12u);
    EXPECT_EQ(sorted(tx_ids(query(h, all_time({{"transaction_types", {"Refund", "Payment"}}})))),
              (Ids{"T-1003", "T-1005", "T-1011"}));
    EXPECT_EQ(sorted(tx_ids(query(h, all_time({{"reference_types", {"WRO"}}})))), (Ids{"T-1006", "T-1007"}));
    EXPECT_EQ(sorted(tx_ids(query(h, all_time({{"invoice_ids", {"9001"}}})))), (Ids{"T-1007", "T-1008", "T-1010"}));
    EXPECT_EQ(sorted(tx_ids(query(h, all_time({{"reference_ids", {"7001", "8004"}}})))), (Ids{"T-1002", "T-1008"}));
    EXPECT_EQ(sorted(tx_ids(query(h, all_time({{"transaction_fees", {"Pick Fee"}}})))), (Ids{"T-1002", "T-1011"}));
    auto invoiced = query(h, all_time({{"invoice_ids", {"9002"}}}))["items"][0];
    EXPECT_EQ(invoiced["invoice_id"], 9002);
    EXPECT_EQ(invoiced["invoiced_status"], true);
}

TEST(TransactionsQuery, RejectsBadBodies) {  // BIL-ENUMS, BIL-PAGE-SIZE, BIL-CURSOR-OVERRIDES
    Harness h;
    auto status = [&](const std::string& body) { return h.send("POST", "/2025-07/transactions:query", body).status; };
    EXPECT_EQ(status(""), 400);  // body required without Cursor
    EXPECT_EQ(status(R"({"page_size":0})"), 400);
    EXPECT_EQ(status(R"({"page_size":1001})"), 400);
    EXPECT_EQ(status(R"({"page_size":1000})"), 200);
    EXPECT_EQ(status(R"({"sort_order":"Up"})"), 400);
    EXPECT_EQ(status(R"({"transaction_types":["Fee"]})"), 400);
    EXPECT_EQ(status(R"({"reference_types":["Order"]})"), 400);
    EXPECT_EQ(status(R"({"invoiced_status":"yes"})"), 400);
    EXPECT_EQ(status(R"({"from_date":"last week"})"), 400);
    EXPECT_EQ(status("[]"), 400);
}

TEST(TransactionsQuery, PageSizeDefaultsTo100AndPagesAreDisjointAndComplete) {  // BIL-PAGE-SIZE
    Harness h;
    EXPECT_TRUE(query(h, kAllTime)["next"].is_null());  // 12 < 100
    auto page = query(h, all_time({{"page_size", 5}}));
    EXPECT_TRUE(page["prev"].is_null());
    Ids seen;
    std::string last_cursor = page["last"];
    for (int i = 0; i < 10; ++i) {
        for (auto& id : tx_ids(page)) seen.push_back(id);
        if (page["next"].is_null()) break;
        page = query(h, nlohmann::json::object(), page["next"].get<std::string>());
        EXPECT_FALSE(page["prev"].is_null());
    }
    EXPECT_EQ(seen.size(), 12u);
    EXPECT_EQ(std::set<std::string>(seen.begin(), seen.end()).size(), 12u);
    EXPECT_EQ(seen.front(), "T-1009");  // Ascending by charge date
    EXPECT_EQ(tx_ids(query(h, {}, last_cursor)).size(), 2u);
}

TEST(TransactionsQuery, CursorOverridesTheBody) {  // BIL-CURSOR-OVERRIDES
    Harness h;
    auto first = query(h, all_time({{"page_size", 3}, {"sort_order", "Descending"}}));
    const std::string next = first["next"];
    auto plain = h.send("POST", "/2025-07/transactions:query?Cursor=" + next, "");
    ASSERT_EQ(plain.status, 200) << plain.body;
    auto with_body = query(h, {{"transaction_types", {"Payment"}}, {"page_size", 1}}, next);
    EXPECT_EQ(tx_ids(body_of(plain)), tx_ids(with_body));
    EXPECT_EQ(tx_ids(with_body), (Ids{"T-1003", "T-1006", "T-1004"}));
    EXPECT_EQ(h.send("POST", "/2025-07/transactions:query?Cursor=garbage", "{}").status, 400);
    EXPECT_EQ(h.send("POST", "/2025-07/transactions:query?Cursor=t7b7d", "{}").status, 400);
}

TEST(TransactionsQuery, SortOrderDescending) {
    Harness h;
    auto ids = tx_ids(query(h, all_time({{"sort_order", "Descending"}})));
    EXPECT_EQ(ids.front(), "T-1011");
    EXPECT_EQ(ids.back(), "T-1009");
}

TEST(InvoiceTransactions, DefaultDescendingWithPagingAndCursorOverride) {  // BIL-INVOICE-TX
    Harness h;
    auto page = body_of(h.get("/2025-07/invoices/9001/transactions"));
    EXPECT_EQ(tx_ids(page), (Ids{"T-1007", "T-1008", "T-1010"}));
    for (const auto& t : page["items"]) EXPECT_EQ(t["invoice_id"], 9001);
    EXPECT_EQ(tx_ids(body_of(h.get("/2025-07/invoices/9001/transactions?SortOrder=Ascending"))),
              (Ids{"T-1010", "T-1008", "T-1007"}));
    auto p1 = body_of(h.get("/2025-07/invoices/9001/transactions?PageSize=2"));
    EXPECT_EQ(tx_ids(p1), (Ids{"T-1007", "T-1008"}));
    auto p2 = body_of(h.get("/2025-07/invoices/9001/transactions?PageSize=1&SortOrder=Ascending&Cursor=" +
                            p1["next"].get<std::string>()));
    EXPECT_EQ(tx_ids(p2), (Ids{"T-1010"}));  // the cursor's page size and order win
    EXPECT_EQ(h.get("/2025-07/invoices/9001/transactions?PageSize=0").status, 400);
    EXPECT_EQ(h.get("/2025-07/invoices/9001/transactions?PageSize=1001").status, 400);
    EXPECT_EQ(h.get("/2025-07/invoices/9001/transactions?SortOrder=Sideways").status, 400);
    EXPECT_EQ(h.get("/2025-07/invoices/9999/transactions").status, 404);
    EXPECT_EQ(h.get("/2025-07/invoices/abc/transactions").status, 400);
    EXPECT_EQ(h.get("/2025-07/invoices/9002/transactions?Cursor=" + p1["next"].get<std::string>()).status, 400);
}

TEST(Invoices, ListsNewestFirstWithTotals) {
    Harness h;
    auto j = body_of(h.get("/2025-07/invoices"));
    ASSERT_EQ(j["items"].size(), 3u);
    EXPECT_EQ(j["items"][0]["invoice_id"], 9002);
    EXPECT_EQ(j["items"][0]["invoice_date"], "2025-06-28");
    EXPECT_DOUBLE_EQ(j["items"][1]["amount"].get<double>(), 45.0 + 2.5 + 9.1);
    EXPECT_EQ(j["items"][1]["currency_code"], "USD");
    auto p1 = body_of(h.get("/2025-07/invoices?PageSize=2"));
    EXPECT_EQ(p1["items"].size(), 2u);
    auto next = p1["next"].get<std::string>();
    auto p2 = body_of(h.get(next.substr(std::string("http://refserver.test").size())));
    ASSERT_EQ(p2["items"].size(), 1u);
    EXPECT_EQ(p2["items"][0]["invoice_id"], 9003);
    EXPECT_TRUE(p2["next"].is_null());
    EXPECT_EQ(h.get("/2025-07/invoices?Cursor=x").status, 400);
}

TEST(TransactionFees, ListsTheFeeNamesTransactionsUse) {
    Harness h;
    auto j = body_of(h.get("/2025-07/transaction-fees"));
    ASSERT_TRUE(j["fee_list"].is_array());
    std::set<std::string> fees(j["fee_list"].begin(), j["fee_list"].end());
    const auto page = query(h, kAllTime);
    for (const auto& t : page["items"]) EXPECT_TRUE(fees.count(t["transaction_fee"])) << t["transaction_fee"];
}

TEST(Billing, ReadsNeedTheBillingScope) {
    Harness h;
    auto r = h.raw({"POST", "/2025-07/transactions:query", {{"Content-Type", "application/json"}}, "{}"});
    EXPECT_EQ(r.status, 401);
}

}  // namespace
}  // namespace dockside::refserver
