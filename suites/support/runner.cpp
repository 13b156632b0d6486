#include "suites/support/runner.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <sstream>

#include <gtest/gtest.h>

#include "harness/conform/areas.h"
#include "harness/conform/report.h"
#include "harness/http/curl.h"
#include "generators/run_spec.h"
#include "suites/support/test_context.h"

namespace dockside::suites {
namespace {

using conform::RawTestResult;
using conform::TestOutcome;

/// A block that names a source location ("suites/x.cpp:12:…") with the location removed; the block itself
/// when it names none.
std::string strip_location(const std::string& block) { return conform::strip_source_locations(block); }

/// Messages the suite API gives GoogleTest for expectations it did not judge (nothing was sent).
bool not_judged(const std::string& message) { return message.find("not judged: ") != std::string::npos; }

void write_console(int fd, const std::string& text) {
    const char* data = text.data();
    std::size_t size = text.size();
    while (size > 0) {
        const ssize_t n = ::write(fd, data, size);
        if (n <= 0) return;
        data += n;
        size -= static_cast<std::size_t>(n);
    }
}

/// Sends what GoogleTest and RapidCheck print (fds 1 and 2) to a log file while it lives; the console
/// stays reachable through console_fd().
class OutputCapture {
public:
    explicit OutputCapture(const std::string& path) {
        console_ = ::dup(1);
        if (path.empty()) return;
        const int log = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
        if (log < 0) return;
        std::fflush(stdout);
        std::fflush(stderr);
        saved_err_ = ::dup(2);
        ::dup2(log, 1);
        ::dup2(log, 2);
        ::close(log);
        active_ = true;
    }
    ~OutputCapture() {
        std::cout.flush();
        std::cerr.flush();
        std::fflush(stdout);
        std::fflush(stderr);
        if (active_) {
            ::dup2(console_, 1);
            ::dup2(saved_err_, 2);
            ::close(saved_err_);
        }
        ::close(console_);
    }
    OutputCapture(const OutputCapture&) = delete;
    OutputCapture& operator=(const OutputCapture&) = delete;
    int console_fd() const { return console_; }

private:
    int console_ = -1;
    int saved_err_ = -1;
    bool active_ = false;
};

/// Collects each test's verdict, attaches its findings, keeps the run record current and prints one line
/// per finished suite.
class CollectingListener : public ::testing::EmptyTestEventListener {
public:
    CollectingListener(conform::Session& session, const RunOptions& options, conform::RunMetadata& meta, int console)
        : session_(session), options_(options), meta_(meta), console_(console) {}

    void OnTestIterationStart(const ::testing::UnitTest& unit, int) override {
        meta_.selected = unit.test_to_run_count();
        if (options_.record) options_.record->update_meta(meta_);
    }

    void OnTestStart(const ::testing::TestInfo& info) override {
        raw_ = RawTestResult{};
        raw_.name = std::string(info.test_suite_name()) + "." + info.name();
        test_context::begin(raw_.name, options_.test_budget);
        // The watchdog's last resort for a test the budget cannot cut short (a loop without requests).
        if (options_.record)
            options_.record->test_started(raw_.name, options_.test_budget.count() > 0
                                                         ? options_.test_budget + std::chrono::seconds(60)
                                                         : std::chrono::seconds(0));
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
        auto& log = session_.findings();
        const bool timed_out = test_context::timed_out();
        if (timed_out) raw_.timed_out_after = static_cast<double>(options_.test_budget.count());
        std::erase_if(raw_.failure_messages, not_judged);
        // A credential the configuration lacks: the test is skipped for it unless it found something itself.
        if (auto skip = test_context::requested_skip(); skip && !timed_out && log.for_test(raw_.name).empty() &&
                                                        raw_.failure_messages.empty()) {
            raw_.failed = false;
            raw_.skipped = true;
            raw_.skip_message = *skip;
        }
        if (raw_.failed && raw_.failure_messages.empty() && log.for_test(raw_.name).empty() && !timed_out)
            raw_.failure_messages.push_back("the test failed without a finding or an assertion message");
        std::string shrunk;
        for (const auto& message : raw_.failure_messages)
            if (shrunk = rapidcheck_counterexample(message); !shrunk.empty()) break;
        log.annotate_test(raw_.name, replay_command(session_.info(), raw_.name), shrunk);
        if (!options_.accept_keys.empty()) log.accept(options_.accept_keys);
        const auto skips = log.skips();
        const auto skip = skips.find(raw_.name);
        auto outcome = conform::classify(raw_, log.for_test(raw_.name), skip == skips.end() ? "" : skip->second);
        test_context::end();
        if (options_.record) options_.record->test_finished(outcome);
        outcomes_.push_back(std::move(outcome));
        ++suite_count_;
    }

    void OnTestSuiteEnd(const ::testing::TestSuite&) override {
        if (options_.progress && suite_count_ > 0) {
            const std::vector<TestOutcome> finished(outcomes_.end() - static_cast<std::ptrdiff_t>(suite_count_),
                                                    outcomes_.end());
            for (const auto& summary : conform::summarize(finished))
                write_console(console_, conform::render_progress_line(summary, options_.colour) + "\n");
        }
        suite_count_ = 0;
    }

