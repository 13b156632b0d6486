// The engine against a real local HTTP server: open loop sends exactly what the schedule asks for,
// closed loop keeps every connection busy, errors are classified, ids flow from responses to requests,
// shards given one start instant interleave as one generator.

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <mutex>
#include <set>
#include <thread>

#include "harness/load/engine.h"
#include "harness/tests/http/test_server.h"
#include "harness/tests/load/load_test_support.h"

namespace dockside::load {
namespace {

using namespace std::chrono_literals;
using testing::KeepingObserver;
using testing::get_request;
using testing::simple_plan;
using testing::answer_ok;

http::Response ok_json(const http::Request&) {
    http::Response r;
    r.status = 200;
    r.headers.add("Content-Type", "application/json");
    r.body = R"({"id":1})";
    return r;
}

TEST(Engine, OpenLoopSendsExactlyTheScheduledRequests) {
    dockside::testing::TestServer server(ok_json);
    auto options = testing::open_loop(testing::options_for(server.url()), 400, 1500ms);
    auto engine = Engine::create(options, simple_plan({{"a", get_request("/a")}, {"b", get_request("/b")}}));
    ASSERT_TRUE(engine) << engine.error().front();
    KeepingObserver observer;
    const auto outcome = (*engine)->run(observer);
    const auto totals = outcome.totals.total_counters();
    EXPECT_EQ(outcome.requested, 600u);
    EXPECT_EQ(totals.requests(), 600);
    EXPECT_EQ(totals.status_count(200), 600);
    EXPECT_EQ(totals.sent, 600);
    EXPECT_EQ(outcome.totals.total_latency().total_count(), 600);
    EXPECT_EQ(outcome.totals.send_lag.total_count(), 600);
    // Both operations of an equal-weight mix are chosen, roughly half each.
    EXPECT_NEAR(static_cast<double>(outcome.totals.operations[0].counters.requests()), 300, 60);
    EXPECT_GE(observer.intervals.size(), 1u);
    EXPECT_NEAR(outcome.measured_ns / 1e9, 1.5, 0.05);
}

TEST(Engine, AWarmUpOfWholeSecondsLeavesNoEmptySecondAtTheStartOfTheMeasuredRun) {
    dockside::testing::TestServer server(ok_json);
    auto options = testing::open_loop(testing::options_for(server.url()), 200, 2000ms);
    options.warmup = 1s;
    options.warmup_rate = 200;
    auto engine = Engine::create(options, simple_plan({{"a", get_request("/a")}}));
    ASSERT_TRUE(engine) << engine.error().front();
    KeepingObserver observer;
    const auto outcome = (*engine)->run(observer);
    EXPECT_EQ(outcome.totals.total_counters().status_count(200), 400);
    ASSERT_GE(observer.intervals.size(), 2u);
    for (std::size_t i = 0; i < observer.intervals.size(); ++i)
        EXPECT_GT(observer.intervals[i].sent, 0) << "second " << i << " of the measured run reported nothing sent";
    // The first report covers the first second of the measured run, not the moment it began.
    EXPECT_GE(observer.lives.front().elapsed_ns, 1'000'000'000);
}

// A thread whose last answer came before its tick past the last second's boundary, and which then took
// long to end (closing thousands of connections does), used to leave the collector nothing at that
// second's report: an empty second was shown, and the real one after it. The hook holds the thread for
// longer than the collector waits after a boundary (30 ms).
TEST(Engine, AThreadSlowToEndLeavesNoEmptySecondAndReportsItsLastSecondOnce) {
    dockside::testing::TestServer server(ok_json);
    auto options = testing::open_loop(testing::options_for(server.url(), 2, 1), 200, 2000ms);
    options.on_worker_end = [] { std::this_thread::sleep_for(300ms); };
    auto engine = Engine::create(options, simple_plan({{"a", get_request("/a")}}));
    ASSERT_TRUE(engine) << engine.error().front();
    KeepingObserver observer;
    const auto outcome = (*engine)->run(observer);
    EXPECT_EQ(outcome.totals.total_counters().sent, 400);
    ASSERT_EQ(observer.intervals.size(), 2u);
    std::int64_t reported = 0;
    for (std::size_t i = 0; i < observer.intervals.size(); ++i) {
        EXPECT_GT(observer.intervals[i].sent, 0) << "second " << i << " reported nothing sent";
        reported += observer.intervals[i].sent;
    }
    EXPECT_EQ(reported, 400);
}

TEST(Engine, ClosedLoopKeepsConnectionsBusyAndStopsOnTime) {
    dockside::testing::TestServer server(ok_json);
    auto options = testing::closed_loop(testing::options_for(server.url(), 4, 2), 1000ms);
    auto engine = Engine::create(options, simple_plan({{"a", get_request("/a")}}));
    ASSERT_TRUE(engine);
    KeepingObserver observer;
    const auto started = std::chrono::steady_clock::now();
    const auto outcome = (*engine)->run(observer);
    const auto took = std::chrono::steady_clock::now() - started;
    const auto totals = outcome.totals.total_counters();
    EXPECT_GT(totals.status_count(200), 100);
    EXPECT_EQ(totals.transport_errors(), 0);
    EXPECT_EQ(outcome.connections_opened, 4);  // keep-alive: no reconnect
    EXPECT_LT(took, 3s);
}

TEST(Engine, ConnectionRefusedIsCountedNotFatal) {
    std::uint16_t port;
    {
        dockside::testing::TestServer server(ok_json);
        port = server.port();
    }  // closed: connections are refused
    auto url = http::parse_url("http://127.0.0.1:" + std::to_string(port)).value();
    auto options = testing::open_loop(testing::options_for(url, 2, 1), 100, 500ms);
    options.drain_timeout = 200ms;
    auto engine = Engine::create(options, simple_plan({{"a", get_request("/a")}}));
    ASSERT_TRUE(engine);
    KeepingObserver observer;
    const auto outcome = (*engine)->run(observer);
    const auto totals = outcome.totals.total_counters();
    EXPECT_EQ(totals.responses(), 0);
    // Every scheduled request has an outcome: refused, still connecting at the end (timeout), or never sent.
    EXPECT_EQ(totals.transport_errors(), 50);
    EXPECT_EQ(totals.errors[static_cast<std::size_t>(ErrorKind::connect)] +
                  totals.errors[static_cast<std::size_t>(ErrorKind::timeout)] +
                  totals.errors[static_cast<std::size_t>(ErrorKind::unsent)],
              50);
    EXPECT_GT(totals.errors[static_cast<std::size_t>(ErrorKind::connect)], 0);
}

/// "create" (POST /thing, its answer's id kept in the pool when `capture`) and "get" (GET /thing/{id from
/// the pool}, `get_weight` times as often, sent as a create while the pool is empty).
RequestPlan create_and_get_plan(bool capture, SlotKind kind, double get_weight) {
    RequestPlan plan;
    plan.pools.push_back({"things", {}, 64});
    OperationPlan create;
    create.name = "create";
    create.variants.push_back({"POST /thing HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}", {}});
    if (capture) {
        create.capture_key = "id";
        create.capture_pools = {0};
    }
    OperationPlan get;
    get.name = "get";
    const std::string head = "GET /thing/";
    get.variants.push_back({head + " HTTP/1.1\r\nHost: x\r\n\r\n", {Slot{static_cast<std::uint32_t>(head.size()), kind, 0, 0}}});
    get.fallback = 0;
    plan.operations = {create, get};
    plan.weights = {1, get_weight};
    return plan;
}

TEST(Engine, CapturedIdsFillThePoolThatLaterRequestsRead) {
    std::mutex mutex;
    std::set<std::string> gets;
    std::atomic<int> next_id{1000};
    dockside::testing::TestServer server([&](const http::Request& request) {
        http::Response r;
        r.status = 201;
        if (request.method == "POST") {
            r.body = "{\"name\":\"x\",\"nested\":{\"id\":1},\"id\":" + std::to_string(next_id++) + "}";
        } else {
            std::lock_guard lock(mutex);
            gets.insert(request.target);
            r.status = 200;
        }
        return r;
    });
    const RequestPlan plan = create_and_get_plan(true, SlotKind::take_pool, 1);
    auto options = testing::open_loop(testing::options_for(server.url(), 2, 1), 200, 1000ms);
    auto engine = Engine::create(options, plan);
    ASSERT_TRUE(engine) << engine.error().front();
    KeepingObserver observer;
    const auto outcome = (*engine)->run(observer);
    const auto& get_counts = outcome.totals.operations[1].counters;
    EXPECT_GT(get_counts.status_count(200), 20);
    EXPECT_EQ(get_counts.errors[static_cast<std::size_t>(ErrorKind::no_id)], 0);  // fell back to create
    std::lock_guard lock(mutex);
    for (const auto& target : gets) {
        const int id = std::stoi(target.substr(7));
        EXPECT_GE(id, 1000) << target;  // only ids the server handed out, never the nested one
    }
    // take_pool: each captured id is used at most once.
    EXPECT_EQ(static_cast<std::int64_t>(gets.size()), get_counts.requests());
}

// A request drawn as an operation that has no id to use goes out as its fallback: counted on both sides,
// so that the run can say how far the load it sent is from the mix it was given.
TEST(Engine, ARequestSentAsItsFallbackIsCountedOnBothOperations) {
    dockside::testing::TestServer server(ok_json);
    const RequestPlan plan = create_and_get_plan(false, SlotKind::read_pool, 3);
    auto engine = Engine::create(testing::open_loop(testing::options_for(server.url(), 2, 1), 200, 500ms), plan);
    ASSERT_TRUE(engine) << engine.error().front();
    KeepingObserver observer;
    const auto outcome = (*engine)->run(observer);
    const auto& creates = outcome.totals.operations[0].counters;
    const auto& gets = outcome.totals.operations[1].counters;
    EXPECT_EQ(gets.requests(), 0);
    EXPECT_GT(gets.substituted, 50);
    EXPECT_EQ(creates.substituted, 0);
    EXPECT_EQ(creates.stood_in, gets.substituted);
    EXPECT_EQ(creates.requests(), 100);  // every request went out, as a create
    EXPECT_EQ(gets.drawn(), gets.substituted);
    EXPECT_EQ(creates.drawn() + gets.drawn(), 100);
}

// A request that timed out was left out of the latency histograms, so p99 described only the answered
// requests. It is recorded when it was given up, as wrk2 does: its wait for the connection plus the timeout.
TEST(Engine, ATimedOutRequestIsInTheLatencyAtItsTimeout) {
    server::ServerOptions slow_server;
    slow_server.threads = 12;
    dockside::testing::TestServer server(
        [](const http::Request& request) {
            std::this_thread::sleep_for(700ms);
            return answer_ok(request);
        },
        slow_server);
    auto options = testing::open_loop(testing::options_for(server.url(), 8, 1), 20, 500ms);
    options.request_timeout = 200ms;
    options.drain_timeout = 1s;
    auto engine = Engine::create(options, simple_plan({{"slow", get_request("/slow")}}));
    ASSERT_TRUE(engine);
    KeepingObserver observer;
    const auto outcome = (*engine)->run(observer);
    const auto& stats = outcome.totals.operations[0];
    EXPECT_EQ(stats.counters.errors[static_cast<std::size_t>(ErrorKind::timeout)], 10);
    ASSERT_EQ(stats.latency.total_count(), 10);
    EXPECT_GE(stats.latency.min(), 199'000);  // the histogram keeps 3 significant digits
    EXPECT_LT(stats.latency.max(), 250'000);  // at the deadline: not when the sweep noticed, nor the late answer
    ASSERT_EQ(stats.service.total_count(), 10);
    EXPECT_NEAR(static_cast<double>(stats.service.value_at_percentile(50)), 200'000, 2'000);
}

}  // namespace
}  // namespace dockside::load

#include "harness/tls/self_signed.h"

namespace dockside::load {
namespace {

TEST(Engine, TlsTargetWithInsecureIsServedOverKeptAliveTlsConnections) {
    auto pair = tls::make_self_signed().value();
    server::ServerOptions server_options;
    server_options.tls = server::TlsIdentity{pair.certificate_pem, pair.private_key_pem};
    dockside::testing::TestServer server(ok_json, server_options);
    auto options = testing::open_loop(testing::options_for(server.url(), 2, 1), 200, 1000ms);
    ASSERT_TRUE(options.target.tls);
    auto engine = Engine::create(options, simple_plan({{"a", get_request("/a")}}));
    ASSERT_TRUE(engine);
    KeepingObserver observer;
    const auto outcome = (*engine)->run(observer);
    EXPECT_EQ(outcome.totals.total_counters().status_count(200), 200);
    EXPECT_EQ(outcome.connections_opened, 2);  // handshakes once per connection, then kept alive
}

// Shards given one start instant send one generator's schedule between them: each request index of the
// schedule goes out from exactly one shard, at the intended time the single schedule gives it, both
// shards' schedules counting from the same instant. Checked from what the engines intended (the
// on_send hook) and recorded, not from when the sends happened.
struct Intended {
    std::uint64_t index;
    std::int64_t at;  ///< steady ns
    unsigned shard;
};

TEST(ShardStart, TwoShardsWithACommonStartInterleaveAsOneGenerator) {
    dockside::testing::TestServer server(answer_ok);
    const double rate = 200;  // 5 ms between intended sends
    const auto start = std::chrono::system_clock::now() + 1500ms;
    std::mutex mutex;
    std::vector<Intended> sent;
    std::vector<std::unique_ptr<Engine>> engines;
    for (unsigned shard = 0; shard < 2; ++shard) {
        auto options = testing::open_loop(testing::options_for(server.url(), 2, 1), rate, 1000ms);
        options.shard_index = shard;
        options.shard_count = 2;
        options.start_at = start;
        options.on_send = [&mutex, &sent, shard](std::uint64_t index, std::int64_t at) {
            std::lock_guard lock(mutex);
            sent.push_back({index, at, shard});
        };
        auto engine = Engine::create(options, simple_plan({{"a", get_request("/a")}}));
        ASSERT_TRUE(engine) << engine.error().front();
        engines.push_back(std::move(engine.value()));
    }
    RunOutcome outcomes[2];
    KeepingObserver observers[2];
    std::thread second([&] { outcomes[1] = engines[1]->run(observers[1]); });
    outcomes[0] = engines[0]->run(observers[0]);
    second.join();

    // Recorded: both measured schedules start at the instant given, to the nanosecond.
    for (const auto& outcome : outcomes) {
        EXPECT_EQ(outcome.measured_start_unix_ns, unix_ns(start));
        EXPECT_EQ(outcome.requested, 100u);
        EXPECT_EQ(outcome.totals.total_counters().requests(), 100);
    }
    // Intended: every index of the 200-request schedule exactly once, even ones from shard 0, odd from 1.
    ASSERT_EQ(sent.size(), 200u);
    const auto schedule = Schedule::constant(rate, 1000ms).value();
    std::int64_t origin[2] = {0, 0};  // each shard's steady-clock time 0 of the schedule
    for (const auto& s : sent) {
        EXPECT_EQ(s.index % 2, s.shard) << s.index;
        const std::int64_t zero = s.at - *schedule.time_of(s.index);
        if (origin[s.shard] == 0) origin[s.shard] = zero;
        EXPECT_EQ(zero, origin[s.shard]) << "shard " << s.shard << " index " << s.index;  // one schedule per shard
    }
    // Both shards place time 0 at the same instant: each converts it from the system clock once, which
    // may differ by the gap between two clock readings, far less than the 5 ms between sends.
    EXPECT_LT(std::abs(origin[0] - origin[1]), 1'000'000) << origin[0] - origin[1];
    std::sort(sent.begin(), sent.end(), [](const auto& a, const auto& b) { return a.at < b.at; });
    for (std::size_t k = 0; k < sent.size(); ++k) ASSERT_EQ(sent[k].index, k) << "out of the single schedule's order";
}

TEST(ShardStart, InterruptWhileWaitingForTheStartSendsNothing) {
    std::atomic<int> answered{0};
    dockside::testing::TestServer server([&](const http::Request& r) {
        ++answered;
        return answer_ok(r);
    });
    auto options = testing::open_loop(testing::options_for(server.url(), 2, 1), 100, 1000ms);
    options.start_at = std::chrono::system_clock::now() + 30s;
    auto engine = Engine::create(options, simple_plan({{"a", get_request("/a")}}));
    ASSERT_TRUE(engine) << engine.error().front();
    struct Waiting : KeepingObserver {
        void on_waiting(WallTime, double left) override { seconds_left.push_back(left); }
        std::vector<double> seconds_left;
    } observer;
    std::atomic<bool> interrupt{false};
    std::thread stopper([&] {
        std::this_thread::sleep_for(300ms);
        interrupt = true;
    });
    const auto outcome = (*engine)->run(observer, &interrupt);
    stopper.join();
    EXPECT_TRUE(outcome.interrupted);
    EXPECT_EQ(outcome.totals.total_counters().sent, 0);
    EXPECT_EQ(answered.load(), 0);
    ASSERT_FALSE(observer.seconds_left.empty());
    EXPECT_GT(observer.seconds_left.front(), 29.0);
}

}  // namespace
}  // namespace dockside::load

namespace dockside::load {
namespace {

/// Answers after `delay`, on any of the server's 8 threads.
http::Response answer_after(std::chrono::milliseconds delay) {
    std::this_thread::sleep_for(delay);
    return ok_json({});
}

dockside::testing::TestServer slow_server(std::chrono::milliseconds delay) {
    server::ServerOptions options;
    options.threads = 8;
    return dockside::testing::TestServer([delay](const http::Request&) { return answer_after(delay); }, options);
}

TEST(AnswerTiming, AnAnswerThatArrivedWhileTheWorkerWasBusyCountsFromItsArrival) {
    // 100/s on one worker thread against a server that answers after 20 ms: when the worker stalls for
    // 200 ms before sending request 50 (the on_send hook), the answers to requests 48 and 49 arrive during
    // the stall and are read only after it. Timed when read, their service time would be up to 200 ms;
    // timed by the kernel's arrival stamp, it stays the server's 20 ms.
    auto server = slow_server(20ms);
    auto options = testing::open_loop(testing::options_for(server.url(), 8, 1), 100, 1000ms);
    options.on_send = [](std::uint64_t index, std::int64_t) {
        if (index == 50) std::this_thread::sleep_for(200ms);
    };
    auto engine = Engine::create(options, simple_plan({{"a", get_request("/a")}}));
    ASSERT_TRUE(engine);
    KeepingObserver observer;
    const auto outcome = (*engine)->run(observer);
    EXPECT_EQ(outcome.totals.total_counters().status_count(200), 100);
    EXPECT_EQ(outcome.answer_timing.answers, 100);
    EXPECT_EQ(outcome.answer_timing.at_arrival, 100);
    EXPECT_FALSE(outcome.answer_timing.batched_share);  // open loop: never batched
    const auto service = outcome.totals.total_service();
    EXPECT_GE(service.min(), 19'000);
    EXPECT_LT(service.max(), 100'000) << "an answer was timed when read, after the stall";
    // The requests due during the stall were sent late, and that shows where it belongs: in the send lag.
    EXPECT_GT(outcome.totals.send_lag.max(), 150'000);
}

TEST(AnswerTiming, TlsAnswersAreTimedWhenReadAndNeverBatched) {
    auto pair = tls::make_self_signed().value();
    server::ServerOptions server_options;
    server_options.tls = server::TlsIdentity{pair.certificate_pem, pair.private_key_pem};
    dockside::testing::TestServer server(ok_json, server_options);
    auto options = testing::closed_loop(testing::options_for(server.url(), 4, 1), 500ms);
    auto engine = Engine::create(options, simple_plan({{"a", get_request("/a")}}));
    ASSERT_TRUE(engine);
    KeepingObserver observer;
    const auto outcome = (*engine)->run(observer);
    EXPECT_GT(outcome.answer_timing.answers, 0);
    EXPECT_EQ(outcome.answer_timing.at_arrival, 0);
    EXPECT_FALSE(outcome.answer_timing.batched_share);
}

TEST(AnswerTiming, ClosedLoopBatchesReadsWhereItsTrialKeepsThemAndCountsStayExact) {
    // A trial that keeps naps whenever they completed anything at all, so that this short run naps; a
    // server answering after 2 ms makes every nap (a quarter of the round trip, at most 250 µs) fit.
    auto server = slow_server(2ms);
    auto options = testing::closed_loop(testing::options_for(server.url(), 8, 1), 1500ms);
    NapPolicy::Settings eager;
    eager.trial_ticks = 3;
    eager.settle_ticks = 1;
    eager.keep_ticks = 1000;
    eager.recheck_ticks = 2;
    eager.gain = 0;
    options.read_batching_trials = eager;
    std::atomic<std::int64_t> recorded{0};
    options.on_record = [&](std::size_t, std::int64_t, std::int64_t) { ++recorded; };
    auto engine = Engine::create(options, simple_plan({{"a", get_request("/a")}}));
    ASSERT_TRUE(engine);
    KeepingObserver observer;
    const auto outcome = (*engine)->run(observer);
    const auto totals = outcome.totals.total_counters();
    ASSERT_TRUE(outcome.answer_timing.batched_share);
    EXPECT_GT(*outcome.answer_timing.batched_share, 0.8);
    EXPECT_EQ(totals.errors_total(), 0);
    EXPECT_EQ(totals.status_count(200), totals.requests());
    EXPECT_EQ(outcome.answer_timing.answers, totals.requests());
    EXPECT_EQ(outcome.answer_timing.at_arrival, totals.requests());
    EXPECT_EQ(recorded.load(), totals.requests());
    // What the naps cost in throughput is a performance figure, measured against wrk and h2load by
    // tools/bench/load/throughput; a count here would only measure how busy the machine is (2,358 of 6,000
    // under ThreadSanitizer on a shared CI machine).
    EXPECT_GT(totals.requests(), 0);
    EXPECT_GE(outcome.totals.total_service().min(), 1'900);
}

TEST(AnswerTiming, ReadBatchingOffNeverNaps) {
    auto server = slow_server(2ms);
    auto options = testing::closed_loop(testing::options_for(server.url(), 8, 1), 300ms);
    options.read_batching = false;
    auto engine = Engine::create(options, simple_plan({{"a", get_request("/a")}}));
    ASSERT_TRUE(engine);
    KeepingObserver observer;
    const auto outcome = (*engine)->run(observer);
    EXPECT_FALSE(outcome.answer_timing.batched_share);
    EXPECT_EQ(outcome.answer_timing.at_arrival, outcome.answer_timing.answers);
}

}  // namespace
}  // namespace dockside::load
