#include "harness/conform/suite_runner.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <map>
#include <new>
#include <set>
#include <stdexcept>
#include <sstream>

#include <gtest/gtest.h>

#include "harness/conform/areas.h"
#include "harness/conform/report.h"
#include "harness/http/curl.h"
#include "core/unique_numbers.h"
#include "harness/conform/suite_api.h"
#include "harness/conform/child_events.h"
#include "harness/conform/pacing.h"
#include "harness/conform/run_log.h"
#include "harness/conform/selection.h"
#include "harness/conform/session_token.h"
#include "harness/conform/session_tests.h"
#include "harness/conform/supervisor.h"
#include "harness/conform/test_context.h"
#include "harness/conform/test_listener.h"

namespace dockside::conform {
namespace {


/// A block that names a source location ("suites/x.cpp:12:…") with the location removed; the block itself
/// when it names none.
std::string strip_location(const std::string& block) { return conform::strip_source_locations(block); }

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

/// The parent's side of the supervisor: reads each outcome from the run log once, as its test ends, keeps
/// the record current, collects the outcomes and prints one progress line per GoogleTest suite once all
/// its selected tests have ended (in whatever order).
class ParentSink : public SupervisorNews {
public:
    ParentSink(const RunOptions& options, const std::vector<std::string>& selected, int console, RunLog& log)
        : options_(options), console_(console), log_(log) {
        for (std::size_t i = 0; i < selected.size(); ++i) {
            order_[selected[i]] = i;
            ++expected_[suite_of(selected[i])];
        }
    }

    void test_started(const std::string& test) override {
        // No hard limit here: the supervisor ends a test that overruns by ending its child.
        if (options_.record) options_.record->test_started(test, std::chrono::seconds(0));
    }

    void test_logged(const std::string& test) override {
        // Another worker's line may be read before its start is: each outcome waits for its own news.
        for (auto& outcome : log_.read_new()) unclaimed_.insert_or_assign(outcome.name, std::move(outcome));
        const auto logged = unclaimed_.find(test);
        if (logged != unclaimed_.end()) {
            test_lost(logged->second);
            unclaimed_.erase(logged);
            return;
        }
        TestOutcome unread;  // never silently lost (a line the full disk cut short)
        unread.name = test;
        unread.area = area_of_test(test);
        unread.status = TestStatus::Failed;
        unread.reason = "its outcome could not be read from the run log";
        test_lost(unread);
    }

    void test_lost(const TestOutcome& outcome) override {
        // First come, first kept: a child killed between logging a test and saying so is blamed for it too.
        if (!seen_.insert(outcome.name).second) return;
        if (options_.record) options_.record->test_finished(outcome);
        outcomes_.push_back(outcome);
        auto& finished = by_suite_[suite_of(outcome.name)];
        finished.push_back(outcome);
        if (options_.progress && finished.size() == expected_[suite_of(outcome.name)])
            for (const auto& summary : conform::summarize(finished))
                write_console(console_, conform::render_progress_line(summary, options_.colour) + "\n");
    }

    /// Every outcome, in the order the tests are registered.
    std::vector<TestOutcome> take() {
        std::stable_sort(outcomes_.begin(), outcomes_.end(), [&](const TestOutcome& a, const TestOutcome& b) {
            return position(a.name) < position(b.name);
        });
        return std::move(outcomes_);
    }

private:
    static std::string suite_of(const std::string& test) { return test.substr(0, test.find('.')); }
    std::size_t position(const std::string& test) const {
        const auto it = order_.find(test);
        return it == order_.end() ? order_.size() : it->second;
    }

