// Orders: create (every field and limit), get, list paging and filters, cancel, estimate,
// shipment get, store-order-json, and the unserved 2.0 paths.

#include "refserver/core/datetime.h"
#include "refserver/core/json_body.h"
#include "refserver/tests/test_support.h"

namespace dockside::refserver {
namespace {
using namespace testing;

http::Response create(Harness& h, const nlohmann::json& body) { return h.post("/2025-07/order", body); }

TEST(OrderCreate, AnswersFullOrder201) {
    Harness h;
    auto body = valid_order("CREATE-1");
    body["gift_message"] = "Enjoy";
    body["purchase_date"] = "2025-06-30T08:00:00Z";
    body["shipping_method"] = "Expedited";
    body["type"] = "B2B";
    body["tags"] = {{{"name", "k"}, {"value", "v"}}};
    body["financials"] = {{"total_price", 40.5}};
    body["shipping_terms"] = {{"carrier_type", "Parcel"}, {"payment_term", "Prepaid"}};
    body["retailer_program_data"] = {{"purchase_order_number", "PO-1"}, {"shipByDate", "2025-07-05T00:00:00Z"}};
    auto r = create(h, body);
    ASSERT_EQ(r.status, 201) << r.body;
    EXPECT_EQ(r.media_type(), "application/json");
    auto o = body_of(r);
    for (const char* f : {"id", "channel", "created_date", "purchase_date", "financials", "gift_message", "order_number",
                          "reference_id", "products", "recipient", "retailer_program_data", "shipments",
                          "shipping_method", "shipping_terms", "status", "tags", "type"})
        EXPECT_TRUE(o.contains(f)) << f;
    EXPECT_TRUE(o["id"].is_number_integer());
    EXPECT_EQ(o["status"], "Processing");
    EXPECT_EQ(o["channel"]["id"], h.server->write_channel_id());
    EXPECT_EQ(o["channel"]["name"], "Dockside Write Channel");
    EXPECT_EQ(o["created_date"], "2025-07-01T12:00:00Z");
    EXPECT_EQ(o["order_number"], "CREATE-1");  // ORD-NUMBER-DEFAULT
    EXPECT_EQ(o["financials"]["total_price"], 40.5);
    EXPECT_EQ(o["type"], "B2B");
    EXPECT_EQ(o["retailer_program_data"]["purchase_order_number"], "PO-1");
    EXPECT_EQ(o["retailer_program_data"]["shipByDate"], "2025-07-05T00:00:00Z");
    EXPECT_TRUE(o["retailer_program_data"].contains("doNotShipBeforeDate"));
    const auto& p = o["products"][0];
    for (const char* f : {"external_line_id", "gtin", "id", "quantity", "quantity_unit_of_measure_code", "reference_id",
                          "sku", "unit_price", "upc"})
        EXPECT_TRUE(p.contains(f)) << f;
    EXPECT_EQ(p["sku"], "MUG-BLUE");
    ASSERT_EQ(o["shipments"].size(), 1u);
    const auto& s = o["shipments"][0];
    for (const char* f : {"id", "order_id", "reference_id", "created_date", "last_update_at", "actual_fulfillment_date",
                          "estimated_fulfillment_date", "estimated_fulfillment_date_status", "delivery_date",
                          "gift_message", "insurance_value", "invoice_amount", "invoice_currency_code",
                          "is_tracking_uploaded", "last_tracking_update_at", "location", "measurements",
                          "package_material_type", "parent_cartons", "products", "recipient", "require_signature",
                          "ship_option", "status", "status_details", "tracking"})
        EXPECT_TRUE(s.contains(f)) << f;
    EXPECT_EQ(s["order_id"], o["id"]);
    EXPECT_EQ(s["status"], "Processing");
    EXPECT_EQ(s["gift_message"], "Enjoy");
    EXPECT_EQ(s["ship_option"], "Expedited");
    EXPECT_EQ(s["recipient"]["full_name"], "Test Person");
    EXPECT_EQ(s["products"][0]["inventory_items"][0]["id"], 4001);
}

TEST(OrderCreate, RoundTripsThroughGetAndList) {
    Harness h;
    auto created = body_of(create(h, valid_order("RT-1")));
    auto id = created["id"].get<int>();
    auto got = h.get("/2025-07/order/" + std::to_string(id));
    ASSERT_EQ(got.status, 200);
    EXPECT_EQ(body_of(got), created);
    auto by_id = body_of(h.get("/2025-07/order?IDs=" + std::to_string(id)));
    ASSERT_EQ(by_id.size(), 1u);
    EXPECT_EQ(by_id[0], created);
    auto by_ref = body_of(h.get("/2025-07/order?ReferenceIds=RT-1"));
    ASSERT_EQ(by_ref.size(), 1u);
    EXPECT_EQ(by_ref[0]["id"], id);
}

struct Rejection {
    const char* name;
    std::function<void(nlohmann::json&)> change;
    const char* field;
    const char* rule;
};

TEST(OrderCreate, RejectsEachInvalidField) {
    const std::vector<Rejection> cases = {
        {"no products", [](auto& b) { b.erase("products"); }, "products", "ORD-REQ"},
        {"empty products", [](auto& b) { b["products"] = nlohmann::json::array(); }, "products", "ORD-REQ"},
        {"no recipient", [](auto& b) { b.erase("recipient"); }, "recipient", "ORD-REQ"},
        {"gift 501", [](auto& b) { b["gift_message"] = repeat("g", 501); }, "gift_message", "ORD-GIFT-500"},
        {"gift 501 multibyte", [](auto& b) { b["gift_message"] = repeat("\xC3\xA9", 501); }, "gift_message", "ORD-GIFT-500"},
        {"number 401", [](auto& b) { b["order_number"] = repeat("n", 401); }, "order_number", "ORD-NUMBER-400"},
        {"ref 301", [](auto& b) { b["reference_id"] = repeat("r", 301); }, "reference_id", "ORD-REF-1-300"},
        {"ref empty", [](auto& b) { b["reference_id"] = ""; }, "reference_id", "ORD-REF-1-300"},
        {"origin 101", [](auto& b) { b["origin_platform_program"] = repeat("o", 101); }, "origin_platform_program", "ORD-ORIGIN-100"},
        {"sales 101", [](auto& b) { b["sales_channel"] = repeat("s", 101); }, "sales_channel", "ORD-SALES-100"},
        {"shipping method empty", [](auto& b) { b["shipping_method"] = ""; }, "shipping_method", "ORD-SHIPMETHOD"},
        {"type outside enum", [](auto& b) { b["type"] = "Retail"; }, "type", "ORD-TYPE"},
        {"unknown product id", [](auto& b) { b["products"][0]["id"] = 999999; }, "products[0].id", "ORD-REQ"},
        {"product without id or reference", [](auto& b) { b["products"][0].erase("id"); }, "products[0]", "ORD-REQ"},
        {"unknown reference without name",
         [](auto& b) { b["products"] = {{{"reference_id", "NEW-SKU"}, {"quantity", 1}}}; }, "products[0].name", "ORD-PRODUCT-NAME"},
        {"quantity as string", [](auto& b) { b["products"][0]["quantity"] = "2"; }, "products[0].quantity", "CONV-TYPES"},
        {"quantity zero", [](auto& b) { b["products"][0]["quantity"] = 0; }, "products[0].quantity", "ORD-REQ"},
        {"location beyond int32", [](auto& b) { b["location_id"] = 3000000000LL; }, "location_id", "CONV-TYPES"},
        {"unknown location", [](auto& b) { b["location_id"] = 999; }, "location_id", "ERR-4XX"},
        {"gift as number", [](auto& b) { b["gift_message"] = 5; }, "gift_message", "CONV-TYPES"},
        {"bad purchase date", [](auto& b) { b["purchase_date"] = "yesterday"; }, "purchase_date", "CONV-TYPES"},
        // A date-time by the document: a bare date is not one (NS-DATETIME-PROFILE), nor is one without offset.
        {"date-only purchase date", [](auto& b) { b["purchase_date"] = "2025-06-30"; }, "purchase_date", "CONV-TYPES"},
        {"purchase date without offset", [](auto& b) { b["purchase_date"] = "2025-06-30T08:00:00"; }, "purchase_date", "CONV-TYPES"},
        {"products not array", [](auto& b) { b["products"] = "x"; }, "products", "CONV-TYPES"},
    };
    Harness h;
    auto before = body_of(h.get("/2025-07/order?Limit=250")).size();
    for (const auto& c : cases) {
        auto body = valid_order(std::string("REJ-") + c.name);
        c.change(body);
        auto r = create(h, body);
        EXPECT_EQ(r.status, 400) << c.name << ": " << r.body;
        EXPECT_EQ(field_of(r), c.field) << c.name;
        EXPECT_EQ(rule_of(r), c.rule) << c.name;
    }
    EXPECT_EQ(body_of(h.get("/2025-07/order?Limit=250")).size(), before);  // ERR-NOSIDE
}

TEST(OrderCreate, AcceptsExactLimits) {
    Harness h;
    auto body = valid_order(repeat("r", 300));
    body["gift_message"] = repeat("\xE2\x82\xAC", 500);  // 500 characters, 1500 bytes
    body["order_number"] = repeat("n", 400);
    body["origin_platform_program"] = repeat("o", 100);
    body["sales_channel"] = repeat("s", 100);
    EXPECT_EQ(create(h, body).status, 201);
    auto one = valid_order("x");
    EXPECT_EQ(create(h, one).status, 201);
}

// What the create table does not mark required may be left out (NS-CREATE-OPTIONAL-FIELDS): a mock that
// refused it would teach a client written from the document to send what the document never asked for.
TEST(OrderCreate, TakesWhatTheDocumentLeavesOptional) {
    Harness h;
    auto body = valid_order("optional-parts");
    body["products"][0].erase("quantity");
    body["recipient"] = nlohmann::json::object();
    body["tags"] = {{{"name", "only-a-name"}}, nlohmann::json::object()};
    body["products"][0]["external_line_id"] = 9007199254740993LL;  // "integer" without a format: wider than int32
    auto r = create(h, body);
    ASSERT_EQ(r.status, 201) << r.body;
    auto order = body_of(r);
    EXPECT_EQ(order["products"][0]["quantity"], 1) << "a line without quantity is one unit";
    EXPECT_EQ(order["products"][0]["external_line_id"], 9007199254740993LL);
    EXPECT_EQ(order["recipient"]["name"], "");
    EXPECT_EQ(order["recipient"]["address"]["city"], "");
    EXPECT_EQ(order["tags"][0]["value"], "");
    EXPECT_EQ(order["tags"][1]["name"], "");
}

TEST(OrderCreate, DuplicateReferenceIs409AndImmutable) {
    Harness h;
    auto first = body_of(create(h, valid_order("DUP-1")));
    auto again = create(h, valid_order("DUP-1"));
    EXPECT_EQ(again.status, 409);
    EXPECT_EQ(rule_of(again), "ORD-REF-UNIQUE");
    EXPECT_EQ(create(h, valid_order("SEED-5001")).status, 409);
    EXPECT_EQ(body_of(h.get("/2025-07/order?ReferenceIds=DUP-1")).size(), 1u);
}

TEST(OrderCreate, UnknownReferenceWithNameAndUnknownShippingMethod) {
    Harness h;
    auto body = valid_order("ADHOC-1");
    body["products"] = {{{"reference_id", "BRAND-NEW"}, {"name", "Brand New Thing"}, {"quantity", 1}}};
    body["shipping_method"] = "Carrier Pigeon";
    auto r = create(h, body);
    ASSERT_EQ(r.status, 201) << r.body;
    auto o = body_of(r);
    EXPECT_EQ(o["products"][0]["reference_id"], "BRAND-NEW");
    EXPECT_EQ(o["shipping_method"], "Carrier Pigeon");
    EXPECT_EQ(o["shipments"][0]["ship_option"], "Standard");
    EXPECT_EQ(o["shipments"][0]["products"][0]["name"], "Brand New Thing");
    auto by_ref = valid_order("ADHOC-2");
    by_ref["products"] = {{{"reference_id", "MUG-RED"}, {"quantity", 1}}};
    EXPECT_EQ(body_of(create(h, by_ref))["products"][0]["id"], 3002);
}

/// The first listed product with exactly one variant (`single`) or with several.
nlohmann::json listed_product(Harness& h, bool single) {
    const auto page = body_of(h.get("/2025-07/product"));  // named: a temporary's member would dangle
    for (const auto& p : page["items"])
        if ((p["variants"].size() == 1) == single) return p;
    ADD_FAILURE() << "the seed lists no product with " << (single ? "one variant" : "several variants");
    return nlohmann::json::object();
}

TEST(OrderCreate, LineIdMayBeAListedProductWithOneVariant) {
    Harness h;
    const auto product = listed_product(h, true);
    auto body = valid_order("BY-PRODUCT-1");
    body["products"] = {{{"id", product["id"]}, {"quantity", 1}}};
    auto r = create(h, body);
    ASSERT_EQ(r.status, 201) << r.body;
    EXPECT_EQ(body_of(r)["products"][0]["id"], product["variants"][0]["id"]) << "the line names the product's one variant";
    EXPECT_EQ(body_of(r)["products"][0]["sku"], product["variants"][0]["sku"]);
}

TEST(OrderCreate, LineIdOfAProductWithSeveralVariantsNamesThem) {
    Harness h;
    const auto product = listed_product(h, false);
    auto body = valid_order("BY-PRODUCT-2");
    body["products"] = {{{"reference_id", "MUG-RED"}, {"quantity", 1}}, {{"id", product["id"]}, {"quantity", 1}}};
    auto r = create(h, body);
    ASSERT_EQ(r.status, 400) << r.body;
    EXPECT_EQ(field_of(r), "products[1].id");
    EXPECT_EQ(rule_of(r), "ORD-REQ");
    const std::string message = body_of(r)["error"]["message"];
    for (const auto& v : product["variants"]) EXPECT_NE(message.find(v["id"].dump()), std::string::npos) << message;
    body["products"][1]["id"] = 999999;
    EXPECT_EQ(field_of(create(h, body)), "products[1].id") << "an id naming nothing stays a 400";
}

TEST(OrderEstimate, LineIdMayBeAProductWithOneVariant) {
    Harness h;
    const auto single = listed_product(h, true);
    const nlohmann::json by_variant = {{"address", {{"city", "Chicago"}}},
                                       {"products", {{{"id", single["variants"][0]["id"]}, {"quantity", 3}}}},
                                       {"shipping_methods", {"Expedited"}}};
    auto by_product = by_variant;
    by_product["products"][0]["id"] = single["id"];
    auto want = h.post("/2025-07/order:estimate", by_variant);
    auto got = h.post("/2025-07/order:estimate", by_product);
    ASSERT_EQ(got.status, 200) << got.body;
    EXPECT_EQ(body_of(got)["estimates"], body_of(want)["estimates"]);
    by_product["products"][0]["id"] = listed_product(h, false)["id"];
    auto several = h.post("/2025-07/order:estimate", by_product);
    EXPECT_EQ(several.status, 400);
    EXPECT_EQ(field_of(several), "products[0].id");
}

TEST(OrderCreate, MalformedBodies) {
    Harness h;
    EXPECT_EQ(h.send("POST", "/2025-07/order", "{\"products\": [").status, 400);
    EXPECT_EQ(h.send("POST", "/2025-07/order", "[]").status, 400);
    EXPECT_EQ(h.send("POST", "/2025-07/order", valid_order("CT").dump(), std::nullopt, std::nullopt, "text/plain").status, 415);
    EXPECT_EQ(h.send("POST", "/2025-07/order", "{\"reference_id\":\"\xC3\x28\"}").status, 400);
    EXPECT_EQ(h.send("POST", "/2025-07/order", std::string(kMaxBodyBytes + 1, ' ')).status, 413);
    EXPECT_EQ(h.send("POST", "/2025-07/order", "").status, 400);
}

TEST(OrderGet, UnknownAndBadIds) {
    Harness h;
    EXPECT_EQ(h.get("/2025-07/order/5001").status, 200);
    EXPECT_EQ(h.get("/2025-07/order/424242").status, 404);
    auto bad = h.get("/2025-07/order/abc");
    EXPECT_EQ(bad.status, 400);
    EXPECT_EQ(field_of(bad), "orderId");
    EXPECT_EQ(h.get("/2025-07/order/99999999999").status, 400);
    EXPECT_EQ(h.send("DELETE", "/2025-07/order/5001").status, 405);
    EXPECT_EQ(h.send("DELETE", "/2025-07/order/5001").headers.get("Allow"), "GET");
}

TEST(OrderList, PagingIsDisjointAndBounded) {
    Harness h;
    auto all = ids_of(body_of(h.get("/2025-07/order?Limit=250")));
    ASSERT_GE(all.size(), 12u);
    std::vector<std::int64_t> paged;
    for (int page = 1; page <= 10; ++page) {
        auto ids = ids_of(body_of(h.get("/2025-07/order?Limit=5&Page=" + std::to_string(page))));
        EXPECT_LE(ids.size(), 5u);
        paged.insert(paged.end(), ids.begin(), ids.end());
    }
    EXPECT_EQ(paged, all);
    EXPECT_TRUE(body_of(h.get("/2025-07/order?Page=2147483647")).empty());
    EXPECT_EQ(ids_of(body_of(h.get("/2025-07/order"))).size(), std::min<std::size_t>(all.size(), 50));
}

TEST(OrderList, RejectsBadPagingValues) {
    Harness h;
    for (const char* q : {"Limit=0", "Limit=251", "Limit=abc", "Page=0", "Page=-1", "Page=2147483648", "Limit=1.5"}) {
        auto r = h.get(std::string("/2025-07/order?") + q);
        EXPECT_EQ(r.status, 400) << q;
        EXPECT_EQ(rule_of(r), "ORD-LIST-LIMIT") << q;
    }
    for (const char* q : {"HasTracking=yes", "StartDate=notadate", "IDs=1,x", "SortOrder=sideways", "IsTrackingUploaded=1",
                          "LastUpdateStartDate=2025-99-99", "LastTrackingUpdateEndDate=x", "ReferenceIds=a,,b"})
        EXPECT_EQ(h.get(std::string("/2025-07/order?") + q).status, 400) << q;
}

TEST(OrderList, FiltersSelectExactly) {
    Harness h;
    auto ids = [&](const std::string& q) { return ids_of(body_of(h.get("/2025-07/order?Limit=250&" + q))); };
    EXPECT_EQ(ids("IDs=5001,5003,424242"), (std::vector<std::int64_t>{5001, 5003}));
    EXPECT_EQ(ids("ReferenceIds=SEED-5002,SEED-5004"), (std::vector<std::int64_t>{5002, 5004}));
    // Named orders are looked up, and the other filters still apply to them.
    EXPECT_EQ(ids("ReferenceIds=SEED-5004,NO-SUCH-REF,SEED-5002,SEED-5002"), (std::vector<std::int64_t>{5002, 5004}));
    EXPECT_EQ(ids("ReferenceIds=SEED-5002,SEED-5004&IDs=5004,5001"), (std::vector<std::int64_t>{5004}));
    EXPECT_EQ(ids("ReferenceIds=SEED-5002,SEED-5003&HasTracking=true"), (std::vector<std::int64_t>{5002}));
    EXPECT_EQ(ids("ReferenceIds=SEED-5002,SEED-5004&SortOrder=Descending"), (std::vector<std::int64_t>{5004, 5002}));
    EXPECT_EQ(ids_of(body_of(h.get("/2025-07/order?ReferenceIds=SEED-5002,SEED-5004&Limit=1&Page=2"))),
              (std::vector<std::int64_t>{5004}));
    EXPECT_EQ(ids("StartDate=2025-06-05T00:00:00Z&EndDate=2025-06-09T23:59:59Z"), (std::vector<std::int64_t>{5003, 5004, 5005}));
    EXPECT_EQ(ids("HasTracking=true"), (std::vector<std::int64_t>{5001, 5002, 5005, 5007, 5010, 5012}));
    auto untracked = ids("HasTracking=false");
    EXPECT_EQ(untracked, (std::vector<std::int64_t>{5003, 5004, 5006, 5008, 5009, 5011}));
    EXPECT_EQ(ids("IsTrackingUploaded=true"), (std::vector<std::int64_t>{5001, 5010, 5012}));
    EXPECT_EQ(ids("LastTrackingUpdateStartDate=2025-06-04T00:00:00Z&LastTrackingUpdateEndDate=2025-06-15T00:00:00Z"),
              (std::vector<std::int64_t>{5002, 5005, 5007}));
    // A range that covers everything still returns only orders with tracking.
    EXPECT_EQ(ids("LastTrackingUpdateStartDate=2000-01-01T00:00:00Z"), ids("HasTracking=true"));
    EXPECT_EQ(ids("LastUpdateStartDate=2025-06-20T00:00:00Z"), (std::vector<std::int64_t>{5011, 5012}));
    EXPECT_EQ(ids("LastUpdateEndDate=2025-06-02T00:00:00Z"), (std::vector<std::int64_t>{5001}));
    auto desc = ids("SortOrder=Descending");
    EXPECT_EQ(desc.front(), 5012);
    EXPECT_EQ(desc.back(), 5001);
}

TEST(OrderList, ReferenceIdsFindEveryOrderADuplicateFaultLetIn) {
    // Under ORD-REF-UNIQUE's fault two orders share a reference_id: a list by it must show both, so the
    // suites can see the duplicate the fault stored.
    Harness h({"ORD-REF-UNIQUE.duplicate-accepted"});
    const auto first = body_of(create(h, valid_order("DUP-2")));
    const auto second = body_of(create(h, valid_order("DUP-2")));
    ASSERT_TRUE(first.contains("id") && second.contains("id"));
    EXPECT_EQ(ids_of(body_of(h.get("/2025-07/order?ReferenceIds=DUP-2"))),
              (std::vector<std::int64_t>{first["id"].get<int>(), second["id"].get<int>()}));
}

TEST(OrderList, ChannelHeaderNarrowsToThatChannel) {
    Harness h;
    auto r = h.send("GET", "/2025-07/order?Limit=250", "", std::nullopt, std::to_string(h.server->read_only_channel_id()));
    EXPECT_EQ(ids_of(body_of(r)), (std::vector<std::int64_t>{5009}));
}

TEST(OrderList, PagesFoundByRankAreThoseOfAWalkOverEveryOrder) {  // ORD-LIST-LIMIT, ORD-LIST-FILTERS
    // A list the channel index decides alone is read by rank; one with a filter read from the shipments is
    // walked. A filter every order passes makes the second give the whole list, so both must agree page by
    // page, in either order, for one channel, another, and none.
    Harness h;
    for (int i = 0; i < 23; ++i) {
        h.clock->advance(std::chrono::seconds(i % 3));  // some orders share a created date: ties go by id
        ASSERT_EQ(create(h, valid_order("RANK-" + std::to_string(i))).status, 201);
    }
    const std::string walked = "&LastUpdateStartDate=2000-01-01T00:00:00Z";
    for (const std::optional<std::string>& channel : {std::optional<std::string>{}, std::optional(std::to_string(h.server->write_channel_id())),
                                                      std::optional(std::to_string(h.server->read_only_channel_id()))}) {
        for (const std::string order : {"Ascending", "Descending"}) {
            auto list = [&](const std::string& query) {
                return ids_of(body_of(h.send("GET", "/2025-07/order?SortOrder=" + order + "&" + query, "", std::nullopt, channel)));
            };
            const auto all = list("Limit=250" + walked);
            ASSERT_FALSE(all.empty());
            EXPECT_EQ(list("Limit=250"), all) << channel.value_or("no channel") << " " << order;
            for (int page = 1; page <= 6; ++page) {
                const auto by_rank = list("Limit=7&Page=" + std::to_string(page));
                EXPECT_EQ(by_rank, list("Limit=7&Page=" + std::to_string(page) + walked)) << page;
                const std::size_t from = std::min<std::size_t>(all.size(), (page - 1) * 7);
                EXPECT_EQ(by_rank, std::vector<std::int64_t>(all.begin() + from, all.begin() + std::min(all.size(), from + 7))) << page;
            }
            const std::string range = "StartDate=2025-06-05T00:00:00Z&EndDate=2025-07-01T12:00:10Z";
            EXPECT_EQ(list("Limit=4&Page=2&" + range), list("Limit=4&Page=2&" + range + walked)) << order;
        }
    }
}

TEST(OrderList, UpdateRangesFollowLaterChanges) {  // ORD-LIST-FILTERS
    // A narrow LastUpdate range is read from an index kept beside the orders: an order changed later leaves
    // the range it was in and joins the new one, in the list's order and pages.
    Harness h;
    std::vector<std::int64_t> created;
    for (int i = 0; i < 8; ++i) {
        h.clock->advance(std::chrono::seconds(1));
        created.push_back(body_of(create(h, valid_order("FACTS-" + std::to_string(i))))["id"].get<std::int64_t>());
    }
    h.clock->advance(std::chrono::hours(1));
    const std::string later = format_iso8601(h.clock->now());
    for (int i : {6, 1, 4})
        ASSERT_EQ(h.post("/2025-07/order/" + std::to_string(created[i]) + "/store-order-json", nlohmann::json::object()).status, 200);
    auto ids = [&](const std::string& q) { return ids_of(body_of(h.get("/2025-07/order?" + q))); };
    EXPECT_EQ(ids("LastUpdateStartDate=" + later), (std::vector<std::int64_t>{created[1], created[4], created[6]}));
    EXPECT_EQ(ids("LastUpdateStartDate=" + later + "&SortOrder=Descending"), (std::vector<std::int64_t>{created[6], created[4], created[1]}));
    EXPECT_EQ(ids("LastUpdateStartDate=" + later + "&Limit=2&Page=2"), (std::vector<std::int64_t>{created[6]}));
    const auto earlier = ids("Limit=250&LastUpdateEndDate=" + format_iso8601(h.clock->now() - std::chrono::minutes(30)));
    for (int i = 0; i < 8; ++i)
        EXPECT_EQ(std::count(earlier.begin(), earlier.end(), created[i]), i == 1 || i == 4 || i == 6 ? 0 : 1) << i;
}

TEST(OrderCancel, CancelsCancellableShipments) {
    Harness h;
    auto r = h.send("POST", "/2025-07/order/5003:cancel");
    ASSERT_EQ(r.status, 200) << r.body;
    auto j = body_of(r);
    EXPECT_EQ(j["order_id"], 5003);
    EXPECT_EQ(j["status"], "Success");
    ASSERT_EQ(j["canceled_shipment_results"].size(), 1u);
    EXPECT_EQ(j["canceled_shipment_results"][0]["is_success"], true);
    EXPECT_EQ(j["canceled_shipment_results"][0]["shipment_id"], 7003);
    EXPECT_EQ(j["order"]["status"], "Cancelled");
    EXPECT_EQ(body_of(h.get("/2025-07/order/5003"))["shipments"][0]["status"], "Cancelled");
}

TEST(OrderCancel, ShippedShipmentsReportFailure) {
    Harness h;
    auto j = body_of(h.send("POST", "/2025-07/order/5005:cancel"));
    EXPECT_EQ(j["status"], "PartialSuccess");
    std::map<int, bool> by_shipment;
    for (const auto& res : j["canceled_shipment_results"]) {
        by_shipment[res["shipment_id"]] = res["is_success"];
        for (const char* f : {"action", "is_success", "reason", "shipment_id"}) EXPECT_TRUE(res.contains(f));
    }
    EXPECT_FALSE(by_shipment[7005]);
    EXPECT_TRUE(by_shipment[7006]);
    EXPECT_EQ(j["order"]["status"], "PartiallyFulfilled");
    EXPECT_EQ(body_of(h.send("POST", "/2025-07/order/5001:cancel"))["status"], "Failure");
    EXPECT_EQ(h.send("POST", "/2025-07/order/424242:cancel").status, 404);
    EXPECT_EQ(h.send("GET", "/2025-07/order/5003:cancel").status, 405);
}

TEST(OrderEstimate, AllMethodsWhenOmittedAndOnlyGivenOnes) {
    Harness h;
    nlohmann::json body = {{"address", {{"city", "Chicago"}, {"country", "US"}}},
                           {"products", {{{"id", 3001}, {"quantity", 2}}, {{"reference_id", "BLANKET-1"}, {"quantity", 1}}}}};
    auto all = h.post("/2025-07/order:estimate", body);
    ASSERT_EQ(all.status, 200) << all.body;
    auto estimates = body_of(all)["estimates"];
    EXPECT_EQ(estimates.size(), 5u);
    for (const auto& e : estimates) {
        for (const char* f : {"estimated_currency_code", "estimated_price", "fulfillment_center", "shipping_method", "total_weight_oz"})
            EXPECT_TRUE(e.contains(f)) << f;
        EXPECT_EQ(e["total_weight_oz"], 76.0);
    }
    body["shipping_methods"] = {"Expedited", "Overnight"};
    auto some = body_of(h.post("/2025-07/order:estimate", body))["estimates"];
    ASSERT_EQ(some.size(), 2u);
    EXPECT_EQ(some[0]["shipping_method"], "Expedited");
    EXPECT_EQ(some[1]["shipping_method"], "Overnight");
    // Required, not said to be non-empty (NS-CREATE-OPTIONAL-FIELDS): no products is an empty parcel.
    body["products"] = nlohmann::json::array();
    auto empty = h.post("/2025-07/order:estimate", body);
    ASSERT_EQ(empty.status, 200) << empty.body;
    EXPECT_EQ(body_of(empty)["estimates"][0]["total_weight_oz"], 0.0);
}

TEST(OrderEstimate, Rejections) {
    Harness h;
    nlohmann::json ok = {{"address", {{"city", "Chicago"}}}, {"products", {{{"id", 3001}, {"quantity", 1}}}}};
    auto no_address = ok;
    no_address.erase("address");
    EXPECT_EQ(field_of(h.post("/2025-07/order:estimate", no_address)), "address");
    auto no_products = ok;
    no_products.erase("products");
    EXPECT_EQ(field_of(h.post("/2025-07/order:estimate", no_products)), "products");
    auto neither = ok;
    neither["products"] = {{{"quantity", 1}}};
    auto r = h.post("/2025-07/order:estimate", neither);
    EXPECT_EQ(r.status, 400);
    EXPECT_EQ(rule_of(r), "ORD-ESTIMATE");
    auto bad_methods = ok;
    bad_methods["shipping_methods"] = {1};
    EXPECT_EQ(h.post("/2025-07/order:estimate", bad_methods).status, 400);
    EXPECT_EQ(h.send("GET", "/2025-07/order:estimate").status, 405);
}

TEST(OrderShipment, GetAndMismatch) {
    Harness h;
    auto r = h.get("/2025-07/order/5001/shipment/7001");
    ASSERT_EQ(r.status, 200);
    auto s = body_of(r);
    EXPECT_EQ(s["id"], 7001);
    EXPECT_EQ(s["tracking"]["tracking_number"], "1ZSEED7001");
    EXPECT_EQ(s["tracking"]["shipping_date"], "2025-06-02T15:00:00Z");
    EXPECT_EQ(h.get("/2025-07/order/5001/shipment/7002").status, 404);
    EXPECT_EQ(h.get("/2025-07/order/5001/shipment/x").status, 400);
    EXPECT_EQ(field_of(h.get("/2025-07/order/5001/shipment/x")), "shipmentId");
}

TEST(StoreOrderJson, KeepsPostedJsonPerOrder) {
    Harness h;
    EXPECT_EQ(body_of(h.get("/2025-07/order/5001/store-order-json")), nlohmann::json::object());
    nlohmann::json doc = {{"shopify_id", 123}, {"lines", {1, 2}}};
    EXPECT_EQ(h.post("/2025-07/order/5001/store-order-json", doc).status, 200);
    EXPECT_EQ(body_of(h.get("/2025-07/order/5001/store-order-json")), doc);
    EXPECT_EQ(body_of(h.get("/2025-07/order/5002/store-order-json")), nlohmann::json::object());
    EXPECT_EQ(h.post("/2025-07/order/424242/store-order-json", doc).status, 404);
    EXPECT_EQ(h.send("POST", "/2025-07/order/5001/store-order-json", "[1]").status, 400);
    // No body at all: the document shows none, so it stores an empty object (NS-OTHER-OPS-SHAPES).
    EXPECT_EQ(h.send("POST", "/2025-07/order/5001/store-order-json", "").status, 200);
    EXPECT_EQ(body_of(h.get("/2025-07/order/5001/store-order-json")), nlohmann::json::object());
}

TEST(Versioning, OldPathsAreNotServed) {
    Harness h;
    EXPECT_EQ(h.send("POST", "/2025-07/order/5003/cancel").status, 404);
    EXPECT_EQ(h.post("/2025-07/order/estimate", {{"products", nlohmann::json::array()}}).status, 404);
    EXPECT_EQ(h.get("/2025-07/shippingmethod").status, 404);
    EXPECT_EQ(h.get("/2025-07/fulfillmentCenter").status, 404);
    EXPECT_EQ(h.get("/2025-07/order/5001/storeOrderJson").status, 404);
    EXPECT_EQ(h.send("POST", "/2025-07/shipment/cancelbulk", "{}").status, 404);
    EXPECT_EQ(h.send("POST", "/2025-07/shipment/7003/cancel").status, 404);
    EXPECT_EQ(h.get("/2025-07/return/1/statushistory").status, 404);
    EXPECT_EQ(h.get("/2.0/order").status, 404);
    EXPECT_EQ(h.get("/2025-07/nothing-here").status, 404);
}

TEST(QueryNames, AreAsTheDocumentSpellsThem) {
    // NS-QUERY-NAME-CASE: another spelling of a documented name is refused, not honoured (a client must not
    // learn here that `limit` works); names the operation does not document are left alone.
    Harness h;
    auto lower = h.get("/2025-07/order?limit=5");
    EXPECT_EQ(lower.status, 400) << lower.body;
    EXPECT_EQ(field_of(lower), "limit");
    EXPECT_EQ(rule_of(lower), "CONV-CASE");
    EXPECT_NE(lower.body.find("spelled Limit"), std::string::npos) << lower.body;
    auto right = h.get("/2025-07/order?Limit=5");
    EXPECT_EQ(right.status, 200) << right.body;
    EXPECT_LE(body_of(right).size(), 5u);
    EXPECT_EQ(h.get("/2025-07/order?Colour=red").status, 200);
    // The document's own spellings that are not PascalCase are the ones: Ids on returns, IDs on orders.
    EXPECT_EQ(h.get("/2025-07/return?Ids=8001").status, 200);
    EXPECT_EQ(h.get("/2025-07/return?IDs=8001").status, 400);
    // The token is judged first (NS-VALIDATION-STATUS: 401 for a missing or invalid one).
    EXPECT_EQ(h.send("GET", "/2025-07/order?limit=5", "", std::string("not-a-token")).status, 401);
}

}  // namespace
}  // namespace dockside::refserver
