// Thresholds: the k6-style language, and pass/fail on known figures.

#include <gtest/gtest.h>

#include "harness/load/report_text.h"
#include "harness/load/thresholds.h"

namespace dockside::load {
namespace {

/// Two operations: createOrder (100 answers at 10..1000 µs, 2 of them 500) and getOrder (900 answers of 2 ms).
RunResult known_result() {
    RunResult r;
    r.duration_s = 10;
    r.requested = 1000;
    OperationResult create;
    create.name = "createOrder";
    for (int i = 1; i <= 100; ++i) {
        create.latency.record(i * 10);
        create.service.record(i * 5);
        create.counters.count_status(i <= 2 ? 500 : 201);
    }
    OperationResult get;
    get.name = "getOrder";
    for (int i = 0; i < 900; ++i) {
        get.latency.record(2000);
        get.service.record(1000);
        get.counters.count_status(200);
    }
    r.operations = {create, get};
    return r;
}

ThresholdOutcome judge(const std::string& text) {
    auto t = parse_threshold(text);
    EXPECT_TRUE(t) << (t ? "" : t.error());
    return evaluate({*t}, known_result()).front();
}

TEST(Thresholds, ParseTheDocumentedForms) {
    auto p = parse_threshold("createOrder:p95<80ms").value();
    EXPECT_EQ(p.operation, "createOrder");
    EXPECT_EQ(p.metric, Metric::latency_percentile);
    EXPECT_DOUBLE_EQ(p.percentile, 95);
    EXPECT_DOUBLE_EQ(p.limit, 80000);
    EXPECT_EQ(parse_threshold("errors<0.1%").value().limit, 0.001);
    EXPECT_EQ(parse_threshold("errors<10").value().metric, Metric::error_count);
    EXPECT_EQ(parse_threshold("rate>=0.99").value().comparison, Comparison::greater_equal);
    EXPECT_DOUBLE_EQ(parse_threshold("p99.9<=1s").value().percentile, 99.9);
    EXPECT_DOUBLE_EQ(parse_threshold("p999<1s").value().percentile, 99.9);
    EXPECT_EQ(parse_threshold("service:p99<5ms").value().metric, Metric::service_percentile);
    EXPECT_EQ(parse_threshold("POST /2025-07/order:estimate:p50<5ms").value().operation, "POST /2025-07/order:estimate");
}

TEST(Thresholds, BadOnesSayWhatIsWrong) {
    EXPECT_NE(parse_threshold("p99 50ms").error().find("comparison"), std::string::npos);
    EXPECT_NE(parse_threshold("p99<50").error().find("unit"), std::string::npos);
    EXPECT_NE(parse_threshold("latency<5ms").error().find("unknown metric"), std::string::npos);
    EXPECT_NE(parse_threshold("rate>=1.5").error().find("ratio"), std::string::npos);
    EXPECT_NE(parse_threshold("getOrder:rate>=0.9").error().find("whole run"), std::string::npos);
    EXPECT_FALSE(parse_threshold("p99<-5ms"));
    auto list = parse_threshold_list("p99<100ms,bogus<1,errors<1%");
    ASSERT_FALSE(list);
    EXPECT_EQ(list.error().size(), 1u);
}

TEST(Thresholds, PassAndFailOnKnownFigures) {
    EXPECT_TRUE(judge("p50<3ms").passed);                  // 2 ms
    EXPECT_FALSE(judge("p50<1ms").passed);
    EXPECT_TRUE(judge("createOrder:p50<=0.51ms").passed);  // 500 µs
    EXPECT_FALSE(judge("createOrder:p99<0.9ms").passed);   // 990 µs
    EXPECT_TRUE(judge("createOrder:service:p99<0.5ms").passed);
    EXPECT_TRUE(judge("errors<0.3%").passed);              // 2 of 1000 = 0.2 %
    EXPECT_FALSE(judge("errors<0.1%").passed);
    EXPECT_TRUE(judge("errors<=2").passed);
    EXPECT_TRUE(judge("rate>=0.99").passed);               // 1000 of 1000
    EXPECT_TRUE(judge("rps>=99").passed);                  // 100/s
    EXPECT_FALSE(judge("rps>=101").passed);
    EXPECT_TRUE(judge("max<2.1ms").passed);
}

TEST(Thresholds, MissingDataNeverPasses) {
    const auto o = judge("deleteProduct:p99<1s");
    EXPECT_FALSE(o.passed);
    EXPECT_EQ(o.margin_text, "no data to judge");
    RunResult closed = known_result();
    closed.open_loop = false;
    EXPECT_FALSE(evaluate({parse_threshold("rate>=0.5").value()}, closed).front().passed);
}

TEST(Thresholds, TableSaysByHowMuch) {
    const auto o = judge("p50<1ms");
    EXPECT_EQ(o.actual_text, "2.00ms");
    EXPECT_EQ(o.margin_text, "1.00ms over");
    const auto table = render_thresholds({o, judge("errors<0.3%")});
    EXPECT_NE(table.find("FAIL"), std::string::npos);
    EXPECT_NE(table.find("pass"), std::string::npos);
    EXPECT_NE(table.find("to spare"), std::string::npos);
}

// A run whose getOrder had no id 3 times of 10 and was sent as createOrder instead.
RunResult substituted_result() {
    RunResult r = known_result();
    r.operations[1].counters.substituted = 3;
    r.operations[0].counters.stood_in = 3;
    return r;
}

TEST(Thresholds, SubstitutedJudgesTheShareSentAsAnotherOperation) {
    EXPECT_EQ(parse_threshold("substituted<1%").value().metric, Metric::substituted_ratio);
    EXPECT_EQ(parse_threshold("substituted<5").value().metric, Metric::substituted_count);
    const auto r = substituted_result();
    const auto outcomes = evaluate(parse_threshold_list("substituted<0.5%,substituted<=0.3%,getOrder:substituted<0.3%,"
                                                        "createOrder:substituted<1,substituted<3")
                                       .value(),
                                   r);
    // Drawn: 1000 requests (getOrder 900 + 3 sent as creates, createOrder 100 - 3 stand-ins).
    EXPECT_TRUE(outcomes[0].passed) << outcomes[0].actual_text;  // 3 of 1000
    EXPECT_TRUE(outcomes[1].passed);
    EXPECT_FALSE(outcomes[2].passed) << outcomes[2].actual_text;  // 3 of 903
    EXPECT_TRUE(outcomes[3].passed);                              // createOrder was never replaced
    EXPECT_FALSE(outcomes[4].passed);
    EXPECT_EQ(outcomes[0].actual_text, "0.3%");
}

// A run whose getOrder was answered 429 (rate limited) 9 times of 900: throttling is its own class.
TEST(Thresholds, RateLimitedJudgesTheShareAnswered429) {
    EXPECT_EQ(parse_threshold("rate_limited<1%").value().metric, Metric::rate_limited_ratio);
    EXPECT_EQ(parse_threshold("rate_limited<5").value().metric, Metric::rate_limited_count);
    RunResult r = known_result();
    for (int i = 0; i < 9; ++i) r.operations[1].counters.count_status(429);
    const auto outcomes = evaluate(
        parse_threshold_list("rate_limited<1%,rate_limited<0.5%,getOrder:rate_limited<=9,createOrder:rate_limited<1").value(), r);
    EXPECT_TRUE(outcomes[0].passed) << outcomes[0].actual_text;   // 9 of 1009
    EXPECT_FALSE(outcomes[1].passed) << outcomes[1].actual_text;
    EXPECT_TRUE(outcomes[2].passed);
    EXPECT_TRUE(outcomes[3].passed);
    EXPECT_EQ(outcomes[0].threshold.metric_name(), "share answered 429 (rate limited)");
    EXPECT_NE(error_table(r).find("getOrder:  rate_limited (HTTP 429) 9"), std::string::npos) << error_table(r);
}

// A repeated --threshold may hold comma-separated lists, as --slo does; every bad piece is reported.
TEST(Thresholds, SeveralTextsEachMayBeAList) {
    const auto all = parse_threshold_lists({"p99<50ms,errors<0.1%", "rate>=0.99"});
    ASSERT_TRUE(all);
    ASSERT_EQ(all->size(), 3u);
    EXPECT_EQ((*all)[1].expression, "errors<0.1%");
    EXPECT_EQ((*all)[2].expression, "rate>=0.99");
    const auto bad = parse_threshold_lists({"p99<50,errors<0.1%", "bogus<1"});
    ASSERT_FALSE(bad);
    EXPECT_EQ(bad.error().size(), 2u);
}

}  // namespace
}  // namespace dockside::load

