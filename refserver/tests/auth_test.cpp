// Authentication and authorization outcomes (AUTH-BEARER, AUTH-FORBID, AUTH-CHANNEL, AUTH-SCOPES).

#include "refserver/auth/jwt.h"
#include "refserver/tests/test_support.h"

namespace dockside::refserver {
namespace {
using namespace testing;

TEST(Auth, PatReadsSucceed) {
    Harness h;
    EXPECT_EQ(h.get("/2025-07/order").status, 200);
    EXPECT_EQ(h.get("/2025-07/channel").status, 200);
}

TEST(Auth, MissingTokenIs401WithChallenge) {
    Harness h;
    http::Request r{"GET", "/2025-07/order", {}, ""};
    auto resp = h.raw(r);
    EXPECT_EQ(resp.status, 401);
    EXPECT_EQ(resp.headers.get("WWW-Authenticate"), "Bearer");
    EXPECT_EQ(rule_of(resp), "AUTH-BEARER");
    EXPECT_EQ(resp.media_type(), "application/json");
}

TEST(Auth, BadTokenAndBadSchemeAre401) {
    Harness h;
    EXPECT_EQ(h.send("GET", "/2025-07/order", "", std::string("not-a-token")).status, 401);
    http::Request basic{"GET", "/2025-07/order", {{"Authorization", "Basic " + h.server->pat()}}, ""};
    EXPECT_EQ(h.raw(basic).status, 401);
    http::Request empty{"GET", "/2025-07/order", {{"Authorization", "Bearer "}}, ""};
    EXPECT_EQ(h.raw(empty).status, 401);
}

TEST(Auth, PatNeverExpires) {
    Harness h;
    h.clock->advance(std::chrono::hours(24 * 365 * 5));
    EXPECT_EQ(h.get("/2025-07/order").status, 200);
}

TEST(Auth, MissingScopeIs403) {
    Harness h;
    auto ro = h.server->read_only_token();
    auto ro_channel = std::to_string(h.server->read_only_channel_id());
    EXPECT_EQ(h.send("GET", "/2025-07/order", "", ro, ro_channel).status, 200);
    auto resp = h.send("POST", "/2025-07/order", valid_order("RO-1").dump(), ro, ro_channel);
    EXPECT_EQ(resp.status, 403);
    EXPECT_EQ(rule_of(resp), "AUTH-FORBID");
    EXPECT_EQ(h.send("POST", "/2025-07/shipment:batchCancel", R"({"shipment_ids":[7003]})", ro, ro_channel).status, 403);
    EXPECT_EQ(h.get("/2025-07/order/5003").status, 200);  // the refused cancel above changed nothing
    EXPECT_EQ(body_of(h.get("/2025-07/order/5003"))["status"], "Processing");
}

TEST(Auth, MissingChannelHeaderOnWriteIs400) {
    Harness h;
    http::Request r{"POST", "/2025-07/order",
                    {{"Authorization", "Bearer " + h.server->pat()}, {"Content-Type", "application/json"}},
                    valid_order("NOCH-1").dump()};
    auto resp = h.raw(r);
    EXPECT_EQ(resp.status, 400);
    EXPECT_EQ(rule_of(resp), "AUTH-CHANNEL");
    EXPECT_EQ(field_of(resp), "service_channel_id");
}

TEST(Auth, ChannelHeaderOptionalOnReads) {
    Harness h;
    http::Request r{"GET", "/2025-07/order", {{"Authorization", "Bearer " + h.server->pat()}}, ""};
    EXPECT_EQ(h.raw(r).status, 200);
}

TEST(Auth, ForeignChannelIs403) {
    Harness h;
    auto resp = h.send("POST", "/2025-07/order", valid_order("FOREIGN-1").dump(), std::nullopt, std::string("900"));
    EXPECT_EQ(resp.status, 403);
    EXPECT_EQ(rule_of(resp), "AUTH-CHANNEL");
    EXPECT_EQ(h.send("POST", "/2025-07/order", valid_order("FOREIGN-2").dump(), std::nullopt, std::string("424242")).status, 403);
    EXPECT_EQ(h.send("GET", "/2025-07/order", "", std::nullopt, std::string("900")).status, 403);
}

TEST(Auth, ReadOnlyChannelOnWriteIs403) {
    Harness h;
    auto resp = h.send("POST", "/2025-07/order", valid_order("ROCH-1").dump(), std::nullopt,
                       std::to_string(h.server->read_only_channel_id()));
    EXPECT_EQ(resp.status, 403);
    EXPECT_EQ(rule_of(resp), "AUTH-CHANNEL");
}

TEST(Auth, NonNumericChannelHeaderIs400) {
    Harness h;
    auto resp = h.send("POST", "/2025-07/order", valid_order("BADCH-1").dump(), std::nullopt, std::string("abc"));
    EXPECT_EQ(resp.status, 400);
    EXPECT_EQ(field_of(resp), "service_channel_id");
}

TEST(Jwt, SignsAndVerifies) {
    auto token = sign_jwt({{"nonce", "n1"}}, "key");
    EXPECT_EQ(std::count(token.begin(), token.end(), '.'), 2);
    auto payload = verify_jwt(token, "key");
    ASSERT_TRUE(payload.has_value());
    EXPECT_EQ((*payload)["nonce"], "n1");
    EXPECT_FALSE(verify_jwt(token, "other-key").has_value());
    EXPECT_FALSE(verify_jwt("a.b", "key").has_value());
}

}  // namespace
}  // namespace dockside::refserver
