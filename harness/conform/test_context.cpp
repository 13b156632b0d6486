#include "harness/conform/test_context.h"

#include <deque>
#include <mutex>

#include <gtest/gtest.h>

namespace dockside::conform::test_context {
namespace {

/// Enough to find the creates a finding depends on without keeping a property's every request.
constexpr std::size_t kKept = 48;

struct State {
    std::mutex mutex;
    std::string test;
    bool running = false;
    Clock::time_point started;
    std::chrono::milliseconds budget{0};
    bool timed_out = false;
    std::uint64_t sequence = 0;
    std::deque<Sent> sent;
    std::vector<std::string> setup;
    std::optional<std::string> skip;
    std::optional<OperationCoverage> coverage;
    std::function<void(const http::Request&)> observer;
    std::function<void(std::uint64_t, const http::HarExchange&)> answers;
    Throttling throttling;
};

State& state() {
    static State s;
    return s;
}

}  // namespace

void begin(const std::string& test, std::chrono::milliseconds budget) {
    State& s = state();
    std::lock_guard lock(s.mutex);
    s.test = test;
    s.running = true;
    s.started = Clock::now();
    s.budget = budget;
    s.timed_out = false;
    s.sent.clear();
    s.setup.clear();
    s.skip.reset();
    s.coverage.reset();
    s.throttling = Throttling{};
}

void end() {
    State& s = state();
    std::lock_guard lock(s.mutex);
    s.running = false;
    s.test.clear();
    s.sent.clear();
    s.setup.clear();
}

std::string test_name() {
    State& s = state();
    std::lock_guard lock(s.mutex);
    if (s.running) return s.test;
    // Run by plain GoogleTest (suites_test, unit tests) without the runner's listener.
    if (const auto* info = ::testing::UnitTest::GetInstance()->current_test_info())
        return std::string(info->test_suite_name()) + "." + info->name();
    return "(outside a test)";
}

std::optional<std::chrono::milliseconds> remaining() {
    State& s = state();
    std::lock_guard lock(s.mutex);
    if (!s.running || s.budget.count() <= 0) return std::nullopt;
    return std::chrono::duration_cast<std::chrono::milliseconds>(s.started + s.budget - Clock::now());
}

void mark_timed_out() {
    State& s = state();
    std::lock_guard lock(s.mutex);
    if (s.running) s.timed_out = true;
}

bool timed_out() {
    State& s = state();
    std::lock_guard lock(s.mutex);
    return s.running && s.timed_out;
}

double budget_seconds() {
    State& s = state();
    std::lock_guard lock(s.mutex);
    return s.running ? static_cast<double>(s.budget.count()) / 1000.0 : 0;
}

std::optional<Clock::time_point> started() {
    State& s = state();
    std::lock_guard lock(s.mutex);
    if (!s.running) return std::nullopt;
    return s.started;
}

std::uint64_t remember(const http::Request& request) {
    State& s = state();
    std::function<void(const http::Request&)> observer;
    std::uint64_t n = 0;
    {
        std::lock_guard lock(s.mutex);
        n = ++s.sequence;
        observer = s.observer;  // called unlocked: it may ask this context for the test's name
        if (s.running) {
            s.sent.push_back({n, request});
            if (s.sent.size() > kKept) s.sent.pop_front();
        }
    }
    if (observer) observer(request);
    return n;
}

void note_throttled(std::chrono::milliseconds waited) {
    State& s = state();
    std::lock_guard lock(s.mutex);
    ++s.throttling.waits;
    s.throttling.waited_seconds += std::chrono::duration<double>(waited).count();
}

void note_gave_up(const std::string& request_line) {
    State& s = state();
    std::lock_guard lock(s.mutex);
    s.throttling.gave_up_on = request_line;
}

Throttling throttling() {
    State& s = state();
    std::lock_guard lock(s.mutex);
    return s.throttling;
}

void observe_sends(std::function<void(const http::Request&)> observer) {
    State& s = state();
    std::lock_guard lock(s.mutex);
    s.observer = std::move(observer);
}

void observe_answers(std::function<void(std::uint64_t sequence, const http::HarExchange&)> observer) {
    State& s = state();
    std::lock_guard lock(s.mutex);
    s.answers = std::move(observer);
}

void answered(std::uint64_t sequence, const http::HarExchange& exchange) {
    State& s = state();
    std::function<void(std::uint64_t, const http::HarExchange&)> observer;
    {
        std::lock_guard lock(s.mutex);
        observer = s.answers;  // called unlocked, as the sends' observer is
    }
    if (observer) observer(sequence, exchange);
}

bool answers_observed() {
    State& s = state();
    std::lock_guard lock(s.mutex);
    return static_cast<bool>(s.answers);
}

std::vector<Sent> sent_before(std::uint64_t sequence) {
    State& s = state();
    std::lock_guard lock(s.mutex);
    std::vector<Sent> out;
    for (const auto& sent : s.sent)
        if (sent.sequence < sequence) out.push_back(sent);
    return out;
}

std::uint64_t last_sequence() {
    State& s = state();
    std::lock_guard lock(s.mutex);
    return s.sent.empty() ? 0 : s.sent.back().sequence;
}

std::string setup_step() {
    State& s = state();
    std::lock_guard lock(s.mutex);
    return s.setup.empty() ? std::string() : s.setup.back();
}

void push_setup(std::string step) {
    State& s = state();
    std::lock_guard lock(s.mutex);
    s.setup.push_back(std::move(step));
}

void pop_setup() {
    State& s = state();
    std::lock_guard lock(s.mutex);
    if (!s.setup.empty()) s.setup.pop_back();
}

void request_skip(const std::string& reason) {
    State& s = state();
    std::lock_guard lock(s.mutex);
    if (!s.skip) s.skip = reason;
}

std::optional<std::string> requested_skip() {
    State& s = state();
    std::lock_guard lock(s.mutex);
    return s.skip;
}

void record_coverage(OperationCoverage row) {
    State& s = state();
    std::lock_guard lock(s.mutex);
    s.coverage = std::move(row);
}

std::optional<OperationCoverage> coverage() {
    State& s = state();
    std::lock_guard lock(s.mutex);
    return s.coverage;
}

}  // namespace dockside::conform::test_context
