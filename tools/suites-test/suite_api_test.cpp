// The suite API (harness/conform/suite_api.h) against a live embedded reference server: requests built from operation
// ids, findings recorded with everything a report needs, and the runner's RapidCheck/replay helpers.

#include "harness/conform/suite_api.h"

#include <gtest/gtest-spi.h>
#include <gtest/gtest.h>

#include "refserver/embedded/session_info.h"
#include "harness/conform/reproduction.h"
#include "harness/conform/suite_runner.h"
#include "harness/conform/test_context.h"

#include <thread>

namespace dockside::conform {
namespace {

const std::string kSpecs = DOCKSIDE_SPECS_DIR;

/// One server, spec and session for the whole suite (statics: EXPECT_NONFATAL_FAILURE cannot see locals).
struct World {
    std::unique_ptr<refserver::EmbeddedServer> server;
    std::unique_ptr<spec::Spec> spec;
    std::unique_ptr<validate::ResponseValidator> validator;
    std::unique_ptr<conform::Session> session;
};
World* g_world = nullptr;
Exchange g_exchange;

class SuiteApi : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        g_world = new World;
        refserver::EmbeddedOptions options;
        options.api.simulation_enabled = true;
        auto server = refserver::EmbeddedServer::start(std::move(options));
        ASSERT_TRUE(server.ok());
        g_world->server = std::move(server.value());
        auto spec = spec::Spec::load(kSpecs + "/fulfillment-2025-07.openapi.yaml", kSpecs + "/rules.yaml");
        ASSERT_TRUE(spec.ok()) << spec.error().to_string();
        g_world->spec = std::make_unique<spec::Spec>(std::move(spec.value()));
        g_world->validator = std::make_unique<validate::ResponseValidator>(*g_world->spec);
        auto info = refserver::conformance_session_info(*g_world->server, true);
        auto session = conform::Session::create(*g_world->spec, *g_world->validator, info, {});
        ASSERT_TRUE(session.ok());
        g_world->session = std::move(session.value());
        conform::set_current_session(g_world->session.get());
    }
    static void TearDownTestSuite() {
        conform::set_current_session(nullptr);
        delete g_world;
        g_world = nullptr;
    }
    void SetUp() override {
        g_world->session->findings().clear();
        const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
        test_context::begin(std::string(info->test_suite_name()) + "." + info->name(), std::chrono::milliseconds(0));
    }
    void TearDown() override { test_context::end(); }
    conform::FindingLog& log() { return g_world->session->findings(); }
};

TEST_F(SuiteApi, SendBuildsPathQueryAuthAndChannelFromTheOperation) {
    Exchange ex = send({.operation = "getOrder", .path = {{"orderId", "a b"}}, .query = {{"x", "1"}}});
    EXPECT_EQ(ex.request.method, "GET");
    EXPECT_EQ(ex.request.target, "/2025-07/order/a%20b?x=1");
    EXPECT_EQ(ex.request.headers.get("Authorization").value_or(""), "Bearer " + g_world->server->api().pat());
    EXPECT_FALSE(ex.request.headers.has("service_channel_id"));  // optional on reads: not sent
    ASSERT_TRUE(ex.response.has_value()) << ex.transport_error;

    Exchange create = send({.operation = "createOrder", .body = nlohmann::json::object()});
    EXPECT_EQ(create.request.headers.get("service_channel_id").value_or(""), write_channel());
    EXPECT_EQ(create.request.headers.get("Content-Type").value_or(""), "application/json");
    EXPECT_EQ(create.request.body, "{}");
    EXPECT_EQ(create.status(), 400);
    EXPECT_TRUE(create.json().is_object());

    Exchange omitted = send({.operation = "createOrder", .body = nlohmann::json::object(), .channel = ""});
    EXPECT_FALSE(omitted.request.headers.has("service_channel_id"));
}

