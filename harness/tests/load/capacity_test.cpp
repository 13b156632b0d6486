// Capacity search on a simulated target whose p99 grows with the rate: the search steps up, then
// bisects to the highest rate within the SLO; every step is in the curve.

#include <gtest/gtest.h>

#include "harness/load/capacity.h"

namespace dockside::load {
namespace {

/// A run of `seconds` at `rate` against a target that answers in 1 ms up to 800/s and in `rate` µs beyond
/// that. Ten seconds give a p99 enough requests to be judged from 100/s up.
RunResult simulated(double rate, int seconds = 10) {
    RunResult r;
    r.duration_s = seconds;
    r.requested = static_cast<std::uint64_t>(rate * seconds);
    OperationResult op;
    op.name = "get";
    const std::int64_t latency = rate <= 800 ? 1000 : static_cast<std::int64_t>(rate) * 100;
    for (int i = 0; i < static_cast<int>(rate * seconds); ++i) {
        op.latency.record(latency);
        op.counters.count_status(200);
    }
    r.operations.push_back(op);
    return r;
}

TEST(Capacity, StepsThenBisectsToTheSloBoundary) {
    CapacityOptions o;
    o.start_rate = 100;
    o.precision = 0.02;
    const auto slo = parse_threshold_list("p99<50ms,errors<1%").value();
    std::vector<double> rates;
    const auto found = find_capacity(o, slo, [&](double rate) {
        rates.push_back(rate);
        return std::optional<RunResult>(simulated(rate));
    });
    // 100, 200, 400 and 800/s pass (1 ms); 1600/s fails (p99 160 ms). Every rate above 800/s answers in
    // rate·100 µs > 80 ms, so the bisection between 800 and 1600 keeps failing and closes on 800.
    ASSERT_TRUE(found.capacity);
    EXPECT_NEAR(*found.capacity, 800, 800 * 0.02);
    EXPECT_EQ(rates[0], 100);
    EXPECT_EQ(rates[4], 1600);
    EXPECT_EQ(found.curve.size(), rates.size());
    EXPECT_FALSE(found.curve[4].passed);
    EXPECT_EQ(found.stopped_because, "bisected to within the precision");
    const auto csv = capacity_csv(found);
    EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), static_cast<long>(rates.size() + 1));
    EXPECT_EQ(capacity_json(found, slo)["curve"].size(), rates.size());
}

TEST(Capacity, ShortAchievedRateFailsAStepAndInterruptStops) {
    const auto slo = parse_threshold_list("p99<1s").value();
    RunResult half = simulated(100);
    half.requested = 2000;  // answered only half of what was asked
    EXPECT_FALSE(judge_step(200, half, slo, 0.99).passed);
    int calls = 0;
    CapacityOptions o;
    const auto found = find_capacity(o, slo, [&](double rate) -> std::optional<RunResult> {
        if (++calls == 3) return std::nullopt;
        return simulated(rate);
    });
    EXPECT_TRUE(found.interrupted);
    EXPECT_EQ(found.curve.size(), 2u);
    ASSERT_TRUE(found.capacity);
    EXPECT_EQ(*found.capacity, 200);
}

// A step outside the SLO said only "errors 3.75%": the curve now keeps each status code and error kind of
// every step with one example each, so a 409 of the generator's own making is told from a failing server.
TEST(Capacity, EveryStepKeepsItsStatusCodesAndErrorKindsWithAnExample) {
    RunResult r = simulated(100, 1);
    OperationResult create;
    create.name = "createOrder";
    for (int i = 0; i < 4; ++i) create.counters.count_status(409);
    create.counters.count_error(ErrorKind::timeout);
    create.error_examples = {{"HTTP 409", R"({"error":"reference_id \"DSL-1\" is taken"})"}, {"timeout", "no answer"}};
    r.operations.push_back(create);
    r.operations[0].error_examples = {{"HTTP 409", "an example from another operation"}};
    r.operations[0].counters.count_status(409);
    CapacityResult found;
    found.curve.push_back(judge_step(100, r, parse_threshold_list("errors<1%").value(), 0.5));
    const auto& step = found.curve[0];
    EXPECT_FALSE(step.passed);
    EXPECT_EQ(step.counters.status_count(409), 5);
    ASSERT_EQ(step.examples.size(), 2u);  // one per status or kind
    EXPECT_EQ(step.examples[0].operation, "get");
    const auto json = capacity_json(found, {})["curve"][0];
    EXPECT_EQ(json["status"]["409"], 5);
    EXPECT_EQ(json["status"]["200"], 100);
    EXPECT_EQ(json["error_kinds"]["timeout"], 1);
    ASSERT_EQ(json["error_examples"].size(), 2u);
    EXPECT_EQ(json["error_examples"][1]["operation"], "createOrder");
    EXPECT_EQ(json["error_examples"][1]["what"], "timeout");
    const auto csv = capacity_csv(found);
    EXPECT_NE(csv.find(",status_codes,error_kinds,error_examples\n"), std::string::npos) << csv;
    EXPECT_NE(csv.find(",\"200:100 409:5\",\"timeout:1\",\"HTTP 409 (get): an example from another operation | "
                       "timeout (createOrder): no answer\"\n"),
              std::string::npos)
        << csv;
    const auto lines = step_error_lines(step);
    ASSERT_EQ(lines.size(), 2u);
    EXPECT_EQ(lines[0], "HTTP 409: 5, e.g. get: an example from another operation");
    EXPECT_EQ(lines[1], "timeout: 1, e.g. createOrder: no answer");
}

