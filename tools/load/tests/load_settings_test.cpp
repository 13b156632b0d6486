// dockside load's options and the plan it builds from the contract, without a server: every bad value
// is reported at once; mixes resolve to the contract's operations; pre-serialized requests are exact.

#include <gtest/gtest.h>

#include <cstdlib>

#include "tools/load/operation_bindings.h"
#include "tools/load/plan_builder.h"
#include "tools/load/tests/load_tool_test_support.h"

namespace dockside::loadtool {
namespace {

using testing::contract;
using testing::mixes_dir;

std::vector<std::string> problems_of(const RawLoadOptions& raw) {
    auto s = validate_load_options(raw, contract(), mixes_dir());
    return s ? std::vector<std::string>{} : s.error();
}

bool mentions(const std::vector<std::string>& problems, const std::string& text) {
    for (const auto& p : problems)
        if (p.find(text) != std::string::npos) return true;
    return false;
}

TEST(LoadSettings, EveryBadValueIsReportedTogether) {
    RawLoadOptions raw;
    raw.rate = "fast";
    raw.connections = "0";
    raw.threads = "x";
    raw.mix = "getOrder:5,bogusOperation:1";
    raw.thresholds = {"p99<5"};
    raw.validate = "2";
    raw.shard = "3/2";
    raw.warmup = "soon";
    const auto problems = problems_of(raw);
    EXPECT_GE(problems.size(), 8u);
    for (const char* flag : {"--rate", "--connections", "--threads", "bogusOperation", "--threshold", "--validate",
                             "--shard", "--warmup"})
        EXPECT_TRUE(mentions(problems, flag)) << flag;
}

TEST(LoadSettings, ModelsExcludeEachOther) {
    RawLoadOptions raw;
    EXPECT_TRUE(mentions(problems_of(raw), "say how to send"));
    raw.rate = "10";
    raw.closed_loop = true;
    EXPECT_TRUE(mentions(problems_of(raw), "exclude each other"));
    RawLoadOptions staged;
    staged.stages = "1s:10";
    staged.duration = "5s";
    EXPECT_TRUE(mentions(problems_of(staged), "--duration has no meaning with --stages"));
    RawLoadOptions capacity;
    capacity.find_capacity = true;
    EXPECT_TRUE(mentions(problems_of(capacity), "--slo"));
    RawLoadOptions closed;
    closed.closed_loop = true;
    closed.thresholds = {"rate>=0.99"};
    EXPECT_TRUE(mentions(problems_of(closed), "closed-loop run has no requested rate"));
    RawLoadOptions threads;
    threads.rate = "5";
    threads.connections = "2";
    threads.threads = "4";
    EXPECT_TRUE(mentions(problems_of(threads), "may not exceed --connections"));
}

TEST(LoadSettings, ValidOptionsGiveTheSchedule) {
    RawLoadOptions raw;
    raw.stages = "1s:100,2s:300";
    raw.warmup = "2s";
    raw.validate = "1%";
    raw.shard = "1/3";
    raw.thresholds = {"getOrder:p99<50ms"};
    auto s = testing::settings(raw);
    ASSERT_TRUE(s.schedule);
    EXPECT_EQ(s.schedule->total_requests(), 450u);
    EXPECT_DOUBLE_EQ(s.warmup_rate, 100);
    EXPECT_DOUBLE_EQ(s.validate, 0.01);
    EXPECT_EQ(s.shard_index, 1u);
    EXPECT_EQ(s.shard_count, 3u);
    EXPECT_EQ(s.mix.name, "merchant-day");
    EXPECT_EQ(s.entries.size(), 12u);
    RawLoadOptions unknown_op;
    unknown_op.rate = "1";
    unknown_op.mix = "getOrder";
    unknown_op.thresholds = {"createOrder:p99<5ms"};
    EXPECT_TRUE(mentions(problems_of(unknown_op), "the mix has no operation \"createOrder\""));
}

// A Kubernetes Indexed Job gives each pod its index and no count: the manifest writes
// `--shard auto --shards N`, the same as `--shard auto/N`.
TEST(LoadSettings, ShardsCountsTheShardsOfAnAutomaticShard) {
    ::setenv("JOB_COMPLETION_INDEX", "2", 1);
    RawLoadOptions raw;
    raw.rate = "10";
    raw.shard = "auto";
    raw.shards = "4";
    auto s = testing::settings(raw);
    EXPECT_EQ(s.shard_index, 2u);
    EXPECT_EQ(s.shard_count, 4u);
    EXPECT_EQ(s.shard_source, "JOB_COMPLETION_INDEX");
    raw.shard = "auto/3";
    EXPECT_TRUE(mentions(problems_of(raw), "names 3 shards and --shards says 4"));
    raw.shard = "";
    EXPECT_TRUE(mentions(problems_of(raw), "--shards 4 counts the shards of --shard auto"));
    raw.shard = "auto";
    raw.shards = "0";
    EXPECT_TRUE(mentions(problems_of(raw), "--shard"));
    ::unsetenv("JOB_COMPLETION_INDEX");
    raw.shards = "4";
    EXPECT_TRUE(mentions(problems_of(raw), "JOB_COMPLETION_INDEX"));
}

TEST(LoadSettings, ReadBatchingIsAutoOrOffForAClosedLoop) {
    RawLoadOptions closed;
    closed.closed_loop = true;
    EXPECT_TRUE(testing::settings(closed).read_batching);  // auto unless turned off
    closed.read_batching = "off";
    EXPECT_FALSE(testing::settings(closed).read_batching);
    EXPECT_EQ(configuration_json(testing::settings(closed))["read_batching"], "off");
    closed.read_batching = "sometimes";
    EXPECT_TRUE(mentions(problems_of(closed), "--read-batching \"sometimes\": auto or off"));
    RawLoadOptions open;
    open.rate = "10";
    open.read_batching = "off";
    EXPECT_TRUE(mentions(problems_of(open), "--read-batching applies to --closed-loop only"));
}

// --threshold refused the comma list --slo takes ('"p99<50ms,errors<0.1%": unknown metric').
TEST(LoadSettings, AThresholdMayBeACommaSeparatedList) {
    RawLoadOptions raw;
    raw.rate = "10";
    raw.thresholds = {"p99<50ms,errors<0.1%", "rate>=0.99"};
    const auto s = validate_load_options(raw, contract(), mixes_dir());
    ASSERT_TRUE(s) << s.error().front();
    ASSERT_EQ(s->thresholds.size(), 4u);  // and the strict mix's, which any threshold brings
    EXPECT_EQ(s->thresholds[0].expression, "p99<50ms");
    EXPECT_EQ(s->thresholds[1].expression, "errors<0.1%");
    raw.thresholds = {"p99<50ms,errors<lots"};
    EXPECT_TRUE(mentions(problems_of(raw), "--threshold: threshold \"errors<lots\""));
}

TEST(LoadSettings, StrictMixGatesOnTheShareSentAsAnotherOperation) {
    RawLoadOptions raw;
    raw.rate = "10";
    raw.strict_mix = true;
    const auto s = validate_load_options(raw, contract(), mixes_dir());
    ASSERT_TRUE(s);
    ASSERT_EQ(s->thresholds.size(), 1u);
    EXPECT_EQ(s->thresholds[0].expression, kStrictMixThreshold);
    EXPECT_EQ(s->thresholds[0].metric, load::Metric::substituted_ratio);
}

TEST(LoadSettings, AnyThresholdMakesTheMixStrictUnlessSaidOtherwise) {
    RawLoadOptions raw;
    raw.rate = "10";
    raw.thresholds = {"p99<50ms"};
    const auto strict = validate_load_options(raw, contract(), mixes_dir());
    ASSERT_TRUE(strict);
    ASSERT_EQ(strict->thresholds.size(), 2u);
    EXPECT_EQ(strict->thresholds[1].expression, kStrictMixThreshold);
    raw.lenient_mix = true;
    EXPECT_EQ(validate_load_options(raw, contract(), mixes_dir())->thresholds.size(), 1u);
    raw.strict_mix = true;
    EXPECT_TRUE(mentions(problems_of(raw), "--strict-mix and --lenient-mix exclude each other"));
    // A limit of one's own takes the default's place.
    RawLoadOptions own;
    own.rate = "10";
    own.thresholds = {"getOrder:substituted<5%"};
    own.mix = "getOrder:9,createOrder:1";
    const auto mine = validate_load_options(own, contract(), mixes_dir());
    ASSERT_TRUE(mine);
    ASSERT_EQ(mine->thresholds.size(), 1u);
    EXPECT_EQ(mine->thresholds[0].expression, "getOrder:substituted<5%");
}

// `--mix nosuchmix` said 'unknown operation "nosuchmix" (an operationId…)' without naming the mixes there are.
TEST(Mix, AnUnknownNameListsTheNamedMixes) {
    RawLoadOptions raw;
    raw.rate = "10";
    raw.mix = "nosuchmix";
    const auto problems = problems_of(raw);
    ASSERT_EQ(problems.size(), 1u);
    EXPECT_NE(problems[0].find("\"nosuchmix\" is no mix of"), std::string::npos) << problems[0];
    EXPECT_NE(problems[0].find("(the named mixes: merchant-day)"), std::string::npos) << problems[0];
    EXPECT_EQ(load::named_mixes(mixes_dir()), std::vector<std::string>{"merchant-day"});
    // Several words are an inline mix: its unknown operation is named as before.
    raw.mix = "getOrder:1,nosuchop:1";
    EXPECT_TRUE(mentions(problems_of(raw), "unknown operation \"nosuchop\""));
}


PlanInputs inputs_for(const std::string& mix_text) {
    std::vector<std::string> warnings;
    auto mix = load::read_mix(mix_text, mixes_dir());
    PlanInputs in;
    in.entries = load::resolve_mix(*mix, contract(), warnings).value();
    in.access.base = http::parse_url("http://127.0.0.1:8080/api").value();
    in.access.token = "secret-token";
    in.access.channel = 77;
    in.access.channel_header = contract().channel_header();  // as load_run gives it
    in.catalog.order_ids = {11, 12};
    in.catalog.returnable_inventory_ids = {5, 6, 7};
    in.catalog.fulfillment_center_id = 3;
    in.variants = 8;
    in.run_tag = "DSL-test-";
    return in;
}

TEST(PlanBuilder, MerchantDayBecomesPreSerializedRequests) {
    auto built = build_plan(inputs_for("merchant-day"), contract());
    ASSERT_TRUE(built) << built.error().front();
    const auto& plan = built->plan;
    ASSERT_EQ(plan.operations.size(), 12u);
    EXPECT_TRUE(plan.problems().empty());
    for (const auto& op : plan.operations)
        for (const auto& v : op.variants) {
            EXPECT_NE(v.bytes.find("Authorization: Bearer secret-token\r\n"), std::string::npos) << op.name;
            EXPECT_NE(v.bytes.find("Host: 127.0.0.1:8080\r\n"), std::string::npos);
            EXPECT_EQ(v.bytes.find(" /2025-07"), std::string::npos) << "base path missing: " << op.name;
        }
    const auto find = [&](const std::string& name) -> const load::OperationPlan& {
        for (const auto& op : plan.operations)
            if (op.name == name) return op;
        throw std::runtime_error(name);
    };
    const auto& create = find("createOrder");
    EXPECT_EQ(create.variants.size(), 8u);
    EXPECT_EQ(create.capture_key, "id");
    EXPECT_NE(create.variants[0].bytes.find("service_channel_id: 77\r\n"), std::string::npos);
    // The body's reference_id is the run tag plus a 12-digit sequence slot; Content-Length counts those digits.
    const auto& v = create.variants[0];
    ASSERT_EQ(v.slots.size(), 1u);
    EXPECT_EQ(v.slots[0].kind, load::SlotKind::sequence);
    const auto body_start = v.bytes.find("\r\n\r\n") + 4;
    const auto length_at = v.bytes.find("Content-Length: ") + 16;
    const auto declared = std::stoul(v.bytes.substr(length_at));
    EXPECT_EQ(declared, v.bytes.size() - body_start + 12);
    EXPECT_EQ(v.bytes.substr(v.slots[0].position - 9, 9), "DSL-test-");
    const auto& cancel = find("cancelOrder");
    EXPECT_EQ(plan.operations[static_cast<std::size_t>(cancel.fallback)].name, "createOrder");
    EXPECT_EQ(cancel.variants[0].slots[0].kind, load::SlotKind::take_pool);
    EXPECT_NE(cancel.variants[0].bytes.find("POST /api/2025-07/order/"), std::string::npos);
    const auto& get = find("getOrder");
    EXPECT_EQ(get.variants.size(), 1u);
    EXPECT_TRUE(get.idempotent);
    EXPECT_EQ(plan.pools[get.variants[0].slots[0].pool].initial, (std::vector<std::int64_t>{11, 12}));
}

TEST(PlanBuilder, SameSeedSameRequests) {
    auto a = build_plan(inputs_for("createOrder,listOrders"), contract()).value();
    auto b = build_plan(inputs_for("createOrder,listOrders"), contract()).value();
    for (std::size_t i = 0; i < a.plan.operations.size(); ++i)
        for (std::size_t j = 0; j < a.plan.operations[i].variants.size(); ++j)
            EXPECT_EQ(a.plan.operations[i].variants[j].bytes, b.plan.operations[i].variants[j].bytes);
}

TEST(PlanBuilder, FallbackIsAddedWithWeightZeroAndIdsWithoutSourceAreProblems) {
    auto cancel_only = build_plan(inputs_for("cancelOrder"), contract());
    ASSERT_TRUE(cancel_only);
    ASSERT_EQ(cancel_only->plan.operations.size(), 2u);
    EXPECT_EQ(cancel_only->plan.weights[1], 0);
    auto shipment = build_plan(inputs_for("getOrderShipment"), contract());
    ASSERT_FALSE(shipment);
    EXPECT_NE(shipment.error().front().find("concrete path"), std::string::npos);
    auto concrete = build_plan(inputs_for("GET /2025-07/order/12/shipment/3"), contract());
    ASSERT_TRUE(concrete);
    EXPECT_NE(concrete->plan.operations[0].variants[0].bytes.find("GET /api/2025-07/order/12/shipment/3 HTTP/1.1"),
              std::string::npos);
}

}  // namespace
}  // namespace dockside::loadtool

