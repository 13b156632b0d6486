// Webhooks: create, list and delete subscriptions (WH-CREATE, WH-LIST, WH-DELETE, VER-WEBHOOK-SHAPE), and
// one delivery end to end (WH-DELIVERY, WH-SIGNED): Dockside runs an HTTPS receiver on 127.0.0.1,
// subscribes with and without a secret, ships a shipment of its own order through the simulation control
// and checks what arrives. WH-HTTPS, WH-TOPICS (each documented topic accepted, others not judged:
// NS-WH-TOPIC-LIST) and WH-CREATE's required fields are checks of the rules data (RuleChecks).
// Stances: a delivery body is checked to be JSON only (NS-WH-PAYLOAD); a signed delivery carries a header an unsigned
// one lacks (NS-WH-SIGNATURE), and when it carries the Standard Webhooks headers (webhook-id,
// webhook-timestamp, webhook-signature "v1,…") the signature must verify with the secret: a target that
// declares that scheme and signs wrongly gives receivers nothing to verify with. That deleting a missing
// subscription never answers 404 (NS-WH-DELETE-MISSING) is WH-DELETE's declared_statuses check (RuleChecks).

#include <algorithm>

#include "suites/orders_support.h"
#include "suites/paging_links.h"
#include "suites/suite.h"
#include "harness/conform/run_apart.h"
#include "suites/undocumented_page_sizes.h"
#include "suites/webhooks_receiver.h"