TEST_F(SuiteApi, AuthVariantsAndCallHeadersReplaceDefaults) {
    EXPECT_EQ(send({.operation = "listChannels", .auth = Auth::None}).status(), 401);
    EXPECT_EQ(send({.operation = "listChannels", .auth = Auth::Bad}).status(), 401);
    ASSERT_TRUE(has_read_only_token());
    Exchange ro = send({.operation = "listChannels", .auth = Auth::ReadOnly});
    EXPECT_EQ(ro.request.headers.get("Authorization").value_or(""),
              "Bearer " + g_world->server->api().read_only_token());
    Exchange custom = send({.operation = "listChannels", .headers = {{"Accept", "text/plain"}}});
    EXPECT_EQ(custom.request.headers.get("Accept").value_or(""), "text/plain");
}

TEST_F(SuiteApi, TheAuthorizationServerIsNeverShownTheRunsToken) {
    // Its 401 is the client's authentication failing; with the run's token on it, it would pass for that token
    // expiring and have the run renew (spend its grant) for every such request.
    Exchange token = send({.operation = "token", .query = {{"client_id", "nobody"}, {"client_secret", "x"},
                                                           {"grant_type", "refresh_token"}, {"refresh_token", "r"},
                                                           {"redirect_uri", "http://127.0.0.1/callback"}}});
    EXPECT_FALSE(token.request.headers.has("Authorization")) << token.request.headers.get("Authorization").value_or("");
    EXPECT_EQ(token.status(), 401);
    Exchange authorize = send({.operation = "authorize", .query = {{"client_id", "nobody"}}});
    EXPECT_FALSE(authorize.request.headers.has("Authorization"));
}

// --auth-url reaches the tests: the authorization server's endpoints are sent there, and shown there.
TEST_F(SuiteApi, AuthorizationServerEndpointsGoToTheAuthUrl) {
    auto info = refserver::conformance_session_info(*g_world->server, true);
    info.auth_url = info.base_url;
    info.base_url = "http://127.0.0.1:1";  // nothing listens there: only what goes to the auth URL is answered
    auto session = conform::Session::create(*g_world->spec, *g_world->validator, info, {});
    ASSERT_TRUE(session.ok());
    conform::set_current_session(session->get());
    Exchange authorize = send({.operation = "authorize", .query = {{"client_id", "nobody"}}, .auth = Auth::None});
    Exchange list = send({.operation = "listChannels"});
    const std::string curl = curl_of(authorize);
    conform::set_current_session(g_world->session.get());
    EXPECT_TRUE(authorize.response.has_value()) << authorize.transport_error;
    EXPECT_FALSE(list.response.has_value()) << "the API's own operations still go to the base URL";
    EXPECT_NE(curl.find("'" + info.auth_url + "/connect/authorize?"), std::string::npos) << curl;
}

TEST_F(SuiteApi, HarnessErrorsAreTransportErrorsNotResponses) {
    Exchange unknown = send({.operation = "noSuchOperation"});
    EXPECT_FALSE(unknown.response.has_value());
    EXPECT_NE(unknown.transport_error.find("unknown operation"), std::string::npos);
    Exchange missing = send({.operation = "getOrder"});
    EXPECT_NE(missing.transport_error.find("orderId"), std::string::npos);
    EXPECT_EQ(missing.status(), 0);
    EXPECT_TRUE(missing.json().is_null());
}

TEST_F(SuiteApi, PassingExpectationsRecordNothing) {
    Exchange ex = send({.operation = "listChannels", .query = {{"RecordsPerPage", "5"}}});
    EXPECT_TRUE(expect_status(ex, 200, "CH-LIST"));
    EXPECT_TRUE(expect_no_5xx(ex));
    EXPECT_TRUE(expect_that(true, ex, "CH-LIST", "fine"));
    EXPECT_TRUE(expect_rejected(send({.operation = "createOrder", .body = nlohmann::json::object()}), "ORD-REQ"));
    EXPECT_EQ(log().size(), 0u);
}

