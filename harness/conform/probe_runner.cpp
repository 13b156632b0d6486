// The rule checks' runner. Every rule of the session's rules data whose check type is in the registry
// (harness/checks/registry.h) is tested here, with no code of its own: its check is planned into probes
// (distinct items accepted, one repeated rejected, …), the run's request provider turns each probe into
// valid requests with the probed value in place, each is sent after its setup and judged
// (harness/checks/judge.h), and what broke is recorded as a finding of the probe's rule. A probe whose
// request varies is a RapidCheck property, so a failure shrinks to the smallest request and prints its
// replay seed. One test per check type and area ("RuleChecks.status_code_returns"): the test list follows
// the data, `--only <area>` runs the checks of that area's rules and `--workers` spreads a long type.
//
// Stances (the rules data's not_shown): rejected input is any 4xx (the strict profile's code otherwise);
// a probe of an operation whose answer is not shown demands no success shape.

#include "harness/conform/probe_runner.h"

#include <algorithm>
#include <chrono>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>

#include <gtest/gtest.h>
#include <rapidcheck.h>

#include "core/url_escapes.h"
#include "harness/checks/judge.h"
#include "harness/checks/registry.h"
#include "harness/checks/rule_roles.h"
#include "harness/conform/areas.h"
#include "harness/conform/refusal_log.h"
#include "harness/conform/run_apart.h"
#include "harness/conform/session_tests.h"
#include "harness/conform/session_token.h"
#include "harness/conform/suite_api.h"
#include "harness/http/json_query.h"

