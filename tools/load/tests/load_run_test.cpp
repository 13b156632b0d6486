// dockside load end to end against the embedded reference server: the merchant-day mix runs clean and
// writes a summary that conforms to specs/load-summary.schema.json; thresholds gate the exit code;
// sampled validation counts what a fault breaks; no output carries the token; shards merge exactly.

#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <fstream>

#include "harness/histogram/codec.h"
#include "harness/load/interval_counts.h"
#include "harness/load/merge_runs.h"
#include "tools/load/tests/load_tool_test_support.h"

namespace dockside::loadtool {
namespace {

using namespace testing;

TEST(LoadRun, MerchantDayRunsCleanAndTheSummaryConformsToItsSchema) {
    auto server = start_reference("pat-merchant-day");
    ScratchDir dir;
    RawLoadOptions raw;
    raw.rate = "120";
    raw.duration = "1500ms";
    raw.validate = "0.25";
    raw.thresholds = {"errors<1%", "p99<2s", "rate>=0.99"};
    raw.out = dir.path();
    const auto r = run(settings(raw), target_of(*server));
    EXPECT_EQ(r.code, 0) << r.out << r.err;
    const auto summary = read_json(dir.sub("summary.json"));
    ASSERT_FALSE(summary.is_discarded());
    EXPECT_EQ(schema_violations(summary), "");
    EXPECT_EQ(summary["requests"], 180);
    EXPECT_EQ(summary["errors"], 0) << summary["operations"].dump(1);
    EXPECT_NEAR(summary["duration_s"].get<double>(), 1.5, 0.05);
    EXPECT_NEAR(summary["requests_per_second"].get<double>(), 120, 4);
    EXPECT_EQ(summary["seed"], 42);
    EXPECT_EQ(summary["outcome"]["exit_code"], 0);
    // Plain HTTP: every answer is timed by its arrival; an open loop never reads in batches.
    EXPECT_EQ(summary["answer_timing"]["answers"], 180);
    EXPECT_EQ(summary["answer_timing"]["at_arrival"], 180);
    EXPECT_TRUE(summary["answer_timing"]["batched_share"].is_null());
    std::int64_t validated = 0;
    for (const auto& op : summary["operations"]) {
        validated += op["validation"]["validated"].get<std::int64_t>();
        EXPECT_EQ(op["validation"]["failed"], 0) << op["name"] << op["validation"].dump();
    }
    EXPECT_GT(validated, 20);
    for (const char* file : {"latency.hgrm", "service-time.hgrm", "send-lag.hgrm", "latency.hlog", "service-time.hlog",
                             "send-lag.hlog", "latency-getOrder.hgrm"})
        EXPECT_TRUE(std::filesystem::exists(dir.sub(file))) << file;
    EXPECT_NE(read_text(dir.sub("latency.hlog")).find("Tag=createOrder,"), std::string::npos);
    EXPECT_NE(r.out.find("p99.9 ms"), std::string::npos);  // the percentile table
}

TEST(LoadRun, CrossedThresholdExitsOneWithTheTable) {
    auto server = start_reference("pat-thresholds");
    ScratchDir dir;
    RawLoadOptions raw;
    raw.rate = "50";
    raw.duration = "500ms";
    raw.mix = "listLocations";
    raw.thresholds = {"p99<1us", "errors<50%"};
    raw.out = dir.path();
    const auto r = run(settings(raw), target_of(*server));
    EXPECT_EQ(r.code, 1);
    EXPECT_NE(r.out.find("FAIL"), std::string::npos);
    EXPECT_NE(r.out.find("over"), std::string::npos);
    const auto summary = read_json(dir.sub("summary.json"));
    EXPECT_FALSE(summary["thresholds"][0]["passed"].get<bool>());
    EXPECT_TRUE(summary["thresholds"][1]["passed"].get<bool>());
}

/// One second of `mix` at 100/s into `out`, every response validated.
RawLoadOptions validate_every_response(const std::string& mix, const std::string& out) {
    RawLoadOptions raw;
    raw.rate = "100";
    raw.duration = "1s";
    raw.mix = mix;
    raw.validate = "1";
    raw.out = out;
    return raw;
}

TEST(LoadRun, SampledValidationCountsTheViolationAFaultInjects) {
    auto server = start_reference("pat-fault", {"CONV-FIELDS.order-missing-created-date"});
    ScratchDir dir;
    const auto r = run(settings(validate_every_response("getOrder", dir.path())), target_of(*server));
    EXPECT_EQ(r.code, 1) << r.out << r.err;
    const auto summary = read_json(dir.sub("summary.json"));
    const auto& validation = summary["operations"][0]["validation"];
    EXPECT_GT(validation["failed"].get<int>(), 50);
    ASSERT_FALSE(validation["violations"].empty());
    bool created_date = false;
    for (const auto& v : validation["violations"])
        created_date = created_date || (v["rule"] == "CONV-FIELDS" && v["example"]["message"].get<std::string>().find(
                                                                          "created_date") != std::string::npos);
    EXPECT_TRUE(created_date) << validation.dump(1);
    EXPECT_NE(r.out.find("sampled validation"), std::string::npos);
}

// A path outside the contract has nothing to be judged against: it was sampled and counted as validated
// ("sampled 200, validated 200, failed 0") beside the note that it is never validated. It is not sampled now.
TEST(LoadRun, APathOutsideTheContractIsNeverCountedAsValidated) {
    auto server = start_reference("pat-raw-validate");
    ScratchDir dir;
    const auto raw = validate_every_response("listLocations:1,GET /2025-07/not-in-the-contract:1", dir.path());
    const auto r = run(settings(raw), target_of(*server));
    const auto summary = read_json(dir.sub("summary.json"));
    ASSERT_FALSE(summary.is_discarded()) << r.out << r.err;
    bool saw_raw = false;
    for (const auto& op : summary["operations"]) {
        const auto& validation = op["validation"];
        if (op["name"] == "listLocations") {
            EXPECT_GT(validation["validated"].get<int>(), 20) << op.dump(1);
        } else {
            saw_raw = true;
            EXPECT_EQ(validation.value("sampled", 0), 0) << op.dump(1);
            EXPECT_EQ(validation.value("validated", 0), 0) << op.dump(1);
        }
    }
    EXPECT_TRUE(saw_raw) << summary["operations"].dump(1);
    EXPECT_EQ(r.out.find("not-in-the-contract: sampled"), std::string::npos) << r.out;
}

TEST(LoadRun, NoOutputCarriesTheToken) {
    const std::string token = "tok-9f8e7d6c5b4a-secret";
    auto server = start_reference(token);
    ScratchDir dir;
    RawLoadOptions raw;
    raw.rate = "80";
    raw.duration = "700ms";
    raw.validate = "1";
    raw.out = dir.path();
    const auto r = run(settings(raw), target_of(*server));
    EXPECT_EQ(r.out.find(token), std::string::npos);
    EXPECT_EQ(r.err.find(token), std::string::npos);
    int files = 0;
    for (const auto& entry : std::filesystem::directory_iterator(dir.path())) {
        ++files;
        EXPECT_EQ(read_text(entry.path().string()).find(token), std::string::npos) << entry.path();
    }
    EXPECT_GT(files, 10);
}

TEST(LoadRun, ShardsMergeIntoOneRunExactly) {
    auto server = start_reference("pat-shards");
    ScratchDir dir;
    std::vector<load::RunSummary> shards;
    for (const char* shard : {"0/2", "1/2"}) {
        RawLoadOptions raw;
        raw.rate = "200";
        raw.duration = "1s";
        raw.mix = "getOrder:3,listLocations:1";
        raw.shard = shard;
        raw.out = dir.sub(std::string("shard-") + shard[0]);
        const auto r = run(settings(raw), target_of(*server));
        ASSERT_EQ(r.code, 0) << r.out << r.err;
        shards.push_back(load::read_run(raw.out).value());
        EXPECT_EQ(shards.back().result.requested, 100u);
    }
    // The shards ran one after the other: as shards of one schedule they are refused...
    std::ostringstream refused_out, refused_err;
    EXPECT_EQ(load::run_merge({dir.sub("shard-0"), dir.sub("shard-1")}, dir.sub("refused"), {}, refused_out, refused_err), 2);
    EXPECT_NE(refused_err.str().find("apart"), std::string::npos) << refused_err.str();
    EXPECT_NE(refused_err.str().find("--max-start-offset"), std::string::npos) << refused_err.str();
    EXPECT_FALSE(std::filesystem::exists(dir.sub("refused/summary.json")));
    // ...unless the offset is allowed, as here, where only the exactness of the sums is at stake.
    std::ostringstream out, err;
    const int code = load::run_merge({dir.sub("shard-0"), dir.sub("shard-1")}, dir.sub("merged"), {"rate>=0.99"}, out, err,
                               std::chrono::hours(1));
    EXPECT_EQ(code, 0) << out.str() << err.str();
    const auto merged = load::read_run(dir.sub("merged")).value();
    EXPECT_EQ(schema_violations(read_json(dir.sub("merged/summary.json"))), "");
    EXPECT_EQ(merged.result.requested, 200u);
    EXPECT_EQ(merged.result.total_counters().requests(), 200);
    for (const auto& op : merged.result.operations) {
        auto expected = load::make_latency_histogram();
        for (const auto& shard : shards)
            if (const auto* mine = shard.result.find(op.name)) expected.add(mine->latency);
        EXPECT_TRUE(op.latency == expected) << op.name;
        EXPECT_EQ(op.latency.total_count(), op.counters.responses());
    }
    EXPECT_NE(read_text(dir.sub("merged/latency.hlog")).find("Tag=getOrder,"), std::string::npos);
    // The per-second counts too, so the merged run's report draws errors over time.
    const auto attempted = [](const std::string& text) {
        std::int64_t sum = 0;
        const auto lines = load::read_interval_counts(text);  // held: value() of a temporary would dangle
        for (const auto& line : lines.value()) sum += line.value("attempted", std::int64_t{0});
        return sum;
    };
    EXPECT_EQ(attempted(read_text(dir.sub("merged/interval-counts.jsonl"))),
              attempted(read_text(dir.sub("shard-0/interval-counts.jsonl"))) +
                  attempted(read_text(dir.sub("shard-1/interval-counts.jsonl"))));
    // Merged into one of its own runs, the merge would replace that run's files with its own: refused.
    const std::string shard_summary = read_text(dir.sub("shard-0/summary.json"));
    std::ostringstream onto_out, onto_err;
    EXPECT_EQ(load::run_merge({dir.sub("shard-0"), dir.sub("shard-1")}, dir.sub("shard-0"), {}, onto_out, onto_err,
                        std::chrono::hours(1)),
              2);
    EXPECT_NE(onto_err.str().find("is one of the runs being merged"), std::string::npos) << onto_err.str();
    EXPECT_EQ(read_text(dir.sub("shard-0/summary.json")), shard_summary);
}

// Half a second of `mix` into `out`: open loop at 100/s, or closed loop on one connection.
RawLoadOptions short_run(const std::string& mix, const std::string& out, bool closed_loop) {
    RawLoadOptions raw;
    raw.duration = "500ms";
    raw.mix = mix;
    raw.out = out;
    raw.closed_loop = closed_loop;
    if (closed_loop) raw.connections = raw.threads = "1";
    else raw.rate = "100";
    return raw;
}

// A folder given again holds the new run's files only: an earlier run's operation (and, after an open
// loop, its send lag) would otherwise sit beside the new figures as if they were the new run's.
TEST(LoadRun, AFolderGivenAgainHoldsOnlyTheNewRunsFiles) {
    auto server = start_reference("pat-again");
    ScratchDir dir;
    ASSERT_EQ(run(settings(short_run("listLocations", dir.path(), false)), target_of(*server)).code, 0);
    ASSERT_TRUE(std::filesystem::exists(dir.sub("latency-listLocations.hgrm")));
    ASSERT_TRUE(std::filesystem::exists(dir.sub("send-lag.hgrm")));
    {
        std::ofstream notes(dir.sub("notes.txt"));
        notes << "the user's own file\n";
    }
    const auto r = run(settings(short_run("getOrder", dir.path(), true)), target_of(*server));
    ASSERT_EQ(r.code, 0) << r.out << r.err;
    EXPECT_NE(r.out.find("removed the"), std::string::npos) << r.out;
    EXPECT_TRUE(std::filesystem::exists(dir.sub("latency-getOrder.hgrm")));
    EXPECT_FALSE(std::filesystem::exists(dir.sub("latency-listLocations.hgrm")));
    EXPECT_FALSE(std::filesystem::exists(dir.sub("service-time-listLocations.hgrm")));
    EXPECT_FALSE(std::filesystem::exists(dir.sub("send-lag.hgrm")));
    EXPECT_EQ(read_text(dir.sub("latency.hlog")).find("Tag=listLocations"), std::string::npos);
    EXPECT_EQ(read_text(dir.sub("notes.txt")), "the user's own file\n");
}

}  // namespace
}  // namespace dockside::loadtool

