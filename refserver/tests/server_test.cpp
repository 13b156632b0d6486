// Server construction (seed, options) and concurrency.

#include <atomic>
#include <thread>

#include "refserver/seed/seed.h"
#include "refserver/tests/test_support.h"

namespace dockside::refserver {
namespace {
using namespace testing;

TEST(Server, GeneratesTokensWhenNoneGiven) {
    Harness a, b;
    EXPECT_EQ(a.server->pat().size(), 64u);
    EXPECT_NE(a.server->pat(), b.server->pat());
    EXPECT_NE(a.server->pat(), a.server->read_only_token());
    EXPECT_NE(a.server->write_channel_id(), a.server->read_only_channel_id());
}

TEST(Server, UsesGivenPat) {
    Options o;
    o.pat = "my-fixed-pat";
    auto s = ReferenceServer::create(o);
    ASSERT_TRUE(s.ok());
    EXPECT_EQ((*s)->pat(), "my-fixed-pat");
    http::Request r{"GET", "/2025-07/order", {{"Authorization", "Bearer my-fixed-pat"}}, ""};
    EXPECT_EQ((*s)->handle(r).status, 200);
}

TEST(Server, UnknownFaultNameListsValidNames) {
    Options o;
    o.faults = {"NOT-A.fault"};
    auto s = ReferenceServer::create(o);
    ASSERT_FALSE(s.ok());
    ASSERT_EQ(s.error().size(), 1u);
    EXPECT_NE(s.error()[0].find("NOT-A.fault"), std::string::npos);
    EXPECT_NE(s.error()[0].find("ORD-GIFT-500.accepts-501"), std::string::npos);
}

TEST(Server, BadSeedIsAnErrorValue) {
    Options o;
    o.seed = nlohmann::json{{"channels", "nope"}};
    auto s = ReferenceServer::create(o);
    ASSERT_FALSE(s.ok());
    EXPECT_FALSE(s.error().empty());

    auto seed = parse_seed(default_seed_text()).value();
    seed["orders"][0]["shipments"][0]["location_id"] = 9999;
    seed["orders"][1]["status"] = "Bogus";
    o.seed = seed;
    auto t = ReferenceServer::create(o);
    ASSERT_FALSE(t.ok());
    EXPECT_EQ(t.error().size(), 2u);

    EXPECT_FALSE(parse_seed("{not json").ok());
    EXPECT_FALSE(parse_seed("[1]").ok());
    o.seed = nlohmann::json::array();
    EXPECT_FALSE(ReferenceServer::create(o).ok());
}

TEST(Server, DefaultSeedLoadsEverySection) {
    auto seed = parse_seed(default_seed_text());
    ASSERT_TRUE(seed.ok());
    for (const char* key : {"channels", "oauth_client", "fulfillment_centers", "locations", "shipping_methods", "products",
                            "inventory", "orders", "wros", "returns", "billing", "webhooks"})
        EXPECT_TRUE(seed->contains(key)) << key;
    Harness h;
    EXPECT_TRUE(h.server->oauth_client().has_value());
    EXPECT_NE(h.server->banner().find(h.server->oauth_client()->client_id), std::string::npos);
    EXPECT_NE(h.server->banner().find(h.server->pat()), std::string::npos);
}

TEST(Server, ReplacementSeedIsUsed) {
    auto seed = parse_seed(default_seed_text()).value();
    seed["orders"] = nlohmann::json::array();
    Harness h({}, seed);
    EXPECT_TRUE(body_of(h.get("/2025-07/order")).empty());
}

TEST(Server, EveryJsonResponseHasJsonContentType) {
    Harness h;
    for (const char* target : {"/2025-07/order", "/2025-07/order/5001", "/2025-07/order/424242", "/2025-07/nowhere",
                               "/2025-07/channel", "/2025-07/shipping-method", "/2025-07/order?Limit=0"}) {
        auto r = h.get(target);
        EXPECT_EQ(r.media_type(), "application/json") << target;
        EXPECT_FALSE(body_of(r).is_discarded()) << target;
    }
}

TEST(Server, DatetimesAreIsoUtc) {
    Harness h;
    auto o = body_of(h.get("/2025-07/order/5001"));
    EXPECT_EQ(o["created_date"], "2025-06-01T10:00:00Z");
    EXPECT_EQ(o["shipments"][0]["delivery_date"], "2025-06-05T16:00:00Z");
}

TEST(Concurrency, TwoThousandOrdersFromEightThreads) {
    Harness h;
    constexpr int kThreads = 8, kPerThread = 250;
    std::vector<std::vector<int>> ids(kThreads);
    std::atomic<int> failures{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
        threads.emplace_back([&, t] {
            for (int i = 0; i < kPerThread; ++i) {
                auto r = h.post("/2025-07/order", valid_order("MT-" + std::to_string(t) + "-" + std::to_string(i)));
                if (r.status != 201) {
                    ++failures;
                    continue;
                }
                ids[t].push_back(body_of(r)["id"].get<int>());
                if (i % 50 == 0) h.get("/2025-07/order?Limit=10");  // readers interleave with writers
            }
        });
    }
    for (auto& th : threads) th.join();
    ASSERT_EQ(failures.load(), 0);
    std::set<int> unique;
    for (const auto& v : ids)
        for (int id : v) unique.insert(id);
    ASSERT_EQ(unique.size(), static_cast<std::size_t>(kThreads * kPerThread));
    for (int id : unique) ASSERT_EQ(h.get("/2025-07/order/" + std::to_string(id)).status, 200) << id;
    std::set<int> listed;
    for (int page = 1; page <= 20; ++page) {
        auto list = body_of(h.get("/2025-07/order?Limit=250&Page=" + std::to_string(page)));
        for (const auto& o : list) EXPECT_TRUE(listed.insert(o["id"].get<int>()).second);
        if (list.empty()) break;
    }
    for (int id : unique) EXPECT_TRUE(listed.count(id)) << id;
}

}  // namespace
}  // namespace dockside::refserver