TEST_F(SuiteApi, FailedExpectationRecordsAFullFindingAndFailsTheTest) {
    g_exchange = send({.operation = "listChannels"});
    EXPECT_NONFATAL_FAILURE(expect_status(g_exchange, 201, "CH-LIST"),
                            "[dockside-finding CH-LIST|listChannels|SuiteApi.FailedExpectationRecordsAFullFindingAndFailsTheTest]");
    const auto findings = log().all();
    ASSERT_EQ(findings.size(), 1u);
    const auto& f = findings[0];
    EXPECT_EQ(f.area, "suiteapi");
    EXPECT_EQ(f.operation, "listChannels");
    EXPECT_EQ(f.rule, "CH-LIST");
    EXPECT_FALSE(f.section.empty());
    EXPECT_EQ(f.status, 200);
    EXPECT_NE(f.message.find("Received: 200 / Expected: 201"), std::string::npos) << f.message;
    EXPECT_NE(f.curl.find("$DOCKSIDE_TOKEN"), std::string::npos) << f.curl;
    EXPECT_EQ(f.curl.find(g_world->server->api().pat()), std::string::npos) << "token must be redacted";
    EXPECT_FALSE(f.body_excerpt.empty());
}

TEST_F(SuiteApi, AFindingsMessageSaysWhatCameBackWithoutRepeatingItsTitle) {
    g_exchange = send({.operation = "listChannels"});
    const std::string expected = "listChannels answers at most 5 channels";
    EXPECT_NONFATAL_FAILURE(expect_that(false, g_exchange, "CH-LIST", expected), expected);
    // A rule check's judge composes both: they are kept as it made them.
    // One rule each: findings of one rule, operation and test are one finding (FindingLog merges them).
    EXPECT_NONFATAL_FAILURE(record_failure("ERR-4XX", g_exchange, "RecordsPerPage 0 is rejected",
                                           "Received: 200 / Expected: 4XX / Probe: RecordsPerPage=0"),
                            "RecordsPerPage 0 is rejected");
    EXPECT_NONFATAL_FAILURE(record_failure("AUTH-CHANNEL", g_exchange, "the channels are listed in id order"), "id order");
    const auto findings = log().all();
    ASSERT_EQ(findings.size(), 3u);
    EXPECT_EQ(findings[0].title, expected);
    EXPECT_EQ(findings[0].message, "Received: 200");
    EXPECT_EQ(findings[1].title, "RecordsPerPage 0 is rejected");
    EXPECT_EQ(findings[1].message, "Received: 200 / Expected: 4XX / Probe: RecordsPerPage=0");
    EXPECT_EQ(findings[2].message, "Received: 200");
    for (const auto& f : findings) EXPECT_EQ(f.message.find(f.title), std::string::npos) << f.title << " | " << f.message;
}

TEST_F(SuiteApi, RejectedMeansAny4xxUnlessStrict) {
    g_exchange = send({.operation = "listChannels"});
    EXPECT_NONFATAL_FAILURE(expect_rejected(g_exchange, "CH-LIST"), "Expected: 4XX");
    g_exchange = send({.operation = "listChannels", .auth = Auth::None});  // 401
    EXPECT_TRUE(expect_rejected(g_exchange, "AUTH-BEARER"));
    EXPECT_TRUE(expect_rejected(g_exchange, "AUTH-BEARER", {"NS-VALIDATION-STATUS", "unauthenticated_code"}));
}