    const RunOptions& options_;
    int console_;
    RunLog& log_;
    std::set<std::string> seen_;
    std::map<std::string, TestOutcome> unclaimed_;
    std::map<std::string, std::size_t> order_;
    std::map<std::string, std::size_t> expected_;
    std::map<std::string, std::vector<TestOutcome>> by_suite_;
    std::vector<TestOutcome> outcomes_;
};

/// A child's side: each outcome into the run log, then the news that its test ended up the pipe.
class ChildSink : public OutcomeSink {
public:
    ChildSink(const EventWriter& events, const RunLog& log) : events_(events), log_(log) {}
    void test_started(const std::string& test) override { events_.write({ChildEvent::Kind::Started, test}); }
    void test_ended(const TestOutcome& outcome) override {
        // Unsaid, the test stays running: the supervisor blames the child's end on it, with this reason.
        if (auto why = log_.append(outcome)) throw std::runtime_error(*why);
        events_.write({ChildEvent::Kind::Ended, outcome.name});
    }

private:
    const EventWriter& events_;
    const RunLog& log_;
};

/// The run's unique numbers, in memory every child shares (see core/unique_numbers.h).
class SharedUniqueNumbers {
public:
    SharedUniqueNumbers() {
        // The tag too is the run's, made here before any child exists: every child's records carry the
        // same one, so a test can tell the run's own records from what the target held.
        run_tag();
        void* page = ::mmap(nullptr, sizeof(std::atomic<std::uint64_t>), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
        if (page == MAP_FAILED) return;  // children then count on their own: values may repeat across children
        counter_ = new (page) std::atomic<std::uint64_t>(0);
        share_unique_numbers(counter_);
    }
    SharedUniqueNumbers(const SharedUniqueNumbers&) = delete;
    SharedUniqueNumbers& operator=(const SharedUniqueNumbers&) = delete;
    // Never unmapped: the sequence keeps pointing at it for the rest of the process.

private:
    std::atomic<std::uint64_t>* counter_ = nullptr;
};

/// What a child does: runs its batch with GoogleTest, reporting through the pipe.
int run_in_child(conform::Session& session, const RunOptions& options, const TestBatch& batch, const EventWriter& events,
                 const RunLog& log) {
    forget_connections_after_fork();
    test_context::observe_sends([&events, &options](const http::Request& request) {
        events.write({ChildEvent::Kind::Sending, request_line(request)});
        if (options.on_request) options.on_request(test_context::test_name(), request);
    });
    if (options.on_answer)
        test_context::observe_answers([&options](std::uint64_t sequence, const http::HarExchange& exchange) {
            options.on_answer(test_context::test_name(), sequence, exchange);
        });
    std::string filter;
    for (const auto& test : batch.tests) filter += (filter.empty() ? "" : ":") + test;
    GTEST_FLAG_SET(filter, filter);
    ChildSink sink(events, log);
    ListenerOptions listening{options.test_budget, options.accept_keys, options.on_test_start};
    auto* listener = new OutcomeListener(session, std::move(listening), sink);
    ::testing::UnitTest::GetInstance()->listeners().Append(listener);  // owned by GoogleTest from here
    [[maybe_unused]] const int gtest_verdict = RUN_ALL_TESTS();  // the verdict is the parent's, from the outcomes
    // An exception thrown outside a test body (a listener, a fixture's static set-up) is caught by GoogleTest,
    // which reports it on the running test and abandons the rest of the run.
    if (const auto why = listener->abandoned()) events.write({ChildEvent::Kind::Escaped, *why});
    return 0;
}

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

InjectedHooks& injected_hooks() {
    static InjectedHooks hooks;
    return hooks;
}

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
    // A test of an area --only does not know is selected by --filter alone: --only would refuse it.
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

Result<conform::RunResults, std::string> run_suites(conform::Session& session, const RunOptions& options, conform::RunMetadata meta) {
    // What the suites add (the generators reading the session's contract, --spec-dir) holds for the run.
    const auto scopes = make_session_scopes(session);
    make_session_tests(session);
    std::vector<std::string> args = {"dockside", "--gtest_filter=" + options.filter};
    if (options.list_only) args.push_back("--gtest_list_tests");
    std::vector<char*> argv;
    for (auto& arg : args) argv.push_back(arg.data());
    argv.push_back(nullptr);
    int argc = static_cast<int>(args.size());
    ::testing::InitGoogleTest(&argc, argv.data());

    const std::vector<std::string> selected = selected_tests(options.filter);
    meta.selected = static_cast<int>(selected.size());
    conform::RunResults results;
    if (options.list_only) {
        [[maybe_unused]] const int listed = RUN_ALL_TESTS();  // prints the tests, runs none
        results.meta = std::move(meta);
        return results;
    }
    if (options.record) options.record->update_meta(meta);
    auto log = RunLog::create();
    if (!log) return fail(log.error());

    auto& listeners = ::testing::UnitTest::GetInstance()->listeners();
    delete listeners.Release(listeners.default_result_printer());
    OutputCapture capture(options.capture_path);
    if (options.record) options.record->set_console_fd(capture.console_fd());
    ParentSink sink(options, selected, capture.console_fd(), **log);
    SharedUniqueNumbers unique_numbers;
    pace_requests(options.max_requests_per_second);
    SupervisorOptions supervision;
    supervision.workers = options.workers;
    // A test past its budget has sent its last request; what still runs is the harness's own work (a
    // shrink that repeats cases without sending) or a hang.
    if (options.test_budget.count() > 0)
        supervision.hard_limit = options.test_budget + std::clamp(options.test_budget, std::chrono::seconds(5), std::chrono::seconds(60));
    supervision.seed = session.info().seed;
    supervision.replay = [&session](const std::string& test) { return replay_command(session.info(), test); };
    const ChildBody body = [&](const TestBatch& batch, const EventWriter& events) {
        return run_in_child(session, options, batch, events, **log);
    };

    conform::set_current_session(&session);
    use_token_source(options.token);
    const auto started = std::chrono::steady_clock::now();
    supervise(batches_of(selected, options.workers), supervision, body, sink);
    use_token_source(nullptr);
    meta.duration_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    conform::set_current_session(nullptr);
    if (options.record) options.record->set_console_fd(-1);

    results.meta = std::move(meta);
    results.tests = sink.take();
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

}  // namespace dockside::conform
