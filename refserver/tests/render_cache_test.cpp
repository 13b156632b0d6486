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

// The order list answers from the same cache as GET /order/{id}: an order on a page reads as its own
// GET does, before and after a write made both stale.
TEST(RenderCache, OrderListPagesReflectACancelAfterACachedRead) {
    Harness h;
    auto created = h.post("/2025-07/order", valid_order("cache-list-1"));
    ASSERT_EQ(created.status, 201) << created.body;
    const auto id = body_of(created)["id"].get<std::int64_t>();
    const auto on_page = [&] {
        auto page = h.get("/2025-07/order?IDs=" + std::to_string(id));
        EXPECT_EQ(page.status, 200) << page.body;
        const auto items = body_of(page);
        return items.is_array() && items.size() == 1 ? items[0] : nlohmann::json();
    };
    const auto read = body_of(h.get("/2025-07/order/" + std::to_string(id)));
    EXPECT_EQ(on_page(), read);
    EXPECT_EQ(on_page(), read) << "a page read from the cache answers what a fresh rendering does";

    auto cancelled = h.post("/2025-07/order/" + std::to_string(id) + ":cancel", nlohmann::json::object());
    ASSERT_EQ(cancelled.status, 200) << cancelled.body;
    EXPECT_EQ(on_page()["status"], body_of(cancelled)["order"]["status"]);
    EXPECT_EQ(on_page(), body_of(h.get("/2025-07/order/" + std::to_string(id))));
    const auto past_the_end = h.get("/2025-07/order?Page=2&IDs=" + std::to_string(id));
    EXPECT_EQ(past_the_end.body, "[]") << "an empty page is an empty array";
}

}  // namespace
}  // namespace dockside::refserver::testing