// The code of a refusal is the profile's: each stance that gives one is asked exactly, the others any 4xx.
TEST_F(SuiteApi, ARefusalIsExactlyTheCodeItsStanceGivesInTheProfile) {
    auto info = g_world->session->info();
    info.profile = "exacting";
    info.profile_json = {{"stances", {{"NS-MISSING-STATUS", {{"assert", "status"}, {"code", 404}}},
                                      {"NS-VALIDATION-STATUS", {{"assert", "status"}, {"code", 400}, {"unauthenticated_code", 401}}}}}};
    auto exacting = conform::Session::create(*g_world->spec, *g_world->validator, info, {});
    ASSERT_TRUE(exacting.ok());
    conform::set_current_session(exacting.value().get());
    g_exchange = send({.operation = "listChannels", .auth = Auth::None});  // 401
    EXPECT_TRUE(expect_rejected(g_exchange, "AUTH-BEARER", {"NS-VALIDATION-STATUS", "unauthenticated_code"}));
    EXPECT_NONFATAL_FAILURE(expect_rejected(g_exchange, "ERR-4XX", {"NS-MISSING-STATUS"}),
                            "Expected: 404 (NS-MISSING-STATUS of the exacting profile)");
    EXPECT_NONFATAL_FAILURE(expect_rejected(g_exchange, "ERR-4XX"), "Expected: 400");
    EXPECT_TRUE(expect_rejected(g_exchange, "RET-FROZEN", {"NS-RET-FROZEN-STATUS"}));  // no code given: any 4xx
    conform::set_current_session(g_world->session.get());
}

TEST_F(SuiteApi, HarnessErrorsFailTheTestWithoutBlamingTheTarget) {
    g_exchange = send({.operation = "getOrder"});  // harness error: nothing was sent
    EXPECT_TRUE(g_exchange.not_sent);
    EXPECT_NONFATAL_FAILURE(expect_status(g_exchange, 200, "ORD-GET"), "not judged: harness: path parameter orderId");
    EXPECT_NONFATAL_FAILURE(expect_no_5xx(g_exchange), "not judged");
    EXPECT_EQ(log().size(), 0u);
    EXPECT_NONFATAL_FAILURE(record_failure("ORD-GET", "getOrder", "setup broke"), "setup broke");
    EXPECT_EQ(log().size(), 1u);
}

TEST_F(SuiteApi, NoResponseFromTheTargetIsAFinding) {
    g_exchange = send_raw(http::Request{"GET", "/2025-07/order/1", {}, {}}, "getOrder");
    g_exchange.response.reset();  // as if the connection had dropped
    g_exchange.transport_error = "read: end of stream";
    EXPECT_NONFATAL_FAILURE(expect_no_5xx(g_exchange), "no response (read: end of stream)");
    EXPECT_EQ(log().size(), 1u);
}

// Every answer is judged for its shape on delivery, whatever the test does with it (here: nothing): one finding per
// rule, operation and test, however many answers showed it. A rejection's body is not shown: not judged.
TEST_F(SuiteApi, EveryAnswersShapeIsJudgedOnDeliveryOncePerTest) {
    refserver::EmbeddedOptions options;
    options.api.faults = {"CONV-FIELDS.order-missing-created-date"};
    auto server = refserver::EmbeddedServer::start(std::move(options));
    ASSERT_TRUE(server.ok());
    auto session = conform::Session::create(*g_world->spec, *g_world->validator,
                                            refserver::conformance_session_info(**server, true), {});
    ASSERT_TRUE(session.ok());
    conform::set_current_session(session->get());
    const char* const kFound = "CONV-FIELDS: the response conforms to the documented shape of getOrder";
    EXPECT_NONFATAL_FAILURE(send({.operation = "getOrder", .path = {{"orderId", "5001"}}}), kFound);
    EXPECT_NONFATAL_FAILURE(send({.operation = "getOrder", .path = {{"orderId", "5001"}}}), kFound);
    send({.operation = "getOrder", .path = {{"orderId", "999999999"}}});  // 404: its body is not shown
    send({.operation = "listChannels"});                                  // as documented: nothing to find
    conform::set_current_session(g_world->session.get());
    const auto findings = (*session)->findings().all();
    ASSERT_EQ(findings.size(), 1u);
    EXPECT_EQ(findings[0].operation, "getOrder");
    EXPECT_EQ(findings[0].status, 200);
    EXPECT_EQ(findings[0].occurrences, 2);
    ASSERT_EQ(findings[0].violations.size(), 1u);
    EXPECT_NE(findings[0].violations[0].message().find("created_date"), std::string::npos) << findings[0].violations[0].message();
}

