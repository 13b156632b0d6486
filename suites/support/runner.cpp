#include "suites/support/runner.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <ostream>
#include <sstream>

#include <gtest/gtest.h>

#include "harness/conform/areas.h"
#include "harness/http/curl.h"
#include "refserver/embedded/embedded_server.h"

namespace dockside::suites {
namespace {

using conform::RawTestResult;
using conform::TestOutcome;

/// Collects each test's verdict, attaches its findings and prints one line per finished suite.
class CollectingListener : public ::testing::EmptyTestEventListener {
public:
    CollectingListener(conform::Session& session, const RunOptions& options) : session_(session), options_(options) {}

    void OnTestStart(const ::testing::TestInfo& info) override {
        raw_ = RawTestResult{};
        raw_.name = std::string(info.test_suite_name()) + "." + info.name();
    }

    void OnTestPartResult(const ::testing::TestPartResult& part) override {
        if (part.failed()) raw_.failure_messages.push_back(part.message());
        if (part.skipped() && raw_.skip_message.empty()) raw_.skip_message = part.message();
    }

    void OnTestEnd(const ::testing::TestInfo& info) override {
        const auto* result = info.result();
        raw_.failed = result->Failed();
        raw_.skipped = result->Skipped();
        raw_.seconds = static_cast<double>(result->elapsed_time()) / 1000.0;
        std::string shrunk;
        for (const auto& message : raw_.failure_messages)
            if (shrunk = rapidcheck_counterexample(message); !shrunk.empty()) break;
        auto& log = session_.findings();
        log.annotate_test(raw_.name, replay_command(session_.info(), raw_.name), shrunk);
        if (!options_.accept_keys.empty()) log.accept(options_.accept_keys);
        const auto skips = log.skips();
        const auto skip = skips.find(raw_.name);
        outcomes_.push_back(conform::classify(raw_, log.for_test(raw_.name), skip == skips.end() ? "" : skip->second));
        ++suite_count_;
    }

    void OnTestSuiteEnd(const ::testing::TestSuite&) override {
        if (options_.progress && suite_count_ > 0) {
            const std::vector<TestOutcome> finished(outcomes_.end() - static_cast<std::ptrdiff_t>(suite_count_),
                                                    outcomes_.end());
            for (const auto& summary : conform::summarize(finished))
                *options_.progress << conform::render_progress_line(summary) << std::endl;
        }
        suite_count_ = 0;
    }

    std::vector<TestOutcome> take() { return std::move(outcomes_); }

private:
    conform::Session& session_;
    const RunOptions& options_;
    RawTestResult raw_;
    std::vector<TestOutcome> outcomes_;
    std::size_t suite_count_ = 0;
};

/// Removes `key=value` words for the given keys from an RC_PARAMS string.
std::string without_keys(const std::string& params, const std::vector<std::string>& keys) {
    std::istringstream words(params);
    std::string out;
    for (std::string word; words >> word;) {
        bool drop = false;
        for (const auto& key : keys) drop = drop || word.rfind(key + "=", 0) == 0;
        if (!drop) out += (out.empty() ? "" : " ") + word;
    }
    return out;
}

}  // namespace

std::string rapidcheck_params(const std::string& user_params, int cases, std::uint64_t seed) {
    std::string params = without_keys(user_params, {"max_success", "seed"});
    params += (params.empty() ? "" : " ") + std::string("max_success=") + std::to_string(cases);
    if (seed != 0) params += " seed=" + std::to_string(seed);
    return params;
}

void configure_rapidcheck(int cases, std::uint64_t seed) {
    const char* user = std::getenv("RC_PARAMS");
    const std::string params = rapidcheck_params(user ? user : "", cases, seed);
    ::setenv("RC_PARAMS", params.c_str(), 1);
}

std::string rapidcheck_counterexample(const std::string& message) {
    const auto start = message.find("Falsifiable after");
    if (start == std::string::npos) return {};
    // RapidCheck prints: "Falsifiable after N tests[ and M shrinks]\n\n<type>:\n<value>\n\n<why>".
    const auto value = message.find("\n\n", start);
    if (value == std::string::npos) return message.substr(start);
    const auto end = message.find("\n\n", value + 2);
    return message.substr(start, end == std::string::npos ? std::string::npos : end - start);
}

std::string replay_command(const conform::SessionInfo& info, const std::string& test) {
    // Tests outside the known areas (RuleChecks.*) are selected by --filter alone: --only would refuse them.
    const std::string area = conform::area_of_test(test);
    const auto& known = conform::known_areas();
    const bool selectable = std::find(known.begin(), known.end(), area) != known.end();
    std::string command = std::string("dockside conform") + (selectable ? " --only " + area : "") +
                          " --filter " + http::shell_quote(test) + " --profile " + info.profile +
                          " --cases " + std::to_string(info.cases);
    if (info.seed != 0) command += " --seed " + std::to_string(info.seed);
    if (!info.embedded) command += " --base-url " + http::shell_quote(info.base_url);
    return command;
}

conform::RunResults run_suites(conform::Session& session, const RunOptions& options, conform::RunMetadata meta) {
    std::vector<std::string> args = {"dockside", "--gtest_filter=" + options.filter};
    if (!options.junit_path.empty()) args.push_back("--gtest_output=xml:" + options.junit_path);
    if (options.list_only) args.push_back("--gtest_list_tests");
    std::vector<char*> argv;
    for (auto& arg : args) argv.push_back(arg.data());
    argv.push_back(nullptr);
    int argc = static_cast<int>(args.size());
    ::testing::InitGoogleTest(&argc, argv.data());

    auto& listeners = ::testing::UnitTest::GetInstance()->listeners();
    if (!options.gtest_output && !options.list_only) delete listeners.Release(listeners.default_result_printer());
    auto* collector = new CollectingListener(session, options);
    listeners.Append(collector);  // owned by GoogleTest from here

    conform::set_current_session(&session);
    const auto started = std::chrono::steady_clock::now();
    (void)RUN_ALL_TESTS();  // the verdict is ours: accepted findings do not fail a run
    meta.duration_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    conform::set_current_session(nullptr);

    conform::RunResults results;
    results.meta = std::move(meta);
    results.tests = collector->take();
    delete listeners.Release(collector);
    return results;
}

conform::SessionInfo embedded_session_info(refserver::EmbeddedServer& server, bool simulation) {
    conform::SessionInfo info;
    info.base_url = server.base_url();
    info.auth_url = server.base_url();
    info.token = server.api().pat();
    info.read_only_token = server.api().read_only_token();
    info.write_channel = server.api().write_channel_id();
    if (server.api().read_only_channel_id() != 0) info.read_only_channel = server.api().read_only_channel_id();
    info.simulation = simulation;
    info.embedded = true;
    return info;
}

}  // namespace dockside::suites
