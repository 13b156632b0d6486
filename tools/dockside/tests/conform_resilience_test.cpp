// `dockside conform` against targets that misbehave in one way each: a cursor that loops, an endpoint that
// hangs, a list that answers the wrong shape, a channel list that breaks the contract; and stopped with
// Ctrl-C. The run always ends within its bounds, reports what happened as findings (or as a timed-out
// test while the others go on), and leaves a valid record.

#include <csignal>
#include <thread>

#include <gtest/gtest.h>

#include "tools/dockside/tests/cli_support.h"

namespace dockside::clitest {
namespace {

using json = nlohmann::json;

bool is_path(const http::Request& r, const std::string& path) { return r.method == "GET" && r.path() == path; }

/// `areas` against `target` with the seed whose stateful property fails and then shrinks through command
/// sequences a shrunk model no longer allows (it once took the harness down). The run must end with exit 1
/// and a complete record, which is returned (null when there is none).
json run_the_shrinking_seed(const MisbehavingTarget& target, const std::string& areas, const std::string& folder) {
    const std::string out = fresh_dir(folder);
    auto ran = dockside(with({"conform", "--only", areas, "--cases", "25", "--seed", "975218693", "--out", out},
                             target.target_args()),
                        std::chrono::seconds(280));
    EXPECT_FALSE(ran.timed_out);
    EXPECT_EQ(ran.exit_code, 1) << ran.output;
    auto results = results_of(out);
    EXPECT_TRUE(results.is_object()) << ran.output;
    if (results.is_object()) {
        EXPECT_EQ(results.value("interrupted", json()), false) << ran.output;
    }
    return results;
}

TEST(Resilience, LoopingCursorIsAPagingViolationAtOnce) {
    // Every next link of GET /return leads back to the page the walk started on.
    auto target = MisbehavingTarget::start([](const http::Request& r, http::Response& response) {
        if (!is_path(r, "/2025-07/return")) return;
        auto body = json::parse(response.body, nullptr, false);
        if (!body.is_object() || !body.value("next", json()).is_string()) return;
        body["next"] = "/2025-07/return?" + std::string(r.query());
        response.body = body.dump();
    });
    ASSERT_TRUE(target);
    const std::string out = fresh_dir("loop");
    auto ran = dockside(with({"conform", "--only", "paging,returns", "--cases", "3", "--seed", "5", "--out", out},
                             target->target_args()),
                        std::chrono::seconds(240));
    EXPECT_FALSE(ran.timed_out);
    EXPECT_EQ(ran.exit_code, 1) << ran.output;
    EXPECT_LT(ran.seconds, 120) << "a looping cursor must not make the run slow";
    const auto results = results_of(out);
    ASSERT_TRUE(results.is_object());
    bool circle = false;
    for (const auto& t : results["tests"])
        for (const auto& f : t.value("findings", json::array()))
            circle = circle || (f.value("rule", "") == "RET-LIST" && has(f.value("title", ""), "goes round in a circle") &&
                                !f.value("curl", "").empty());
    EXPECT_TRUE(circle) << ran.output;
    EXPECT_TRUE(tests_with(results, "timed_out").empty()) << ran.output;
}

TEST(Resilience, HangingEndpointTimesOutOneTestAndTheRunGoesOn) {
    // GET /receiving/{id} never answers within any reasonable time.
    auto target = MisbehavingTarget::start([](const http::Request& r, http::Response&) {
        if (r.method == "GET" && r.path().rfind("/2025-07/receiving/", 0) == 0)
            std::this_thread::sleep_for(std::chrono::seconds(8));
    });
    ASSERT_TRUE(target);
    const std::string out = fresh_dir("hang");
    auto ran = dockside(with({"conform", "--only", "receiving", "--filter", "Receiving.WRO_GET_*:Receiving.ERR_4XX_*",
                              "--cases", "3", "--seed", "5", "--test-timeout", "3", "--timeout", "30", "--out", out},
                             target->target_args()),
                        std::chrono::seconds(240));
    EXPECT_EQ(ran.exit_code, 1) << ran.output;
    const auto results = results_of(out);
    ASSERT_TRUE(results.is_object()) << ran.output;
    const auto timed_out = tests_with(results, "timed_out");
    EXPECT_FALSE(timed_out.empty()) << ran.output;
    EXPECT_FALSE(tests_with(results, "passed").empty()) << "the other tests went on\n" << ran.output;
    for (const auto& t : results["tests"])
        if (t.value("status", "") == "timed_out") {
            EXPECT_LT(t.value("seconds", 0.0), 10.0) << t.dump();
            EXPECT_TRUE(has(t.value("reason", ""), "budget of 3 s")) << t.dump();
        }
    EXPECT_TRUE(has(read_text(out + "/junit.xml"), "type=\"timeout\""));
}

TEST(Resilience, BareArrayListNeverCrashesTheHarness) {
    // GET /return answers a bare array instead of the documented cursor page; the stateful property fails
    // and shrinks (issue seed 975218693) without taking dockside down, and the record is written.
    auto target = MisbehavingTarget::start([](const http::Request& r, http::Response& response) {
        if (!is_path(r, "/2025-07/return")) return;
        auto body = json::parse(response.body, nullptr, false);
        if (body.is_object() && body.contains("items")) response.body = body["items"].dump();
    });
    ASSERT_TRUE(target);
    const auto results = run_the_shrinking_seed(*target, "stateful,returns", "bare-array");
    ASSERT_TRUE(results.is_object());
    // Failed, or blocked by the same malformed page reported under the test named for RET-LIST.
    auto failed = tests_with(results, "failed");
    const auto blocked = tests_with(results, "blocked");
    failed.insert(failed.end(), blocked.begin(), blocked.end());
    EXPECT_NE(std::find(failed.begin(), failed.end(), "Stateful.RET_CANCEL_OrdersReturnsWebhooksFollowTheModel"), failed.end())
        << results.dump();
}

TEST(Resilience, WebhookDeleteAnswering200FailsTheStatefulPropertyAndShrinks) {
    // DELETE /webhook/{id} answers 200 {"deleted": true} instead of 204. With this seed the stateful property
    // fails and RapidCheck shrinks through command sequences whose preconditions no longer hold; that once
    // took dockside down with SIGSEGV. The property must fail with a WH-DELETE finding and a shrunk case.
    auto target = MisbehavingTarget::start([](const http::Request& r, http::Response& response) {
        if (r.method != "DELETE" || r.path().rfind("/2025-07/webhook/", 0) != 0 || response.status != 204) return;
        response.status = 200;
        response.body = R"({"deleted": true})";
        response.headers.set("Content-Type", "application/json");
    });
    ASSERT_TRUE(target);
    const auto results = run_the_shrinking_seed(*target, "stateful", "stateful-delete-200");
    ASSERT_TRUE(results.is_object());
    const std::string stateful = "Stateful.RET_CANCEL_OrdersReturnsWebhooksFollowTheModel";
    ASSERT_EQ(tests_with(results, "failed"), std::vector<std::string>{stateful}) << results.dump();
    bool named = false;
    for (const auto& t : results["tests"]) {
        EXPECT_FALSE(t.contains("harness_fault")) << "the harness must survive the shrink: " << t.dump();
        for (const auto& f : t.value("findings", json::array()))
            named = named || (f.value("rule", "") == "WH-DELETE" && !f.value("shrunk_input", "").empty());
    }
    EXPECT_TRUE(named) << "a WH-DELETE finding with the shrunk command sequence\n" << results.dump();
}

TEST(Resilience, BrokenChannelListIsAFindingNotAConfigurationError) {
    auto target = MisbehavingTarget::start([](const http::Request& r, http::Response& response) {
        if (is_path(r, "/2025-07/channel")) response.body = R"([{"id": 101}])";
    });
    ASSERT_TRUE(target);
    const std::string out = fresh_dir("channels");
    auto stopped = dockside(with({"conform", "--only", "orders", "--out", out}, target->target_args()));
    EXPECT_EQ(stopped.exit_code, 1) << stopped.output;
    EXPECT_TRUE(has(stopped.output, "pass --channel")) << stopped.output;
    auto results = results_of(out);
    ASSERT_TRUE(results.is_object()) << stopped.output;
    EXPECT_EQ(tests_with(results, "failed"), std::vector<std::string>{"Channels.CH_LIST_DiscoveryAnswersTheDocumentedPage"});
    // With --channel the run goes on where the channel allows, and still reports the violation.
    const std::string out2 = fresh_dir("channels-given");
    auto ran = dockside(with({"conform", "--only", "orders", "--filter", "Orders.ORD_CREATED_*:Orders.ORD_GET_*",
                              "--channel", "101", "--out", out2},
                             target->target_args()));
    EXPECT_EQ(ran.exit_code, 1) << ran.output;
    results = results_of(out2);
    EXPECT_EQ(tests_with(results, "failed"), std::vector<std::string>{"Channels.CH_LIST_DiscoveryAnswersTheDocumentedPage"});
    EXPECT_GE(tests_with(results, "passed").size(), 2u) << ran.output;
}

TEST(Resilience, FailedSetupBlocksTestsUnderOneCause) {
    // Like a mock that answers 422 to every valid order: the tests that need an order are blocked by that
    // one finding, not failed by rules of their own.
    auto target = MisbehavingTarget::start([](const http::Request& r, http::Response& response) {
        if (r.method == "POST" && r.path() == "/2025-07/order") {
            response.status = 422;
            response.body = R"({"error":{"code":"validation_failed","message":"mock says no"}})";
        }
    });
    ASSERT_TRUE(target);
    const std::string out = fresh_dir("blocked");
    auto ran = dockside(with({"conform", "--only", "orders,shipments", "--cases", "3", "--seed", "5", "--out", out},
                             target->target_args()));
    EXPECT_EQ(ran.exit_code, 1) << ran.output;
    const auto results = results_of(out);
    ASSERT_TRUE(results.is_object());
    // Blocked by the setup, or by the refused create another test reports (one defect, one finding).
    const int blocked = results["summary"]["blocked"].get<int>();
    int by_setup = 0;
    for (const auto& t : results["tests"])
        if (t.value("status", "") == "blocked") {
            by_setup += t.value("reason", "").starts_with("blocked: creating");
            for (const auto& f : t["findings"]) EXPECT_TRUE(f.value("setup", false) || !f.value("reported_under", "").empty()) << t.dump();
        }
    EXPECT_GE(by_setup, 10) << ran.output;
    EXPECT_TRUE(has(ran.output, "BLOCKED " + std::to_string(by_setup) + " tests by one setup failure")) << ran.output;
    EXPECT_TRUE(has(ran.output, std::to_string(blocked) + " blocked")) << ran.output;
    EXPECT_TRUE(has(read_text(out + "/junit.xml"), "<error message=\"blocked: creating an order of the test&apos;s own failed"));
}

TEST(Resilience, RoundTripsCompareWhatWasSentAndInstantsAsInstants) {
    // A server that adds a key to shipping_terms and writes the same instants with milliseconds and offset.
    auto target = MisbehavingTarget::start([](const http::Request& r, http::Response& response) {
        if (r.path().rfind("/2025-07/order", 0) != 0) return;
        auto body = json::parse(response.body, nullptr, false);
        if (body.is_discarded()) return;
        auto rewrite = [](json& order) {
            if (!order.is_object()) return;
            if (order.value("shipping_terms", json()).is_object()) order["shipping_terms"]["carrier_account"] = "ACME-1";
            for (const char* key : {"purchase_date", "created_date"})
                if (order.value(key, json()).is_string()) {
                    std::string t = order[key].get<std::string>();
                    if (!t.empty() && t.back() == 'Z') order[key] = t.substr(0, t.size() - 1) + ".000+00:00";
                }
        };
        if (body.is_array()) for (auto& o : body) rewrite(o);
        else rewrite(body);
        response.body = body.dump();
    });
    ASSERT_TRUE(target);
    const std::string out = fresh_dir("roundtrip");
    auto ran = dockside(with({"conform", "--only", "orders", "--filter", "Orders.ORD_ROUNDTRIP_*", "--out", out},
                             target->target_args()));
    EXPECT_EQ(ran.exit_code, 0) << ran.output;
    EXPECT_EQ(tests_with(results_of(out), "passed").size(), 1u) << ran.output;
}

TEST(Resilience, MissingReadOnlyTokenSkipsWithAReason) {
    auto serve = ServeProcess::start({});
    ASSERT_TRUE(serve);
    const std::string out = fresh_dir("no-read-only");
    auto ran = dockside({"conform", "--base-url", serve->base_url(), "--token", serve->pat(), "--only", "receiving,orders",
                         "--cases", "3", "--seed", "5", "--out", out});
    EXPECT_EQ(ran.exit_code, 0) << ran.output;
    const auto results = results_of(out);
    for (const auto& t : results["tests"]) {
        if (t.value("status", "") == "skipped" && has(t.value("name", ""), "FORBID")) {
            EXPECT_TRUE(has(t.value("reason", ""), "--read-only-token")) << t.dump();
        }
    }
    EXPECT_FALSE(has(ran.output, "has_read_only_token")) << ran.output;
}

TEST(Resilience, RemoteSimulationControlIsUsed) {
    auto serve = ServeProcess::start({});
    ASSERT_TRUE(serve);
    const std::string out = fresh_dir("remote-sim");
    auto args = with({"conform", "--only", "returns", "--filter", "Returns.RET_LIST_CompletedReturnIsListedByStatusAndCompletedDate:Returns.RET_FROZEN_*", "--out", out},
                     serve->target_args());
    auto ran = dockside(args);
    EXPECT_EQ(ran.exit_code, 0) << ran.output;
    EXPECT_TRUE(has(ran.output, "simulation control on")) << ran.output;
    EXPECT_EQ(tests_with(results_of(out), "passed").size(), 2u) << ran.output;
}

TEST(Resilience, CtrlCLeavesAValidRecordThatSaysSo) {
    // A target that takes 30 ms per answer, so the run is surely still going when Ctrl-C comes.
    auto target = MisbehavingTarget::start([](const http::Request&, http::Response&) {
        std::this_thread::sleep_for(std::chrono::milliseconds(30));
    });
    ASSERT_TRUE(target);
    // Counted from when the executable is up: a signal before the process reaches main() (half a second of
    // loading under AddressSanitizer) ends any program, whatever it does.
    const auto startup = std::chrono::milliseconds(static_cast<int>(dockside({"--version"}).seconds * 1000));
    for (int delay_ms : {150, 3000}) {  // while the run prepares, and while tests run
        SCOPED_TRACE(delay_ms);
        const std::string out = fresh_dir("interrupt-" + std::to_string(delay_ms));
        auto ran = run(RunSpec{.args = with({"conform", "--cases", "25", "--out", out}, target->target_args()),
                               .limit = std::chrono::seconds(200),
                               .interrupt_after = startup + std::chrono::milliseconds(delay_ms)});
        EXPECT_EQ(ran.exit_code, 130) << ran.output;
        const auto results = results_of(out);
        ASSERT_TRUE(results.is_object()) << read_text(out + "/results.json");
        EXPECT_EQ(results.value("interrupted", json()), "SIGINT (interrupted)");
        const std::string junit = read_text(out + "/junit.xml");
        EXPECT_TRUE(has(junit, "</testsuites>")) << junit;
        EXPECT_TRUE(has(ran.output, "stopped by SIGINT")) << ran.output;
        if (delay_ms > 1000) {
            EXPECT_FALSE(results["tests"].empty()) << "the tests that finished are in the record";
            // The one running, or none: a Ctrl-C between one test's end and the next one's start reaching the
            // supervisor finds none running (CtrlCMarksTheRunningTestInterrupted pins the running case).
            EXPECT_LE(tests_with(results, "interrupted").size(), 1u) << results.dump(2).substr(0, 2000);
            EXPECT_GT(results["summary"]["not_run"].get<int>(), 0);
        }
    }
}

TEST(Resilience, CtrlCMarksTheRunningTestInterrupted) {
    // The one selected test hangs (injected), so it is surely running when Ctrl-C comes.
    const std::string hanging = "Channels.CH_LIST_DefaultPageHoldsAtMostTheDocumentedDefault";
    const auto startup = std::chrono::milliseconds(static_cast<int>(dockside({"--version"}).seconds * 1000));
    const std::string out = fresh_dir("interrupt-hang");
    auto ran = run(RunSpec{.args = {"conform", "--only", "channels", "--filter", hanging, "--test-timeout", "60", "--out", out},
                           .env = {{"DOCKSIDE_TEST_HANG_IN", hanging}},
                           .limit = std::chrono::seconds(120),
                           .interrupt_after = startup + std::chrono::milliseconds(4000),
                           .binary = dockside_with_test_hooks_binary()});
    EXPECT_EQ(ran.exit_code, 130) << ran.output;
    const auto results = results_of(out);
    EXPECT_EQ(tests_with(results, "interrupted"), std::vector<std::string>{hanging}) << results.dump(2).substr(0, 2000);
}

}  // namespace
}  // namespace dockside::clitest
