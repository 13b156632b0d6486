// `dockside learn`: the statuses a known-good server gives refused requests, the members of its error
// bodies, and of its answers the members it fills, the headers it sends and the order of its lists, as a
// profile; `conform --profile` with it passes against that server and fails against one that refuses with
// 422 where it refused with 400, shapes its error bodies otherwise, leaves out null links, sends no
// Cache-Control from the token endpoint or lists newest first, all of which plain conform passes (the
// document leaves them open).

#include <gtest/gtest.h>

#include "tools/dockside/tests/cli_support.h"

namespace dockside::clitest {
namespace {

TEST(LearnCli, ALearnedProfilePassesItsServerAndCatchesA422ThatConformPasses) {
    auto serve = ServeProcess::start({});
    ASSERT_TRUE(serve);
    const std::string dir = fresh_dir("learn");
    const std::string profile = dir + "/learned.yaml";
    auto learned = dockside({"learn", "--base-url", serve->base_url(), "--token", serve->pat(), "--only", "orders", "--seed", "3",
                             "--cases", "5", "--out", profile, "--har", dir + "/learn.har"});
    ASSERT_EQ(learned.exit_code, 0) << learned.output;
    const std::string har = read_text(dir + "/learn.har");
    EXPECT_TRUE(has(har, "\"entries\"")) << "learn --har records the learning run's exchanges";
    EXPECT_FALSE(has(har, serve->pat())) << "and holds no secret";
    const std::string text = read_text(profile);
    EXPECT_TRUE(has(text, "NS-VALIDATION-STATUS: {assert: status, code: 400")) << text;
    EXPECT_TRUE(has(text, "code held in")) << text;
    EXPECT_TRUE(has(text, "NS-ERROR-BODY: {assert: json_object_body, statuses: 4xx, content_type: application/json, members: [error, "
                          "error.code")) << text;
    EXPECT_TRUE(has(text, "operations: [cancelOrder, ")) << "the shape holds where it was seen: " << text;
    EXPECT_FALSE(has(text, serve->pat()));

    const auto conform = [&](const std::vector<std::string>& target, const std::vector<std::string>& profile_args, const std::string& name) {
        std::vector<std::string> args = {"conform", "--only", "orders", "--seed", "7", "--cases", "5", "--out", fresh_dir(name)};
        args.insert(args.end(), profile_args.begin(), profile_args.end());
        return dockside(with(args, target));
    };
    // Learnt from the orders area, it says nothing of another area's refusals (their bodies may differ).
    auto elsewhere = dockside(with({"conform", "--only", "webhooks,returns,billing", "--seed", "21", "--cases", "5", "--out",
                                    fresh_dir("learn-elsewhere"), "--profile", profile}, serve->target_args()));
    EXPECT_EQ(elsewhere.exit_code, 0) << elsewhere.output;
    // Twice against the server it was learnt from, with another seed: nothing to find.
    for (const char* name : {"learn-clean-1", "learn-clean-2"}) {
        auto clean = conform(serve->target_args(), {"--profile", profile}, name);
        EXPECT_EQ(clean.exit_code, 0) << clean.output;
    }
    // The reference server refusing with 422 wherever it refused with 400 (a fault of its catalog): within the
    // contract, not what was learnt.
    const std::vector<std::string> answers_422 = {"--fault", "NS-VALIDATION-STATUS.refuses-with-422"};
    auto plain = conform(answers_422, {}, "learn-422-plain");
    EXPECT_EQ(plain.exit_code, 0) << plain.output;
    auto gated = conform(answers_422, {"--profile", profile}, "learn-422-learned");
    EXPECT_EQ(gated.exit_code, 1) << gated.output;
    EXPECT_TRUE(has(gated.output, "NS-VALIDATION-STATUS of the " + profile + " profile")) << gated.output;
    // Refusals whose bodies lost the members every refusal of the known-good server held (plain conform passes
    // it: the fault matrix runs it so).
    auto body = conform({"--fault", "NS-ERROR-BODY.message-only"}, {"--profile", profile}, "learn-body-learned");
    EXPECT_EQ(body.exit_code, 1) << body.output;
    EXPECT_TRUE(has(body.output, "NS-ERROR-BODY of the " + profile + " profile")) << body.output;
}

TEST(LearnCli, ALearnedProfileHoldsABuildToTheMembersHeadersAndListOrderOfTheAnswers) {
    const std::string dir = fresh_dir("learn-answers");
    const std::string profile = dir + "/learned.yaml";
    const std::vector<std::string> areas = {"--only", "orders,webhooks,auth", "--cases", "5"};
    auto learned = dockside(with({"learn", "--seed", "3", "--out", profile}, areas));
    ASSERT_EQ(learned.exit_code, 0) << learned.output;
    const std::string text = read_text(profile);
    EXPECT_TRUE(has(text, "\"listOrders\":{\"direction\":\"ascending\",\"key\":\"id\"}")) << text;
    EXPECT_TRUE(has(text, "\"token\":[\"cache-control\",\"content-type\"]")) << text;
    EXPECT_TRUE(has(text, "\"next\",\"prev\"")) << text;
    EXPECT_FALSE(has(text, "\"[].id\"")) << "a member the contract requires is the contract's to judge: " << text;
    EXPECT_FALSE(has(text, "simCreateWro")) << "the simulation control is not the server's contract: " << text;
    const auto conform = [&](const std::string& fault, const std::string& name) {
        std::vector<std::string> args = {"conform", "--seed", "7", "--out", fresh_dir(name), "--profile", profile};
        if (!fault.empty()) args.insert(args.end(), {"--fault", fault});
        return dockside(with(args, areas));
    };
    auto clean = conform("", "learn-answers-clean");
    EXPECT_EQ(clean.exit_code, 0) << clean.output;
    for (const auto& [fault, stance] : std::vector<std::pair<std::string, std::string>>{
             {"NS-LIST-ORDER.newest-first", "NS-LIST-ORDER"},
             {"NS-FILLED-FIELDS.null-links-left-out", "NS-FILLED-FIELDS"},
             {"NS-RESPONSE-HEADERS.token-cacheable", "NS-RESPONSE-HEADERS"}}) {
        auto gated = conform(fault, "learn-answers-" + stance);
        EXPECT_EQ(gated.exit_code, 1) << fault << "\n" << gated.output;
        EXPECT_TRUE(has(gated.output, stance + " of the " + profile + " profile")) << gated.output;
    }
}

TEST(LearnCli, AProfileFileThatIsNotThereAndAnOutThatIsNoYamlAreRefused) {
    auto missing = dockside({"conform", "--profile", fresh_dir("learn-missing") + "/none.yaml"});
    EXPECT_EQ(missing.exit_code, 2) << missing.output;
    EXPECT_TRUE(has(missing.output, "no such profile file")) << missing.output;
    auto bad = dockside({"learn", "--out", fresh_dir("learn-bad") + "/profile.txt"});
    EXPECT_EQ(bad.exit_code, 2) << bad.output;
}

}  // namespace
}  // namespace dockside::clitest