TEST_F(SuiteApi, SimulationControlAndSkipsAreRecorded) {
    ASSERT_TRUE(sim_available());
    Exchange deliveries = sim("simWebhookDeliveries");
    EXPECT_EQ(deliveries.status(), 200);
    EXPECT_TRUE(deliveries.json().contains("deliveries"));
    EXPECT_EQ(sim("simAdvanceClock", {}, {{"seconds", 1}}).status(), 200);
    EXPECT_EQ(sim("simShipShipment", {{"shipmentId", 999999}}).status(), 404);
    // Called by the ids of the control's own file: an id it lacks, or a path value left out, is never sent.
    EXPECT_TRUE(sim("simLoseOrder").not_sent);
    EXPECT_TRUE(sim("simShipShipment").not_sent);
    record_skip("needs something");
    EXPECT_EQ(log().skips().at("SuiteApi.SimulationControlAndSkipsAreRecorded"), "needs something");
}

TEST_F(SuiteApi, EachCredentialHasItsOwnVariableAndTheBadTokenIsLiteral) {
    Exchange full = send({.operation = "listChannels"});
    EXPECT_NE(curl_of(full).find("\"Authorization: Bearer $DOCKSIDE_TOKEN\""), std::string::npos) << curl_of(full);
    Exchange ro = send({.operation = "listChannels", .auth = Auth::ReadOnly});
    EXPECT_NE(curl_of(ro).find("$DOCKSIDE_READ_ONLY_TOKEN"), std::string::npos) << curl_of(ro);
    EXPECT_EQ(curl_of(ro).find(g_world->server->api().read_only_token()), std::string::npos);
    Exchange bad = send({.operation = "listChannels", .auth = Auth::Bad});
    EXPECT_NE(curl_of(bad).find("'Authorization: Bearer dockside-never-issued-"), std::string::npos) << curl_of(bad);
    Exchange none = send({.operation = "listChannels", .auth = Auth::None});
    EXPECT_EQ(curl_of(none).find("Authorization"), std::string::npos) << curl_of(none);
}

TEST_F(SuiteApi, UniqueValuesAreFreshOnEveryReplayAndWritesTheyDependOnComeFirst) {
    const std::string ref = unique_ref("CURL");
    EXPECT_NE(ref.find(run_tag()), std::string::npos);
    const nlohmann::json body = {{"reference_id", ref},
                                 {"products", {{{"reference_id", ref + "-ITEM"}, {"name", "x"}, {"quantity", 1}}}},
                                 {"recipient", {{"name", "n"}, {"address", {{"address1", "a"}, {"city", "c"}, {"country", "US"}}}}}};
    Exchange first = send({.operation = "createOrder", .body = body});
    ASSERT_EQ(first.status(), 201) << first.response->body;
    send({.operation = "listChannels"});  // unrelated, not part of the reproduction
    Exchange second = send({.operation = "createOrder", .body = body});
    EXPECT_EQ(second.status(), 409);
    const std::string curl = curl_of(second);
    // Line 1 makes a fresh tag; then the create the duplicate is checked against; then the duplicate.
    EXPECT_EQ(curl.rfind("DS_RUN=$(od -An -N4 -tx1 /dev/urandom | tr -d ' \\n')\n", 0), 0u) << curl;
    EXPECT_EQ(std::count(curl.begin(), curl.end(), '\n'), 2) << curl;
    EXPECT_EQ(curl.find(run_tag()), std::string::npos) << curl;
    EXPECT_NE(curl.find("'\"$DS_RUN\"'"), std::string::npos) << curl;
    EXPECT_EQ(curl.find("/2025-07/channel"), std::string::npos) << curl;
}