namespace dockside::loadtool {
namespace {

using testing::capacity_search;

TEST(LoadRun, CapacitySearchWritesItsCurve) {
    auto server = testing::start_reference("pat-capacity");
    testing::ScratchDir dir;
    RawLoadOptions raw = capacity_search("p50<5s,errors<1%", "400", "500ms");
    raw.out = dir.path();
    const auto r = testing::run(testing::settings(raw), testing::target_of(*server));
    EXPECT_EQ(r.code, 0) << r.out << r.err;
    const auto curve = testing::read_json(dir.sub("capacity.json"));
    EXPECT_EQ(curve["capacity_rate"], 400.0);
    EXPECT_EQ(curve["stopped_because"], "every step up to --max-rate passed");
    ASSERT_EQ(curve["curve"].size(), 3u);
    EXPECT_EQ(curve["curve"][1]["rate"], 200.0);
    const auto csv = testing::read_text(dir.sub("capacity.csv"));
    EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 4);
    const auto summary = testing::read_json(dir.sub("summary.json"));
    EXPECT_EQ(testing::schema_violations(summary), "");
    EXPECT_EQ(summary["requested"], 200);  // the summary holds the highest passing step: 400/s for 0.5 s
}

}  // namespace
}  // namespace dockside::loadtool

namespace dockside::loadtool {
namespace {

// Each capacity step first sends at its rate, unrecorded: the server sees the warm-up's requests, the
// step's figures do not hold them. Open loop sends exactly the schedule, so every count is exact.
TEST(LoadRun, CapacityStepsWarmUpAtTheirRateUnrecorded) {
    std::atomic<std::int64_t> location_requests{0};
    refserver::EmbeddedOptions options;
    options.api.pat = "pat-capacity-warmup";
    options.on_response = [&](const server::AccessRecord& r) {
        if (r.target.rfind("/2025-07/location", 0) == 0) ++location_requests;
    };
    auto server = refserver::EmbeddedServer::start(options);
    ASSERT_TRUE(server) << server.error().front();
    testing::ScratchDir dir;
    RawLoadOptions raw = capacity_search("p50<5s", "200", "1s");  // the default warm-up: 20 % of 1 s
    raw.out = dir.path();
    const auto s = testing::settings(raw);
    EXPECT_EQ(s.step_warmup, std::chrono::milliseconds(200));
    const auto r = testing::run(s, testing::target_of(**server));
    ASSERT_EQ(r.code, 0) << r.out << r.err;
    (*server)->stop();
    const auto curve = testing::read_json(dir.sub("capacity.json"));
    ASSERT_EQ(curve["curve"].size(), 2u) << curve.dump(2);
    std::int64_t seen_by_steps = 0;
    for (const auto& step : curve["curve"]) {
        const double rate = step["rate"].get<double>();
        EXPECT_EQ(step["warmup_s"], 0.2);
        EXPECT_EQ(step["warmup_requests"], static_cast<std::int64_t>(rate * 0.2)) << step.dump();
        EXPECT_EQ(step["requests"], static_cast<std::int64_t>(rate * 1.0)) << step.dump();
        seen_by_steps += step["requests"].get<std::int64_t>() + step["warmup_requests"].get<std::int64_t>();
    }
    EXPECT_EQ(location_requests.load(), seen_by_steps);  // 360: 120 at 100/s, 240 at 200/s
    const auto csv = testing::read_text(dir.sub("capacity.csv"));
    EXPECT_NE(csv.find(",requests,warmup_s,warmup_requests,"), std::string::npos) << csv;
    EXPECT_NE(csv.find(",true,100,0.200,20,\"200:100\",\"\",\"\"\n"), std::string::npos) << csv;
    const auto summary = testing::read_json(dir.sub("summary.json"));
    EXPECT_EQ(summary["configuration"]["capacity"]["step_warmup_s"], 0.2);
    EXPECT_EQ(summary["requests"], 200);  // the highest passing step's recorded figures, no warm-up in them
}

TEST(LoadRun, CapacityStepWarmUpFollowsAGivenWarmupAndCanBeOff) {
    RawLoadOptions raw;
    raw.find_capacity = true;
    raw.slo = "p99<5s";
    raw.mix = "listLocations";
    EXPECT_EQ(testing::settings(raw).step_warmup, std::chrono::seconds(2));  // 20 % of 10 s
    raw.step_duration = "60s";
    EXPECT_EQ(testing::settings(raw).step_warmup, std::chrono::seconds(2));  // at most 2 s
    raw.warmup = "0s";
    EXPECT_EQ(testing::settings(raw).step_warmup, std::chrono::seconds(0));
    raw.warmup = "5s";
    EXPECT_EQ(testing::settings(raw).step_warmup, std::chrono::seconds(5));
}

}  // namespace
}  // namespace dockside::loadtool
