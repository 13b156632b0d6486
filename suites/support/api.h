#pragma once
/// What every suite uses to talk to the target and to judge what came back. Each `expect_*` records a
/// Finding (operation, rule, section, curl line, status, body excerpt, violations) in the run's
/// FindingLog AND fails the current test (ADD_FAILURE; inside a RapidCheck property the case fails
/// instead, so RapidCheck shrinks it). Each returns whether the expectation held, so a test can stop
/// following a chain that already broke.

#include <map>
#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "harness/conform/session.h"
#include "harness/http/message.h"
#include "harness/http/url.h"
#include "harness/validate/violation.h"
#include "specs/loader/spec.h"

namespace dockside::suites {

using conform::current_session;
using conform::Session;

/// Which credentials a call carries.
enum class Auth {
    Token,     ///< the full-access token
    None,      ///< no Authorization header
    Bad,       ///< a syntactically fine token the server never issued
    ReadOnly,  ///< the read-only token; without one the Exchange has no response (check has_read_only_token())
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

    /// The status received, 0 when there was no response.
    int status() const;
    /// The body parsed as JSON; null when there is no response or it is not JSON.
    nlohmann::json json() const;
};

/// Builds the target from the operation's path template, adds Authorization, the channel header and the
/// body, sends it with this thread's keep-alive client and validates the response. An unknown operation
/// id or a missing path parameter is a harness error: the Exchange has no response and a transport_error
/// saying so.
Exchange send(const Call& call);

/// Sends a request whose target is outside the spec (2.0 paths, /_sim/); `operation` names it in findings.
/// Validation runs only when `operation` is an operationId of the spec.
Exchange send_raw(http::Request request, const std::string& operation);

/// The request as a runnable curl line (token redacted).
std::string curl_of(const Exchange& exchange);

/// No violations (and a response at all).
bool expect_conforms(const Exchange& exchange);
/// Exactly this status; the violations of the response ride along in the finding.
bool expect_status(const Exchange& exchange, int code, const std::string& rule);
/// A 4xx. Under the strict profile the exact code: `strict_code` when given, else the code of the
/// profile's NS-VALIDATION-STATUS stance (400).
bool expect_rejected(const Exchange& exchange, const std::string& rule, std::optional<int> strict_code = std::nullopt);
/// `condition` holds; otherwise a finding with `message`.
bool expect_that(bool condition, const Exchange& exchange, const std::string& rule, const std::string& message);
/// No 5xx (and a response at all): rule ERR-NO5XX.
bool expect_no_5xx(const Exchange& exchange);

/// Records a finding for this test without an exchange (setup checks across several calls) and fails it.
void record_failure(const std::string& rule, const std::string& operation, const std::string& message);

/// Records the skip and its reason in the FindingLog (skips are never passes). Use DOCKSIDE_SKIP.
void record_skip(const std::string& reason);

/// Whether the target has a read-only token (Auth::ReadOnly); DOCKSIDE_SKIP when not.
bool has_read_only_token();

/// The simulation control (/_sim/) is available on this target.
bool sim_available();
/// POSTs to the simulation control, e.g. sim("/_sim/shipment/12:ship") (no body when `body` is null) or
/// sim("/_sim/clock:advance", {{"seconds", 3600}}). No credentials are sent: /_sim/ needs none.
Exchange sim(const std::string& path, const nlohmann::json& body = nullptr);
/// GETs from the simulation control, e.g. sim_get("/_sim/webhook-deliveries").
Exchange sim_get(const std::string& path);

/// The run's write channel as text (for Call::channel and path values).
std::string write_channel();
/// The read-only channel as text; nullopt when the target has none.
std::optional<std::string> read_only_channel();

}  // namespace dockside::suites

/// Skips the current test with a reason that is recorded (never a silent pass).
#define DOCKSIDE_SKIP(reason)                                                  \
    do {                                                                       \
        const std::string dockside_skip_reason_ = (reason);                    \
        ::dockside::suites::record_skip(dockside_skip_reason_);               \
        GTEST_SKIP() << dockside_skip_reason_;                                 \
    } while (false)
