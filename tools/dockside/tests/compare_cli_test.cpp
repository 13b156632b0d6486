// `dockside compare` as a release manager runs it. Conformance (whole runs): two clean runs against one
// `dockside serve` compare clean (exit 0, nothing new); a clean run against a run on a server with
// ORD-GIFT-500.accepts-501 gives exactly that fault's findings new (exit 1), and the reverse order gives
// them fixed (exit 0). Load: the embedded server with an injected getOrder delay of 20 ms regresses getOrder (exit 1),
// unless the generator was more than 20 ms later in one run than in the other (then exit 3); runs of
// another rate are refused (exit 2) unless --force; bad input is exit 2 with every problem named.

#include <gtest/gtest.h>

#include <set>

#include "tools/dockside/tests/cli_support.h"

namespace dockside::clitest {
namespace {

using nlohmann::json;

json compare_json(const std::string& out) { return json::parse(read_text(out + "/compare.json"), nullptr, false); }

/// A whole conformance run, as a release manager makes it (about 15 s against the reference server).
Ran conform(const ServeProcess& serve, const std::string& out) {
    auto args = serve.target_args();
    args.insert(args.begin(), "conform");
    for (const char* a : {"--quiet", "--out"}) args.push_back(a);
    args.push_back(out);
    return dockside(args);
}

std::set<std::string> keys(const std::vector<json>& findings) {
    std::set<std::string> out;
    for (const auto& f : findings) out.insert(f["key"].get<std::string>());
    return out;
}

std::vector<json> with_change(const json& comparison, const std::string& change) {
    std::vector<json> out;
    for (const auto& f : comparison["conform"]["findings"])
        if (f["change"] == change) out.push_back(f);
    return out;
}

TEST(CompareCli, ConformRunsNewFixedAndClean) {
    auto clean_server = ServeProcess::start({});
    auto gift_server = ServeProcess::start({"--fault", "ORD-GIFT-500.accepts-501"});
    ASSERT_TRUE(clean_server && gift_server);
    const std::string clean1 = fresh_dir("compare-clean1"), clean2 = fresh_dir("compare-clean2"),
                      gift = fresh_dir("compare-gift");
    ASSERT_EQ(conform(*clean_server, clean1).exit_code, 0);
    ASSERT_EQ(conform(*clean_server, clean2).exit_code, 0);
    const auto faulty = conform(*gift_server, gift);
    ASSERT_EQ(faulty.exit_code, 1) << faulty.output;

    const std::string same = fresh_dir("compare-same");
    auto ran = dockside({"compare", clean1, clean2, "--out", same});
    EXPECT_EQ(ran.exit_code, 0) << ran.output;
    auto c = compare_json(same);
    EXPECT_EQ(c["conform"]["counts"]["new"], 0) << ran.output;
    EXPECT_TRUE(has(ran.output, "verdict: no regression (exit 0)")) << ran.output;

    const std::string worse = fresh_dir("compare-worse");
    ran = dockside({"compare", clean1, gift, "--out", worse});
    EXPECT_EQ(ran.exit_code, 1) << ran.output;
    c = compare_json(worse);
    // One cause: every new finding is the fault's rule (its test, the schema phase, and the
    // listOrders answers that now carry a 501-character message), and nothing else changed.
    const auto added = with_change(c, "new");
    ASSERT_FALSE(added.empty()) << ran.output;
    EXPECT_EQ(c["conform"]["new_rules"], json::array({"ORD-GIFT-500"})) << ran.output;
    EXPECT_TRUE(keys(added).count("ORD-GIFT-500|createOrder|Orders.SchemaPhase_createOrder")) << ran.output;
    EXPECT_EQ(c["conform"]["counts"]["fixed"], 0);
    EXPECT_EQ(c["conform"]["counts"]["not_observed"], 0);
    EXPECT_TRUE(has(ran.output, "new:           " + std::to_string(added.size()) + " (rule ORD-GIFT-500)")) << ran.output;

    const std::string better = fresh_dir("compare-better");
    ran = dockside({"compare", "--baseline", gift, "--candidate", clean1, "--out", better});
    EXPECT_EQ(ran.exit_code, 0) << ran.output;
    c = compare_json(better);
    EXPECT_EQ(keys(with_change(c, "fixed")), keys(added)) << ran.output;
    EXPECT_EQ(c["conform"]["counts"]["new"], 0);
}

Ran load(const std::string& out, std::vector<std::string> extra, const std::string& rate = "200") {
    std::vector<std::string> args = {"load", "--rate", rate, "--duration", "6s", "--mix", "getOrder:3,listOrders:1",
                                     "--seed", "5", "--out", out};
    args.insert(args.end(), extra.begin(), extra.end());
    return dockside(args);
}

TEST(CompareCli, LoadRunsAnInjectedDelayRegressesItsOperation) {
    const std::string clean = fresh_dir("compare-load-clean"), slow = fresh_dir("compare-load-slow"),
                      other_rate = fresh_dir("compare-load-rate");
    ASSERT_EQ(load(clean, {}).exit_code, 0);
    const auto delayed = load(slow, {"--delay", "getOrder:+20ms"});
    ASSERT_EQ(delayed.exit_code, 0) << delayed.output;
    ASSERT_EQ(load(other_rate, {}, "150").exit_code, 0);

    const std::string refused = fresh_dir("compare-load-refused");
    auto ran = dockside({"compare", clean, other_rate, "--out", refused});
    EXPECT_EQ(ran.exit_code, 2) << ran.output;
    EXPECT_TRUE(has(ran.output, "rate configuration")) << ran.output;
    EXPECT_EQ(compare_json(refused)["verdict"], "cannot_compare");
    ran = dockside({"compare", clean, other_rate, "--force", "--out", refused});
    EXPECT_NE(ran.exit_code, 2) << ran.output;

    const std::string out = fresh_dir("compare-load");
    ran = dockside({"compare", clean, slow, "--out", out});
    const auto c = compare_json(out);
    for (const auto& m : c["load"]["metrics"])
        if (m["operation"] == "getOrder" && m["metric"] == "p50" && m["verdict"] == "inconclusive" && !m["machine_allowance"].is_null() &&
            m["change_low"].is_number() && m["change_low"].get<double>() > 1 + m["margin"].get<double>()) {
            // The generator was so much later in one run that even 20 ms could be its lateness (LoadDiff tests).
            EXPECT_EQ(ran.exit_code, 3) << ran.output;
            GTEST_SKIP() << "the machine was far busier in one run than the other: " << c["load"]["machine_differs"].get<std::string>();
        }
    EXPECT_EQ(ran.exit_code, 1) << ran.output;
    bool get_order_p50 = false;
    for (const auto& m : c["load"]["metrics"]) {
        if (m["operation"] == "getOrder" && m["metric"] == "p50") get_order_p50 = m["verdict"] == "regressed";
        if (m["operation"] == "listOrders") {
            EXPECT_NE(m["verdict"], "regressed") << m.dump();
        }
    }
    EXPECT_TRUE(get_order_p50) << ran.output;
}

TEST(CompareCli, BadInputIsExitTwoWithEveryProblemNamed) {
    const std::string missing = fresh_dir("compare-missing") + "/nothing-here";
    const std::string empty = fresh_dir("compare-empty");
    auto ran = dockside({"compare", missing, empty, "--noise", "lots", "--fail-on", "p98:+1%", "--paired",
                         "--run-noise", "soon"});
    EXPECT_EQ(ran.exit_code, 2) << ran.output;
    EXPECT_TRUE(has(ran.output, "nothing-here: not a folder")) << ran.output;
    EXPECT_TRUE(has(ran.output, "--paired needs as many baseline runs as candidate runs, two a side at least")) << ran.output;
    EXPECT_TRUE(has(ran.output, "no results.json (conform), summary.json (load)")) << ran.output;
    EXPECT_TRUE(has(ran.output, "--noise 'lots'")) << ran.output;
    EXPECT_TRUE(has(ran.output, "--run-noise 'soon'")) << ran.output;
    EXPECT_TRUE(has(ran.output, "unknown metric 'p98'")) << ran.output;
    ran = dockside({"compare", empty});
    EXPECT_EQ(ran.exit_code, 2) << ran.output;
}

}  // namespace
}  // namespace dockside::clitest
