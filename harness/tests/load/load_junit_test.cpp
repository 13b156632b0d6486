// A load run's junit.xml: valid against the JUnit schema GitLab and Jenkins read, and, parsed back (xmllint
// --xpath), one test case per threshold (failed when crossed, with the measured against the asked figure),
// one per operation whose responses were sampled (failed when some broke the contract), and the run itself.

#include "harness/load/load_junit.h"

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

namespace dockside::load {
namespace {

const std::string kSchema =
    (std::filesystem::path(DOCKSIDE_SPECS_DIR).parent_path() / "harness/tests/conform/fixtures/junit.xsd").string();

struct Shell {
    int status = -1;
    std::string output;
};

Shell shell(const std::string& command) {
    Shell out;
    FILE* pipe = ::popen((command + " 2>&1").c_str(), "r");
    if (!pipe) return out;
    char buffer[512];
    for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) out.output.append(buffer, n);
    out.status = ::pclose(pipe);
    return out;
}

class LoadJunit : public ::testing::Test {
protected:
    void write(const std::string& xml) { std::ofstream(path_) << xml; }
    /// The string value of an XPath expression over the file (xmllint ends it with a line break).
    std::string xpath(const std::string& expression) {
        auto value = shell("xmllint --xpath \"" + expression + "\" '" + path_ + "'").output;
        if (!value.empty() && value.back() == '\n') value.pop_back();
        return value;
    }
    void TearDown() override { std::filesystem::remove(path_); }
    const std::string path_ =
        (std::filesystem::temp_directory_path() / ("dockside-load-junit-" + std::to_string(::getpid()) + ".xml")).string();
};

ThresholdOutcome threshold(std::string expression, bool passed, std::string actual, std::string limit, std::string margin) {
    ThresholdOutcome t;
    t.threshold.expression = std::move(expression);
    t.threshold.metric = Metric::latency_percentile;
    t.threshold.percentile = 99;
    t.passed = passed;
    t.actual = 1;
    t.actual_text = std::move(actual);
    t.limit_text = std::move(limit);
    t.margin_text = std::move(margin);
    return t;
}

RunSummary summary() {
    RunSummary s;
    s.target = "http://127.0.0.1:9";
    s.started_at = "2026-11-26T05:00:00Z";
    s.configuration = {{"model", "open-loop"}};
    s.result.duration_s = 10;
    s.thresholds = {threshold("p99<50ms", false, "62.1ms", "< 50ms", "+12.1ms over"),
                    threshold("errors<0.1%", true, "0%", "< 0.1%", "0.1% to spare")};
    auto no_data = threshold("getOrder:p95<80ms", false, "", "< 80ms", "no data");
    no_data.actual.reset();
    no_data.threshold.operation = "getOrder";
    s.thresholds.push_back(no_data);
    for (const char* name : {"getOrder", "listOrders", "createOrder"}) {
        OperationResult op;
        op.name = name;
        op.counters.count_status(200);
        s.result.operations.push_back(std::move(op));
    }
    auto& broken = s.result.operations[0].sampling;
    broken.sampled = broken.validated = 120;
    broken.failed = 3;
    broken.violations.push_back({"CONV-FIELDS", "/created_date", "required <property> missing", 200, "{\"id\":1}", 3});
    s.result.operations[1].sampling.sampled = s.result.operations[1].sampling.validated = 60;  // all valid
    return s;
}

TEST_F(LoadJunit, ValidatesAgainstTheSchemaGitLabAndJenkinsRead) {
    write(render_load_junit(summary()));
    const auto checked = shell("xmllint --noout --schema '" + kSchema + "' '" + path_ + "'");
    EXPECT_EQ(checked.status, 0) << checked.output;
}

TEST_F(LoadJunit, ATestCasePerThresholdAndPerSampledOperation) {
    write(render_load_junit(summary()));
    EXPECT_EQ(xpath("count(//testsuite[@name='thresholds']/testcase)"), "3");
    EXPECT_EQ(xpath("count(//testsuite[@name='thresholds']/testcase[failure])"), "2");
    EXPECT_EQ(xpath("string(//testsuite[@name='thresholds']/@failures)"), "2");
    EXPECT_EQ(xpath("string(//testcase[@name='p99<50ms']/failure/@message)"),
              "p99 latency of every operation: measured 62.1ms, asked < 50ms (+12.1ms over)");
    EXPECT_EQ(xpath("count(//testcase[@name='errors<0.1%']/*)"), "0") << "a threshold held is a passed case";
    EXPECT_NE(xpath("string(//testcase[@name='getOrder:p95<80ms']/failure/@message)").find("no data"), std::string::npos);
    // Sampled validation: getOrder broke the contract, listOrders did not, createOrder was not sampled.
    EXPECT_EQ(xpath("count(//testsuite[@name='validation']/testcase)"), "2");
    EXPECT_EQ(xpath("string(//testsuite[@name='validation']/testcase[@name='getOrder']/failure/@type)"), "CONV-FIELDS");
    EXPECT_EQ(xpath("string(//testsuite[@name='validation']/testcase[@name='getOrder']/failure/@message)"),
              "3 of 120 sampled responses violated the contract");
    EXPECT_NE(xpath("string(//testsuite[@name='validation']/testcase[@name='getOrder']/failure)").find("required <property> missing"),
              std::string::npos);
    EXPECT_EQ(xpath("count(//testsuite[@name='validation']/testcase[@name='listOrders']/*)"), "0");
    // The totals of the root add up, and the run itself passed.
    EXPECT_EQ(xpath("string(/testsuites/@tests)"), "6");
    EXPECT_EQ(xpath("string(/testsuites/@failures)"), "3");
    EXPECT_EQ(xpath("string(/testsuites/@errors)"), "0");
    EXPECT_EQ(xpath("count(//testsuite[@name='run']/testcase[@name='run completed'][not(*)])"), "1");
}

TEST_F(LoadJunit, AnInterruptedRunIsAnErrorNotAGreenBuild) {
    auto s = summary();
    s.thresholds.clear();
    s.result.interrupted = true;
    write(render_load_junit(s));
    EXPECT_EQ(xpath("count(//testsuite)"), "2");
    EXPECT_EQ(xpath("string(//testcase[@name='run completed']/error/@type)"), "interrupted");
    EXPECT_EQ(xpath("string(/testsuites/@errors)"), "1");
}

}  // namespace
}  // namespace dockside::load
