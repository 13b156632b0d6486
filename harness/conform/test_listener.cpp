#include "harness/conform/test_listener.h"

#include <algorithm>

#include "harness/conform/suite_runner.h"
#include "harness/conform/test_context.h"

namespace dockside::conform {
namespace {

/// Messages the suite API gives GoogleTest for expectations it did not judge (nothing was sent).
bool not_judged(const std::string& message) { return message.find("not judged: ") != std::string::npos; }

}  // namespace

void OutcomeListener::OnTestStart(const ::testing::TestInfo& info) {
    raw_ = conform::RawTestResult{};
    raw_.name = std::string(info.test_suite_name()) + "." + info.name();
    in_test_ = true;
    test_context::begin(raw_.name, options_.test_budget);
    sink_.test_started(raw_.name);
    if (options_.on_test_start) options_.on_test_start(raw_.name);
}

void OutcomeListener::OnTestPartResult(const ::testing::TestPartResult& part) {
    if (part.failed()) raw_.failure_messages.push_back(part.message());
    if (part.skipped() && raw_.skip_message.empty()) raw_.skip_message = part.message();
}

void OutcomeListener::OnTestEnd(const ::testing::TestInfo& info) {
    const auto* result = info.result();
    raw_.failed = result->Failed();
    raw_.skipped = result->Skipped();
    raw_.seconds = static_cast<double>(result->elapsed_time()) / 1000.0;
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
    if (!throttled.gave_up_on.empty() && conform::fails_run(outcome.status)) {
        // What it judged after the last 429 it judged on a refusal: the target could not be tested here.
        outcome.status = conform::TestStatus::Blocked;
        outcome.reason = "rate limited: the target kept answering 429 to " + throttled.gave_up_on + " after " +
                         std::to_string(throttled.waits) + " waits; the test could not be judged";
    }
    test_context::end();
    in_test_ = false;
    sink_.test_ended(outcome);
}

std::optional<std::string> OutcomeListener::abandoned() const {
    if (!in_test_) return std::nullopt;
    if (raw_.failure_messages.empty()) return "the test was abandoned before it ended";
    return raw_.failure_messages.back();
}

}  // namespace dockside::conform
