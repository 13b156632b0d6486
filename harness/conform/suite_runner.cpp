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
#include <optional>
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
#include "harness/conform/reproduction.h"
#include "harness/conform/run_log.h"
#include "harness/conform/selection.h"
#include "harness/conform/session_token.h"
#include "harness/conform/session_tests.h"
#include "harness/conform/supervisor.h"
#include "harness/conform/test_context.h"

namespace dockside::conform {
namespace {



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

/// Messages the suite API gives GoogleTest for expectations it did not judge (nothing was sent).
bool not_judged(const std::string& message) { return message.find("not judged: ") != std::string::npos; }

/// A child's GoogleTest listener: turns each test into a TestOutcome (begins and ends the suite API's test
/// context, attaches the findings, the replay command and a property's shrunk counterexample, applies the
/// accept list), appends it to the run log, then tells the supervisor up the pipe that the test ended.
class ChildListener : public ::testing::EmptyTestEventListener {
public:
    ChildListener(conform::Session& session, const RunOptions& options, const EventWriter& events, const RunLog& log)
        : session_(session), options_(options), events_(events), log_(log) {}

    void OnTestStart(const ::testing::TestInfo& info) override {
        raw_ = conform::RawTestResult{};
        raw_.name = std::string(info.test_suite_name()) + "." + info.name();
        in_test_ = true;
        test_context::begin(raw_.name, options_.test_budget);
        events_.write({ChildEvent::Kind::Started, raw_.name});
        if (options_.on_test_start) options_.on_test_start(raw_.name);
    }

    void OnTestPartResult(const ::testing::TestPartResult& part) override {
        if (part.failed()) raw_.failure_messages.push_back(part.message());
        if (part.skipped() && raw_.skip_message.empty()) raw_.skip_message = part.message();
    }

    void OnTestEnd(const ::testing::TestInfo& info) override {
        const TestOutcome outcome = outcome_of(*info.result());
        test_context::end();
        in_test_ = false;
        // Unsaid, the test stays running: the supervisor blames the child's end on it, with this reason.
        if (auto why = log_.append(outcome)) throw std::runtime_error(*why);
        events_.write({ChildEvent::Kind::Ended, outcome.name});
    }

    /// After the run: when a test began and never ended (GoogleTest caught an exception thrown outside the
    /// test body and abandoned the run), what GoogleTest reported for it.
    std::optional<std::string> abandoned() const {
        if (!in_test_) return std::nullopt;
        if (raw_.failure_messages.empty()) return "the test was abandoned before it ended";
        return raw_.failure_messages.back();
    }

private:
    TestOutcome outcome_of(const ::testing::TestResult& result) {
        raw_.failed = result.Failed();
        raw_.skipped = result.Skipped();
        raw_.seconds = static_cast<double>(result.elapsed_time()) / 1000.0;
        auto& log = session_.findings();
        const bool timed_out = test_context::timed_out();
        if (timed_out) raw_.timed_out_after = static_cast<double>(options_.test_budget.count());
        std::erase_if(raw_.failure_messages, not_judged);
        // A credential the configuration lacks: the test is skipped for it unless it found something itself. A
        // write refused on a production target likewise; what the test asserted after it without a finding (a
        // property that gave up for want of the records it could not create) is the refusal's consequence.
        const auto requested = test_context::requested_skip();
        const std::string& refusal = session_.info().writes_refused;
        const bool write_refused = requested && !refusal.empty() && requested->rfind(refusal, 0) == 0;
        if (requested && !timed_out && log.for_test(raw_.name).empty() && (raw_.failure_messages.empty() || write_refused)) {
            raw_.failed = false;
            raw_.skipped = true;
            raw_.skip_message = *requested;
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
        const auto throttled = test_context::throttling();
        outcome.rate_limited_waits = throttled.waits;
        outcome.rate_limited_seconds = throttled.waited_seconds;
        outcome.coverage = test_context::coverage();
        if (!throttled.gave_up_on.empty() && conform::fails_run(outcome.status)) {
            // What it judged after the last 429 it judged on a refusal: the target could not be tested here.
            outcome.status = conform::TestStatus::Blocked;
            outcome.reason = "rate limited: the target kept answering 429 to " + throttled.gave_up_on + " after " +
                             std::to_string(throttled.waits) + " waits; the test could not be judged";
        }
        return outcome;
    }

    conform::Session& session_;
    const RunOptions& options_;
    const EventWriter& events_;
    const RunLog& log_;
    conform::RawTestResult raw_;
    bool in_test_ = false;
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
    auto* listener = new ChildListener(session, options, events, log);
    ::testing::UnitTest::GetInstance()->listeners().Append(listener);  // owned by GoogleTest from here
    [[maybe_unused]] const int gtest_verdict = RUN_ALL_TESTS();  // the verdict is the parent's, from the outcomes
    // An exception thrown outside a test body (a listener, a fixture's static set-up) is caught by GoogleTest,
    // which reports it on the running test and abandons the rest of the run.
    if (const auto why = listener->abandoned()) events.write({ChildEvent::Kind::Escaped, *why});
    return 0;
}

}  // namespace

InjectedHooks& injected_hooks() {
    static InjectedHooks hooks;
    return hooks;
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
