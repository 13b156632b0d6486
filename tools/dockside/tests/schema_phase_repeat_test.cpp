// The schema phase ten times against one long-lived `dockside serve` holding 5,000 extra orders: a server
// with much data (long lists, ids that exist and ids that do not) must not make the phase cry wolf, and
// what the phase creates is undone by each run's cleanup. About 20 s.

#include <gtest/gtest.h>

#include "tools/dockside/tests/cli_support.h"

namespace dockside::clitest {
namespace {

using json = nlohmann::json;

TEST(SchemaPhaseRepeat, TenRunsAgainstAServerHoldingThousandsOfOrders) {
    auto serve = ServeProcess::start({"--seed-data", bulk_seed_file(5000, 0)});
    ASSERT_TRUE(serve) << "dockside serve did not start with the bulk seed";
    const json before = serve->records();
    for (int n = 1; n <= 10; ++n) {
        const std::string out = fresh_dir("phase-repeat-" + std::to_string(n));
        auto args = serve->target_args();
        args.insert(args.begin(), {"conform", "--filter", "*.SchemaPhase_*", "--seed", std::to_string(2000 + n), "--workers", "2",
                                   "--quiet", "--out", out});
        const auto ran = dockside(args, std::chrono::seconds(300));
        const json results = results_of(out);
        std::printf("run %2d: exit %d, %.2f s wall, %zu passed, %zu failed\n", n, ran.exit_code, ran.seconds,
                    tests_with(results, "passed").size(), tests_with(results, "failed").size());
        EXPECT_EQ(ran.exit_code, 0) << "run " << n << "\n" << ran.output;
        EXPECT_FALSE(tests_with(results, "passed").empty()) << "run " << n << " passed no test";
    }
    // What the phase makes that the API can remove is removed by each run's cleanup; products and their
    // variants are never made (record-changing operations are sent ids below zero).
    const json after = serve->records();
    for (const char* kind : {"webhook_subscriptions", "products"})
        EXPECT_EQ(after.value(kind, -1), before.value(kind, -1)) << kind << " after ten runs";
}

}  // namespace
}  // namespace dockside::clitest