namespace dockside::loadtool {
namespace {

TEST(PlanBuilder, ListOrdersAlternatesPagesAndLookupsOfKnownOrders) {
    std::vector<std::string> warnings;
    PlanInputs in;
    in.entries = load::resolve_mix(load::parse_inline_mix("listOrders").value(), testing::contract(), warnings).value();
    in.access.base = http::parse_url("http://127.0.0.1:8080").value();
    in.catalog.order_ids = {11};
    in.variants = 4;
    auto built = build_plan(in, testing::contract()).value();
    const auto& list = built.plan.operations[0];
    ASSERT_EQ(list.variants.size(), 4u);
    EXPECT_TRUE(list.variants[0].slots.empty());
    ASSERT_EQ(list.variants[1].slots.size(), 1u);
    EXPECT_NE(list.variants[1].bytes.find("GET /2025-07/order?IDs= HTTP/1.1"), std::string::npos);
    EXPECT_EQ(built.plan.operations[static_cast<std::size_t>(list.fallback)].name, "createOrder");
}

}  // namespace
}  // namespace dockside::loadtool

namespace dockside::loadtool {
namespace {

TEST(LoadSettings, StartAtTakesAnRfc3339InstantOrAnOffsetFromNow) {
    RawLoadOptions raw;
    raw.rate = "10";
    raw.mix = "listLocations";
    raw.start_at = "+3s";
    const auto before = std::chrono::system_clock::now();
    auto s = validate_load_options(raw, testing::contract(), testing::mixes_dir());
    ASSERT_TRUE(s) << s.error().front();
    ASSERT_TRUE(s->start_at.has_value());
    EXPECT_GE(*s->start_at, before + std::chrono::seconds(3));
    EXPECT_LE(*s->start_at, std::chrono::system_clock::now() + std::chrono::seconds(3));
    const auto in_an_hour = std::chrono::system_clock::now() + std::chrono::hours(1);
    raw.start_at = load::format_utc(in_an_hour);
    s = validate_load_options(raw, testing::contract(), testing::mixes_dir());
    ASSERT_TRUE(s) << s.error().front();
    EXPECT_EQ(load::format_utc(*s->start_at), raw.start_at);
    EXPECT_EQ(configuration_json(*s)["start_at"], raw.start_at);
}

TEST(LoadSettings, StartAtInThePastTooFarAheadOrMalformedIsRefused) {
    RawLoadOptions raw;
    raw.rate = "10";
    raw.mix = "listLocations";
    const auto now = std::chrono::system_clock::now();
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"2020-01-01T00:00:00Z", "in the past"},
        {load::format_utc(now - std::chrono::seconds(5)), "in the past"},
        {load::format_utc(now + std::chrono::hours(25)), "more than 24h ahead"},
        {"+25h", "more than 24h ahead"},
        {"2030-01-01T00:00:00", "RFC 3339"},     // no offset: which zone is meant is not known
        {"2030-02-30T00:00:00Z", "RFC 3339"},    // no such day
        {"2030-01-01T24:00:00Z", "RFC 3339"},
        {"tomorrow", "RFC 3339"},
        {"+soon", "--start-at \"+soon\""},
    };
    for (const auto& [text, expected] : cases) {
        raw.start_at = text;
        const auto problems = problems_of(raw);
        EXPECT_TRUE(mentions(problems, "--start-at")) << text;
        EXPECT_TRUE(mentions(problems, expected)) << text << ": " << (problems.empty() ? "" : problems.front());
    }
    RawLoadOptions capacity;
    capacity.find_capacity = true;
    capacity.slo = "p99<1s";
    capacity.mix = "listLocations";
    capacity.start_at = "+5s";
    EXPECT_TRUE(mentions(problems_of(capacity), "--start-at does not combine with --find-capacity"));
}

