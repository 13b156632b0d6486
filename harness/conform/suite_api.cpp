#include "harness/conform/suite_api.h"

#include <algorithm>
#include <memory>
#include <sstream>
#include <thread>

#include <rapidcheck.h>
#include <rapidcheck/detail/ImplicitParam.h>
#include <rapidcheck/detail/PropertyContext.h>

#include "core/url_escapes.h"
#include "core/utf8.h"
#include "harness/checks/rule_roles.h"
#include "harness/conform/areas.h"
#include "harness/conform/created_records.h"
#include "harness/conform/named_records.h"
#include "harness/conform/results.h"
#include "harness/http/client.h"
#include "harness/http/retry_after.h"
#include "harness/conform/lockstep.h"
#include "harness/conform/pacing.h"
#include "harness/conform/error_body.h"
#include "harness/conform/learnt_answers.h"
#include "harness/conform/refusal_log.h"
#include "harness/conform/reproduction.h"
#include "harness/conform/session_token.h"
#include "harness/conform/test_context.h"
#include "specs/loader/spec_location.h"

namespace dockside::conform {
namespace {

thread_local const Session* g_client_owner = nullptr;
thread_local std::unique_ptr<http::HttpClient> g_client;

/// One keep-alive client per thread and session; a new session (another run) gets a new client.
http::HttpClient& thread_client(const Session& session) {
    if (!g_client || g_client_owner != &session) {
        g_client = std::make_unique<http::HttpClient>(session.client());
        g_client_owner = &session;
    }
    return *g_client;
}

Exchange not_sent(const std::string& operation, const spec::Operation* op, http::Request request, std::string why) {
    Exchange ex;
    ex.operation = op;
    ex.operation_id = operation;
    ex.request = std::move(request);
    ex.transport_error = std::move(why);
    ex.not_sent = true;
    return ex;
}

std::string budget_text() {
    std::ostringstream out;
    out << test_context::budget_seconds();
    return out.str();
}

/// Sends once with the keep-alive client, or, when less of the test's budget is left than a request may take,
/// with a client whose timeout is what is left: a target that hangs costs the test its budget, not the run.
Result<http::Response, http::TransportError> send_once(Session& session, const Exchange& ex,
                                                       std::optional<std::chrono::milliseconds> left) {
    // The authorization server's endpoints go to --auth-url, each on a client of its own (they are few).
    const bool elsewhere = &session.url_for(ex.operation) != &session.base_url();
    wait_for_request_turn();
    if (!left || *left >= session.client_options().request_timeout) {
        if (!elsewhere) return thread_client(session).send(ex.request);
        return session.client_for(ex.operation).send(ex.request);
    }
    http::ClientOptions options = session.client_options();
    options.request_timeout = *left;
    http::HttpClient bounded(session.url_for(ex.operation), options);
    auto answer = bounded.send(ex.request);
    if (!answer && answer.error().kind == http::TransportError::Kind::timeout) test_context::mark_timed_out();
    return answer;
}

/// Retries a request answered 429 (NS-RATE-LIMITS: throttling, not a finding) as long as the answer asks
/// (Retry-After) or, when it does not say, after a back-off with jitter; gives up after kRateLimitRetries
/// waits, or when the wait would pass the test's budget, and the test is then blocked "rate limited".
constexpr int kRateLimitRetries = 6;

/// A write to a target that refuses writes (production without --allow-production-writes) is not sent: the
/// test is skipped naming it, so a test that reads before it writes still never reaches the write.
bool refused_write(const Session& session, Exchange& ex) {
    const std::string& method = ex.request.method;
    if (session.info().writes_refused.empty() || method == "GET" || method == "HEAD" || method == "OPTIONS") return false;
    const std::string reason = session.info().writes_refused + "; this test would have sent " + method + " " +
                               ex.request.target.substr(0, ex.request.target.find('?'));
    record_skip(reason);
    test_context::request_skip(reason);
    ex.not_sent = true;
    ex.transport_error = "harness: " + reason;
    return true;
}

/// Sends until the answer is not a 429 (see above); false when there was no answer (transport_error says why).
bool send_answered(Session& session, Exchange& ex) {
    for (int attempt = 0;; ++attempt) {
        const auto left = test_context::remaining();
        std::optional<Result<http::Response, http::TransportError>> sent;
        {
            // In lockstep with the recordings of other targets (`dockside diff`): this exchange's turn, and
            // the recording marks it while the turn is held. Patience for another run's slowest exchange.
            const LockstepTurn turn(2 * session.client_options().request_timeout);
            const auto started = std::chrono::system_clock::now();
            sent.emplace(send_once(session, ex, left));
            if (test_context::answers_observed())
                test_context::answered(ex.sequence, {http::absolute_url(session.url_for(ex.operation), ex.request.target), &ex.request,
                                                     *sent ? &**sent : nullptr,
                                                     *sent ? std::string() : http::to_string(sent->error()), started,
                                                     ex.operation_id});
        }
        auto& response = *sent;
        if (!response) {
            ex.response.reset();
            ex.transport_error = http::to_string(response.error());
            return false;
        }
        ex.response = std::move(response.value());
        if (ex.response->status != 429) break;
        const auto wait = http::retry_after(*ex.response).value_or(http::backoff_wait(attempt, ex.sequence * 31 + attempt));
        const auto after_wait = test_context::remaining();
        if (attempt >= kRateLimitRetries || (after_wait && wait >= *after_wait)) {
            test_context::note_gave_up(ex.request.method + " " + ex.request.target);
            break;
        }
        test_context::note_throttled(wait);
        std::this_thread::sleep_for(wait);
    }
    return true;
}

/// How long a request refused with an expired token waits for the new one: a renewal is one exchange with
/// the authorization server, asked for at most a second after the one before (token_refresher.h).
std::chrono::milliseconds renewal_wait(const Session& session) {
    auto wait = session.client_options().request_timeout + std::chrono::milliseconds(2000);
    if (const auto left = test_context::remaining()) wait = std::min(wait, *left);
    return wait;
}

/// Whether the exchange's operation takes a bearer token: only then can its 401 mean the run's token expired.
/// A request outside the contract (the simulation control) is taken to.
bool takes_bearer(const Session& session, const Exchange& ex) {
    if (!ex.operation) return true;
    const auto security = session.spec().security(ex.operation->id);
    return !security || security->bearer;
}

void judge_shape(Exchange& ex);

void deliver(Exchange& ex) {
    Session& session = current_session();
    if (refused_write(session, ex)) return;
    if (test_context::timed_out() || (test_context::remaining() && test_context::remaining()->count() <= 0)) {
        test_context::mark_timed_out();
        ex.not_sent = true;
        ex.transport_error = "harness: not sent, the test's time budget of " + budget_text() + " s is used up";
        return;
    }
    ex.sequence = test_context::remember(ex.request);
    if (!send_answered(session, ex)) return;
    // An expired token (its hour passed, or the target's clock moved past it) is renewed, not judged: the
    // request goes once more with the new token, and that answer is the one judged.
    if (ex.response->status == 401 && takes_bearer(session, ex))
        if (const auto renewed = renewed_after_refusal(ex.request, renewal_wait(session))) {
            ex.request.headers.set("Authorization", "Bearer " + *renewed);
            count_renewed_retry();
            if (!send_answered(session, ex)) return;
        }
    if (ex.operation) ex.violations = session.validator().validate(*ex.operation, *ex.response);
    judge_shape(ex);
    expect_learnt_answer(ex);
    judge_named_records(ex);
    note_created(ex);  // so that what the run creates can be undone after it
}

std::string documented_statuses(const spec::Operation* op) {
    if (!op) return "(not in the spec)";
    std::string out;
    for (const auto& [status, response] : op->responses) out += (out.empty() ? "" : ", ") + status;
    return out;
}

std::string received(const Exchange& ex) {
    return ex.response ? std::to_string(ex.status()) : "no response (" + ex.transport_error + ")";
}

conform::Finding make_finding(const Exchange* ex, const std::string& rule, std::string title, std::string message) {
    Session& session = current_session();
    conform::Finding f;
    f.test = test_context::test_name();
    f.area = conform::area_of_test(f.test);
    f.rule = rule;
    f.title = std::move(title);
    f.message = std::move(message);
    f.setup_step = test_context::setup_step();
    f.setup = !f.setup_step.empty();
    if (ex && ex->status() >= 500 && !session.server_error_rule().empty()) {
        // Whatever was expected, a 5xx breaks the rules data's server-error rule first: the finding names it.
        f.rule = session.server_error_rule();
        f.title = ex->operation_id + " never answers 5xx";
    }
    if (ex) {
        f.operation = ex->operation_id;
        if (ex->sequence) f.exchange = f.test + "#" + std::to_string(ex->sequence);
        f.curl = curl_of(*ex);
        f.status = ex->status();
        if (ex->response) f.body_excerpt = excerpt(ex->response->body, conform::kBodyExcerptChars);
        f.violations = ex->violations;
        if (ex->operation) f.section = ex->operation->section;
    }
    if (f.section.empty())
        if (const spec::Rule* r = session.spec().rule(rule)) f.section = r->section;
    return f;
}

/// Fails the RapidCheck case when inside a property (so it shrinks), else the test.
void fail_current(const std::string& message) {
    using rc::detail::ImplicitParam;
    using rc::detail::param::CurrentPropertyContext;
    rc::detail::PropertyContext* context = ImplicitParam<CurrentPropertyContext>::value();
    if (context != CurrentPropertyContext::defaultValue() &&
        context->reportResult(rc::detail::CaseResult(rc::detail::CaseResult::Type::Failure, message)))
        return;
    ADD_FAILURE() << message;
}

/// Records the finding and fails. Nothing is recorded for an exchange the harness did not send (the test
/// is timed out or skipped for it): that would blame the target for the harness's own stop.
void record(conform::Finding finding, const Exchange* ex) {
    if ((ex && ex->not_sent) || test_context::timed_out()) {
        fail_current("not judged: " + (ex ? ex->transport_error : std::string("the test's time budget is used up")));
        return;
    }
    std::ostringstream message;
    message << conform::finding_marker(finding.key()) << "\n" << finding.rule << ": " << finding.title << "\n"
            << finding.message;
    current_session().findings().add(std::move(finding));
    fail_current(message.str());
}

/// Whether `pointer` lies in an element of an array of `body` that carries the run's tag: a record the run made.
bool in_record_of_the_run(const nlohmann::json& body, const std::string& pointer) {
    const nlohmann::json* at = &body;
    for (std::size_t start = 1; start <= pointer.size() && at->is_structured();) {
        const auto end = std::min(pointer.find('/', start), pointer.size());
        const std::string token = pointer.substr(start, end - start);
        if (at->is_array()) {
            const bool index = !token.empty() && token.find_first_not_of("0123456789") == std::string::npos;
            return index && std::stoul(token) < at->size() && (*at)[std::stoul(token)].dump().find(run_tag()) != std::string::npos;
        }
        if (!at->contains(token)) return false;
        at = &(*at)[token];
        start = end + 1;
    }
    return false;
}

/// Judges the shape of every answer a test receives, whatever the test does with it: its content type, JSON
/// and documented schema, one finding per rule, operation and test (FindingLog merges repeats). What the status
/// says is the status checks' to judge (expect_status, expect_rejected, needs_success, the rule checks), so an
/// answer with a 5xx or an undocumented error status is not judged here; but a success the document does not
/// list for the operation is (ERR-CODES: the document gives every success code exactly, variant merge 201, and
/// a test that goes on with a 200 there asks nothing else of it). Nor is what the document does not show: a
/// 4xx's body unless the profile holds it to something (NS-ERROR-BODY), hence neither a 429 the test gave up
/// waiting out (NS-RATE-LIMITS); an x-unspecified answer only as far as it is stated (JSON: the validator).
/// A collection (a GET naming no record) shows what every test of the run makes, at times that depend on
/// --workers: a record the run made is judged in the answers of the test that made or asked for it, not in
/// every listing that happens to show it (the violations left on the exchange are the test's own).
void judge_shape(Exchange& ex) {
    const int status = ex.status();
    const bool success = status >= 200 && status < 300;
    if (!ex.operation || ex.violations.empty() || status >= 500 || (!success && !ex.operation->response_for(status))) return;
    const auto& params = ex.operation->parameters;
    if (ex.operation->method == "GET" && std::none_of(params.begin(), params.end(), [](const spec::Parameter& p) { return p.in == "path"; }))
        std::erase_if(ex.violations, [body = ex.json()](const validate::Violation& v) { return in_record_of_the_run(body, v.pointer); });
    if (ex.violations.empty()) return;
    const nlohmann::json error_body = current_session().stance("NS-ERROR-BODY");
    if (status >= 400 && (!error_body.is_object() || error_body.value("assert", "none") == "none")) return;
    record(make_finding(&ex, ex.violations.front().rule, "the response conforms to the documented shape of " + ex.operation_id,
                        "Received: " + std::to_string(status) + " / Documented: " + documented_statuses(ex.operation) +
                            " / " + std::to_string(ex.violations.size()) + " violation(s)"),
           &ex);
}

/// The operation's path with every {name} filled from `values`, percent-encoded.
Result<std::string, std::string> expand_path(const spec::Operation& op, const std::map<std::string, std::string>& values) {
    std::string missing;
    auto path = spec::fill_path(op.path_template, [&](const std::string& name) -> std::optional<std::string> {
        const auto it = values.find(name);
        if (it == values.end()) return std::nullopt;
        return percent_encode(it->second);
    }, &missing);
    if (!path) return fail("harness: path parameter " + missing + " of " + op.id + " not given");
    return *path;
}

/// Sets Authorization for `auth`; false when the target configuration lacks that credential.
bool authorize(http::Request& request, Auth auth) {
    const Session& session = current_session();
    switch (auth) {
        case Auth::Token: request.headers.set("Authorization", "Bearer " + session_token()); return true;
        case Auth::Bad: request.headers.set("Authorization", std::string("Bearer ") + kBadToken); return true;
        case Auth::ReadOnly:
            if (session.info().read_only_token.empty()) return false;
            request.headers.set("Authorization", "Bearer " + session.info().read_only_token);
            return true;
        case Auth::None: return true;
    }
    return true;
}

}  // namespace

int Exchange::status() const { return response ? response->status : 0; }

nlohmann::json Exchange::json() const {
    if (!response) return nullptr;
    if (!parsed_) {
        auto parsed = nlohmann::json::parse(response->body, nullptr, false);
        parsed_ = std::make_shared<const nlohmann::json>(parsed.is_discarded() ? nlohmann::json(nullptr) : std::move(parsed));
    }
    return *parsed_;
}

SetupStep::SetupStep(std::string step) { test_context::push_setup(std::move(step)); }
SetupStep::~SetupStep() { test_context::pop_setup(); }

Exchange send(const Call& call) {
    Session& session = current_session();
    const spec::Operation* op = session.spec().find(call.operation);
    if (!op) return not_sent(call.operation, nullptr, {}, "harness: unknown operation " + call.operation);

    auto path = expand_path(*op, call.path);
    if (!path) return not_sent(call.operation, op, {}, path.error());

    http::Request request;
    request.method = op->method;
    request.target = *path + (call.query.empty() ? "" : "?" + http::encode_query(call.query));
    request.headers.set("Accept", "application/json");
    // The authorization server authenticates the client itself: the run's token is never shown to it, so its
    // 401 (a client the test made up) cannot pass for the run's token expiring and spend the run's grant.
    const auto security = session.spec().security(op->id);
    const Auth auth = call.auth == Auth::Token && security && !security->bearer ? Auth::None : call.auth;
    if (!authorize(request, auth)) {
        const std::string reason = no_read_only_token();
        record_skip(reason);
        test_context::request_skip(reason);
        return not_sent(call.operation, op, std::move(request), "harness: " + reason);
    }
    std::string channel;
    if (!call.channel) {
        if (op->channel_header == spec::ChannelHeader::Required) channel = write_channel();
    } else {
        channel = *call.channel;
    }
    if (!channel.empty()) request.headers.set(session.info().channel_header, channel);
    if (call.raw_body) {
        request.body = *call.raw_body;
        request.headers.set("Content-Type", "application/json");
    } else if (call.body) {
        request.body = call.body->dump();
        request.headers.set("Content-Type", "application/json");
    }
    // The call's own headers replace defaults of the same name (all values of a repeated name are kept).
    for (const auto& header : call.headers) request.headers.remove(header.name);
    for (const auto& header : call.headers) request.headers.add(header.name, header.value);

    Exchange ex;
    ex.operation = op;
    ex.operation_id = call.operation;
    ex.request = std::move(request);
    deliver(ex);
    return ex;
}

Exchange send_raw(http::Request request, const std::string& operation) {
    Exchange ex;
    ex.operation = current_session().spec().find(operation);
    ex.operation_id = operation;
    ex.request = std::move(request);
    deliver(ex);
    return ex;
}

bool expect_status(const Exchange& ex, int code, const std::string& rule) {
    if (ex.status() == code) return true;
    record(make_finding(&ex, rule, ex.operation_id + " answers " + std::to_string(code),
                        "Received: " + received(ex) + " / Expected: " + std::to_string(code) +
                            " / Documented: " + documented_statuses(ex.operation)),
           &ex);
    return false;
}

bool needs_success(const Exchange& ex) {
    if (ex.status() >= 200 && ex.status() < 300) return true;
    if (!expect_no_5xx(ex)) return false;
    if (!test_context::setup_step().empty()) {
        // The test's own setup: every test that needs it is blocked by this one cause, named under the rule
        // the data gives the operation's status (ORD-CREATED for createOrder).
        const std::string rule = checks::status_rule(current_session().spec(), ex.operation_id);
        record(make_finding(&ex, rule.empty() ? current_session().server_error_rule() : rule,
                            ex.operation_id + " answers 2xx to the test's valid request",
                            "Received: " + received(ex) + " / Documented: " + documented_statuses(ex.operation)),
               &ex);
        return false;
    }
    const std::string reason = ex.operation_id + " answered " + received(ex) +
                               "; this test needs a 2xx there to go on (whether that answer is right is its rule check's to judge)";
    record_skip(reason);
    [&] { GTEST_SKIP() << reason; }();
    return false;
}

bool expect_rejected(const Exchange& ex, const std::string& rule, RefusalStance stance) {
    note_refusal(ex, rule, stance);
    const Session& session = current_session();
    if (const auto code = session.stance_code(stance.id, stance.member)) {
        if (ex.status() == *code) return expect_error_body(ex, rule);
        const std::string stated = std::string(stance.id) + " of the " + session.info().profile + " profile";
        record(make_finding(&ex, rule, ex.operation_id + " rejects the request with " + std::to_string(*code) + " (" + stated + ")",
                            "Received: " + received(ex) + " / Expected: " + std::to_string(*code) + " (" + stated +
                                ") / Documented: " + documented_statuses(ex.operation)),
               &ex);
        return false;
    }
    if (ex.status() >= 400 && ex.status() < 500) return expect_error_body(ex, rule);
    record(make_finding(&ex, rule, ex.operation_id + " rejects the request with a 4xx",
                        "Received: " + received(ex) + " / Expected: 4XX / Documented: " +
                            documented_statuses(ex.operation)),
           &ex);
    return false;
}

bool expect_that(bool condition, const Exchange& ex, const std::string& rule, const std::string& message) {
    if (condition) return true;
    // The message says what came back; what was expected is the title, never repeated in it.
    record(make_finding(&ex, rule, message, "Received: " + received(ex)), &ex);
    return false;
}

bool expect_no_5xx(const Exchange& ex) {
    if (ex.response && ex.status() < 500) return true;
    record(make_finding(&ex, current_session().server_error_rule(), ex.operation_id + " never answers 5xx",
                        "Received: " + received(ex) + " / Documented: " + documented_statuses(ex.operation)),
           &ex);
    return false;
}

void record_failure(const std::string& rule, const Exchange& ex, const std::string& message) {
    record(make_finding(&ex, rule, message, "Received: " + received(ex)), &ex);
}

void record_failure(const std::string& rule, const Exchange& ex, const std::string& title, const std::string& message) {
    record(make_finding(&ex, rule, title, message), &ex);
}

void record_failure(const std::string& rule, const std::string& operation, const std::string& message) {
    // No one answer shows it: the title says it all, and a message would only repeat it.
    auto finding = make_finding(nullptr, rule, message, "");
    finding.operation = operation;
    if (const spec::Operation* op = current_session().spec().find(operation)) finding.section = op->section;
    // The request that showed it is, for a check across several calls, the last one the test sent.
    const std::uint64_t last = test_context::last_sequence();
    for (const auto& sent : test_context::sent_before(last + 1))
        if (sent.sequence == last) finding.curl = reproduce(sent.request, sent.sequence, current_session().base_url());
    record(std::move(finding), nullptr);
}

namespace {
bool test_has_findings() { return !current_session().findings().for_test(test_context::test_name()).empty(); }
}  // namespace

bool expect_no_side_effect(bool unchanged, const Exchange& ex, const std::string& message) {
    if (unchanged || test_has_findings()) return true;
    return expect_that(false, ex, "ERR-NOSIDE", message);
}

bool expect_no_side_effect(bool unchanged, const std::string& operation, const std::string& message) {
    if (unchanged || test_has_findings()) return true;
    record_failure("ERR-NOSIDE", operation, message);
    return false;
}

void record_skip(const std::string& reason) { current_session().findings().record_skip(test_context::test_name(), reason); }

void record_coverage(OperationCoverage row) { test_context::record_coverage(std::move(row)); }

bool has_read_only_token() { return !current_session().info().read_only_token.empty(); }

std::string no_read_only_token() {
    return "the target configuration names no read-only token (pass --read-only-token or set "
           "DOCKSIDE_READ_ONLY_TOKEN to run the checks that need one)";
}

bool sim_available() { return current_session().info().simulation; }

Exchange sim(const std::string& operation, const nlohmann::json& path_values, const nlohmann::json& body) {
    auto control = spec::simulation_spec();
    if (!control) return not_sent(operation, nullptr, {}, "harness: no simulation control spec: " + control.error().to_string());
    const spec::Operation* op = (*control)->find(operation);
    if (!op) return not_sent(operation, nullptr, {}, "harness: the simulation control has no operation " + operation);
    std::string missing;
    const auto path = spec::fill_path(op->path_template, [&](const std::string& name) -> std::optional<std::string> {
        if (!path_values.contains(name)) return std::nullopt;
        const auto& v = path_values[name];
        return v.is_string() ? v.get<std::string>() : v.dump();
    }, &missing);
    if (!path) return not_sent(operation, nullptr, {}, "harness: " + operation + " needs a value for {" + missing + "}");
    http::Request request;
    request.method = op->method;
    request.target = *path;
    request.headers.set("Accept", "application/json");
    request.headers.set("Authorization", "Bearer " + session_token());
    if (!body.is_null()) {
        request.body = body.dump();
        request.headers.set("Content-Type", "application/json");
    }
    return send_raw(std::move(request), operation);
}

std::string write_channel() { return std::to_string(current_session().info().write_channel); }

std::optional<std::string> read_only_channel() {
    const auto& channel = current_session().info().read_only_channel;
    if (!channel) return std::nullopt;
    return std::to_string(*channel);
}

void forget_connections_after_fork() {
    // Left open and unused: closing would not disturb the parent, but a TLS close or an unread answer
    // must never be written or read by two processes.
    [[maybe_unused]] auto* kept = g_client.release();
    g_client_owner = nullptr;
}

}  // namespace dockside::conform
