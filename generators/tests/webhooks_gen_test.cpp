// Webhooks: create bodies carry an https URL and distinct documented topics, and validate.
#include <set>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "generators/tests/test_support.h"
#include "generators/webhooks_gen.h"

namespace dockside::generators {
namespace {

using nlohmann::json;

RC_GTEST_PROP(WebhooksGen, CreateBodiesValidate, ()) {
    auto body = *gen_webhook_create();
    RC_ASSERT(testing::body_violations("createWebhook", body).empty());
    RC_ASSERT(body["url"].get<std::string>().rfind("https://", 0) == 0);
    std::set<json> topics(body["topics"].begin(), body["topics"].end());
    RC_ASSERT(topics.size() == body["topics"].size());
}

TEST(WebhooksGen, TopicsAreTheDocumentedList) {
    EXPECT_EQ(webhook_topics().size(), 5u);  // read from the spec
}

}  // namespace
}  // namespace dockside::generators