// --shard auto/N reads the process's own environment; a capacity search is one process's.
TEST(ShardOption, TheSettingsTakeItFromTheProcessEnvironmentAndRecordWhere) {
    ::setenv("JOB_COMPLETION_INDEX", "1", 1);
    RawLoadOptions raw;
    raw.rate = "10";
    raw.mix = "listLocations";
    raw.shard = "auto/3";
    auto settings = validate_load_options(raw, contract(), mixes_dir());
    ::unsetenv("JOB_COMPLETION_INDEX");
    ASSERT_TRUE(settings) << settings.error().front();
    EXPECT_EQ(settings->shard_index, 1u);
    EXPECT_EQ(settings->shard_count, 3u);
    const auto configuration = configuration_json(*settings);
    EXPECT_EQ(configuration["shard"], (nlohmann::json{{"index", 1}, {"count", 3}, {"from", "JOB_COMPLETION_INDEX"}}));
}

TEST(ShardOption, ACapacitySearchIsNotSharded) {
    RawLoadOptions raw;
    raw.find_capacity = true;
    raw.slo = "p99<1s";
    raw.mix = "listLocations";
    raw.shard = "0/2";
    auto settings = validate_load_options(raw, contract(), mixes_dir());
    ASSERT_FALSE(settings);
    ASSERT_EQ(settings.error().size(), 1u);
    EXPECT_TRUE(mentions(settings.error(), "--shard does not combine with --find-capacity")) << settings.error().front();
}

}  // namespace
}  // namespace dockside::loadtool
