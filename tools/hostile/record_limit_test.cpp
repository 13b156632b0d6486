// The store is in memory, so --max-records is what bounds the server's memory: under --retention refuse,
// once the budget is spent, writes that would add records are refused with 507 naming the limit, and
// everything else keeps working (under the default, evict, the same once nothing finished is left).

#include <gtest/gtest.h>

#include <iostream>

#include <nlohmann/json.hpp>

#include "tools/hostile/hostile_support.h"

namespace dockside::hostile {
namespace {

using json = nlohmann::json;

TEST(RecordLimit, CreatesPastMaxRecordsGet507AndReadsStillWork) {
    const std::size_t seeded = Live().server().api().stored_records();
    refserver::EmbeddedOptions options;
    options.api.max_records = seeded + 4;  // two orders with one shipment each
    options.api.retention = refserver::Retention::Refuse;  // the budget itself; retention has its own tests
    Live live(options);
    Prober prober(live);
    int created = 0;
    Result<http::Response, std::string> refused = fail(std::string("no refusal"));
    std::int64_t first_id = 0;
    for (int i = 0; i < 10; ++i) {
        auto r = live.send("POST", "/2025-07/order", order_body("BUDGET-" + std::to_string(i)));
        if (r && r->status / 100 == 2) {
            if (!first_id) first_id = json::parse(r->body).value("id", std::int64_t{0});
            ++created;
            continue;
        }
        refused = std::move(r);
        break;
    }
    auto read = live.send("GET", "/2025-07/order/" + std::to_string(first_id));
    auto cancel = live.send("POST", "/2025-07/order/" + std::to_string(first_id) + ":cancel");
    const auto report = prober.finish();
    ASSERT_TRUE(refused) << refused.error();
    EXPECT_EQ(created, 2);
    EXPECT_EQ(refused->status, 507);
    EXPECT_EQ(error_code_of(*refused), "record_limit_reached");
    EXPECT_NE(refused->body.find(std::to_string(seeded + 4) + " records, its --max-records limit"), std::string::npos)
        << refused->body;
    ASSERT_TRUE(read && cancel);
    EXPECT_EQ(read->status, 200);
    EXPECT_EQ(cancel->status, 200);
    EXPECT_TRUE(report.held()) << report.figures();
    record("order creates past --max-records (the seed plus 4 records)", "POST /2025-07/order until refused",
           std::to_string(created) + " created, then " + describe(refused) + "; GET and cancel of a stored order: " +
               describe(read) + ", " + describe(cancel) + "; " + report.outcome());
}

TEST(RecordLimit, LargeBodiesCountByTheirSize) {
    const std::size_t seeded = Live().server().api().stored_records();
    refserver::EmbeddedOptions options;
    options.api.max_records = seeded + 30;
    options.api.retention = refserver::Retention::Refuse;
    Live live(options);
    auto order = live.send("POST", "/2025-07/order", order_body("BUDGET-BIG"));
    ASSERT_TRUE(order && order->status / 100 == 2);
    const auto id = json::parse(order->body).value("id", std::int64_t{0});
    // ~600 KiB of store-order-json: 37 units of 16 KiB on top of the order and its shipment.
    const std::string big = R"({"blob":")" + std::string(600 * 1024, 'x') + "\"}";
    auto first = live.send("POST", "/2025-07/order/" + std::to_string(id) + "/store-order-json", big);
    auto second = live.send("POST", "/2025-07/order/" + std::to_string(id) + "/store-order-json", big);
    ASSERT_TRUE(first && second);
    EXPECT_EQ(first->status, 200);
    EXPECT_EQ(second->status, 507);
    record("600 KiB store-order-json documents against a budget of the seed plus 30 records",
           "POST /2025-07/order/{id}/store-order-json twice",
           "first " + describe(first) + ", second " + describe(second) + " (a body counts one record per 16 KiB or per 128 JSON values)");
}

}  // namespace
}  // namespace dockside::hostile
