// Webhooks: https URLs and documented topics validate; http://, unknown topics and the 2.0 shape
// are refused by WebhookCreateRequest.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "generators/tests/test_support.h"
#include "generators/webhooks_gen.h"

namespace dockside::generators {
namespace {

using nlohmann::json;
using testing::case_named;

RC_GTEST_PROP(WebhooksGen, CreateBodiesValidate, ()) {
    auto body = *gen_webhook_create();
    RC_ASSERT(testing::body_violations("createWebhook", body).empty());
    RC_ASSERT(body["url"].get<std::string>().rfind("https://", 0) == 0);
    std::set<json> topics(body["topics"].begin(), body["topics"].end());
    RC_ASSERT(topics.size() == body["topics"].size());
}

TEST(WebhooksGen, BoundaryAndInvalidCasesHold) {
    testing::expect_body_cases("createWebhook", webhook_create_boundary_cases(), true);
    testing::expect_body_cases("createWebhook", webhook_create_invalid_cases(), false);
}

TEST(WebhooksGen, CasesSayWhatTheyDo) {
    auto cases = webhook_create_invalid_cases();
    EXPECT_EQ(case_named(cases, "http:// url").value["url"].get<std::string>().rfind("http://", 0), 0u);
    auto unknown = case_named(cases, "unknown topic").value["topics"];
    bool has_unknown = false;
    for (const auto& t : unknown)
        has_unknown |= std::find(webhook_topics().begin(), webhook_topics().end(), t.get<std::string>()) == webhook_topics().end();
    EXPECT_TRUE(has_unknown);
    auto old = case_named(cases, "2.0 shape: subscription_url and topic").value;
    EXPECT_TRUE(old.contains("subscription_url") && old.contains("topic") && !old.contains("url"));
    EXPECT_EQ(case_named(webhook_create_boundary_cases(), "all five topics").value["topics"].size(), 5u);
}

}  // namespace
}  // namespace dockside::generators
