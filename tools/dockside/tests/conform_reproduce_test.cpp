// Findings that reproduce: for faults of three areas, every printed curl snippet, run by a shell with the
// credential variables set, gets the same status back, and every printed replay command fails the same
// test with the same finding again (against a remote `dockside serve --fault …`, and for an embedded run
// whose replay must keep its --fault).

#include <set>

#include <gtest/gtest.h>

#include "tools/dockside/tests/cli_support.h"

namespace dockside::clitest {
namespace {

using json = nlohmann::json;

struct Case {
    std::string fault;
    std::string area;
    std::string filter;
};

const std::vector<Case>& cases() {
    static const std::vector<Case> all = {
        {"ORD-REF-UNIQUE.duplicate-accepted", "orders", "Orders.ORD_REF_UNIQUE_*"},
        {"RET-DUP-ID.accepts-duplicates", "returns", "Returns.SchemaPhase_createReturn"},
        {"AUTH-BEARER.no-token-check", "auth", "Auth.AUTH_BEARER_*:Auth.AUTH_CHANNEL_ValidWritesNeedAWriteChannel"},
    };
    return all;
}

std::vector<json> open_findings(const json& results) {
    std::vector<json> out;
    for (const auto& t : results.value("tests", json::array()))
        if (t.value("status", "") == "failed")
            for (const auto& f : t.value("findings", json::array()))
                if (!f.value("accepted", false)) out.push_back(f);
    return out;
}

std::set<std::string> keys_of(const json& results) {
    std::set<std::string> keys;
    for (const auto& f : open_findings(results)) keys.insert(f.value("key", ""));
    return keys;
}

/// The replay command with `dockside` replaced by the binary under test and a fresh --out.
std::string runnable(const std::string& replay, const std::string& out) {
    std::string command = replay;
    if (command.rfind("dockside ", 0) == 0) command = "'" + dockside_binary() + "'" + command.substr(8);
    return command + " --out '" + out + "'";
}

TEST(Reproduce, CurlSnippetsAndReplayCommandsGiveTheSameFailureBack) {
    for (const auto& c : cases()) {
        SCOPED_TRACE(c.fault);
        auto serve = ServeProcess::start({"--fault", c.fault});
        ASSERT_TRUE(serve);
        const std::string out = fresh_dir("reproduce-" + c.area);
        auto args = serve->target_args();
        args.insert(args.begin(), {"conform", "--only", c.area, "--filter", c.filter, "--cases", "3", "--seed", "9", "--out", out});
        auto ran = dockside(args);
        ASSERT_EQ(ran.exit_code, 1) << ran.output;
        const auto results = results_of(out);
        const auto findings = open_findings(results);
        ASSERT_FALSE(findings.empty()) << ran.output;
        const std::map<std::string, std::string> env = {{"DOCKSIDE_TOKEN", serve->pat()},
                                                        {"DOCKSIDE_READ_ONLY_TOKEN", serve->read_only_token()}};
        std::set<std::string> replays;
        for (const auto& f : findings) {
            SCOPED_TRACE(f.value("key", ""));
            const std::string curl = f.value("curl", "");
            ASSERT_FALSE(curl.empty()) << "every finding carries the request that shows it: " << f.dump(2);
            EXPECT_EQ(curl.find(serve->pat()), std::string::npos) << "credentials only as variables: " << curl;
            EXPECT_EQ(curl.find(serve->read_only_token()), std::string::npos) << curl;
            replays.insert(f.value("replay", ""));
            if (f.value("status", 0) == 0) continue;
            auto again = run(RunSpec{.env = env, .limit = std::chrono::seconds(60),
                                     .shell = "set -e\n" + curl + " -o /dev/null -w '%{http_code}'"});
            ASSERT_EQ(again.exit_code, 0) << curl << "\n" << again.output;
            const std::string status = again.output.substr(again.output.size() >= 3 ? again.output.size() - 3 : 0);
            EXPECT_EQ(status, std::to_string(f.value("status", 0))) << curl << "\n" << again.output;
        }
        // Each replay command fails its test with the same findings again.
        for (const auto& replay : replays) {
            ASSERT_FALSE(replay.empty());
            EXPECT_NE(replay.find("--read-only-token \"$DOCKSIDE_READ_ONLY_TOKEN\""), std::string::npos) << replay;
            EXPECT_NE(replay.find("--channel "), std::string::npos) << replay;
            const std::string again_out = fresh_dir("replay-" + c.area);
            auto again = run(RunSpec{.env = env, .shell = runnable(replay, again_out)});
            EXPECT_EQ(again.exit_code, 1) << replay << "\n" << again.output;
            const auto replayed = keys_of(results_of(again_out));
            EXPECT_FALSE(replayed.empty()) << again.output;
            for (const auto& key : replayed) EXPECT_TRUE(keys_of(results).count(key)) << key;
        }
    }
}

TEST(Reproduce, EmbeddedReplayKeepsItsFault) {
    const std::string out = fresh_dir("embedded-replay");
    auto ran = dockside({"conform", "--fault", "RET-DUP-ID.accepts-duplicates", "--only", "returns", "--filter",
                         "Returns.SchemaPhase_createReturn", "--cases", "3", "--seed", "4", "--out", out});
    ASSERT_EQ(ran.exit_code, 1) << ran.output;
    const auto findings = open_findings(results_of(out));
    ASSERT_FALSE(findings.empty());
    const std::string replay = findings.front().value("replay", "");
    EXPECT_NE(replay.find("--fault 'RET-DUP-ID.accepts-duplicates'"), std::string::npos) << replay;
    const std::string again_out = fresh_dir("embedded-replay-again");
    auto again = run(RunSpec{.shell = runnable(replay, again_out)});
    EXPECT_EQ(again.exit_code, 1) << again.output;
    EXPECT_EQ(keys_of(results_of(again_out)), keys_of(results_of(out)));
}

}  // namespace
}  // namespace dockside::clitest