namespace dockside::suites {
namespace {

DOCKSIDE_WALKS("Webhooks", "webhooks", "walks every subscription the target lists");
DOCKSIDE_WRITES("Webhooks", "webhooks", "creates and deletes subscriptions");

using json = nlohmann::json;

json subscription_body(const std::string& url, std::vector<std::string> t, std::optional<std::string> secret = std::nullopt) {
    json body{{"url", url}, {"topics", t}, {"description", "dockside " + unique_ref("WH")}};
    if (secret) body["secret"] = *secret;
    return body;
}

Exchange send_create(const json& body, std::optional<std::string> channel = std::nullopt) {
    return send({.operation = "createWebhook", .body = body, .channel = std::move(channel)});
}

Exchange send_delete(const std::string& id, Auth auth = Auth::Token) {
    return send({.operation = "deleteWebhook", .path = {{"id", id}}, .auth = auth});
}

/// The id of a subscription as text (a string in 2025-07; an integer is shown as its digits).
std::string id_of(const json& s) {
    if (!s.is_object() || !s.contains("id")) return {};
    return s["id"].is_string() ? s["id"].get<std::string>() : s["id"].dump();
}

/// Deletes the subscriptions it holds when the test ends, so no later test receives their deliveries.
struct Cleanup {
    std::vector<std::string> ids;
    ~Cleanup() {
        for (const auto& id : ids) send_delete(id);
    }
};

/// Creates a subscription and expects a conforming body and a string id (WH-CREATE, VER-WEBHOOK-SHAPE).
std::optional<json> create(const json& body, Cleanup& cleanup) {
    Exchange ex = send_create(body);
    if (!needs_success(ex)) return std::nullopt;
    json s = ex.json();
    if (!id_of(s).empty()) cleanup.ids.push_back(id_of(s));
    expect_that(s.is_object() && s.contains("id") && s["id"].is_string(), ex, "VER-WEBHOOK-SHAPE",
                "the subscription id is a JSON string in 2025-07");
    return s;
}

/// Every subscription, following next links from a RecordsPerPage `per_page` first page.
std::optional<std::vector<json>> list_all(int per_page = undocumented_page_sizes::kRecords) {
    Exchange first = send({.operation = "listWebhooks", .query = {{"RecordsPerPage", std::to_string(per_page)}}});
    auto walk = paging::walk_next(first, "listWebhooks", "WH-LIST");
    if (walk.failed || !walk.complete) return std::nullopt;
    return walk.items;
}

std::optional<json> listed(const std::string& id) {
    auto all = list_all();
    if (!all) return std::nullopt;
    for (const auto& s : *all)
        if (id_of(s) == id) return s;
    return std::nullopt;
}

std::size_t count_listed() {
    auto all = list_all();
    return all ? all->size() : 0;
}

TEST(Webhooks, WH_CREATE_SubscriptionReadsBackAndDeletes) {
    Cleanup cleanup;
    // One topic: whether every topic is accepted is WH-TOPICS' question, not this test's.
    json body = subscription_body("https://hooks.dockside.invalid/orders", {"order.shipped"}, "s3cr3t-" + unique_ref("S"));
    auto s = create(body, cleanup);
    if (!s) return;
    Exchange probe = send({.operation = "listWebhooks", .query = {{"RecordsPerPage", "1"}}});
    expect_that(s->value("url", json()) == body["url"], probe, "WH-CREATE", "the subscription answers the url sent");
    std::vector<std::string> got = s->value("topics", std::vector<std::string>{});
    std::sort(got.begin(), got.end());
    expect_that(got == std::vector<std::string>{"order.shipped"}, probe, "WH-CREATE", "the subscription answers the topics sent");
    expect_that(s->value("description", json()) == body["description"], probe, "VER-WEBHOOK-SHAPE",
                "the subscription answers the description sent");
    expect_that(s->contains("secret"), probe, "VER-WEBHOOK-SHAPE", "the subscription carries secret");

    auto read = listed(id_of(*s));
    expect_that(read.has_value() && read->value("url", json()) == body["url"], probe, "WH-LIST",
                "GET /webhook lists the new subscription with its url");

    Exchange del = send_delete(id_of(*s));
    if (!needs_success(del)) return;
    expect_that(!listed(id_of(*s)).has_value(), del, "WH-DELETE-GONE", "a deleted subscription is gone from GET /webhook");
}

TEST(Webhooks, WH_CREATE_ChannelHeaderNotNeeded) {
    Cleanup cleanup;
    Exchange ex = send_create(subscription_body("https://hooks.dockside.invalid/nochannel", {"order.shipped"}), std::string());
    expect_that(ex.status() >= 200 && ex.status() < 300, ex, "WH-CREATE", "a create without the channel header is accepted");
    if (!id_of(ex.json()).empty()) cleanup.ids.push_back(id_of(ex.json()));
}

// Refusing an http URL (WH-HTTPS) and creates without topics or url (WH-CREATE's required fields) are
// checks of the rules data. What they cannot see: a refused create adds no subscription (ERR-NOSIDE).
TEST(Webhooks, ERR_NOSIDE_RefusedHttpUrlAddsNoSubscription) {
    const std::size_t before = count_listed();
    Exchange ex = send_create(subscription_body("http://hooks.dockside.invalid/plain", {"order.shipped"}));
    Cleanup cleanup;
    if (ex.status() / 100 == 2 && !id_of(ex.json()).empty()) cleanup.ids.push_back(id_of(ex.json()));
    if (ex.status() < 400 || ex.status() >= 500)
        DOCKSIDE_SKIP("the target did not refuse the http URL (WH-HTTPS's check judges that), so no refusal's effect can be seen");
    expect_no_side_effect(count_listed() == before, ex, "a refused create adds no subscription");
}

TEST(Webhooks, ERR_4XX_InvalidCreateBodiesRefused) {
    const std::size_t before = count_listed();
    Cleanup cleanup;
    const std::string url = "https://hooks.dockside.invalid/invalid";
    std::vector<std::pair<std::string, json>> cases = {
        {"topics is a string", json{{"url", url}, {"topics", "order.shipped"}}},
        {"url is not a URL", json{{"url", "not a url"}, {"topics", {"order.shipped"}}}},
        {"url is a number", json{{"url", 42}, {"topics", {"order.shipped"}}}},
        {"body is an array", json::array({url})},
        // The 2.0 request shape (VER-WEBHOOK-SHAPE): subscription_url and a single topic.
        {"2.0 shape", json{{"subscription_url", url}, {"topic", "order_shipped"}}},
    };
    bool all_refused = true;
    for (const auto& [what, body] : cases) {
        SCOPED_TRACE(what);
        Exchange ex = send_create(body);
        if (ex.status() / 100 == 2 && !id_of(ex.json()).empty()) cleanup.ids.push_back(id_of(ex.json()));
        all_refused = expect_rejected(ex, what == "2.0 shape" ? "VER-WEBHOOK-SHAPE" : "ERR-4XX") && all_refused;
        expect_no_5xx(ex);
    }
    // A create that was accepted is its rule's finding; whether it added a subscription follows from it.
    if (all_refused)
        expect_no_side_effect(count_listed() == before, send({.operation = "listWebhooks"}), "refused creates add no subscription");
}


TEST(Webhooks, WH_DELETE_AuthenticationAndPermission) {
    Cleanup cleanup;
    std::optional<json> s;
    {
        SetupStep setup("creating a subscription of the test's own");
        s = create(subscription_body("https://hooks.dockside.invalid/auth", {"order.shipped"}), cleanup);
    }
    if (!s) return;
    const std::string id = id_of(*s);
    expect_status(send_delete(id, Auth::None), 401, "WH-DELETE");
    expect_status(send_delete(id, Auth::Bad), 401, "WH-DELETE");
    if (has_read_only_token()) expect_status(send_delete(id, Auth::ReadOnly), 403, "WH-DELETE");
    Exchange probe = send({.operation = "listWebhooks"});
    expect_no_side_effect(listed(id).has_value(), probe, "a refused delete leaves the subscription in place");
}

TEST(Webhooks, WH_LIST_RecordsPerPagePagesDisjointAndComplete) {
    Cleanup cleanup;
    {
        SetupStep setup("creating three subscriptions of the test's own");
        for (int i = 0; i < 3; ++i)
            if (!create(subscription_body("https://hooks.dockside.invalid/page" + std::to_string(i), {"order.shipped"}), cleanup))
                return;
    }
    auto all = list_all();
    if (!all) DOCKSIDE_SKIP("not observed: the subscription list could not be read to its end");
    auto keys = paging::keys_of(*all);
    const std::set<std::string> reference(keys.begin(), keys.end());
    // Small pages, unless the account holds so many subscriptions that they would make a long walk.
    const int smallest = paging::page_size_for(reference.size());
    for (int per : {smallest, smallest + 1}) {
        SCOPED_TRACE(per);
        Exchange first = send({.operation = "listWebhooks", .query = {{"RecordsPerPage", std::to_string(per)}}});
        auto walk = paging::walk_next(first, "listWebhooks", "WH-LIST");
        if (!walk.failed && !paging::expect_disjoint_complete(walk, reference, static_cast<std::size_t>(per), "WH-LIST", "listWebhooks"))
            DOCKSIDE_SKIP("not observed: the walk did not end within " + walk.stopped);
    }
}

/// The first shipment id of a fresh order of ours, in a state the simulation can ship.
std::optional<std::int64_t> fresh_shipment() {
    auto order = orders_support::create_probe_order("WH-E2E");
    if (!order) return std::nullopt;
    for (const auto& s : orders_support::shipments_of(*order))
        if (s.contains("id") && s["id"].is_number_integer()) return s["id"].get<std::int64_t>();
    return std::nullopt;
}

TEST(Webhooks, WH_SIGNED_DeliveryArrivesSignedOverHttps) {
    if (!sim_available()) DOCKSIDE_SKIP("triggering a shipment event needs the simulation control");
    const auto& info = current_session().info();
    if (!info.embedded && info.webhook_host.empty())
        DOCKSIDE_SKIP("the receiver listens on 127.0.0.1, which only an in-process target can reach; "
                      "--webhook-listen (and --webhook-public-url) let another target reach it");
    auto receiver = info.webhook_host.empty()
                        ? webhooks::Receiver::start()
                        : webhooks::Receiver::start(info.webhook_host, info.webhook_port, info.webhook_public_url);
    ASSERT_TRUE(receiver.ok()) << receiver.error();
    Cleanup cleanup;
    const std::string secret = "whsec-" + unique_ref("K");
    const std::string tag = unique_ref("P");
    auto signed_sub = create(subscription_body((*receiver)->url("/signed/" + tag), {"order.shipped"}, secret), cleanup);
    auto plain_sub = create(subscription_body((*receiver)->url("/plain/" + tag), {"order.shipped"}), cleanup);
    ASSERT_TRUE(signed_sub && plain_sub);
    auto shipment = fresh_shipment();
    ASSERT_TRUE(shipment.has_value()) << "a fresh order with a shipment is needed to trigger order.shipped";
    Exchange shipped = sim("simShipShipment", {{"shipmentId", *shipment}});
    ASSERT_EQ(shipped.status(), 200) << "the simulation could not ship shipment " << *shipment;

    auto at = [](const std::string& prefix) {
        return [prefix](const http::Request& r) { return r.path().substr(0, prefix.size()) == prefix; };
    };
    auto signed_req = (*receiver)->wait_for(at("/signed/" + tag), std::chrono::seconds(10));
    auto plain_req = (*receiver)->wait_for(at("/plain/" + tag), std::chrono::seconds(5));
    if (!signed_req || !plain_req) {
        record_failure("WH-DELIVERY", "createWebhook",
                       "no order.shipped delivery reached the subscribed HTTPS url within 10 s (signed: " +
                           std::string(signed_req ? "yes" : "no") + ", unsigned: " + (plain_req ? "yes" : "no") + ")");
        return;
    }
    for (const auto* r : {&*signed_req, &*plain_req}) {
        const http::Response as_response{0, r->headers, r->body};
        if (r->method != "POST" || as_response.media_type() != "application/json")
            record_failure("WH-DELIVERY", "createWebhook",
                           "a delivery must be an HTTP POST of application/json; got " + r->method + " with " +
                               std::string(r->headers.get("Content-Type").value_or("no Content-Type")));
        if (json::parse(r->body, nullptr, false).is_discarded())
            record_failure("WH-DELIVERY", "createWebhook", "a delivery body is not JSON: " + r->body.substr(0, 200));
    }
    bool differs = false;
    for (const auto& h : signed_req->headers)
        differs = differs || !plain_req->headers.has(h.name);
    if (!differs)
        record_failure("WH-SIGNED", "createWebhook",
                       "the delivery of a subscription with a secret carries no header that an unsigned delivery lacks");
    if (webhooks::uses_standard_webhooks(*signed_req)) {
        if (!webhooks::verifies(*signed_req, secret))
            record_failure("WH-SIGNED", "createWebhook",
                           "webhook-signature " + std::string(signed_req->headers.get("webhook-signature").value_or("")) +
                               " does not verify with the subscription secret under Standard Webhooks (expected " +
                               webhooks::standard_signature(secret, std::string(signed_req->headers.get("webhook-id").value_or("")),
                                                            std::string(signed_req->headers.get("webhook-timestamp").value_or("")),
                                                            signed_req->body) + ")");
    } else if (current_session().strict()) {
        record_failure("WH-SIGNED", "createWebhook",
                       "strict profile: a signed delivery must carry Standard Webhooks headers (webhook-id, "
                       "webhook-timestamp, webhook-signature v1,…)");
    }
}

}  // namespace
}  // namespace dockside::suites
