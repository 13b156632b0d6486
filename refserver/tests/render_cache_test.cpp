// The rendered-order cache must never serve a rendering older than the order's last change, and a write
// must leave the renderings of the orders it did not change good.

#include "refserver/store/render_cache.h"

#include <utility>

#include "refserver/store/order_book.h"
#include "refserver/tests/flow_support.h"

namespace dockside::refserver::testing {
namespace {

TEST(RenderCache, HitsOnlyAtTheSameRevision) {
    RenderCache cache;
    cache.put(7, 3, "{\"id\":7}");
    ASSERT_TRUE(cache.find(7, 3));
    EXPECT_EQ(*cache.find(7, 3), "{\"id\":7}");
    EXPECT_FALSE(cache.find(7, 4)) << "a change since the rendering makes it stale";
    EXPECT_FALSE(cache.find(8, 3));
    cache.put(7, 4, "{\"id\":7,\"v\":2}");
    ASSERT_TRUE(cache.find(7, 4));
    EXPECT_EQ(*cache.find(7, 4), "{\"id\":7,\"v\":2}");
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

// The return list answers from its own cache: a return on a page reads as the cancel answered it after the
// cancel, and a reset of the store (new returns under the same ids) is never answered from the old one.
TEST(RenderCache, ReturnListPagesReflectACancelAndAReset) {
    FlowHarness h;
    const auto created = h.post("/2025-07/return", {{"inventory", {{{"id", 4001}}}}});
    ASSERT_EQ(created.status, 200) << created.body;
    const std::string id = body_of(created)["id"].dump();
    const auto on_page = [&] {
        auto page = h.get("/2025-07/return?Ids=" + id);
        EXPECT_EQ(page.status, 200) << page.body;
        const auto body = body_of(page);
        return body.value("items", nlohmann::json::array()).size() == 1 ? body["items"][0] : nlohmann::json();
    };
    const auto first = on_page();
    ASSERT_TRUE(first.is_object());
    EXPECT_EQ(on_page(), first) << "a page read from the cache answers what a fresh rendering does";
    auto cancelled = h.send("POST", "/2025-07/return/" + id + ":cancel");
    ASSERT_EQ(cancelled.status, 200) << cancelled.body;
    EXPECT_EQ(on_page()["status"], body_of(cancelled)["status"]);
    EXPECT_EQ(on_page(), body_of(cancelled));
    ASSERT_EQ(h.sim("POST", "/_sim/reset").status, 200);
    const auto again = h.post("/2025-07/return", {{"inventory", {{{"id", 4002}}}}});
    ASSERT_EQ(body_of(again)["id"].dump(), id) << "the reset store gives the same id again";
    EXPECT_EQ(on_page()["inventory"][0]["id"], 4002);
}

// A write stamps a new revision on the orders it inserted or took for change, its own or a shipment's, and
// on no other: a page of 250 orders stays rendered while the mix creates orders beside it.
TEST(RenderCache, AWriteMakesStaleOnlyTheOrdersItChanged) {
    OrderBook book;
    OrderRecord a, b;
    a.id = 1;
    b.id = 2;
    ShipmentRecord s;
    s.id = 20;
    s.order_id = 2;
    book.insert(a, {});
    book.insert(b, {s});
    book.stamp_changed(1);
    const auto revision = [&](std::int32_t id) { return std::as_const(book).find(id)->revision; };
    EXPECT_EQ(revision(1), 1u);
    EXPECT_EQ(revision(2), 1u);
    EXPECT_TRUE(book.changed.empty());

    ASSERT_NE(std::as_const(book).find(1), nullptr);  // a read takes nothing for change
    ASSERT_NE(book.change_order(1), nullptr);
    EXPECT_EQ(book.change_order(99), nullptr);
    book.stamp_changed(2);
    EXPECT_EQ(revision(1), 2u);
    EXPECT_EQ(revision(2), 1u) << "an order no write touched keeps its revision, and its rendering";

    ASSERT_NE(book.change_shipment(20), nullptr);
    book.stamp_changed(3);
    EXPECT_EQ(revision(1), 2u);
    EXPECT_EQ(revision(2), 3u) << "a shipment's change is its order's";
}

// Through the server: a cached order reads its shipment's move, and a create beside it changes nothing of it.
TEST(RenderCache, AShipmentMoveReachesTheCachedOrderAndACreateBesideItDoesNot) {
    FlowHarness h;
    const auto before = h.get("/2025-07/order/5003");
    ASSERT_EQ(before.status, 200) << before.body;
    ASSERT_EQ(h.post("/2025-07/order", valid_order("cache-beside-1")).status, 201);
    EXPECT_EQ(h.get("/2025-07/order/5003").body, before.body);
    ASSERT_EQ(h.sim("POST", "/_sim/shipment/7003:ship").status, 200);
    const auto after = body_of(h.get("/2025-07/order/5003"));
    EXPECT_EQ(after["status"], "Fulfilled");
    EXPECT_EQ(after["shipments"][0]["status"], "Completed");
    EXPECT_EQ(body_of(h.get("/2025-07/order?IDs=5003"))[0], after);
}

}  // namespace
}  // namespace dockside::refserver::testing
