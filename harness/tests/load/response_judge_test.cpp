// Sampled answers under load are judged by the conformance validator against the operation they were
// sent as; an answer to a path the contract does not know, or to no operation of the plan, is not judged.

#include <gtest/gtest.h>

#include "harness/load/response_judge.h"
#include "harness/tests/support/contract.h"

namespace dockside::load {
namespace {

using dockside::testing::contract;

TEST(ResponseJudge, AnAnswerIsJudgedAsTheOperationItWasSentAs) {
    const validate::ResponseValidator validator(contract());
    const spec::Operation* listing = nullptr;
    for (const auto& op : contract().operations())
        if (op.method == "GET" && op.path_template.find('{') == std::string::npos && op.responses.count("200") &&
            op.responses.at("200").declares_json()) {
            listing = &op;
            break;
        }
    ASSERT_NE(listing, nullptr);
    const auto judge = make_response_judge(validator, {listing, nullptr});
    const auto wrong = judge({0, 200, "text/plain", "not json"});
    ASSERT_FALSE(wrong.empty());
    EXPECT_FALSE(wrong.front().rule.empty());
    EXPECT_NE(wrong.front().message.find("expected "), std::string::npos) << wrong.front().message;
    EXPECT_TRUE(judge({1, 200, "text/plain", "not json"}).empty());  // a raw path: nothing to judge against
    EXPECT_TRUE(judge({5, 200, "text/plain", "not json"}).empty());  // no such operation in the plan
}

}  // namespace
}  // namespace dockside::load
