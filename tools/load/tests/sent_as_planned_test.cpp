// The load a run sends is the load it was asked for: capacity steps never repeat a unique value an
// earlier step sent (a correct server refuses it, and the search would blame the server), and an
// operation that goes out as its fallback (no id at hand) is counted, said, and can fail the run.

#include <gtest/gtest.h>

#include <map>
#include <mutex>

#include "tools/load/tests/load_tool_test_support.h"

namespace dockside::loadtool {
namespace {

/// The embedded reference server, counting the answers to POST /2025-07/order by status.
struct CountingReference {
    std::mutex mutex;
    std::map<int, std::int64_t> order_creates;
    std::unique_ptr<refserver::EmbeddedServer> server;

    explicit CountingReference(const std::string& pat, const std::vector<std::string>& faults = {}) {
        refserver::EmbeddedOptions options;
        options.api.pat = pat;
        options.api.faults = {faults.begin(), faults.end()};
        options.on_response = [this](const server::AccessRecord& r) {
            if (r.method != "POST" || r.target != "/2025-07/order") return;
            std::lock_guard lock(mutex);
            ++order_creates[r.status];
        };
        server = std::move(refserver::EmbeddedServer::start(options).value());
    }
    std::int64_t creates_with(int status) {
        std::lock_guard lock(mutex);
        return order_creates.count(status) ? order_creates[status] : 0;
    }
};

/// A capacity search of `mix` from 100/s, doubling to `max_rate` in half-second steps, against `reference`
/// (stopped afterwards) with an SLO that every step without errors holds; the curve.
nlohmann::json search_capacity(CountingReference& reference, const std::string& mix, const std::string& max_rate) {
    testing::ScratchDir dir;
    RawLoadOptions raw = testing::capacity_search("p50<5s,errors<0.1%", max_rate, "500ms", mix);
    raw.out = dir.path();
    const auto r = testing::run(testing::settings(raw), testing::target_of(*reference.server));
    reference.server->stop();
    EXPECT_EQ(r.code, 0) << r.out << r.err;
    return testing::read_json(dir.sub("capacity.json"));
}

// Every capacity step replayed the plan from request 0 under the run's one tag, so step 2 sent step 1's
// reference ids again and the server refused them (409, ORD-REF-UNIQUE): the search counted its own
// duplicates as the server's errors and reported a false capacity. Each step now has a tag of its own.
TEST(LoadRun, CapacityStepsNeverSendAReferenceIdAnEarlierStepSent) {
    CountingReference reference("pat-capacity-unique");
    const auto curve = search_capacity(reference, "createOrder", "400");
    EXPECT_EQ(reference.creates_with(409), 0);
    EXPECT_GT(reference.creates_with(201), 300);  // 3 steps of 100, 200 and 400/s, with their warm-ups
    EXPECT_EQ(curve["capacity_rate"], 400.0) << curve.dump(1);
    for (const auto& step : curve["curve"]) {
        EXPECT_FALSE(step["status"].contains("409")) << step.dump(1);
        EXPECT_EQ(step["error_examples"].size(), 0u) << step.dump(1);
    }
}

// The default mix, whose creates are read, listed and cancelled in every step: no step's errors are the
// generator's own, and each step's status codes are in the curve. The capacity found is at least the
// highest fixed rate that holds the same SLO in a plain run (a search that counted its own duplicates as
// the server's errors settled on its first step).
TEST(LoadRun, CapacitySearchWithTheDefaultMixSeesNoErrorOfItsOwnMaking) {
    CountingReference reference("pat-capacity-merchant-day");
    const auto curve = search_capacity(reference, "merchant-day", "200");
    EXPECT_EQ(reference.creates_with(409), 0);
    EXPECT_EQ(curve.value("capacity_rate", 0.0), 200.0) << curve.dump(1);
    CountingReference plain_target("pat-fixed-merchant-day");
    testing::ScratchDir dir;
    RawLoadOptions plain;
    plain.rate = "200";
    plain.duration = "1s";
    plain.mix = "merchant-day";
    plain.thresholds = {"p50<5s,errors<0.1%"};
    plain.out = dir.path();
    const auto fixed = testing::run(testing::settings(plain), testing::target_of(*plain_target.server));
    EXPECT_EQ(fixed.code, 0) << "200/s holds the SLO in a plain run:\n" << fixed.out << fixed.err;
    ASSERT_EQ(curve["curve"].size(), 2u) << curve.dump(1);
    for (const auto& step : curve["curve"]) {
        EXPECT_EQ(step["error_ratio"], 0.0) << step.dump(1);
        EXPECT_GT(step["status"].value("200", 0), 0) << step.dump(1);
        EXPECT_GT(step["status"].value("201", 0), 0) << step.dump(1);
    }
}

/// One second of getOrder and createOrder, 9 to 1, at 100/s against `server`.
RawLoadOptions reads_of_orders(const std::string& out) {
    RawLoadOptions raw;
    raw.rate = "100";
    raw.duration = "1s";
    raw.mix = "getOrder:9,createOrder:1";
    raw.out = out;
    return raw;
}

// Against a target whose order ids are strings, every getOrder went out as a createOrder (the mix became
// all writes) with no word, no count and exit 0. The run now says so, counts it, and --strict-mix fails it.
TEST(LoadRun, AnOperationSentAsItsFallbackIsCountedAndSaid) {
    auto server = testing::start_reference("pat-substituted", {"CONV-TYPES.order-id-as-string"});
    testing::ScratchDir dir;
    const auto r = testing::run(testing::settings(reads_of_orders(dir.path())), testing::target_of(*server));
    EXPECT_EQ(r.code, 0) << r.out << r.err;
    EXPECT_NE(r.out.find("have no integer `id`, so they cannot be used"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("the mix was not sent as planned"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("  getOrder: "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("sent as createOrder"), std::string::npos) << r.out;
    const auto summary = testing::read_json(dir.sub("summary.json"));
    EXPECT_EQ(testing::schema_violations(summary), "");
    EXPECT_GT(summary["substitutions"]["requests"].get<int>(), 70) << summary["substitutions"];
    EXPECT_GT(summary["substitutions"]["share"].get<double>(), 0.7);
    bool saw_get = false;
    for (const auto& op : summary["operations"]) {
        if (op["name"] != "getOrder") continue;
        saw_get = true;
        EXPECT_EQ(op["substituted_by"], "createOrder");
        EXPECT_EQ(op["substituted"], summary["substitutions"]["requests"]);
        EXPECT_EQ(op["requests"], 0);
    }
    EXPECT_TRUE(saw_get);

    RawLoadOptions strict = reads_of_orders(dir.sub("strict"));
    strict.strict_mix = true;
    const auto failed = testing::run(testing::settings(strict), testing::target_of(*server));
    EXPECT_EQ(failed.code, 1) << failed.out << failed.err;
    EXPECT_NE(failed.out.find(std::string("threshold ") + kStrictMixThreshold + " crossed"), std::string::npos)
        << failed.out;
}

// A run gated by a threshold that says nothing of the mix passed with exit 0 while 90 % of its reads went
// out as creates: its gate judged a load nobody asked for. Any threshold now makes the mix strict, unless
// --lenient-mix says the user accepts another load.
TEST(LoadRun, AThresholdMakesTheMixStrictUnlessLenient) {
    auto server = testing::start_reference("pat-threshold-strict", {"CONV-TYPES.order-id-as-string"});
    testing::ScratchDir dir;
    RawLoadOptions gated = reads_of_orders(dir.sub("gated"));
    gated.thresholds = {"errors<1%"};
    const auto failed = testing::run(testing::settings(gated), testing::target_of(*server));
    EXPECT_EQ(failed.code, 1) << failed.out << failed.err;
    EXPECT_NE(failed.out.find(std::string("threshold ") + kStrictMixThreshold + " crossed"), std::string::npos)
        << failed.out;
    const auto summary = testing::read_json(dir.sub("gated/summary.json"));
    ASSERT_EQ(summary["thresholds"].size(), 2u) << summary["thresholds"];
    EXPECT_EQ(summary["thresholds"][1]["expression"], kStrictMixThreshold);

    RawLoadOptions lenient = reads_of_orders(dir.sub("lenient"));
    lenient.thresholds = {"errors<1%"};
    lenient.lenient_mix = true;
    const auto passed = testing::run(testing::settings(lenient), testing::target_of(*server));
    EXPECT_EQ(passed.code, 0) << passed.out << passed.err;
    EXPECT_NE(passed.out.find("the mix was not sent as planned"), std::string::npos) << passed.out;
}

// A correct target: the reads have ids, so the mix goes out as given and --strict-mix passes.
TEST(LoadRun, StrictMixPassesWhereTheMixIsSentAsPlanned) {
    auto server = testing::start_reference("pat-strict-mix");
    testing::ScratchDir dir;
    RawLoadOptions raw = reads_of_orders(dir.path());
    raw.strict_mix = true;
    const auto r = testing::run(testing::settings(raw), testing::target_of(*server));
    EXPECT_EQ(r.code, 0) << r.out << r.err;
    const auto summary = testing::read_json(dir.sub("summary.json"));
    EXPECT_EQ(summary["substitutions"]["requests"], 0);
    EXPECT_EQ(r.out.find("not sent as planned"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace dockside::loadtool
