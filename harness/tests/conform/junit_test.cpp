// junit.xml as GitLab and Jenkins read it: valid against the JUnit schema (fixtures/junit.xsd, checked with
// xmllint), one <failure> per failed test with message = title and type = rule, blocked and timed-out tests
// as <error>, accepted and skipped tests as <skipped>, and no harness source paths anywhere.

#include "harness/conform/junit.h"

#include "harness/tests/conform/outcomes.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

namespace dockside::conform {
namespace {

const std::string kSchema = std::string(DOCKSIDE_SOURCE_DIR) + "/harness/tests/conform/fixtures/junit.xsd";

Finding titled_finding(std::string test, std::string rule, std::string title) {
    Finding f;
    f.test = std::move(test);
    f.area = area_of_test(f.test);
    f.rule = std::move(rule);
    f.operation = "createOrder";
    f.title = std::move(title);
    f.message = "Received: 201 / Expected: 4XX";
    f.curl = "DS_RUN=$(od -An -N4 -tx1 /dev/urandom | tr -d ' \\n')\ncurl -sS -X 'POST' 'http://h/2025-07/order' -H \"Authorization: Bearer $DOCKSIDE_TOKEN\"";
    f.status = 201;
    f.body_excerpt = std::string("{\"a\":\"<&>\x01\xff\"}");  // markup, a control character and broken UTF-8
    f.seed = 7;
    f.replay = "dockside conform --only orders --filter 'X' --seed 7";
    return f;
}

using testing::raw;

RunResults every_status() {
    RunResults run;
    run.meta.target = "http://127.0.0.1:1";
    run.meta.profile = "default";
    run.meta.seed = 7;
    run.meta.cases = 3;
    run.meta.started_at = "2025-07-14T09:03:11Z";
    run.meta.duration_seconds = 2.5;
    run.tests.push_back(classify(raw("Orders.ORD_A_Passes", false), {}, ""));
    auto failed = titled_finding("Orders.ORD_GIFT_500_Rejects501", "ORD-GIFT-500", "createOrder rejects the request with a 4xx");
    run.tests.push_back(classify(raw(failed.test, true, {finding_marker(failed.key()),
                                                         "/work/wt/suites/orders_suite.cpp:88: Failure\nValue of: ok"}),
                                 {failed}, ""));
    auto accepted = titled_finding("Orders.ORD_B_Known", "ORD-NUMBER-400", "known");
    accepted.accepted = true;
    run.tests.push_back(classify(raw(accepted.test, true, {finding_marker(accepted.key())}), {accepted}, ""));
    auto setup = testing::as_setup(titled_finding("Returns.RET_C_Needs", "", ""), "creating a return of the test's own");
    run.tests.push_back(classify(raw(setup.test, true, {}), {setup}, ""));
    RawTestResult skipped = raw("Returns.RET_D_Skips", false);
    skipped.skipped = true;
    run.tests.push_back(classify(skipped, {}, "needs the simulation control"));
    RawTestResult slow = raw("Paging.RET_LIST_E_Slow", true);
    slow.timed_out_after = 120;
    run.tests.push_back(classify(slow, {}, ""));
    return run;
}

std::string write_temp(const std::string& text) {
    const auto path = std::filesystem::temp_directory_path() / ("dockside-junit-" + std::to_string(::getpid()) + ".xml");
    std::ofstream(path) << text;
    return path.string();
}

TEST(Junit, ValidatesAgainstTheSchemaGitLabAndJenkinsRead) {
    const std::string path = write_temp(render_junit(every_status()));
    const std::string command = "xmllint --noout --schema '" + kSchema + "' '" + path + "' 2>&1";
    FILE* pipe = ::popen(command.c_str(), "r");
    ASSERT_NE(pipe, nullptr);
    std::string output;
    char buffer[512];
    for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) output.append(buffer, n);
    const int status = ::pclose(pipe);
    EXPECT_EQ(status, 0) << output;
    EXPECT_NE(output.find("validates"), std::string::npos) << output;
    std::filesystem::remove(path);
}

TEST(Junit, OneOutcomeElementPerTestWithTitleAndRule) {
    const std::string xml = render_junit(every_status());
    EXPECT_NE(xml.find("<failure message=\"createOrder rejects the request with a 4xx\" type=\"ORD-GIFT-500\">"),
              std::string::npos) << xml;
    EXPECT_NE(xml.find("<error message=\"blocked: creating a return of the test&apos;s own failed"), std::string::npos) << xml;
    EXPECT_NE(xml.find("type=\"ORD-CREATED\""), std::string::npos);
    EXPECT_NE(xml.find("type=\"timeout\""), std::string::npos);
    EXPECT_NE(xml.find("<skipped message=\"needs the simulation control\"/>"), std::string::npos);
    EXPECT_NE(xml.find("<skipped message=\"accepted: known findings (ORD-NUMBER-400)"), std::string::npos);
    // Accepted findings never show as failures; the counts agree.
    EXPECT_EQ(xml.find("type=\"ORD-NUMBER-400\""), std::string::npos);
    EXPECT_NE(xml.find("tests=\"6\" failures=\"1\" errors=\"2\" skipped=\"2\""), std::string::npos) << xml.substr(0, 300);
    // The whole report rides in the text: curl, replay, body (escaped and cleaned).
    EXPECT_NE(xml.find("$DOCKSIDE_TOKEN"), std::string::npos);
    EXPECT_NE(xml.find("dockside conform --only orders"), std::string::npos);
    EXPECT_NE(xml.find("&lt;&amp;&gt;"), std::string::npos);
    EXPECT_EQ(xml.find('\x01'), std::string::npos);
    // No source locations of the harness.
    EXPECT_EQ(xml.find(".cpp:"), std::string::npos) << xml;
    EXPECT_EQ(xml.find("suites/"), std::string::npos) << xml;
}

TEST(Junit, AcceptedOnlyRunHasNoFailure) {
    RunResults run;
    auto accepted = titled_finding("Orders.ORD_B_Known", "ORD-NUMBER-400", "known");
    accepted.accepted = true;
    run.tests.push_back(classify(raw(accepted.test, true, {finding_marker(accepted.key())}), {accepted}, ""));
    const std::string xml = render_junit(run);
    EXPECT_EQ(xml.find("<failure"), std::string::npos) << xml;
    EXPECT_EQ(xml.find("<error"), std::string::npos) << xml;
    EXPECT_NE(xml.find("<skipped"), std::string::npos) << xml;
}

}  // namespace
}  // namespace dockside::conform