// A quote or a line break in an example stays inside its CSV field.
TEST(Capacity, CsvExamplesAreQuotedFields) {
    RunResult r = simulated(10);
    r.operations[0].counters.count_status(400);
    r.operations[0].error_examples = {{"HTTP 400", "line one\n\"quoted\""}};
    CapacityResult found;
    found.curve.push_back(judge_step(10, r, {}, 0.5));
    const auto csv = capacity_csv(found);
    EXPECT_NE(csv.find("\"HTTP 400 (get): line one \"\"quoted\"\"\"\n"), std::string::npos) << csv;
    EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 2);
}

// A step of 500 requests judged its p99, the value below which 495 of them fell, as if it were the
// target's: a percentile is now judged only from 10/(1−p) requests (1,000 for p99), as compare asks.
TEST(Capacity, APercentileFromTooFewRequestsIsNotJudgedAndStopsTheSearch) {
    const auto slo = parse_threshold_list("p99<50ms,errors<1%").value();
    const auto short_step = judge_step(50, simulated(50), slo, 0.99);
    EXPECT_FALSE(short_step.passed);
    EXPECT_TRUE(short_step.crossed.empty());
    ASSERT_EQ(short_step.unjudged.size(), 1u);
    EXPECT_EQ(short_step.unjudged[0], "p99<50ms: 500 requests, 1000 needed");
    // Crossing something that could be judged still fails the step.
    RunResult erring = simulated(50);
    for (int i = 0; i < 50; ++i) erring.operations[0].counters.count_status(500);
    EXPECT_FALSE(judge_step(50, erring, slo, 0.99).crossed.empty());

    CapacityOptions o;
    o.start_rate = 200;
    int steps = 0;
    const auto found = find_capacity(o, slo, [&](double rate) {
        ++steps;
        return std::optional<RunResult>(simulated(rate, 1));  // 200 requests: too few for a p99
    });
    EXPECT_EQ(steps, 1);
    EXPECT_FALSE(found.capacity);
    EXPECT_EQ(found.stopped_because,
              "the step at 200/s had too few requests to judge p99<50ms: 200 requests, 1000 needed: lengthen "
              "--step-duration");
    EXPECT_EQ(capacity_json(found, slo)["curve"][0]["unjudged"].size(), 1u);
}

TEST(Capacity, AStepIsLongEnoughForEveryPercentileOfTheSlo) {
    const auto slo = parse_threshold_list("p99<50ms,p50<10ms").value();
    EXPECT_DOUBLE_EQ(step_seconds(50, 10, slo, {}), 1000.0 / 50 * 1.05);  // p99 needs 1,000 requests
    EXPECT_DOUBLE_EQ(step_seconds(500, 10, slo, {}), 10);                 // 5,000 in the asked 10 s
    const auto per_operation = parse_threshold_list("getOrder:p99.9<50ms").value();
    EXPECT_DOUBLE_EQ(step_seconds(1000, 1, per_operation, {{"getOrder", 0.5}}), 10000.0 / 500 * 1.05);
    EXPECT_EQ(requests_to_judge(per_operation[0]), 10000);
}

TEST(Capacity, NothingPassingGivesNoCapacity) {
    const auto slo = parse_threshold_list("p50<1us").value();
    CapacityOptions o;
    o.start_rate = 64;
    // Long enough for a p50 down to 1/64 of the start rate.
    const auto found = find_capacity(o, slo, [](double rate) { return std::optional<RunResult>(simulated(rate, 100)); });
    EXPECT_FALSE(found.capacity);
    EXPECT_GE(found.curve.size(), 6u);
}

}  // namespace
}  // namespace dockside::load