namespace dockside::conform {
namespace {

DOCKSIDE_RUNS_LONG("RuleChecks", "probes every rule of the contract's data: the longest tests of a run");

using json = nlohmann::json;
using checks::Probe;
using checks::ProbeRequest;

ProbeProviderMaker& provider_maker() {
    static ProbeProviderMaker maker;
    return maker;
}

bool ok(const Exchange& ex) { return ex.status() >= 200 && ex.status() < 300; }

/// Requests the rule checks sent in this process (setup included), for the summary line.
int g_requests = 0;

Exchange counted(const Call& call) {
    ++g_requests;
    return send(call);
}

checks::JudgeOptions judge_options() {
    const Session& session = current_session();
    return {session.reject_code(), session.not_served_codes(), session.server_error_rule()};
}

checks::Observation observe(const Exchange& ex) {
    checks::Observation o;
    o.status = ex.status();
    o.transport_error = ex.transport_error;
    if (ex.response) {
        o.content_type = std::string(ex.response->headers.get("Content-Type").value_or(""));
        o.body = ex.response->body;
    }
    return o;
}

Call call_of(const checks::SetupRequest& r) {
    return {.operation = r.operation, .path = r.path, .query = http::to_query_params(r.query), .body = r.body};
}

/// The rule a setup step's failure is found under: the one the data gives the step's operation status
/// (ORD-CREATED for createOrder), not the probe's, whose request was never sent.
std::string setup_rule(const std::string& operation, const Probe& probe) {
    const std::string rule = checks::status_rule(current_session().spec(), operation);
    return rule.empty() ? probe.rule_id : rule;
}

/// Copies values of a 2xx answer into path parameters; false (recorded) when the answer lacks one.
bool bind_answer(const checks::SetupRequest& step, const Exchange& answer, const Probe& probe, std::map<std::string, std::string>& path) {
    const json body = answer.json();
    for (const auto& [name, pointer] : step.bind) {
        const json::json_pointer at(pointer);
        if (!body.contains(at) || body[at].is_null())
            return expect_that(false, answer, setup_rule(step.operation, probe), step.operation + " answers " + pointer + " for " + name);
        path[name] = body[at].is_string() ? body[at].get<std::string>() : body[at].dump();
    }
    return true;
}

/// `target` with each {name} replaced by its value (percent-encoded).
std::string filled(const std::string& target, const std::map<std::string, std::string>& values) {
    return *spec::fill_path(target, [&](const std::string& name) {
        const auto it = values.find(name);
        return std::optional<std::string>(it != values.end() ? percent_encode(it->second) : "{" + name + "}");
    });
}

/// A request outside the contract, dressed as a write of the contract would be (token, write channel,
/// JSON body), so a target that checks those before routing still answers for the route itself.
Exchange send_outside(const ProbeRequest& r, const Probe& probe, const std::map<std::string, std::string>& path) {
    http::Request raw;
    raw.method = r.method;
    raw.target = filled(r.raw_target, path);
    raw.headers.set("Accept", "application/json");
    raw.headers.set("Authorization", "Bearer " + session_token());
    if (r.method != "GET" && r.method != "DELETE") {
        raw.headers.set(current_session().info().channel_header, write_channel());
        raw.headers.set("Content-Type", "application/json");
        raw.body = r.body ? r.body->dump() : "{}";
    }
    ++g_requests;
    return send_raw(std::move(raw), probe.method + " " + probe.raw_path);
}

/// Sends a probe's request after its setup; nullopt when a setup step failed (already recorded).
std::optional<Exchange> send_probe(const ProbeRequest& r, const Probe& probe) {
    Call call{.operation = r.operation, .path = r.path, .query = http::to_query_params(r.query), .body = r.body};
    std::map<std::string, std::string> bound;
    for (const auto& step : r.setup) {
        Call setup = call_of(step);
        setup.path.insert(bound.begin(), bound.end());
        Exchange made = counted(setup);
        if (!expect_that(ok(made), made, setup_rule(step.operation, probe),
                         "setup: " + step.operation + " answers 2xx, giving " + (r.operation.empty() ? r.raw_target : r.operation) + " a resource"))
            return std::nullopt;
        if (!bind_answer(step, made, probe, bound)) return std::nullopt;
    }
    for (const auto& [name, value] : bound) call.path[name] = value;
    if (r.operation.empty()) return send_outside(r, probe, call.path);
    Exchange ex = counted(call);
    if (r.undo && ok(ex)) {
        Call undo = call_of(*r.undo);
        if (bind_answer(*r.undo, ex, probe, undo.path)) counted(undo);
    }
    return ex;
}

/// Whether the probe's answer broke its rule (recorded as a finding). Its documented shape was judged when
/// it was delivered, as every answer is (suite_api.h): here only the probe's rule.
bool judge_exchange(const Probe& probe, const Exchange& ex, const checks::JudgeOptions& options) {
    if (probe.expect == checks::Expect::Rejected) note_refusal(ex, probe.rule_id);
    auto finding = checks::judge(probe, observe(ex), options);
    if (!finding) return false;
    record_failure(finding->rule_id, ex, finding->title, finding->message);
    return true;
}

/// Shrinking stops after this many further requests or this long once a case failed: a target that
/// fails at random (a sporadic 5xx) would otherwise keep RapidCheck shrinking for a very long time. The
/// smallest failing request found by then is the one reported.
constexpr int kShrinkRequests = 150;
constexpr auto kShrinkTime = std::chrono::seconds(5);

/// One probe: a RapidCheck property over the drawn requests, or a single request when nothing varies.
void run_probe(const Probe& probe, const rc::Gen<ProbeRequest>& gen, const checks::JudgeOptions& options) {
    auto once = [&](const ProbeRequest& request) {
        auto ex = send_probe(request, probe);
        return !ex || judge_exchange(probe, *ex, options);
    };
    if (!probe.varies) {
        once(gen(rc::Random(1), 0).value());
        return;
    }
    std::optional<std::chrono::steady_clock::time_point> first_failure;
    int after_failure = 0;
    rc::detail::TestMetadata meta;
    meta.id = "RuleChecks/" + probe.rule_id + "/" + probe.what;
    meta.description = meta.id;
    const auto result = rc::detail::checkTestable([&] {
        if (first_failure && (++after_failure > kShrinkRequests || std::chrono::steady_clock::now() - *first_failure > kShrinkTime))
            return;  // budget spent: every further candidate "passes", so the last failure stands
        if (once(*gen) && !first_failure) first_failure = std::chrono::steady_clock::now();
    }, meta);
    if (!result.template is<rc::detail::SuccessResult>()) {
        std::ostringstream message;
        rc::detail::printResultMessage(result, message);
        ADD_FAILURE() << probe.rule_id << " " << probe.what << "\n" << message.str();
    }
}

/// The area of the rule when it names a suite of its own ("versioning", "auth"): `--only <area>` then runs
/// every check of the rules of that area, as the fault matrix expects; "" for an area without a suite
/// ("conventions": its rules hold for every operation, and run with each operation's area).
std::string rule_area(const spec::Spec& spec, const std::string& rule_id) {
    const spec::Rule* rule = spec.rule(rule_id);
    if (!rule) return "";
    const auto& known = conform::known_areas();
    return std::find(known.begin(), known.end(), rule->area) != known.end() ? rule->area : "";
}

/// Where a probe's test belongs: its rule's area (rule_area), else the x-area of its operation (a raw
/// request's, by its path), "other" for a path the contract does not serve.
std::string area_of(const spec::Spec& spec, const Probe& probe) {
    if (auto area = rule_area(spec, probe.rule_id); !area.empty()) return area;
    const spec::Operation* operation = probe.operation.empty() ? nullptr : spec.find(probe.operation);
    if (!operation && !probe.raw_path.empty()) {
        auto served = spec.match(probe.method, probe.raw_path);
        const auto methods = spec.allowed_methods(probe.raw_path);
        if (!served && !methods.empty()) served = spec.match(methods.front(), probe.raw_path);
        if (served) operation = served->operation;
    }
    return operation && !operation->area.empty() ? operation->area : "other";
}

/// Where what a rule's check says outside its probes (a note, a planning error) is printed: the area of the
/// rule's first operation.
std::string area_of(const spec::Spec& spec, const spec::CheckEntry& check) {
    if (auto area = rule_area(spec, check.rule_id); !area.empty()) return area;
    const spec::Rule* rule = spec.rule(check.rule_id);
    const spec::Operation* operation = rule && !rule->operations.empty() ? spec.find(rule->operations.front()) : nullptr;
    return operation && !operation->area.empty() ? operation->area : "other";
}

/// One area's share of a check type: its probes, and the notes and planning errors of its rules.
struct AreaShare {
    std::vector<Probe> probes;
    std::vector<std::string> notes;
    std::vector<std::pair<const spec::CheckEntry*, std::string>> unplanned;  ///< check, why
};

/// The probes of every rule of the session's spec with a check of `type`, the profile's choice, by area,
/// each once per area (a probe several rules plan alike runs for the first and names the others; in
/// another area it runs again, so `--only <area>` runs every check of that area's rules).
std::map<std::string, AreaShare> shares_of(const Session& session, const std::string& type) {
    const spec::Spec& spec = session.spec();
    std::map<std::string, AreaShare> out;
    std::map<std::string, std::pair<std::string, std::size_t>> by_key;  // key -> area, index
    for (const auto& check : spec.checks()) {
        if (check.type != type) continue;
        auto plan = checks::plan_check(spec, check);
        AreaShare& home = out[area_of(spec, check)];
        if (!plan) {
            home.unplanned.emplace_back(&check, plan.error());
            continue;
        }
        for (const auto& omitted : plan->omitted) home.notes.push_back(check.rule_id + ": " + omitted);
        for (const auto& probe : plan->probes) {
            const std::string area = area_of(spec, probe);
            auto [seen, fresh] = by_key.emplace(area + "|" + probe.key(), std::make_pair(area, out[area].probes.size()));
            if (fresh) {
                out[area].probes.push_back(probe);
                continue;
            }
            Probe& first = out[seen->second.first].probes[seen->second.second];
            if (first.rule_id != probe.rule_id && first.what.find(probe.rule_id) == std::string::npos)
                first.what += " [also " + probe.rule_id + "]";
        }
    }
    // A rule whose only probes another rule already runs leaves its area with notes alone: nothing to test.
    for (auto it = out.begin(); it != out.end();)
        it = it->second.probes.empty() && it->second.notes.empty() && it->second.unplanned.empty() ? out.erase(it) : std::next(it);
    return out;
}

/// Every probe of `type` in `area` of the session's spec, planned, provided and judged.
void run_check_share(const std::string& type, const std::string& area) {
    auto shares = shares_of(current_session(), type);
    const AreaShare& share = shares[area];
    for (const auto& [check, why] : share.unplanned)
        record_failure(check->rule_id, check->params.value("operation", ""), "the rules data cannot be planned: " + why);
    if (!provider_maker()) {
        // A wiring error of the program, not a finding about the target.
        ADD_FAILURE() << "no request provider is set: the suites that know the API set one (set_probe_provider)";
        return;
    }
    const std::unique_ptr<checks::RequestProvider> provider = provider_maker()();
    const auto options = judge_options();
    std::vector<std::string> not_run;
    int run = 0;
    const int requests_before = g_requests;
    for (const auto& probe : share.probes) {
        auto gen = provider->requests(probe);
        if (!gen) {
            not_run.push_back(probe.rule_id + ": " + probe.what + " — " + gen.error());
            continue;
        }
        ++run;
        run_probe(probe, *gen, options);
    }
    std::cout << "RuleChecks." << type << "_" << area << ": " << run << " probe(s) run with "
              << g_requests - requests_before << " request(s), " << not_run.size() << " without a request\n";
    for (const auto& line : share.notes) std::cout << "  not probed here: " << line << "\n";
    for (const auto& line : not_run) std::cout << "  not run: " << line << "\n";
    ::testing::Test::RecordProperty("probes_run", run);
    ::testing::Test::RecordProperty("requests", g_requests - requests_before);
    ::testing::Test::RecordProperty("probes_without_request", static_cast<int>(not_run.size()));
}

class RuleCheckTest : public ::testing::Test {
public:
    RuleCheckTest(std::string type, std::string area) : type_(std::move(type)), area_(std::move(area)) {}
    void TestBody() override { run_check_share(type_, area_); }

private:
    std::string type_;
    std::string area_;
};

/// One test per registered check type and area of the session's data ("RuleChecks.status_code_orders"):
/// the test list follows the rules, and a long type spreads over --workers.
void make_rule_check_tests(const Session& session) {
    for (const auto& type : checks::registry())
        for (const auto& [area, share] : shares_of(session, type.name))
            register_session_test("RuleChecks", type.name + "_" + area,
                                  [type = type.name, area = area]() -> ::testing::Test* { return new RuleCheckTest(type, area); });
}

const bool kMakesTests = add_session_test_maker(&make_rule_check_tests);


}  // namespace

bool set_probe_provider(ProbeProviderMaker maker) {
    provider_maker() = std::move(maker);
    return true;
}

}  // namespace dockside::conform
