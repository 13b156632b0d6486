// `dockside conform` as a CI job sees it: exit codes that tell the truth (a refused token and an empty
// selection are "could not run", accepted findings pass), configuration problems reported together, words
// it does not understand named with a suggestion, a console without RapidCheck's own output, and a word
// when checking the target is slow.

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <memory>
#include <set>
#include <sstream>

#include <gtest/gtest.h>

#include "tools/dockside/tests/cli_support.h"

namespace dockside::clitest {
namespace {

TEST(ConformExit, WrongTokenIsCouldNotRunOnceUpFront) {
    auto serve = ServeProcess::start({});
    ASSERT_TRUE(serve);
    const std::string out = fresh_dir("wrong-token");
    auto ran = dockside({"conform", "--base-url", serve->base_url(), "--token", "wrong", "--channel", "101", "--out", out});
    EXPECT_EQ(ran.exit_code, 2) << ran.output;
    EXPECT_TRUE(has(ran.output, "the token was refused")) << ran.output;
    EXPECT_LT(ran.output.size(), 600u) << "one message, not a failure per test:\n" << ran.output;
    auto ro = dockside({"conform", "--base-url", serve->base_url(), "--token", serve->pat(), "--read-only-token", "wrong",
                        "--out", out});
    EXPECT_EQ(ro.exit_code, 2) << ro.output;
    EXPECT_TRUE(has(ro.output, "read-only token was refused")) << ro.output;
}

TEST(ConformConsole, ASlowTargetCheckSaysItIsWaiting) {
    auto release = std::make_shared<std::atomic<bool>>(false);
    auto target = MisbehavingTarget::start(hold_answers("/2025-07/channel", std::chrono::milliseconds(4500), 1, release));
    ASSERT_TRUE(target);
    // A refused token ends the run right after the check, so the test waits only for the held answer.
    auto ran = dockside({"conform", "--base-url", target->base_url(), "--token", "wrong", "--timeout", "20",
                         "--out", fresh_dir("slow-check")});
    release->store(true);
    EXPECT_EQ(ran.exit_code, 2) << ran.output;
    EXPECT_TRUE(has(ran.output, "dockside conform: still waiting for " + target->base_url() +
                                    " to answer (each request gives up after 20 s: --timeout)"))
        << ran.output;
    EXPECT_TRUE(has(ran.output, "the token was refused")) << ran.output;
}

TEST(ConformExit, SelectionThatMatchesNothingIsCouldNotRun) {
    const std::string out = fresh_dir("nothing");
    auto ran = dockside({"conform", "--filter", "Nothing.*", "--out", out});
    EXPECT_EQ(ran.exit_code, 2) << ran.output;
    EXPECT_TRUE(has(ran.output, "no test matches the selection")) << ran.output;
    auto narrowed = dockside({"conform", "--only", "returns", "--filter", "Orders.*", "--out", out});
    EXPECT_EQ(narrowed.exit_code, 2) << narrowed.output;
    EXPECT_TRUE(has(narrowed.output, "names no test of the areas")) << narrowed.output;
    auto empty = dockside({"conform", "--only", "", "--out", out});
    EXPECT_EQ(empty.exit_code, 2) << empty.output;
    EXPECT_TRUE(has(empty.output, "--only: empty")) << empty.output;
}

TEST(ConformExit, ListingPrintsTheTestsAndExitsZero) {
    auto listed = dockside({"conform", "--list", "--only", "versioning"});
    EXPECT_EQ(listed.exit_code, 0) << listed.output;
    EXPECT_TRUE(has(listed.output, "Versioning.")) << listed.output;
    EXPECT_FALSE(has(listed.output, "no test matches")) << listed.output;
    // Every summary has a rulechecks row; --only takes the same name.
    auto rule_checks = dockside({"conform", "--list", "--only", "rulechecks"});
    EXPECT_EQ(rule_checks.exit_code, 0) << rule_checks.output;
    EXPECT_TRUE(has(rule_checks.output, "RuleChecks.")) << rule_checks.output;
    auto nothing = dockside({"conform", "--list", "--filter", "Nothing.*"});
    EXPECT_EQ(nothing.exit_code, 2) << nothing.output;
    EXPECT_TRUE(has(nothing.output, "no test matches the selection")) << nothing.output;
}

TEST(ConformExit, ARunThatCouldNotBeDoneLeavesNoResultsFolder) {
    const std::string parent = fresh_dir("left-behind");
    for (const std::vector<std::string>& why :
         {std::vector<std::string>{"--cases", "0"},                                     // a configuration error
          std::vector<std::string>{"--base-url", "http://127.0.0.1:1", "--token", "t"},  // an unreachable target
          std::vector<std::string>{"--filter", "Nothing.*"}}) {                         // nothing selected
        const std::string out = parent + "/new/run";
        auto args = std::vector<std::string>{"conform", "--out", out};
        args.insert(args.end(), why.begin(), why.end());
        auto ran = dockside(args);
        EXPECT_EQ(ran.exit_code, 2) << ran.output;
        EXPECT_FALSE(std::filesystem::exists(parent + "/new")) << why.front() << "\n" << ran.output;
    }
    // A folder that was there before is the user's: it stays, with what was in it.
    const std::string kept = parent + "/kept";
    std::filesystem::create_directories(kept);
    std::ofstream(kept + "/notes.txt") << "mine\n";
    auto ran = dockside({"conform", "--out", kept, "--cases", "0"});
    EXPECT_EQ(ran.exit_code, 2) << ran.output;
    EXPECT_TRUE(std::filesystem::exists(kept + "/notes.txt"));
}

TEST(MainJob, EndsWithOneOverallVerdictLine) {
    const auto verdict = (std::filesystem::path(DOCKSIDE_SPECS_DIR).parent_path() / "tools" / "main-job-verdict").string();
    auto passed = run(RunSpec{.shell = verdict + " 0 0"});
    EXPECT_EQ(passed.exit_code, 0);
    EXPECT_EQ(passed.output, "main job: conformance passed, load passed (exit 0)\n");
    auto failed = run(RunSpec{.shell = verdict + " 0 1"});
    EXPECT_EQ(failed.exit_code, 1);
    EXPECT_EQ(failed.output, "main job: conformance passed, load failed (exit 1)\n");
    auto not_run = run(RunSpec{.shell = verdict + " 2 0"});
    EXPECT_EQ(not_run.exit_code, 2);
    EXPECT_EQ(not_run.output, "main job: conformance could not run, load passed (exit 2)\n");
    // The main job hands its codes to it as its last word.
    const std::string job = read_text((std::filesystem::path(DOCKSIDE_SPECS_DIR).parent_path() / "tools" / "run-main-job").string());
    EXPECT_TRUE(has(job, "exec tools/main-job-verdict \"$status\" \"$load_status\"\n")) << job;
}

TEST(ConformExit, AcceptedFindingsOnlyPassWithoutJunitFailures) {
    const std::string first = fresh_dir("accept-first"), second = fresh_dir("accept-second");
    const std::string accept = first + "/known.txt";
    const std::vector<std::string> selection = {"conform", "--fault", "ORD-GIFT-500.accepts-501", "--only", "orders",
                                                "--filter", "Orders.SchemaPhase_createOrder", "--seed", "3"};
    auto args = selection;
    args.insert(args.end(), {"--out", first, "--write-accept", accept});
    auto failing = dockside(args);
    ASSERT_EQ(failing.exit_code, 1) << failing.output;
    EXPECT_TRUE(has(read_text(first + "/junit.xml"), "<failure")) << read_text(first + "/junit.xml");
    args = selection;
    args.insert(args.end(), {"--out", second, "--accept", accept});
    auto accepted = dockside(args);
    EXPECT_EQ(accepted.exit_code, 0) << accepted.output;
    const std::string junit = read_text(second + "/junit.xml");
    EXPECT_FALSE(has(junit, "<failure")) << junit;
    EXPECT_FALSE(has(junit, "<error")) << junit;
    EXPECT_TRUE(has(junit, "<skipped message=\"accepted")) << junit;
    EXPECT_EQ(results_of(second)["summary"]["accepted"], 1);
}

TEST(ConformAccept, StaleEntriesAreSaidAndWriteAcceptPrunesThem) {
    const std::string first = fresh_dir("stale-first"), second = fresh_dir("stale-second"), third = fresh_dir("stale-third");
    const std::string accept = first + "/known.txt";
    const std::vector<std::string> selection = {"conform", "--only", "orders", "--filter", "Orders.SchemaPhase_createOrder", "--seed", "3"};
    const auto with = [&](std::vector<std::string> more) {
        auto args = selection;
        args.insert(args.end(), more.begin(), more.end());
        return dockside(args);
    };
    auto faulty = with({"--fault", "ORD-GIFT-500.accepts-501", "--out", first, "--write-accept", accept});
    ASSERT_EQ(faulty.exit_code, 1) << faulty.output;
    std::set<std::string> known;
    const auto faulty_results = results_of(first);
    for (const auto& test : faulty_results["tests"])
        for (const auto& f : test["findings"])
            known.insert(f["rule"].get<std::string>() + "|" + f["operation"].get<std::string>() + "|" + test["name"].get<std::string>());
    ASSERT_FALSE(known.empty());
    // A comment and an entry of a test this selection does not run: neither is this run's to judge.
    std::ofstream(accept, std::ios::app) << "# vendor ticket 7\nRET-X|createReturn|Returns.RET_X_Elsewhere\n";

    // The fault is gone: the accepted findings no longer occur.
    auto fixed = with({"--out", second, "--accept", accept, "--summary-md", second + "/summary.md"});
    EXPECT_EQ(fixed.exit_code, 0) << fixed.output;
    EXPECT_TRUE(has(fixed.output, std::to_string(known.size()) + " of its " + std::to_string(known.size() + 1) +
                                      " entries no longer occur (stale)")) << fixed.output;
    EXPECT_TRUE(has(fixed.output, *known.begin() + "  (the test passed)")) << fixed.output;
    EXPECT_TRUE(has(fixed.output, "--write-accept " + accept + "` rewrites it without them")) << fixed.output;
    const auto audit = results_of(second)["accept"];
    EXPECT_EQ(audit["file"], accept);
    EXPECT_EQ(audit["stale"].size(), known.size()) << audit.dump(1);
    EXPECT_EQ(audit["stale"][0]["key"], *known.begin());
    EXPECT_EQ(audit["stale"][0]["why"], "the test passed");
    EXPECT_EQ(audit["not_judged"], 1);
    const std::string md = read_text(second + "/summary.md");
    EXPECT_TRUE(has(md, "✅ Dockside conform: passed")) << md;
    EXPECT_TRUE(has(md, "### Accepted findings that no longer occur (" + std::to_string(known.size()) + ")")) << md;
    EXPECT_TRUE(has(fixed.output, "summary: " + second + "/summary.md")) << fixed.output;

    // --write-accept with --accept prunes them, and keeps the comment and the entry it could not judge.
    auto pruned = with({"--out", third, "--accept", accept, "--write-accept", accept});
    EXPECT_EQ(pruned.exit_code, 0) << pruned.output;
    EXPECT_TRUE(has(pruned.output, "wrote " + accept + ": " + std::to_string(known.size()) + " stale dropped, 0 new added, 1 entries"))
        << pruned.output;
    const std::string rewritten = read_text(accept);
    for (const auto& key : known) EXPECT_FALSE(has(rewritten, key)) << rewritten;
    EXPECT_TRUE(has(rewritten, "# vendor ticket 7\nRET-X|createReturn|Returns.RET_X_Elsewhere\n")) << rewritten;
    auto again = with({"--out", fresh_dir("stale-fourth"), "--accept", accept});
    EXPECT_EQ(again.exit_code, 0) << again.output;
    EXPECT_FALSE(has(again.output, "no longer occur")) << again.output;
}

TEST(ConformCli, EveryConfigurationProblemAtOnce) {
    const std::string out = fresh_dir("problems");
    auto ran = dockside({"conform", "--cases", "0", "--seed", "-5", "--only", "nosuch", "--write-accept",
                         "/nonexistent-dockside-dir/known.txt", "--summary-md", "/nonexistent-dockside-dir/summary.md",
                         "--profile", "lenient", "--out", out});
    EXPECT_EQ(ran.exit_code, 2) << ran.output;
    for (const char* part : {"--cases must be at least 1", "--seed must be a whole number", "unknown area nosuch",
                             "--write-accept /nonexistent-dockside-dir/known.txt: the folder",
                             "--summary-md /nonexistent-dockside-dir/summary.md: the folder", "lenient"})
        EXPECT_TRUE(has(ran.output, part)) << part << "\n" << ran.output;
    auto out_file = dockside({"conform", "--out", "/proc/version/sub"});
    EXPECT_EQ(out_file.exit_code, 2) << out_file.output;
    EXPECT_TRUE(has(out_file.output, "--out /proc/version/sub")) << out_file.output;
}

TEST(ConformCli, UnknownWordsAreNamedWithSuggestions) {
    auto flag = dockside({"conform", "--cses", "3"});
    EXPECT_EQ(flag.exit_code, 2) << flag.output;
    EXPECT_TRUE(has(flag.output, "unknown option --cses")) << flag.output;
    EXPECT_TRUE(has(flag.output, "did you mean --cases?")) << flag.output;
    auto sub = dockside({"conformm"});
    EXPECT_EQ(sub.exit_code, 2) << sub.output;
    EXPECT_TRUE(has(sub.output, "unknown subcommand 'conformm'")) << sub.output;
    EXPECT_TRUE(has(sub.output, "spec, serve, conform")) << sub.output;
    auto help = dockside({"conform", "--help"});
    EXPECT_EQ(help.exit_code, 0) << help.output;
    EXPECT_TRUE(has(help.output, "Exit codes:")) << help.output;
    EXPECT_TRUE(has(help.output, "the run could not be done")) << help.output;
}

TEST(ConformConsole, AreasOnceSkipReasonsAndEachTestNamedInTheLog) {
    // Without a read-only token the tests of the 403 answers are skipped, each with that reason.
    auto target = MisbehavingTarget::start({});
    ASSERT_TRUE(target);
    const std::string out = fresh_dir("console-once");
    auto ran = dockside({"conform", "--base-url", target->base_url(), "--token", target->pat(), "--only", "orders",
                         "--cases", "3", "--seed", "5", "--out", out});
    EXPECT_EQ(ran.exit_code, 0) << ran.output;
    std::istringstream lines(ran.output);
    int area_lines = 0;
    for (std::string line; std::getline(lines, line);) area_lines += line.rfind("orders ", 0) == 0;
    EXPECT_EQ(area_lines, 1) << "the area's line once, not again in the summary\n" << ran.output;
    EXPECT_TRUE(has(ran.output, " skipped: ")) << ran.output;
    EXPECT_TRUE(has(ran.output, " × the target configuration names no read-only token")) << ran.output;
    EXPECT_TRUE(has(ran.output, "`-v` lists each skipped test and its reason")) << ran.output;
    const auto results = results_of(out);
    ASSERT_TRUE(results.is_object()) << ran.output;
    EXPECT_FALSE(tests_with(results, "skipped").empty()) << ran.output;
    const std::string log = read_text(out + "/conform.log");
    for (const auto& t : results["tests"]) {
        const std::string name = t.value("name", "");
        EXPECT_TRUE(has(log, "[ RUN      ] " + name + "\n")) << name << "\n" << log;
        const std::string end = t.value("status", "") == "skipped" ? "[  SKIPPED ] " : "[       OK ] ";
        EXPECT_TRUE(has(log, end + name + " (")) << name << "\n" << log;
    }
}

TEST(ConformConsole, QuietAndNoRapidCheckChatter) {
    const std::string out = fresh_dir("console");
    auto ran = dockside({"conform", "--only", "paging", "--cases", "3", "--seed", "11", "--out", out,
                         "--fault", "RET-LIST.cursor-overlap"});
    EXPECT_EQ(ran.exit_code, 1) << ran.output;
    for (const char* chatter : {"RC_PARAMS", "Using configuration", "OK, passed", "Falsifiable", "\x1b["})
        EXPECT_FALSE(has(ran.output, chatter)) << chatter << "\n" << ran.output;
    EXPECT_TRUE(has(ran.output, "replay:")) << ran.output;
    EXPECT_TRUE(has(ran.output, "distinct finding")) << ran.output;
    auto quiet = dockside({"conform", "--only", "paging", "--cases", "3", "--seed", "11", "--out", out, "--quiet",
                           "--fault", "RET-LIST.cursor-overlap"});
    EXPECT_EQ(quiet.exit_code, 1);
    EXPECT_LT(std::count(quiet.output.begin(), quiet.output.end(), '\n'), 12) << quiet.output;
    EXPECT_FALSE(has(quiet.output, "FINDING")) << quiet.output;
}

// Every answer a test receives is judged for its shape where it is delivered, also one no test looks at for its
// shape: the orders' list tests read what they create and list for other things; the Orders they are answered lack
// a documented field. One finding per rule, operation and test, however many answers showed it.
TEST(ConformJudge, EveryAnswerIsJudgedWhereverItIsReceived) {
    const std::string out = fresh_dir("judge-every-answer");
    auto ran = dockside({"conform", "--only", "orders", "--filter", "Orders.ORD_LIST_*", "--cases", "3", "--seed", "1",
                         "--out", out, "--fault", "CONV-FIELDS.order-missing-created-date"});
    EXPECT_EQ(ran.exit_code, 1) << ran.output;
    const auto results = results_of(out);
    std::set<std::string> keys;
    for (const auto& t : results["tests"])
        for (const auto& f : t["findings"]) {
            EXPECT_TRUE(has(f["violations"].dump(), "created_date")) << f.dump(1);
            const std::string key = f["rule"].get<std::string>() + "|" + f["operation"].get<std::string>() + "|" + t["name"].get<std::string>();
            EXPECT_TRUE(keys.insert(key).second) << key;
        }
    EXPECT_FALSE(keys.empty()) << ran.output;
}

// A field that names another record is judged against that record where the run holds it: the shipments of the
// orders the tests create name another order's reference_id.
TEST(ConformJudge, AFieldNamingARecordTheRunMadeAgreesWithIt) {
    const std::string out = fresh_dir("judge-named-records");
    auto ran = dockside({"conform", "--only", "orders", "--filter", "Orders.ORD_SHIPMENT_GET_*", "--seed", "1", "--out", out,
                         "--fault", "ORD-ROUNDTRIP.shipment-reference-of-another-order"});
    EXPECT_EQ(ran.exit_code, 1) << ran.output;
    const auto results = results_of(out);
    int found = 0;
    for (const auto& t : results["tests"])
        for (const auto& f : t["findings"]) {
            EXPECT_EQ(f["rule"], "ORD-ROUNDTRIP") << f.dump(1);
            EXPECT_TRUE(has(f["title"].get<std::string>(), "Shipment.reference_id is the reference_id of the Order")) << f.dump(1);
            EXPECT_TRUE(has(f["message"].get<std::string>(), "/ Expected: \"DS-")) << f.dump(1);
            ++found;
        }
    EXPECT_GT(found, 0) << ran.output;
}

// What the document does not show is not judged: a rejection's body (NS-ERROR-BODY: the default profile asserts
// nothing of it, not even JSON), and the answer of an operation whose response is x-unspecified (deleteProduct:
// any JSON).
TEST(ConformJudge, WhatTheDocumentDoesNotShowIsNotJudged) {
    auto target = MisbehavingTarget::start([](const http::Request& request, http::Response& response) {
        if (response.status >= 400 && response.status < 500) {
            response.body = "refused";
            response.headers.set("Content-Type", "text/plain");
        }
        if (request.method == "DELETE" && request.target.rfind("/2025-07/product/", 0) == 0 && response.status == 200)
            response.body = R"([1, "two", null])";
    });
    ASSERT_TRUE(target);
    const std::string out = fresh_dir("judge-not-shown");
    auto args = target->target_args();
    args.insert(args.begin(), "conform");
    args.insert(args.end(), {"--only", "products,orders", "--cases", "3", "--seed", "1", "--out", out});
    auto ran = dockside(args);
    EXPECT_EQ(ran.exit_code, 0) << ran.output;
    EXPECT_EQ(results_of(out)["summary"]["distinct_findings"], 0) << ran.output;
}

}  // namespace
}  // namespace dockside::clitest
