#include "harness/preflight/target.h"

#include <gtest/gtest.h>

#include "specs/loader/spec_location.h"
#include "harness/tests/support/reference_server.h"

namespace dockside::preflight {
namespace {

const spec::Spec& contract() { return *spec::default_spec().value(); }

TEST(ChooseChannels, FirstWritableAndFirstReadOnly) {
    const auto channels = nlohmann::json::parse(R"([
        {"id": 1, "scopes": ["orders_read"]},
        {"id": 2, "scopes": ["orders_read", "orders_write"]},
        {"id": 3, "scopes": ["returns_write"]}])");
    auto choice = choose_channels(channels);
    ASSERT_TRUE(choice.ok()) << choice.error();
    EXPECT_EQ(choice->write_channel, 2);
    EXPECT_EQ(choice->read_only_channel, 1);
    auto none = choose_channels(nlohmann::json::parse(R"([{"id": 1, "scopes": ["orders_read"]}])"));
    ASSERT_FALSE(none.ok());
    EXPECT_NE(none.error().find("--channel"), std::string::npos);
}

// Read leniently so a run can go on with a list that breaks the contract; the list itself is judged apart.
TEST(ChooseChannels, ScopesWrittenAsOneStringStillNameTheWriteChannel) {
    const auto channels = nlohmann::json::parse(R"([
        {"id": 1, "scopes": "orders_read"},
        {"id": 2, "scopes": "orders_read orders_write"},
        {"id": 3, "scopes": 7}])");
    auto choice = choose_channels(channels);
    ASSERT_TRUE(choice.ok()) << choice.error();
    EXPECT_EQ(choice->write_channel, 2);
    EXPECT_EQ(choice->read_only_channel, 1);
    EXPECT_TRUE(check_write_channel(*choice, 2).ok());
    EXPECT_FALSE(has_write_scope(nlohmann::json::parse(R"({"id": 4, "scopes": "orders_writer"})")));
}

TEST(Probe, UnreachableTargetNamesUrlAndTransportError) {
    // Port 1 on loopback: nothing listens there in the test environment.
    auto probe = probe_target(contract(), "http://127.0.0.1:1", "", {});
    ASSERT_FALSE(probe.ok());
    EXPECT_NE(probe.error().find("http://127.0.0.1:1/2025-07/channel"), std::string::npos) << probe.error();
    EXPECT_NE(probe.error().find("connect"), std::string::npos) << probe.error();
}

TEST(Probe, AnyAnswerIsReachable) {
    auto server = testing::start_reference_server();
    ASSERT_TRUE(server);
    auto probe = probe_target(contract(), server->base_url(), "", {});
    ASSERT_TRUE(probe.ok()) << probe.error();
    EXPECT_EQ(*probe, 401);
}

TEST(DiscoverChannels, FindsTheReferenceServersWriteAndReadOnlyChannels) {
    auto server = testing::start_reference_server();
    ASSERT_TRUE(server);
    auto choice = discover_channels(contract(), server->base_url(), server->api().pat(), {});
    ASSERT_TRUE(choice.ok()) << choice.error().message;
    EXPECT_EQ(choice->write_channel, server->api().write_channel_id());
    ASSERT_TRUE(choice->read_only_channel.has_value());
    EXPECT_EQ(*choice->read_only_channel, server->api().read_only_channel_id());
    EXPECT_TRUE(check_write_channel(*choice, server->api().write_channel_id()).ok());
    auto read_only = check_write_channel(*choice, server->api().read_only_channel_id());
    ASSERT_FALSE(read_only.ok());
    EXPECT_NE(read_only.error().find("without a _write scope"), std::string::npos) << read_only.error();
    EXPECT_NE(check_write_channel(*choice, 999999).error().find("not among"), std::string::npos);
    auto refused = discover_channels(contract(), server->base_url(), "not-a-token", {});
    ASSERT_FALSE(refused.ok());
    EXPECT_EQ(refused.error().kind, PreflightFailure::Kind::Refused);
}

TEST(DiscoverChannels, KeepsEveryAnswerItReadForJudging) {
    auto server = testing::start_reference_server();
    ASSERT_TRUE(server);
    http::PreparationAnswers answers;
    ASSERT_TRUE(check_token(contract(), server->base_url(), server->api().pat(), "token", {}, &answers).ok());
    ASSERT_TRUE(discover_channels(contract(), server->base_url(), server->api().pat(), {}, &answers).ok());
    ASSERT_EQ(answers.size(), 2u);
    for (const auto& answer : answers) {
        EXPECT_EQ(answer.operation, "listChannels");
        EXPECT_EQ(answer.origin, server->base_url());
        EXPECT_EQ(answer.response.status, 200);
    }
    EXPECT_EQ(answers[0].expected_status, 0) << "a token check takes any answer";
    EXPECT_EQ(answers[1].expected_status, 200) << "the list a run reads its channels from is a 200";
    EXPECT_EQ(answers[1].request.target, "/2025-07/channel?RecordsPerPage=250");
}

TEST(CheckToken, AcceptedRefusedAndUnreachableAreTold) {
    auto server = testing::start_reference_server();
    ASSERT_TRUE(server);
    EXPECT_TRUE(check_token(contract(), server->base_url(), server->api().pat(), "token", {}).ok());
    auto refused = check_token(contract(), server->base_url(), "wrong", "token", {});
    ASSERT_FALSE(refused.ok());
    EXPECT_EQ(refused.error().kind, PreflightFailure::Kind::Refused);
    EXPECT_NE(refused.error().message.find("the token was refused"), std::string::npos) << refused.error().message;
    auto gone = check_token(contract(), "http://127.0.0.1:1", "x", "token", {});
    ASSERT_FALSE(gone.ok());
    EXPECT_EQ(gone.error().kind, PreflightFailure::Kind::Unreachable);
}

TEST(DetectSimulation, OnlyWhenTheControlAnswersTheToken) {
    refserver::EmbeddedOptions on;
    on.api.simulation_enabled = true;
    auto sim = refserver::EmbeddedServer::start(std::move(on));
    ASSERT_TRUE(sim.ok());
    EXPECT_TRUE(detect_simulation((*sim)->base_url(), (*sim)->api().pat(), {}));
    EXPECT_FALSE(detect_simulation((*sim)->base_url(), "wrong", {}));
    auto off = testing::start_reference_server();
    ASSERT_TRUE(off);
    EXPECT_FALSE(detect_simulation(off->base_url(), off->api().pat(), {}));
}

}  // namespace
}  // namespace dockside::preflight
