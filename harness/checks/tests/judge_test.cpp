#include "harness/checks/judge.h"

#include <gtest/gtest.h>

namespace dockside::checks {
namespace {

Probe probe(Expect expect) {
    Probe p;
    p.rule_id = "ORD-GIFT-500";
    p.check_type = "max_length";
    p.what = "gift_message of 501 characters is rejected";
    p.operation = "createOrder";
    p.expect = expect;
    return p;
}

Observation answer(int status, std::string content_type = "application/json", std::string body = "{}") {
    return {status, "", std::move(content_type), std::move(body)};
}

TEST(CheckJudge, RejectedMeansAny4xxUnlessStrict) {
    EXPECT_FALSE(judge(probe(Expect::Rejected), answer(400)));
    EXPECT_FALSE(judge(probe(Expect::Rejected), answer(422)));
    auto accepted = judge(probe(Expect::Rejected), answer(201));
    ASSERT_TRUE(accepted);
    EXPECT_EQ(accepted->rule_id, "ORD-GIFT-500");
    EXPECT_EQ(accepted->operation, "createOrder");
    EXPECT_NE(accepted->message.find("Received: 201 / Expected: 4XX"), std::string::npos) << accepted->message;
    EXPECT_TRUE(judge(probe(Expect::Rejected), answer(500)));
    JudgeOptions strict{400, {}, ""};
    EXPECT_TRUE(judge(probe(Expect::Rejected), answer(422), strict));
    EXPECT_FALSE(judge(probe(Expect::Rejected), answer(400), strict));
}

TEST(CheckJudge, AServerErrorIsReportedUnderTheNo5xxRule) {
    JudgeOptions options;
    options.server_error_rule = "ERR-NO5XX";
    auto finding = judge(probe(Expect::Accepted), answer(503), options);
    ASSERT_TRUE(finding);
    EXPECT_EQ(finding->rule_id, "ERR-NO5XX");
    EXPECT_NE(finding->message.find("ORD-GIFT-500 not judged"), std::string::npos) << finding->message;
    EXPECT_EQ(judge(probe(Expect::Accepted), answer(422), options)->rule_id, "ORD-GIFT-500");
}

TEST(CheckJudge, NoResponseIsAFindingSayingWhy) {
    Observation none{0, "connection refused", "", ""};
    auto finding = judge(probe(Expect::Accepted), none);
    ASSERT_TRUE(finding);
    EXPECT_NE(finding->message.find("connection refused"), std::string::npos);
}

TEST(CheckJudge, StatusesDocumentedAndRuledOut) {
    Probe exact = probe(Expect::Status);
    exact.status = 201;
    EXPECT_FALSE(judge(exact, answer(201)));
    EXPECT_TRUE(judge(exact, answer(200)));
    Probe documented = probe(Expect::Documented);
    documented.statuses = {204, 401, 403};
    EXPECT_FALSE(judge(documented, answer(204)));
    EXPECT_TRUE(judge(documented, answer(404)));
    Probe never = probe(Expect::NotAmong);
    never.statuses = {404};
    EXPECT_FALSE(judge(never, answer(400)));
    EXPECT_TRUE(judge(never, answer(404)));
    EXPECT_TRUE(judge(never, answer(503)));
}

TEST(CheckJudge, ServedAndNotServed) {
    EXPECT_FALSE(judge(probe(Expect::Served), answer(400)));
    EXPECT_TRUE(judge(probe(Expect::Served), answer(404)));
    EXPECT_TRUE(judge(probe(Expect::Served), answer(405)));
    EXPECT_FALSE(judge(probe(Expect::NotServed), answer(404)));
    EXPECT_TRUE(judge(probe(Expect::NotServed), answer(200)));
    JudgeOptions strict{std::nullopt, {404, 405}, ""};
    EXPECT_TRUE(judge(probe(Expect::NotServed), answer(400), strict));
}

TEST(CheckJudge, JsonResponseChecksMediaTypeAndBody) {
    Probe p = probe(Expect::JsonResponse);
    p.content_type = "application/json";
    EXPECT_FALSE(judge(p, answer(200, "application/json; charset=utf-8", "[]")));
    auto wrong = judge(p, answer(200, "text/plain", "[]"));
    ASSERT_TRUE(wrong);
    EXPECT_NE(wrong->message.find("text/plain"), std::string::npos);
    EXPECT_TRUE(judge(p, answer(200, "application/json", "{not json")));
    EXPECT_TRUE(judge(p, answer(500)));
}

TEST(CheckJudge, FieldNamingFindsEveryMisnamedKeyOnce) {
    Probe p = probe(Expect::FieldNaming);
    p.naming = {{"body_fields", "snake_case"}, {"body_field_exceptions", {"shipByDate"}}, {"observed_in_document", {"minimumShelfLife"}}};
    EXPECT_FALSE(judge(p, answer(200, "application/json", R"([{"a_b": {"shipByDate": 1, "minimumShelfLife": 2}}])")));
    auto bad = judge(p, answer(200, "application/json", R"({"items": [{"createdDate": 1}, {"createdDate": 2, "Id": 3}]})"));
    ASSERT_TRUE(bad);
    EXPECT_NE(bad->message.find("Id, createdDate"), std::string::npos) << bad->message;
}

}  // namespace
}  // namespace dockside::checks
