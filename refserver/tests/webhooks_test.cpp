// Webhooks: create/list/delete (WH-CREATE, WH-HTTPS, WH-TOPICS, WH-DELETE, WH-DELETE-GONE, WH-LIST,
// VER-WEBHOOK-SHAPE) and signed deliveries to an HTTPS receiver (WH-DELIVERY, WH-SIGNED, NS-WH-RETRY).

#include <algorithm>
#include <chrono>

#include "refserver/tests/flow_support.h"
#include "refserver/webhooks/dispatcher.h"

namespace dockside::refserver {
namespace {
using namespace testing;
using namespace std::chrono_literals;

http::Request webhook_request(Harness& h, const std::string& method, const std::string& target,
                              const std::string& body = "", std::optional<std::string> token = std::nullopt) {
    http::Request r{method, target, {{"Authorization", "Bearer " + token.value_or(h.server->pat())}}, body};
    if (!body.empty()) r.headers.set("Content-Type", "application/json");
    return r;  // deliberately without the channel header
}

http::Response create(Harness& h, const nlohmann::json& body) {
    return h.raw(webhook_request(h, "POST", "/2025-07/webhook", body.dump()));
}

const nlohmann::json kValid = {{"url", "https://hooks.example.com/dockside"},
                               {"topics", {"order.shipped", "order.shipment.cancelled"}},
                               {"description", "test hook"},
                               {"secret", "whsec-test"}};

TEST(WebhookCreate, AnswersTheSubscriptionWithoutAChannelHeader) {  // WH-CREATE, VER-WEBHOOK-SHAPE
    Harness h;
    auto r = create(h, kValid);
    ASSERT_EQ(r.status, 200) << r.body;
    auto j = body_of(r);
    ASSERT_TRUE(j["id"].is_string());
    EXPECT_EQ(j["url"], kValid["url"]);
    EXPECT_EQ(j["topics"], kValid["topics"]);
    EXPECT_EQ(j["description"], "test hook");
    EXPECT_EQ(j["secret"], "whsec-test");
    EXPECT_EQ(j["created_at"], "2025-07-01T12:00:00Z");
    auto minimal = body_of(create(h, {{"url", "https://x.example.com/"}, {"topics", {"order.shipment.on_hold"}}}));
    EXPECT_TRUE(minimal["description"].is_null());
    EXPECT_EQ(minimal["secret"], "");
    EXPECT_NE(minimal["id"], j["id"]);
    // A channel header, even a foreign one, is not looked at.
    auto with_channel = webhook_request(h, "POST", "/2025-07/webhook", kValid.dump());
    with_channel.headers.set("service_channel_id", "900");
    EXPECT_EQ(h.raw(with_channel).status, 200);
}

TEST(WebhookCreate, RejectsBadBodies) {  // WH-HTTPS, WH-TOPICS, WH-CREATE
    Harness h;
    auto with = [](const char* key, nlohmann::json value) {
        auto b = kValid;
        if (value.is_discarded()) b.erase(key);
        else b[key] = std::move(value);
        return b;
    };
    const nlohmann::json drop = nlohmann::json::value_t::discarded;
    const std::vector<std::pair<nlohmann::json, std::string>> cases = {
        {with("url", "http://hooks.example.com/"), "WH-HTTPS"},
        {with("url", "ftp://hooks.example.com/"), "WH-CREATE"},
        {with("url", "not a url"), "WH-CREATE"},
        {with("url", drop), "WH-CREATE"},
        {with("topics", drop), "WH-CREATE"},
        {with("topics", nlohmann::json::array()), "WH-CREATE"},
        {with("topics", {"order_shipped"}), "WH-TOPICS"},
        {with("topics", "order.shipped"), "ERR-4XX"},
        {with("secret", 5), "CONV-TYPES"}};
    for (const auto& [body, rule] : cases) {
        auto r = create(h, body);
        EXPECT_EQ(r.status, 400) << body.dump();
        if (rule != "ERR-4XX" && rule != "CONV-TYPES") {
            EXPECT_EQ(rule_of(r), rule) << body.dump();
        }
    }
    EXPECT_EQ(h.raw(webhook_request(h, "POST", "/2025-07/webhook", kValid.dump(), h.server->read_only_token())).status, 403);
    EXPECT_EQ(h.raw({"POST", "/2025-07/webhook", {{"Content-Type", "application/json"}}, kValid.dump()}).status, 401);
}

TEST(WebhookList, PagesWithRecordsPerPageAndCursor) {  // WH-LIST
    Harness h;
    std::vector<std::string> created;
    for (int i = 0; i < 3; ++i) created.push_back(body_of(create(h, kValid))["id"]);
    auto p1 = body_of(h.get("/2025-07/webhook?RecordsPerPage=2"));
    ASSERT_EQ(p1["items"].size(), 2u);
    EXPECT_TRUE(p1["prev"].is_null());
    auto next = p1["next"].get<std::string>();
    auto p2 = body_of(h.get(next.substr(std::string("http://refserver.test").size())));
    ASSERT_EQ(p2["items"].size(), 1u);
    EXPECT_TRUE(p2["next"].is_null());
    EXPECT_FALSE(p2["prev"].is_null());
    EXPECT_EQ((std::vector<std::string>{p1["items"][0]["id"], p1["items"][1]["id"], p2["items"][0]["id"]}), created);
    EXPECT_EQ(body_of(h.get("/2025-07/webhook"))["items"].size(), 3u);
    EXPECT_EQ(h.get("/2025-07/webhook?RecordsPerPage=0").status, 400);
    EXPECT_EQ(h.get("/2025-07/webhook?Cursor=zz").status, 400);
}

TEST(WebhookDelete, Answers204AndTheSubscriptionIsGone) {  // WH-DELETE, WH-DELETE-GONE
    Harness h;
    std::string id = body_of(create(h, kValid))["id"];
    auto r = h.raw(webhook_request(h, "DELETE", "/2025-07/webhook/" + id));
    EXPECT_EQ(r.status, 204);
    EXPECT_TRUE(r.body.empty());
    EXPECT_TRUE(body_of(h.get("/2025-07/webhook"))["items"].empty());
    EXPECT_EQ(h.raw(webhook_request(h, "DELETE", "/2025-07/webhook/" + id)).status, 204);  // missing: still 204
    EXPECT_EQ(h.raw(webhook_request(h, "DELETE", "/2025-07/webhook/not-an-id")).status, 204);
    EXPECT_EQ(h.raw({"DELETE", "/2025-07/webhook/1", {}, ""}).status, 401);
    EXPECT_EQ(h.raw(webhook_request(h, "DELETE", "/2025-07/webhook/1", "", h.server->read_only_token())).status, 403);
}

TEST(WebhookDelivery, SignedPostWithThePayloadOnShipmentCancel) {  // WH-DELIVERY, WH-SIGNED
    Receiver receiver;
    FlowHarness h;
    subscribe(h, receiver.url("/hooks?src=dockside"), {"order.shipment.cancelled"}, "s3cret");
    ASSERT_EQ(h.send("POST", "/2025-07/shipment/7003:cancel").status, 200);
    auto got = receiver.wait_for(1);
    ASSERT_EQ(got.size(), 1u);
    const auto& d = got[0];
    EXPECT_EQ(d.method, "POST");
    EXPECT_EQ(d.target, "/hooks?src=dockside");
    EXPECT_EQ(d.headers.get("Content-Type").value_or(""), "application/json");
    EXPECT_EQ(std::string(d.headers.get("webhook-id").value_or("")).rfind("msg_", 0), 0u);
    EXPECT_TRUE(signature_verifies(d, "s3cret"));
    EXPECT_FALSE(signature_verifies(d, "other"));
    auto payload = nlohmann::json::parse(d.body);
    EXPECT_EQ(payload["type"], "order.shipment.cancelled");
    EXPECT_EQ(payload["timestamp"], "2025-07-01T12:00:00Z");
    EXPECT_EQ(payload["data"]["order_id"], 5003);
    EXPECT_EQ(payload["data"]["shipment_id"], 7003);
    EXPECT_EQ(payload["data"]["order"]["id"], 5003);
}

TEST(WebhookDelivery, OnlySubscribedTopicsAndUnsignedWithoutSecret) {
    Receiver receiver;
    FlowHarness h;
    subscribe(h, receiver.url(), {"order.shipped"}, "");
    ASSERT_EQ(h.send("POST", "/2025-07/order/5011:cancel").status, 200);  // cancelled: not subscribed
    ASSERT_EQ(h.sim("POST", "/_sim/shipment/7003:ship").status, 200);
    auto got = receiver.wait_for(1);
    ASSERT_EQ(got.size(), 1u);
    EXPECT_EQ(nlohmann::json::parse(got[0].body)["type"], "order.shipped");
    EXPECT_TRUE(got[0].headers.has("webhook-id"));
    EXPECT_TRUE(got[0].headers.has("webhook-timestamp"));
    EXPECT_FALSE(got[0].headers.has("webhook-signature"));
    std::this_thread::sleep_for(100ms);
    EXPECT_EQ(receiver.received().size(), 1u);
}

TEST(WebhookDelivery, RetriesAfterA500KeepingTheWebhookId) {  // NS-WH-RETRY
    Receiver receiver({500});
    FlowHarness h;
    subscribe(h, receiver.url(), {"order.shipment.cancelled"});
    ASSERT_EQ(h.send("POST", "/2025-07/shipment/7003:cancel").status, 200);
    auto got = receiver.wait_for(2);
    ASSERT_EQ(got.size(), 2u);
    EXPECT_EQ(got[0].headers.get("webhook-id"), got[1].headers.get("webhook-id"));
    EXPECT_EQ(got[0].body, got[1].body);
    EXPECT_TRUE(signature_verifies(got[1], "s3cret"));
    nlohmann::json log;
    for (int i = 0; i < 100; ++i) {  // the receiver answers before the worker records the attempt
        log = body_of(h.sim("GET", "/_sim/webhook-deliveries"))["deliveries"];
        if (log.size() == 1 && log[0]["state"] != "pending") break;
        std::this_thread::sleep_for(20ms);
    }
    ASSERT_EQ(log.size(), 1u);
    EXPECT_EQ(log[0]["state"], "delivered");
    EXPECT_EQ(log[0]["attempts"].size(), 2u);
    EXPECT_EQ(log[0]["attempts"][0]["status"], 500);
}

TEST(WebhookDelivery, GivesUpAfterBoundedAttempts) {
    Receiver receiver({500, 500, 500, 500, 500, 500, 500, 500});
    WebhookDispatcher dispatcher({.insecure = true, .backoff = 5ms, .max_attempts = 4});
    dispatcher.enqueue({"msg_1", "1", "order.shipped", receiver.url(), "k", "{}"});
    ASSERT_TRUE(dispatcher.wait_until_settled(10s));
    auto records = dispatcher.records();
    ASSERT_EQ(records.size(), 1u);
    EXPECT_EQ(records[0].state, DeliveryRecord::State::Failed);
    EXPECT_EQ(records[0].attempts.size(), 4u);
    EXPECT_EQ(receiver.received().size(), 4u);
}

TEST(WebhookDelivery, UnreachableReceiverFailsAndDestructionIsPrompt) {
    auto start = std::chrono::steady_clock::now();
    {
        WebhookDispatcher dispatcher({.backoff = 60s, .max_attempts = 3, .attempt_timeout = 1s});
        dispatcher.enqueue({"msg_2", "1", "order.shipped", "https://127.0.0.1:1/", "k", "{}"});
        // The first attempt fails at once (nothing listens on port 1); the retry waits a minute. Polled, not
        // slept for: under ThreadSanitizer on a busy machine the first attempt can take more than 300 ms.
        auto records = dispatcher.records();
        for (const auto until = std::chrono::steady_clock::now() + 10s;
             (records.empty() || records[0].attempts.empty()) && std::chrono::steady_clock::now() < until;
             records = dispatcher.records())
            std::this_thread::sleep_for(20ms);
        ASSERT_EQ(records.size(), 1u);
        ASSERT_EQ(records[0].attempts.size(), 1u);
        EXPECT_EQ(records[0].attempts[0].status, 0);
        EXPECT_FALSE(records[0].attempts[0].error.empty());
        start = std::chrono::steady_clock::now();  // destruction, with a retry pending, must not wait for it
    }
    EXPECT_LT(std::chrono::steady_clock::now() - start, 5s);
}

/// Waits until every record of `dispatcher` has had at least one attempt; the records then.
std::vector<DeliveryRecord> after_first_attempts(const WebhookDispatcher& dispatcher, std::size_t expected) {
    auto records = dispatcher.records();
    auto attempted = [&] {
        return records.size() == expected &&
               std::all_of(records.begin(), records.end(), [](const DeliveryRecord& r) { return !r.attempts.empty(); });
    };
    for (const auto until = std::chrono::steady_clock::now() + 60s; !attempted() && std::chrono::steady_clock::now() < until;
         records = dispatcher.records())
        std::this_thread::sleep_for(20ms);
    return records;
}

TEST(WebhookDelivery, RemembersTheNewestThousandFinishedAndEveryPending) {
    // Finished deliveries beyond the newest thousand are forgotten, oldest first.
    {
        WebhookDispatcher dispatcher({.backoff = 5ms, .max_attempts = 1});
        for (int i = 1; i <= 1100; ++i)
            dispatcher.enqueue({"msg_" + std::to_string(i), "1", "order.shipped", "http://127.0.0.1:1/", "k", "{}"});
        ASSERT_TRUE(dispatcher.wait_until_settled(60s));
        const auto records = dispatcher.records();
        ASSERT_EQ(records.size(), 1000u);
        EXPECT_EQ(records.front().delivery.webhook_id, "msg_101");
        EXPECT_EQ(records.back().delivery.webhook_id, "msg_1100");
    }
    // A delivery waiting for its retry is never forgotten, however many there are.
    WebhookDispatcher waiting({.backoff = 60s, .max_attempts = 2});
    for (int i = 1; i <= 1100; ++i)
        waiting.enqueue({"msg_" + std::to_string(i), "1", "order.shipped", "http://127.0.0.1:1/", "k", "{}"});
    const auto records = after_first_attempts(waiting, 1100);
    ASSERT_EQ(records.size(), 1100u);
    EXPECT_TRUE(std::all_of(records.begin(), records.end(), [](const DeliveryRecord& r) {
        return r.state == DeliveryRecord::State::Pending && r.attempts.size() == 1;
    }));
}

TEST(WebhookDelivery, CertificatesAreVerifiedUnlessInsecure) {
    Receiver receiver;
    WebhookDispatcher dispatcher({.backoff = 5ms, .max_attempts = 1});
    dispatcher.enqueue({"msg_3", "1", "order.shipped", receiver.url(), "k", "{}"});
    ASSERT_TRUE(dispatcher.wait_until_settled(10s));
    EXPECT_EQ(dispatcher.records()[0].state, DeliveryRecord::State::Failed);
    EXPECT_TRUE(receiver.received().empty());
}

TEST(WebhookDelivery, DeletedSubscriptionReceivesNothing) {  // WH-DELETE-GONE
    Receiver receiver;
    FlowHarness h;
    auto id = subscribe(h, receiver.url(), {"order.shipment.cancelled"});
    ASSERT_EQ(h.raw(webhook_request(h, "DELETE", "/2025-07/webhook/" + id)).status, 204);
    ASSERT_EQ(h.send("POST", "/2025-07/shipment/7003:cancel").status, 200);
    std::this_thread::sleep_for(200ms);
    EXPECT_TRUE(receiver.received().empty());
    EXPECT_TRUE(body_of(h.sim("GET", "/_sim/webhook-deliveries"))["deliveries"].empty());
}

TEST(WebhookSignature, MatchesTheStandardWebhooksExample) {
    // HMAC-SHA256 over "id.timestamp.body", base64: checked against an independent computation
    // (python3 -c "import hmac,hashlib,base64; print(base64.b64encode(hmac.new(b'k', b'msg_1.1700000000.{}', hashlib.sha256).digest()))").
    EXPECT_EQ(standard_webhook_signature("k", "msg_1", 1700000000, "{}"), "v1,LTBsW2zNVsMNlXYZbgw/T+jGxr1msQBcXoa3h1dR9wQ=");
}

}  // namespace
}  // namespace dockside::refserver
