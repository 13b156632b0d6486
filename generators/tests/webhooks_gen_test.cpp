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
    // The topic list is open (NS-WH-TOPIC-LIST): an unknown topic is not an invalid case.
    for (const auto& gen : cases) {
        const Case c = testing::sample(gen, 1);
        EXPECT_EQ(c.what.find("unknown topic"), std::string::npos) << c.what;
    }
    const auto topics = webhook_topics();
    EXPECT_EQ(topics.size(), 5u);  // the documented list, read from the spec
    auto old = case_named(cases, "2.0 shape: subscription_url and topic").value;
    EXPECT_TRUE(old.contains("subscription_url") && old.contains("topic") && !old.contains("url"));
    EXPECT_EQ(case_named(webhook_create_boundary_cases(), "every documented topic").value["topics"].size(), 5u);
}

}  // namespace
}  // namespace dockside::generators
