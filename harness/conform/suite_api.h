#pragma once
/// What every suite uses to talk to the target and to judge what came back. Every answer is judged for its
/// documented content type and shape as it is delivered, whatever the test does with it (one finding per
/// rule, operation and test; a 4xx's body only where the profile holds it to something, NS-ERROR-BODY;
/// statuses are the expectations' to judge). Each `expect_*` records a
/// Finding (operation, rule, section, curl line, status, body excerpt, violations) in the run's
/// FindingLog AND fails the current test (ADD_FAILURE; inside a RapidCheck property the case fails
/// instead, so RapidCheck shrinks it). Each returns whether the expectation held, so a test can stop
/// following a chain that already broke.
///
/// Every request counts against the running test's time budget: once it is used up nothing more is sent
/// and the test is reported timed out. Findings recorded inside a `SetupStep` scope are setup findings: a
/// test with nothing else is blocked by them rather than failed.

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "harness/conform/schema_coverage.h"
#include "harness/conform/session.h"
#include "harness/http/message.h"
#include "harness/http/url.h"
#include "harness/validate/violation.h"
#include "specs/loader/spec.h"

namespace dockside::conform {

/// Which credentials a call carries.
enum class Auth {
    Token,     ///< the full-access token; none to an operation without bearer security (the authorization server)
    None,      ///< no Authorization header
    Bad,       ///< a syntactically fine token the server never issued
    ReadOnly,  ///< the read-only token; without one the test is skipped (the target configuration lacks it)
};

/// One request, named by its operation.
struct Call {
    std::string operation{};                     ///< operationId
    std::map<std::string, std::string> path{};   ///< path parameters ("orderId" → "12"), percent-encoded on send
    http::QueryParams query{};
    std::optional<nlohmann::json> body{};        ///< sent as application/json
    std::optional<std::string> raw_body{};       ///< sent verbatim (wins over body); Content-Type from headers or JSON
    Auth auth = Auth::Token;
    /// nullopt = per x-channel-header: required → write channel, else none; "" = omit; otherwise this value.
    std::optional<std::string> channel{};
    http::Headers headers{};                     ///< extra headers; they replace the defaults of that name
};

/// A request and what came back.
struct Exchange {
    const spec::Operation* operation = nullptr;  ///< nullptr for send_raw outside the spec
    std::string operation_id;                    ///< the id asked for (also when unknown to the spec) (added)
    http::Request request;
    std::optional<http::Response> response;
    std::string transport_error;                 ///< why there is no response
    std::vector<validate::Violation> violations; ///< of the response, by the ResponseValidator
    std::uint64_t sequence = 0;                  ///< order of sending within the test (0 = never sent)
    bool not_sent = false;                       ///< skipped by the harness (budget used up, credential missing)

