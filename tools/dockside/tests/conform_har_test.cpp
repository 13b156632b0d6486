// `dockside conform --har FILE`: every exchange of the tests as a HAR 1.2 document that holds none of
// the run's credentials, each finding naming the entry of the exchange that shows it.

#include <filesystem>
#include <fstream>
#include <memory>
#include <set>

#include <gtest/gtest.h>

#include "tools/dockside/tests/cli_support.h"

namespace dockside::clitest {
namespace {

using nlohmann::json;

struct Recorded {
    std::unique_ptr<ServeProcess> serve;
    std::string out, har;
    Ran ran;
};

/// `conform --only <area> --filter <test> --seed 3 --har <out>/run.har` against a `dockside serve --fault <fault>`.
Recorded recorded(const std::string& fault, const std::string& area, const std::string& test, const std::string& name) {
    Recorded r{ServeProcess::start({"--fault", fault}), fresh_dir(name), "", {}};
    r.har = r.out + "/run.har";
    if (r.serve)
        r.ran = dockside(with({"conform", "--only", area, "--filter", test, "--seed", "3", "--cases", "10", "--out", r.out, "--har", r.har},
                              r.serve->target_args()));
    return r;
}

TEST(ConformHar, EveryExchangeWithoutSecretsAndEachFindingPointsAtItsEntry) {
    auto [serve, out, har, ran] = recorded("ORD-GIFT-500.accepts-501", "orders", "Orders.SchemaPhase_createOrder", "har");
    ASSERT_TRUE(serve);
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

// The preparation's exchanges (the token check and the channel list, read before any test) are the run's
// first entries, and a finding the preparation made names its entry like any other.
TEST(ConformHar, ThePreparationsExchangesAreRecordedAndItsFindingNamesItsEntry) {
    auto [serve, out, har, ran] = recorded("AUTH-SCOPES.undocumented-scope-name", "channels", "Channels.CH_LIST_AnswersItemsNextPrev",
                                           "har-preparation");
    ASSERT_TRUE(serve);
    ASSERT_EQ(ran.exit_code, 1) << ran.output;
    const json document = json::parse(read_text(har), nullptr, false);
    ASSERT_TRUE(document.is_object());
    const json& entries = document["log"]["entries"];
    ASSERT_FALSE(entries.empty());
    const std::string preparation = "Channels.CH_LIST_DiscoveryAnswersTheDocumentedPage";
    EXPECT_EQ(entries[0]["_dockside"]["test"], preparation) << entries[0].dump();
    EXPECT_EQ(entries[0]["_dockside"]["operation"], "listChannels");
    bool named = false;
    const json results = results_of(out);
    for (const auto& t : results["tests"])
        for (const auto& f : t["findings"])
            if (t["name"] == preparation)
                for (const auto& e : entries)
                    named = named || (e["_dockside"]["exchange"] == f["exchange"] && e["_dockside"].contains("findings"));
    EXPECT_TRUE(named) << results.dump(1).substr(0, 3000);
    EXPECT_FALSE(has(read_text(har), serve->pat()));
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