    std::vector<TestOutcome> take() { return std::move(outcomes_); }

private:
    conform::Session& session_;
    const RunOptions& options_;
    conform::RunMetadata& meta_;
    int console_;
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
    std::string params = without_keys(user_params, {"max_success", "seed", "verbose_progress", "verbose_shrinking"});
    params += (params.empty() ? "" : " ") + std::string("max_success=") + std::to_string(cases);
    if (seed != 0) params += " seed=" + std::to_string(seed);
    params += " verbose_progress=0 verbose_shrinking=0";
    return params;
}

void configure_rapidcheck(int cases, std::uint64_t seed) {
    const char* user = std::getenv("RC_PARAMS");
    const std::string params = rapidcheck_params(user ? user : "", cases, seed);
    ::setenv("RC_PARAMS", params.c_str(), 1);
}

std::string rapidcheck_counterexample(const std::string& message) {
    // RapidCheck writes "Falsifiable after N tests[ and M shrinks]", then one block per generated value,
    // "<type>:\n<value>", blocks apart by a blank line, then where it failed ("file.cpp:12:\nRC_ASSERT(…)").
    // Dockside shows the values with their types as labels and the counts after them.
    const auto start = message.find("Falsifiable after ");
    if (start == std::string::npos) return {};
    auto next_block = [&](std::size_t from) { return message.find("\n\n", from); };
    const auto header_end = next_block(start);
    std::string counts = message.substr(start + 18, header_end == std::string::npos ? std::string::npos : header_end - start - 18);
    std::string inputs;
    for (auto at = header_end; at != std::string::npos;) {
        const auto begin = at + 2;
        const auto end = next_block(begin);
        const std::string block = message.substr(begin, end == std::string::npos ? std::string::npos : end - begin);
        const auto colon = block.find(":\n");
        if (block.empty() || colon == std::string::npos || strip_location(block) != block) break;
        inputs += (inputs.empty() ? "" : "\n") + block.substr(0, colon) + ": " + block.substr(colon + 2);
        at = end;
    }
    if (inputs.empty()) return {};
    return inputs + "\n(found after " + counts + ")";
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
    if (!info.replay_args.empty()) command += " " + info.replay_args;
    else if (!info.embedded) command += " --base-url " + http::shell_quote(info.base_url);
    return command;
}

conform::RunResults run_suites(conform::Session& session, const RunOptions& options, conform::RunMetadata meta) {
    // Every generator the suites call reads the session's contract (--spec-dir), not the built-in one.
    generators::SpecScope spec_scope(session.spec());
    std::vector<std::string> args = {"dockside", "--gtest_filter=" + options.filter};
    if (options.list_only) args.push_back("--gtest_list_tests");
    std::vector<char*> argv;
    for (auto& arg : args) argv.push_back(arg.data());
    argv.push_back(nullptr);
    int argc = static_cast<int>(args.size());
    ::testing::InitGoogleTest(&argc, argv.data());

    auto& listeners = ::testing::UnitTest::GetInstance()->listeners();
    if (!options.list_only) delete listeners.Release(listeners.default_result_printer());
    OutputCapture capture(options.list_only ? std::string() : options.capture_path);
    if (options.record) options.record->set_console_fd(capture.console_fd());
    auto* collector = new CollectingListener(session, options, meta, capture.console_fd());
    listeners.Append(collector);  // owned by GoogleTest from here

    conform::set_current_session(&session);
    const auto started = std::chrono::steady_clock::now();
    [[maybe_unused]] const int gtest_verdict = RUN_ALL_TESTS();  // the verdict is ours: accepted findings do not fail a run
    meta.duration_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    conform::set_current_session(nullptr);
    if (options.record) options.record->set_console_fd(-1);

    conform::RunResults results;
    results.meta = std::move(meta);
    results.tests = collector->take();
    delete listeners.Release(collector);
    return results;
}

namespace {
class ContextListener : public ::testing::EmptyTestEventListener {
public:
    explicit ContextListener(std::chrono::seconds budget) : budget_(budget) {}
    void OnTestStart(const ::testing::TestInfo& info) override {
        test_context::begin(std::string(info.test_suite_name()) + "." + info.name(), budget_);
    }
    void OnTestEnd(const ::testing::TestInfo&) override { test_context::end(); }

private:
    std::chrono::seconds budget_;
};
}  // namespace

void keep_exit_output_in(const std::string& log_path) {
    std::cerr.flush();
    std::fflush(stderr);
    const int log = ::open(log_path.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
    if (log < 0) return;
    ::dup2(log, 2);
    ::close(log);
}

void attach_test_context(std::chrono::seconds budget) {
    ::testing::UnitTest::GetInstance()->listeners().Append(new ContextListener(budget));
}

}  // namespace dockside::suites
