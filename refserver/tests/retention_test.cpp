// Retention: a server left running stays within --max-records by forgetting its oldest finished records,
// never one a client could still change, and says so once.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "refserver/core/lifecycle.h"
#include "refserver/tests/test_support.h"
#include "specs/loader/spec_location.h"

namespace dockside::refserver::testing {
namespace {

struct Bounded {
    std::unique_ptr<ReferenceServer> server;
    std::vector<std::string> notices;

    Bounded(std::size_t records_beyond_seed, Retention retention) {
        const std::size_t seeded = Harness().server->stored_records();
        Options o;
        o.max_records = seeded + records_beyond_seed;
        o.retention = retention;
        o.simulation_enabled = true;
        o.notice = [this](const std::string& line) { notices.push_back(line); };
        auto created = ReferenceServer::create(std::move(o));
        if (created) server = std::move(created.value());
    }

    http::Response send(const std::string& method, const std::string& target, const std::string& body = "") {
        http::Request r;
        r.method = method;
        r.target = target;
        r.body = body;
        r.headers.set("Authorization", "Bearer " + server->pat());
        r.headers.set("service_channel_id", std::to_string(server->write_channel_id()));
        if (!body.empty()) r.headers.set("Content-Type", "application/json");
        return server->handle(r);
    }
    /// The new order's id, or 0 when the create was refused.
    std::int64_t create(const std::string& reference) {
        auto r = send("POST", "/2025-07/order", valid_order(reference).dump());
        return r.status / 100 == 2 ? body_of(r)["id"].get<std::int64_t>() : 0;
    }
    int read(std::int64_t id) { return send("GET", "/2025-07/order/" + std::to_string(id)).status; }
};

TEST(Retention, FinishedStatesAreThoseTheLifecyclesLeaveNoWayOutOf) {
    auto states = ContractStates::read(*spec::default_spec().value());
    ASSERT_TRUE(states);
    const ContractStates& s = states.value();
    // Read from the data, so the names here are the data's (rules.yaml state_machines), not the server's.
    EXPECT_TRUE(s.orders.finished(s.orders.cancelled()));
    EXPECT_FALSE(s.orders.finished(s.orders.initial())) << "an order being processed can still be cancelled";
    EXPECT_TRUE(s.shipments.finished(s.shipments.cancelled())) << "a cancel of a cancelled shipment changes nothing";
    EXPECT_TRUE(s.shipments.finished(s.shipments.entered_on(shipment_event::kShipped))) << "delivery leaves it Completed";
    EXPECT_FALSE(s.shipments.finished(s.shipments.initial()));
    EXPECT_TRUE(s.returns.finished(s.returns.done()));
    EXPECT_TRUE(s.returns.finished(s.returns.cancelled()));
    for (const auto& state : s.returns.warehouse_path()) {
        if (state != s.returns.done()) EXPECT_FALSE(s.returns.finished(state)) << state;
    }
    EXPECT_TRUE(s.receiving.finished(s.receiving.done()));
    EXPECT_FALSE(s.receiving.finished(s.receiving.initial()));
    EXPECT_FALSE(s.orders.finished("NoSuchState"));
}

TEST(Retention, PastMaxRecordsTheOldestFinishedOrderIsForgottenAndOpenOnesStay) {
    Bounded b(6, Retention::Evict);
    ASSERT_TRUE(b.server);
    const std::int64_t open = b.create("RET-OPEN");
    const std::int64_t done = b.create("RET-DONE");
    ASSERT_TRUE(open && done);
    ASSERT_EQ(b.send("POST", "/2025-07/order/" + std::to_string(done) + ":cancel").status, 200);
    // Each round adds an order with its shipment and finishes it: the store must forget to go on.
    int rounds = 0;
    for (; rounds < 200 && b.read(done) == 200; ++rounds) {
        const std::int64_t id = b.create("RET-FILL-" + std::to_string(rounds));
        ASSERT_NE(id, 0) << "a create was refused while finished records could be forgotten (round " << rounds << ")";
        ASSERT_EQ(b.send("POST", "/2025-07/order/" + std::to_string(id) + ":cancel").status, 200);
    }
    EXPECT_EQ(b.read(done), 404) << "the finished order was never forgotten in " << rounds << " rounds";
    EXPECT_EQ(b.read(open), 200) << "an order a client can still cancel was forgotten";
    EXPECT_LE(b.server->stored_records(), Harness().server->stored_records() + 6);
    ASSERT_EQ(b.notices.size(), 1u) << "said once, not on every write";
    EXPECT_NE(b.notices.front().find("--max-records"), std::string::npos) << b.notices.front();

    const auto status = body_of(b.send("GET", "/_sim/status"));
    ASSERT_TRUE(status.contains("evicted")) << status.dump();
    EXPECT_GE(status["evicted"]["orders"].get<std::size_t>(), 1u) << status.dump();
    EXPECT_EQ(status["evicted"]["orders"], status["evicted"]["shipments"]) << "each valid order has one shipment";
    EXPECT_EQ(status["evicted"]["total"].get<std::size_t>(),
              status["evicted"]["orders"].get<std::size_t>() + status["evicted"]["shipments"].get<std::size_t>() +
                  status["evicted"]["returns"].get<std::size_t>() + status["evicted"]["receiving_orders"].get<std::size_t>());
}

TEST(Retention, WithNothingFinishedLeftAWriteIsRefusedWith507) {
    Bounded b(4, Retention::Evict);
    ASSERT_TRUE(b.server);
    std::vector<std::int64_t> kept;
    http::Response refused;
    for (int i = 0; i < 500; ++i) {
        auto r = b.send("POST", "/2025-07/order", valid_order("RET-FULL-" + std::to_string(i)).dump());
        if (r.status / 100 != 2) {
            refused = r;
            break;
        }
        kept.push_back(body_of(r)["id"].get<std::int64_t>());
    }
    EXPECT_EQ(refused.status, 507) << refused.body;
    EXPECT_EQ(rule_of(refused), "NS-RECORD-LIMIT");
    for (auto id : kept) EXPECT_EQ(b.read(id), 200) << "open order " << id << " was forgotten";
}

TEST(Retention, RefuseKeepsEverythingAndAnswers507AtTheLimit) {
    Bounded b(4, Retention::Refuse);
    ASSERT_TRUE(b.server);
    const std::int64_t first = b.create("REFUSE-1");
    ASSERT_NE(first, 0);
    ASSERT_EQ(b.send("POST", "/2025-07/order/" + std::to_string(first) + ":cancel").status, 200);
    ASSERT_NE(b.create("REFUSE-2"), 0);
    auto third = b.send("POST", "/2025-07/order", valid_order("REFUSE-3").dump());
    EXPECT_EQ(third.status, 507);
    EXPECT_EQ(b.read(first), 200) << "refuse forgets nothing, finished or not";
    EXPECT_TRUE(b.notices.empty());
}

}  // namespace
}  // namespace dockside::refserver::testing