#include <sstream>

#include "harness/load/duration_text.h"
#include "harness/load/report_text.h"
#include "harness/load/run_recorder.h"

namespace dockside::load {
namespace {

TEST(Progress, LineCarriesTheFiguresOfTheSecond) {
    ProgressFigures f;
    f.elapsed_s = 12;
    f.total_s = 30;
    f.target_rate = 500;
    f.achieved_rate = 498;
    f.in_flight = 3;
    f.p50_us = 1210;
    f.p99_us = 4500;
    f.errors = 2;
    f.requests = 1000;
    const auto line = progress_line(f);
    for (const char* part : {"12s/30s", "target 500/s", "achieved 498/s", "in flight 3", "p50 1.21ms", "p99 4.50ms",
                             "errors 2 (0.2%)"})
        EXPECT_NE(line.find(part), std::string::npos) << part << " in " << line;
    f.warming_up = true;
    f.elapsed_s = 3;
    EXPECT_NE(progress_line(f).find("warming up, 3.0s to go"), std::string::npos);
}

// A second in which every request failed without an answer showed "p50 0µs  p99 0µs  errors 10 (1e+02%)".
TEST(Progress, ASecondWithoutAnswersShowsNoLatencyAndAReadableShare) {
    ProgressFigures f;
    f.elapsed_s = 1;
    f.errors = 10;
    f.requests = 10;
    const auto line = progress_line(f);
    EXPECT_NE(line.find("p50 -  p99 -"), std::string::npos) << line;
    EXPECT_NE(line.find("errors 10 (100%)"), std::string::npos) << line;
    EXPECT_EQ(line.find("e+"), std::string::npos) << line;
    for (const auto& [ratio, text] : std::vector<std::pair<double, std::string>>{
             {0, "0%"}, {1, "100%"}, {0.52, "52%"}, {0.038, "3.8%"}, {0.0012, "0.12%"}, {1e-7, "<0.01%"}, {0.99999, ">99.9%"}})
        EXPECT_EQ(format_percent(ratio), text) << ratio;
}

TEST(Progress, RewritesOnATerminalAndWritesLinesOtherwise) {
    std::ostringstream tty, plain;
    ProgressPrinter on_tty(tty, true), on_pipe(plain, false);
    on_tty.show("a");
    on_tty.show("b");
    on_tty.finish();
    on_pipe.show("a");
    on_pipe.show("b");
    on_pipe.finish();
    EXPECT_EQ(tty.str(), "\ra\x1b[K\rb\x1b[K\n");
    EXPECT_EQ(plain.str(), "a\nb\n");
}

TEST(Progress, AShardsTargetIsItsShareAndTheWaitForTheStartIsShown) {
    std::ostringstream out;
    ProgressPrinter printer(out, false);
    const auto schedule = Schedule::constant(400, std::chrono::seconds(10)).value();
    RunRecorder recorder(printer, nullptr, {"a"}, &schedule, 10, 0.5);  // shard 0/2
    recorder.on_waiting(WallTime(std::chrono::hours(24 * 365 * 57)), 12.2);
    StatsSet second(1);
    second.start_ns = 0;
    second.end_ns = 1'000'000'000;
    recorder.on_interval(second, LiveStatus{});
    EXPECT_NE(out.str().find("waiting for the start at 2026-12-18T00:00:00.000000Z: 12s to go\n"), std::string::npos)
        << out.str();
    EXPECT_NE(out.str().find("target 200/s"), std::string::npos) << out.str();
}

}  // namespace
}  // namespace dockside::load