TEST_F(SuiteApi, FindingsInsideASetupScopeAreSetupFindings) {
    {
        SetupStep setup("creating an order of the test's own");
        g_exchange = send({.operation = "listChannels"});
        EXPECT_NONFATAL_FAILURE(expect_status(g_exchange, 201, "ORD-CREATED"), "ORD-CREATED");
    }
    EXPECT_NONFATAL_FAILURE(expect_status(g_exchange, 202, "CH-LIST"), "CH-LIST");
    const auto findings = log().all();
    ASSERT_EQ(findings.size(), 2u);
    EXPECT_TRUE(findings[0].setup);
    EXPECT_EQ(findings[0].setup_step, "creating an order of the test's own");
    EXPECT_FALSE(findings[1].setup);
}

TEST_F(SuiteApi, AUsedUpBudgetSendsNothingAndBlamesNobody) {
    test_context::begin("SuiteApi.Budget", std::chrono::milliseconds(1));
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    g_exchange = send({.operation = "listChannels"});
    EXPECT_TRUE(g_exchange.not_sent);
    EXPECT_TRUE(test_context::timed_out());
    EXPECT_NE(g_exchange.transport_error.find("time budget"), std::string::npos) << g_exchange.transport_error;
    EXPECT_NONFATAL_FAILURE(expect_status(g_exchange, 200, "CH-LIST"), "not judged");
    test_context::end();
    EXPECT_EQ(log().size(), 0u);
}

TEST(RunnerHelpers, RapidCheckParamsKeepUserKeysAndSetOurs) {
    EXPECT_EQ(rapidcheck_params("", 25, 7), "max_success=25 seed=7 verbose_progress=0 verbose_shrinking=0");
    EXPECT_EQ(rapidcheck_params("reproduce=abc max_success=100 seed=1 verbose_progress=1", 5, 0),
              "reproduce=abc max_success=5 verbose_progress=0 verbose_shrinking=0");
}

TEST(RunnerHelpers, CounterexampleIsCutFromRapidChecksMessage) {
    const std::string message =
        "Falsifiable after 3 tests and 2 shrinks\n\nstd::tuple<int>:\n(501)\n\nfile.cpp:10:\nRC_ASSERT(x)\n";
    EXPECT_EQ(rapidcheck_counterexample(message), "std::tuple<int>: (501)\n(found after 3 tests and 2 shrinks)");
    const std::string two = "Falsifiable after 1 tests\n\nint:\n3\n\nstd::string:\n\"ab\"\n\n/x/y_suite.cpp:9:\nRC_ASSERT(ok)\n";
    EXPECT_EQ(rapidcheck_counterexample(two), "int: 3\nstd::string: \"ab\"\n(found after 1 tests)");
    EXPECT_EQ(rapidcheck_counterexample("Value of: x"), "");
}

TEST(RunnerHelpers, ReplayCommandKeepsTheTargetsOptions) {
    conform::SessionInfo info;
    info.cases = 3;
    info.seed = 5;
    info.embedded = true;
    info.replay_args = "--fault 'RET-DUP-ID.accepts-duplicates'";
    EXPECT_EQ(replay_command(info, "Returns.RET_X"),
              "dockside conform --only returns --filter 'Returns.RET_X' --profile default --cases 3 --seed 5 "
              "--fault 'RET-DUP-ID.accepts-duplicates'");
}

TEST(RunnerHelpers, ReplayCommandNamesAreaTestSeedAndRemoteTarget) {
    conform::SessionInfo info;
    info.cases = 10;
    info.seed = 99;
    info.embedded = true;
    EXPECT_EQ(replay_command(info, "Returns.RET_X"),
              "dockside conform --only returns --filter 'Returns.RET_X' --profile default --cases 10 --seed 99");
    info.embedded = false;
    info.base_url = "https://api.example.com";
    EXPECT_NE(replay_command(info, "Returns.RET_X").find("--base-url 'https://api.example.com'"), std::string::npos);
}

}  // namespace
}  // namespace dockside::conform
