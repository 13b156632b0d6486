#pragma once
/// What the harness knows about the test that is running: its name, its time budget, whether it is in
/// its setup, and the requests it sent (so a finding can name the earlier writes it depends on). The
/// runner begins and ends each test; the suite API (api.h) reads and feeds it. Tests run one at a time.

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "harness/conform/schema_coverage.h"
#include "harness/http/har.h"
#include "harness/http/message.h"

namespace dockside::conform::test_context {

using Clock = std::chrono::steady_clock;

/// A request the test sent, numbered in sending order.
struct Sent {
    std::uint64_t sequence = 0;
    http::Request request;
};

/// Starts a test: `budget` of zero means no budget.
void begin(const std::string& test, std::chrono::milliseconds budget);
/// Ends the test (and forgets its requests).
void end();

/// The running test's name, "(outside a test)" when none.
std::string test_name();

/// Time left of the budget; nullopt when the test has none (or none is running).
std::optional<std::chrono::milliseconds> remaining();
/// Marks the test as past its budget (its remaining requests are not sent).
void mark_timed_out();
bool timed_out();
/// The budget of the running test, in seconds (0 when none).
double budget_seconds();
/// When the running test started; nullopt outside a test.
std::optional<Clock::time_point> started();

/// Numbers a request about to be sent and keeps it (the last few dozen) for reproductions.
std::uint64_t remember(const http::Request& request);
/// Called with every request `remember` numbers, before it is sent (the supervisor's child reports the
/// last one, so a crash can name it). Set before the tests run; an empty function removes it.
void observe_sends(std::function<void(const http::Request&)> observer);
/// Called with every exchange as it was answered (each try of a request the harness repeats after a 429),
/// with the sequence number `remember` gave its request: a recorder (--har) keeps them. An empty function
/// removes it.
void observe_answers(std::function<void(std::uint64_t sequence, const http::HarExchange&)> observer);
void answered(std::uint64_t sequence, const http::HarExchange& exchange);
/// Whether anything observes the answers: the suite API makes an exchange's record only then.
bool answers_observed();
/// Requests sent before `sequence` (oldest first), at most the last few dozen.
std::vector<Sent> sent_before(std::uint64_t sequence);
/// The sequence number of the last request sent, 0 when none.
std::uint64_t last_sequence();

/// The innermost setup step in progress ("creating an order"), empty when none.
std::string setup_step();
void push_setup(std::string step);
void pop_setup();

/// How often the running test's requests were answered "come back later" (429) and waited it out, and
/// whether it gave up on one (then the test is blocked "rate limited", not failed).
struct Throttling {
    int waits = 0;
    double waited_seconds = 0;
    std::string gave_up_on;  ///< the request it gave up on; empty while it has not
};
void note_throttled(std::chrono::milliseconds waited);
void note_gave_up(const std::string& request_line);
Throttling throttling();

/// A skip asked for by the harness itself (a credential the target configuration lacks): the reason.
void request_skip(const std::string& reason);
std::optional<std::string> requested_skip();

/// What the schema phase did in the running test (one operation's row): it ends on the test's outcome.
void record_coverage(OperationCoverage row);
std::optional<OperationCoverage> coverage();

}  // namespace dockside::conform::test_context
