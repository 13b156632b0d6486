// The rendered-order cache must never serve a rendering older than the last write.

#include "refserver/store/render_cache.h"

#include "refserver/tests/test_support.h"

namespace dockside::refserver::testing {
namespace {

TEST(RenderCache, HitsOnlyAtTheSameGeneration) {
    RenderCache cache;
    cache.put(7, 3, "{\"id\":7}");
    EXPECT_EQ(cache.find(7, 3), "{\"id\":7}");
    EXPECT_FALSE(cache.find(7, 4)) << "a write since the rendering makes it stale";
    EXPECT_FALSE(cache.find(8, 3));
    cache.put(7, 4, "{\"id\":7,\"v\":2}");
    EXPECT_EQ(cache.find(7, 4), "{\"id\":7,\"v\":2}");
}

TEST(RenderCache, GetOrderReflectsACancelAfterACachedRead) {
    Harness h;
    auto created = h.post("/2025-07/order", valid_order("cache-cancel-1"));
    ASSERT_EQ(created.status, 201) << created.body;
    const auto id = std::to_string(body_of(created)["id"].get<std::int64_t>());
    auto first = h.get("/2025-07/order/" + id);
    auto second = h.get("/2025-07/order/" + id);
    ASSERT_EQ(first.status, 200);
    EXPECT_EQ(first.body, second.body) << "a cached read answers what a fresh rendering does";
    EXPECT_EQ(second.headers.get("Content-Type"), "application/json");

    auto cancelled = h.post("/2025-07/order/" + id + ":cancel", nlohmann::json::object());
    ASSERT_EQ(cancelled.status, 200) << cancelled.body;
    auto after = h.get("/2025-07/order/" + id);
    ASSERT_EQ(after.status, 200);
    EXPECT_EQ(body_of(after)["status"], body_of(cancelled)["order"]["status"]);
    EXPECT_NE(after.body, first.body);
}

}  // namespace
}  // namespace dockside::refserver::testing