    /// The status received, 0 when there was no response.
    int status() const;
    /// The body parsed as JSON; null when there is no response or it is not JSON. Parsed once: tests ask for
    /// it again and again, and a list page of a server holding much is large.
    nlohmann::json json() const;

private:
    mutable std::shared_ptr<const nlohmann::json> parsed_;  ///< shared by copies of the exchange
};

/// Builds the target from the operation's path template, adds Authorization, the channel header and the
/// body, sends it with this thread's keep-alive client and judges the response's shape. An unknown operation
/// id or a missing path parameter is a harness error: the Exchange has no response and a transport_error
/// saying so.
Exchange send(const Call& call);

/// Sends a request whose target is outside the spec (2.0 paths, /_sim/); `operation` names it in findings.
/// Validation runs only when `operation` is an operationId of the spec.
Exchange send_raw(http::Request request, const std::string& operation);

/// The request as a runnable shell snippet: each credential as its own variable ($DOCKSIDE_TOKEN,
/// $DOCKSIDE_READ_ONLY_TOKEN; a made-up bad token literally), the run's tag as $DS_RUN, made fresh on the
/// first line, so re-running a create does not collide with the first run; earlier writes of the same test
/// that share a unique value with it come first (the create a duplicate is tested against).
std::string curl_of(const Exchange& exchange);

/// A value no other run or call used: "DS-<tag>-<run tag>-<n>". Records a run creates carry it, so the
/// checks can tell them from whatever the target already holds.
std::string unique_ref(const std::string& tag);
/// The 8 hex digits that tell this run's values apart (written $DS_RUN in curl lines).
const std::string& run_tag();

/// While it lives, the test is preparing ("creating an order"): findings recorded meanwhile are setup
/// findings, and a test whose findings are all setup findings is reported blocked by them.
class SetupStep {
public:
    explicit SetupStep(std::string step);
    ~SetupStep();
    SetupStep(const SetupStep&) = delete;
    SetupStep& operator=(const SetupStep&) = delete;
};

/// A step the test cannot go on without (a read or a create whose answer it follows): true on a 2xx.
/// Otherwise: inside a SetupStep, a setup finding under the rule the data gives the operation's status
/// (the test, and every other that needs the same setup, is blocked by that one cause); elsewhere the test
/// is skipped with the answer as the reason; a 5xx or no answer is always the 5xx rule's finding. Which
/// 2xx an operation must answer is its rule's registered check (status_code in the rules data), judged by
/// the rule checks, not again by every test that uses the operation.
bool needs_success(const Exchange& exchange);
/// Exactly this status; the violations of the response ride along in the finding.
bool expect_status(const Exchange& exchange, int code, const std::string& rule);
/// The stance of the rules data (not_shown) that says which status a refusal has, and the member of the
/// profile's stance holding the code ("NS-MISSING-STATUS", "code": 404 under the strict profile).
struct RefusalStance {
    std::string_view id = "NS-VALIDATION-STATUS";
    std::string_view member = "code";
};

/// A 4xx; exactly the code of `stance` where the profile in force gives one (the strict profile does,
/// the default profile does not).
bool expect_rejected(const Exchange& exchange, const std::string& rule, RefusalStance stance = {});
/// `condition` holds; otherwise a finding titled `message` whose message is what was received.
bool expect_that(bool condition, const Exchange& exchange, const std::string& rule, const std::string& message);
/// No 5xx (and a response at all): rule ERR-NO5XX.
bool expect_no_5xx(const Exchange& exchange);

/// ERR-NOSIDE: a refused request left nothing behind (`unchanged`). Judged only while the test has no
/// finding yet: when a refusal already failed, the request was accepted and what it changed is that
/// finding's consequence, not a second fault.
bool expect_no_side_effect(bool unchanged, const Exchange& shown_by, const std::string& message);
/// The same where no single exchange shows it (the finding shows the test's last request).
bool expect_no_side_effect(bool unchanged, const std::string& operation, const std::string& message);

/// Records a finding for this test that `exchange` shows (a check across several calls, judged on the last)
/// and fails the test.
void record_failure(const std::string& rule, const Exchange& exchange, const std::string& message);
/// The same for a finding whose judge (a rule check) composed its title and its message ("Received: …") apart.
void record_failure(const std::string& rule, const Exchange& exchange, const std::string& title, const std::string& message);
/// Records a finding without a particular exchange; its curl is the test's last request.
void record_failure(const std::string& rule, const std::string& operation, const std::string& message);

/// Records the skip and its reason in the FindingLog (skips are never passes). Use DOCKSIDE_SKIP.
void record_skip(const std::string& reason);
/// Records what the schema phase did in the running test: its row goes home on the test's outcome.
void record_coverage(OperationCoverage row);

/// Whether the target has a read-only token (Auth::ReadOnly); DOCKSIDE_SKIP(no_read_only_token()) when not.
bool has_read_only_token();
/// The skip reason of a check that needs a read-only token the configuration does not name.
std::string no_read_only_token();

/// The simulation control (/_sim/) is available on this target.
bool sim_available();
/// Calls an operation of the simulation control (specs/simulation-control.openapi.yaml) by its id, with the
/// values of its path parameters and a JSON body (none when null), under the full token (the control
/// requires it): sim("simShipShipment", {{"shipmentId", 12}}), sim("simAdvanceClock", {}, {{"seconds", 60}}).
Exchange sim(const std::string& operation, const nlohmann::json& path_values = nlohmann::json::object(),
             const nlohmann::json& body = nullptr);

/// In a child the supervisor forked: the keep-alive connection this thread inherited stays the parent's;
/// the child's first request opens its own.
void forget_connections_after_fork();

/// The run's write channel as text (for Call::channel and path values).
std::string write_channel();
/// The read-only channel as text; nullopt when the target has none.
std::optional<std::string> read_only_channel();

}  // namespace dockside::conform

/// Skips the current test with a reason that is recorded (never a silent pass).
#define DOCKSIDE_SKIP(reason)                                                  \
    do {                                                                       \
        const std::string dockside_skip_reason_ = (reason);                    \
        ::dockside::conform::record_skip(dockside_skip_reason_);               \
        GTEST_SKIP() << dockside_skip_reason_;                                 \
    } while (false)
