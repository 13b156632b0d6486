// `dockside conform --har FILE`: every exchange of the tests as a HAR 1.2 document that holds none of
// the run's credentials, each finding naming the entry of the exchange that shows it.

#include <filesystem>
#include <fstream>
#include <set>

#include <gtest/gtest.h>

#include "tools/dockside/tests/cli_support.h"

namespace dockside::clitest {
namespace {

using nlohmann::json;

TEST(ConformHar, EveryExchangeWithoutSecretsAndEachFindingPointsAtItsEntry) {
    auto serve = ServeProcess::start({"--fault", "ORD-GIFT-500.accepts-501"});
    ASSERT_TRUE(serve);
    const std::string out = fresh_dir("har");
    const std::string har = out + "/run.har";
    auto ran = dockside(with({"conform", "--only", "orders", "--filter", "Orders.SchemaPhase_createOrder", "--seed", "3",
                              "--cases", "10", "--out", out, "--har", har},
                             serve->target_args()));
    ASSERT_EQ(ran.exit_code, 1) << ran.output;
    EXPECT_TRUE(has(ran.output, "har:")) << ran.output;
    const std::string text = read_text(har);
    const json document = json::parse(text, nullptr, false);
    ASSERT_TRUE(document.is_object()) << text.substr(0, 2000);
    EXPECT_EQ(document["log"]["version"], "1.2");
    const json& entries = document["log"]["entries"];
    ASSERT_GT(entries.size(), 10u);
    std::set<std::string> exchanges;
    for (const auto& e : entries) {
        EXPECT_TRUE(e["timings"].contains("wait")) << e.dump();
        EXPECT_EQ(e["_dockside"]["seed"], 3);
        exchanges.insert(e["_dockside"]["exchange"].get<std::string>());
    }
    for (const std::string& secret : {serve->pat(), serve->read_only_token()})
        EXPECT_FALSE(has(text, secret)) << "the HAR holds a credential of the run";
    EXPECT_TRUE(has(text, "[secret removed by dockside]"));

    int findings = 0, linked = 0;
    const json results = results_of(out);
    for (const auto& t : results["tests"])
        for (const auto& f : t["findings"]) {
            ++findings;
            ASSERT_TRUE(f.contains("exchange")) << f.dump();
            EXPECT_TRUE(exchanges.count(f["exchange"].get<std::string>())) << f["exchange"];
            for (const auto& e : entries)
                if (e["_dockside"]["exchange"] == f["exchange"] && e["_dockside"].contains("findings"))
                    linked += e["_dockside"]["findings"][0]["rule"] == f["rule"];
        }
    EXPECT_GT(findings, 0);
    EXPECT_GE(linked, findings) << "each finding's entry names it back";
    EXPECT_FALSE(std::filesystem::exists(har + ".entries")) << "the workers' lines are gone once the file is written";
}

TEST(ConformHar, KeepingSecretsIsRefusedForProduction) {
    const std::string path = fresh_dir("har-production") + "/dockside.yaml";
    std::ofstream(path) << "environments:\n  live:\n    base_url: http://127.0.0.1:9\n    production: true\n"
                        << "    credentials: {token_env: TEST_LIVE_TOKEN}\n";
    RunSpec spec;
    spec.args = {"conform", "--config", path, "--env", "live", "--har", fresh_dir("har-production-out") + "/x.har",
                 "--har-secrets", "keep"};
    spec.env = {{"TEST_LIVE_TOKEN", "some-live-token-value"}};
    auto ran = run(spec);
    EXPECT_EQ(ran.exit_code, 2) << ran.output;
    EXPECT_TRUE(has(ran.output, "marked production")) << ran.output;
}

}  // namespace
}  // namespace dockside::clitest
