// Open-loop acceptance: a one-second stall of the target shows in the latency histogram as the
// coordinated-omission analysis predicts and not in the service-time histogram; ramps reach their rates;
// shard results added together equal one histogram of every value recorded.

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <mutex>
#include <thread>

#include "harness/histogram/codec.h"
#include "harness/load/engine.h"
#include "harness/load/run_result.h"
#include "harness/load/summary_json.h"
#include "harness/tests/http/test_server.h"
#include "harness/tests/load/load_test_support.h"

namespace dockside::load {
namespace {

using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

using testing::answer_ok;

/// Answers at once, except that every request arriving in [first + 1.5 s, first + 2.5 s) is held until
/// the window ends: the whole server freezes for one second, as a GC pause or a failover would.
class StallingServer {
public:
    explicit StallingServer(Clock::duration stall) : stall_(stall) {}
    http::Response handle(const http::Request& request) {
        const auto now = Clock::now();
        Clock::time_point start;
        {
            std::lock_guard lock(mutex_);
            if (!first_) first_ = now;
            start = *first_ + 1500ms;
        }
        if (now >= start && now < start + stall_) std::this_thread::sleep_until(start + stall_);
        return answer_ok(request);
    }

private:
    Clock::duration stall_;
    std::mutex mutex_;
    std::optional<Clock::time_point> first_;
};

TEST(OpenLoop, AStallShowsInLatencyAsPredictedAndNotInServiceTime) {
    // Analytic expectation (wrk2's argument): at rate R over a run of T seconds with one stall of S
    // seconds, the R·S requests intended during the stall complete when it ends, so the one intended at
    // time t into the stall waits S − t. Latencies above L (0 <= L <= S) are therefore a share
    // (S − L) / T of all requests, and the latency at percentile q is L(q) = S − (1 − q)·T.
    // With S = 1 s and T = 4 s: p99 = 0.96 s, p95 = 0.80 s, p90 = 0.60 s, max ≈ S, p50 ≈ normal.
    constexpr double S = 1.0, T = 4.0;
    StallingServer stalling(1s);
    dockside::testing::TestServer server([&](const http::Request& r) { return stalling.handle(r); });
    auto options = testing::open_loop(testing::options_for(server.url(), 4, 2), 250, 4000ms);
    auto engine = Engine::create(options, testing::simple_plan({{"get", testing::get_request("/")}}));
    ASSERT_TRUE(engine);
    testing::KeepingObserver observer;
    const auto outcome = (*engine)->run(observer);
    const auto latency = outcome.totals.total_latency();
    const auto service = outcome.totals.total_service();
    ASSERT_EQ(latency.total_count(), 1000);
    const auto seconds_at = [&](const histogram::Histogram& h, double p) { return h.value_at_percentile(p) / 1e6; };
    const double tolerance = 0.08;  // scheduling noise on a shared machine; the histogram itself is 0.1 %
    EXPECT_NEAR(seconds_at(latency, 99), S - 0.01 * T, tolerance);
    EXPECT_NEAR(seconds_at(latency, 95), S - 0.05 * T, tolerance);
    EXPECT_NEAR(seconds_at(latency, 90), S - 0.10 * T, tolerance);
    EXPECT_NEAR(latency.max() / 1e6, S, tolerance);
    EXPECT_LT(seconds_at(latency, 50), 0.05);
    // Only the 4 requests in flight when the stall began (one per connection) waited in the server.
    EXPECT_LT(seconds_at(service, 99), 0.05);
    EXPECT_LE(service.count_at_value(service.max()), 4);
    EXPECT_GT(outcome.max_waiting, 100);  // the rest waited for a connection, and that wait was counted
    // R·S = 250 requests were due during the stall; all but the 4 that took the connections waited for
    // one, and so did those due while the backlog drained (a few here; more in a sanitizer's slow build,
    // hence the upper bound). Requests before the stall found a connection free.
    const auto waited = outcome.totals.total_counters().waited;
    EXPECT_GE(waited, 240);
    EXPECT_LE(waited, 350);
    // Their send lag is the stall's; the generator's own, of the requests that found a connection free,
    // is not: it holds only those, and stays small.
    const auto& own = outcome.totals.own_send_lag;
    EXPECT_EQ(own.total_count(), outcome.totals.total_counters().sent - waited);
    EXPECT_GT(outcome.totals.send_lag.value_at_percentile(99), 500'000);
    EXPECT_LT(own.value_at_percentile(99), 20'000);
    RunSummary summary;  // the count survives the summary, as `dockside merge` reads it
    summary.result = RunResult::from_stats(outcome.totals, {"get"});
    auto back = summary_from_json(to_json(summary));
    ASSERT_TRUE(back) << back.error();
    EXPECT_EQ(back->result.total_counters().waited, waited);
    EXPECT_TRUE(back->result.own_send_lag == own);
}

TEST(OpenLoop, RequestsThatFindAConnectionFreeAreNotCountedAsWaiting) {
    // 16 connections at 50/s against a server that answers at once: every connection would have to be
    // held for a third of a second before one request found none free.
    dockside::testing::TestServer server(answer_ok);
    auto options = testing::open_loop(testing::options_for(server.url(), 16, 1), 50, 1000ms);
    auto engine = Engine::create(options, testing::simple_plan({{"get", testing::get_request("/")}}));
    ASSERT_TRUE(engine);
    testing::KeepingObserver observer;
    const auto outcome = (*engine)->run(observer);
    EXPECT_EQ(outcome.totals.total_counters().requests(), 50);
    EXPECT_EQ(outcome.totals.total_counters().waited, 0);
}

TEST(OpenLoop, StageRampsReachTheirRates) {
    dockside::testing::TestServer server(answer_ok);
    auto options = testing::options_for(server.url(), 4, 2);
    options.model = LoadModel::open_loop;
    // 0 → 400/s in 2 s, then 400/s for 1 s: 100, 300, 400 requests in the three seconds.
    options.schedule = Schedule::make(0, parse_stages("2s:400,1s:400").value()).value();
    auto engine = Engine::create(options, testing::simple_plan({{"get", testing::get_request("/")}}));
    ASSERT_TRUE(engine);
    testing::KeepingObserver observer;
    const auto outcome = (*engine)->run(observer);
    EXPECT_EQ(outcome.totals.total_counters().requests(), 800);
    ASSERT_GE(observer.intervals.size(), 3u);
    const double expected[3] = {100, 300, 400};
    for (int i = 0; i < 3; ++i) {
        // Intervals are cut by the workers' 10 ms ticks: allow 3 % or 8 requests, whichever is larger.
        const double got = static_cast<double>(observer.intervals[static_cast<std::size_t>(i)].requests());
        EXPECT_NEAR(got, expected[i], std::max(8.0, 0.03 * expected[i])) << "second " << i + 1;
    }
}

TEST(OpenLoop, ShardsAddUpToOneHistogramOfAllTheirValues) {
    dockside::testing::TestServer server(answer_ok);
    std::mutex mutex;
    auto every_value = make_latency_histogram();
    RunResult merged;
    std::uint64_t requested = 0;
    for (unsigned shard = 0; shard < 2; ++shard) {
        auto options = testing::open_loop(testing::options_for(server.url(), 2, 2), 300, 1000ms);
        options.shard_index = shard;
        options.shard_count = 2;
        options.on_record = [&](std::size_t, std::int64_t latency, std::int64_t) {
            std::lock_guard lock(mutex);
            every_value.record(latency);
        };
        auto engine = Engine::create(options, testing::simple_plan({{"a", testing::get_request("/a")},
                                                                   {"b", testing::get_request("/b")}}));
        ASSERT_TRUE(engine);
        testing::KeepingObserver observer;
        const auto outcome = (*engine)->run(observer);
        requested += outcome.requested;
        // Through the summary's encoded form, as `dockside merge` reads it.
        RunSummary summary;
        summary.result = RunResult::from_stats(outcome.totals, {"a", "b"});
        auto back = summary_from_json(to_json(summary));
        ASSERT_TRUE(back) << back.error();
        merged.add(back->result);
    }
    EXPECT_EQ(requested, 300u);
    EXPECT_TRUE(merged.total_latency() == every_value);
    EXPECT_EQ(merged.total_latency().total_count(), 300);
}

}  // namespace
}  // namespace dockside::load
