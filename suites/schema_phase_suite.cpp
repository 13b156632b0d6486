// The schema phase: every operation of the session's OpenAPI document is sent requests generated from its
// own schemas, with no hand-listed case (generators/schema_phase_plan.h plans them). One test per
// operation in the suite of its area, "Orders.SchemaPhase_createOrder": `--only <area>` runs the operations
// of that area, the area keeps one progress line, `--filter '*.SchemaPhase_*'` runs the phase alone and
// `--workers` spreads it.
//
// What is asserted, and no more (the stances of specs/rules.yaml not_shown):
//  - a schema-valid request: no 5xx; a 4xx is accepted whatever its code (a referenced id may not exist,
//    a state may forbid the action, a limit may be reached: NS-VALIDATION-STATUS, NS-MISSING-STATUS,
//    NS-RATE-LIMITS; its body is not judged: NS-ERROR-BODY); any other status must be documented for the
//    operation, and its answer must have the documented content type and shape (the response validator);
//  - a value at the edge of a constraint a rule owns (the limit itself: 500 characters where 500 is the
//    most, each listed value of an enum): refused only if the same request with a value inside the limits
//    is refused too (an edge refused alone is the rule's finding);
//  - a request breaking one constraint: a 4xx (the strict profile's code where no path names a record
//    and the operation takes a bearer token: otherwise which check comes first is not said), never 2xx or 5xx.
// Each half is a RapidCheck property: a failure shrinks to the smallest request and replays by seed.
// Findings name the rule the data gives the role: the 5xx rule, the operation's status rule, the broken
// constraint's x-rule (else the invalid-request rule), the validator's rule for a wrong shape.

#include <algorithm>
#include <chrono>
#include <functional>
#include <iostream>
#include <optional>
#include <set>
#include <sstream>
#include <utility>

#include <gtest/gtest.h>
#include <rapidcheck.h>

#include "generators/known_values.h"
#include "harness/http/json_query.h"
#include "generators/schema_phase_plan.h"
#include "harness/checks/rule_roles.h"
#include "harness/conform/areas.h"
#include "harness/conform/schema_coverage.h"
#include "suites/suite.h"
#include "suites/target_holdings.h"
#include "harness/conform/refusal_log.h"
#include "harness/conform/run_apart.h"
#include "harness/conform/session_tests.h"

namespace dockside::suites {
namespace {

DOCKSIDE_WRITES("Webhooks.SchemaPhase_createWebhook", "webhooks", "schema-valid webhook creates make subscriptions");

using generators::NegativeCase;
using generators::OperationPlan;
using generators::PhaseRequest;
using generators::RequestPart;

/// The rules findings of the phase name, read from the session's data once per test.
struct PhaseRules {
    std::string server_error;     ///< a 5xx or no answer
    std::string invalid_request;  ///< an invalid request accepted, where the constraint has no x-rule
    std::string status;           ///< an undocumented status of this operation
};

PhaseRules rules_for(const spec::Spec& spec, const spec::Operation& op) {
    return {checks::server_error_rule(spec), checks::invalid_request_rule(spec), checks::status_rule(spec, op.id)};
}

std::string documented(const spec::Operation& op) {
    std::string out;
    for (const auto& [status, response] : op.responses) out += (out.empty() ? "" : ", ") + status;
    return out;
}

/// What a run of one operation sent and saw.
struct Tally {
    conform::OperationCoverage row;
    std::set<std::size_t> broken;  ///< indexes of the cases a request was sent for
};

Exchange send_request(const spec::Operation& op, const PhaseRequest& r, Tally& tally) {
    Exchange ex = send({.operation = op.id, .path = r.path, .query = http::to_query_params(r.query), .body = r.body});
    if (!ex.not_sent) ++tally.row.statuses[ex.status()];
    return ex;
}

/// A 5xx or no answer: the 5xx rule, whatever was sent. True when it was one (and is recorded).
bool server_error(const Exchange& ex, const PhaseRules& rules) {
    if (ex.response && ex.status() < 500) return false;
    expect_that(false, ex, rules.server_error, ex.operation_id + " answers without a 5xx");
    return true;
}

/// Judges the answer to a schema-valid request; true when it broke the contract (recorded).
bool judge_positive(const spec::Operation& op, const Exchange& ex, const PhaseRules& rules) {
    if (ex.not_sent) return false;
    if (server_error(ex, rules)) return true;
    if (ex.status() >= 400 && ex.status() < 500) return false;
    if (!op.response_for(ex.status())) {
        // A table of every operation's status (ERR-CODES) names it when no rule is about this operation.
        const std::string rule = !rules.status.empty() || ex.violations.empty() ? rules.status : ex.violations.front().rule;
        return !expect_that(false, ex, rule, op.id + " answers schema-valid requests with a documented status (" + documented(op) + ")");
    }
    return !ex.violations.empty();  // the shape: judged (and recorded) on delivery, as every answer is
}

/// Judges the answer to a request that breaks `c`; true when it was not refused (recorded).
bool judge_negative(const spec::Operation& op, const NegativeCase& c, const Exchange& ex, const PhaseRules& rules) {
    if (ex.not_sent) return false;
    if (server_error(ex, rules)) return true;
    const auto kind = c.constraint.kind;
    const bool about_value = kind != generators::ConstraintKind::Type && kind != generators::ConstraintKind::Format;
    const std::string rule = about_value && !c.constraint.rule.empty() ? c.constraint.rule : rules.invalid_request;
    const std::string title = op.id + " refuses " + c.describe() + " with a 4xx";
    const bool names_record = std::any_of(op.parameters.begin(), op.parameters.end(), [](const spec::Parameter& p) { return p.in == "path"; });
    // The profile's exact code (the strict profile's, a learned one's) where nothing else may be checked first: not where a path names a
    // record (missing or invalid: which first is not said), nor on an operation without bearer security (the
    // authorization server's: it authenticates the client itself, and may answer 401 before validating).
    const bool judged_exactly_where_given = !names_record && !op.scopes.empty();
    if (judged_exactly_where_given && current_session().reject_code()) return !expect_rejected(ex, rule);  // notes it too
    if (judged_exactly_where_given) note_refusal(ex, rule);
    return !expect_that(ex.status() >= 400 && ex.status() < 500, ex, rule, title);
}

/// Judges an edge: a refusal is a finding only when the same request with a value inside was served.
/// True when it broke the contract (recorded).
bool judge_edge(const spec::Operation& op, const generators::EdgeCase& edge, const Exchange& at_edge,
                const std::function<Exchange()>& send_inside, const PhaseRules& rules) {
    if (at_edge.not_sent) return false;
    if (server_error(at_edge, rules)) return true;
    if (at_edge.status() < 400) return judge_positive(op, at_edge, rules);
    if (at_edge.status() >= 500) return false;
    const Exchange inside = send_inside();
    if (inside.not_sent || inside.status() < 200 || inside.status() >= 300) return false;  // refused for another reason
    return !expect_that(false, at_edge, edge.constraint.rule,
                        op.id + " accepts " + edge.describe() + " (the limit itself): answered " + std::to_string(at_edge.status()) +
                            " where the same request with a value inside the limits was served");
}

/// Makes the records an operation's valid requests name (OperationPlan::made_by): one create per request,
/// drawn valid from the create's own schemas and tagged as the run's, its answer's ids in place of the drawn
/// path values. A create refused, or an answer without an id, leaves the request unsent: the phase never
/// aims a change at a record the target held. A record no operation of the contract can make (a receiving
/// order, a product) is made by the simulation control where the target has it, with the control's defaults,
/// and removed again once its request is judged where the data names how (a mock left running keeps none).
class RecordMaking {
public:
    RecordMaking(const spec::Spec& spec, const generators::RecordMaker& maker, const std::string& unique_prefix)
        : spec_(spec), maker_(maker), create_(spec.find(maker.operation)), label_prefix_(unique_prefix) {
        by_control_ = !create_ && sim_available();
        if (!create_) return;
        plan_ = generators::plan_operation(spec, *create_, 1, generators::exclusions_of(spec));
        request_.emplace(generators::gen_positive(spec, plan_, {target_holdings().for_operation(*create_), unique_prefix}));
    }

    /// `request` at a record made for it; false when none could be made. A valid create may still be refused
    /// (a state it needs, a value the target does not take), so a few are tried.
    bool aim(PhaseRequest& request) {
        for (int attempt = 0; attempt < kCreatesPerRecord; ++attempt) {
            if (!make_one(made_) || !make_apart(request)) {
                remove_made("", false);
                continue;
            }
            if (aim_again(request)) return ++made, true;
            remove_made("", false);  // an answer without the ids the request needs
        }
        ++unmade;
        return false;
    }

    /// `request` at the record made last (the edge's request inside the limits, beside the one at the edge).
    bool aim_again(PhaseRequest& request) const {
        for (const auto& [parameter, field] : maker_.fields) {
            const auto id = id_at(made_, field);
            if (!id) return false;
            request.path[parameter] = *id;
        }
        for (const auto& member : maker_.body_fields) {
            std::vector<nlohmann::json> ids;
            for (const auto& answer : member.apart ? apart_ : nlohmann::json::array({made_}))
                if (const auto at = generators::values_at(nlohmann::json::array({answer}), member.field); !at.empty())
                    ids.push_back(at.front());
            if (request.body) generators::replace_at(*request.body, member.place, ids, member.apart);
        }
        return true;
    }

    /// Removes the records made last with the operation the data names, unless the request just judged was
    /// that operation and `served` (it removed the path's record itself).
    void remove_made(const std::string& operation, bool served) {
        const bool removed = operation == maker_.removed_by && served;
        remove(std::exchange(made_, nullptr), removed);
        for (const auto& made : std::exchange(apart_, nlohmann::json::array())) remove(made, false);
    }

    int made = 0;
    int unmade = 0;

private:
    static constexpr int kCreatesPerRecord = 3;

    void remove(const nlohmann::json& made, bool removed) const {
        const spec::Operation* remover = spec_.find(maker_.removed_by);
        if (!remover || made.is_null() || removed) return;
        Call call{.operation = remover->id};
        for (const auto& p : remover->parameters) {
            if (p.in != "path" || !p.schema.is_object()) continue;
            const nlohmann::json by = p.schema.value("x-made-by", nlohmann::json());
            if (const auto id = by.is_object() ? id_at(made, by.value("field", "")) : std::nullopt) call.path[p.name] = *id;
        }
        send(call);
    }

    /// The id at `field` of a create's answer, as a path value; nullopt when it holds none.
    static std::optional<std::string> id_at(const nlohmann::json& answer, const std::string& field) {
        const auto ids = generators::values_at(nlohmann::json::array({answer}), field);
        if (ids.empty() || !(ids.front().is_number_integer() || ids.front().is_string())) return std::nullopt;
        return ids.front().is_string() ? ids.front().get<std::string>() : ids.front().dump();
    }

    /// Makes a record of its own for each value `request`'s body holds at a member that names one (apart): each
    /// a record merged away, none of them the path's nor named twice.
    bool make_apart(const PhaseRequest& request) {
        std::size_t needed = 0;
        for (const auto& member : maker_.body_fields)
            if (member.apart && request.body) {
                nlohmann::json body = *request.body;
                needed = std::max(needed, generators::replace_at(body, member.place, {}, true));
            }
        for (nlohmann::json made; apart_.size() < needed; apart_.push_back(std::move(made)))
            if (!make_one(made)) return false;
        return true;
    }

    /// Makes one record into `made`; false (and `made` null) when the create was refused.
    bool make_one(nlohmann::json& made) {
        if (!request_ && !by_control_) return false;
        // The control's record carries the run's tag (its `label`): no test draws it as one the target held.
        const nlohmann::json labelled = {{"label", label_prefix_ + std::to_string(++labels_)}};
        const Exchange ex = by_control_ ? sim(maker_.operation, nlohmann::json::object(), labelled) : create(**request_);
        const bool created = ex.response && ex.status() >= 200 && ex.status() < 300;
        made = created ? nlohmann::json::parse(ex.response->body, nullptr, false) : nlohmann::json();
        return created;
    }

    Exchange create(const PhaseRequest& drawn) const {
        return send({.operation = create_->id, .path = drawn.path, .query = http::to_query_params(drawn.query), .body = drawn.body});
    }

    const spec::Spec& spec_;
    generators::RecordMaker maker_;
    const spec::Operation* create_ = nullptr;
    nlohmann::json made_;   ///< the answer that made the record the last request's path named
    nlohmann::json apart_ = nlohmann::json::array();  ///< the answers that made the records its body named apart
    std::string label_prefix_;
    int labels_ = 0;
    bool by_control_ = false;
    OperationPlan plan_;
    std::optional<rc::Gen<PhaseRequest>> request_;
};

/// The character of multi-byte edges where the length unit's stance asks for them (the strict profile's
/// `probe_multibyte` and `probe_char`); "" where none does.
std::string multibyte_char(const Session& session) {
    const nlohmann::json& rules = session.spec().rules_document();
    if (!rules.is_object() || !rules.value("units", nlohmann::json()).is_object()) return "";
    for (const auto& [name, unit] : rules["units"].items()) {
        const nlohmann::json stance = unit.is_object() ? session.stance(unit.value("stance", "")) : nlohmann::json();
        if (stance.is_object() && stance.value("probe_multibyte", false) == true) return stance.value("probe_char", std::string("é"));
    }
    return "";
}

/// Shrinking stops after this many further requests or this long once a case failed: a target failing at
/// random would otherwise keep RapidCheck shrinking for a long time. The smallest failure by then stands.
constexpr int kShrinkRequests = 150;
constexpr auto kShrinkTime = std::chrono::seconds(5);

/// Runs `once` (true = the case failed) as a RapidCheck property of `cases` cases. A property whose
/// generation gave up is noted in the coverage row, not failed: it sent nothing to judge.
void run_property(const std::string& id, int cases, const std::function<bool()>& once, Tally& tally) {
    if (cases <= 0) return;
    std::optional<std::chrono::steady_clock::time_point> first_failure;
    int after_failure = 0;
    rc::detail::TestMetadata meta;
    meta.id = id;
    meta.description = id;
    rc::detail::TestParams params = rc::detail::configuration().testParams;
    params.maxSuccess = cases;
    const auto result = rc::detail::checkTestable([&] {
        if (first_failure && (++after_failure > kShrinkRequests || std::chrono::steady_clock::now() - *first_failure > kShrinkTime))
            return;  // budget spent: every further candidate "passes", so the last failure stands
        if (once() && !first_failure) first_failure = std::chrono::steady_clock::now();
    }, meta, params);
    if (result.template is<rc::detail::SuccessResult>()) return;
    std::ostringstream message;
    rc::detail::printResultMessage(result, message);
    if (result.template is<rc::detail::GaveUpResult>()) {
        tally.row.not_exercised.push_back(id + ": generation gave up: " + message.str());
        return;
    }
    ADD_FAILURE() << id << "\n" << message.str();
}

void run_operation(const std::string& operation_id) {
    const Session& session = current_session();
    const spec::Spec& spec = session.spec();
    const spec::Operation* op = spec.find(operation_id);
    ASSERT_NE(op, nullptr) << operation_id << " is not an operation of the session's spec";
    const OperationPlan plan = generators::plan_operation(spec, *op, session.info().cases, generators::exclusions_of(spec),
                                                           multibyte_char(session));
    const PhaseRules rules = rules_for(spec, *op);
    Tally tally;
    tally.row.operation = op->id;
    tally.row.test = ::testing::UnitTest::GetInstance()->current_test_info()->test_suite_name() + std::string(".") + op->id;
    tally.row.constraints = static_cast<int>(plan.cases.size());
    tally.row.not_exercised = plan.not_exercised;
    tally.row.served = 0;

    // Values the target must hold unique carry the run's tag, so the records the phase makes are known as the
    // run's: listings and the next tests' values pass over them as over every other test's.
    const generators::PhaseValues values{target_holdings().for_operation(*op), "DS-SP-" + run_tag() + "-"};
    const auto positive = generators::gen_positive(spec, plan, values);
    std::optional<RecordMaking> making;
    if (plan.made_by) making.emplace(spec, *plan.made_by, values.unique_prefix);
    run_property("SchemaPhase/" + op->id + "/valid", plan.positive, [&] {
        PhaseRequest request = *positive;
        if (making && !making->aim(request)) return false;  // nothing of its own to change: not sent
        const Exchange ex = send_request(*op, request, tally);
        ++tally.row.positive;
        const bool served = ex.response && ex.status() < 400;
        if (served) tally.row.served = tally.row.served.value_or(0) + 1;
        const bool kept = judge_positive(*op, ex, rules);
        if (making) making->remove_made(op->id, served);
        return kept;
    }, tally);
    for (std::size_t i = 0; i < plan.cases.size(); ++i) {
        const NegativeCase& c = plan.cases[i];
        const auto negative = generators::gen_negative(spec, plan, c, values);
        run_property("SchemaPhase/" + op->id + "/" + c.describe(), plan.share(i), [&] {
            const Exchange ex = send_request(*op, *negative, tally);
            ++tally.row.negative;
            if (!ex.not_sent) tally.broken.insert(i);
            return judge_negative(*op, c, ex, rules);
        }, tally);
    }
    int edges = 0;
    for (const auto& edge : plan.edges) {
        const auto requests = generators::gen_edge(spec, plan, edge, values);
        run_property("SchemaPhase/" + op->id + "/edge " + edge.describe(), 1, [&] {
            generators::EdgeRequests r = *requests;
            // Both at one record of the run's own where the operation changes what its path names.
            if (making && !(making->aim(r.at_edge) && making->aim_again(r.inside))) return false;
            const Exchange at_edge = send_request(*op, r.at_edge, tally);
            ++edges;
            const bool kept = judge_edge(*op, edge, at_edge, [&] { return send_request(*op, r.inside, tally); }, rules);
            if (making) making->remove_made(op->id, at_edge.response && at_edge.status() < 400);
            return kept;
        }, tally);
    }
    tally.row.constraints_exercised = static_cast<int>(tally.broken.size());
    std::cout << "SchemaPhase." << op->id << ": " << tally.row.requests() << " request(s), " << tally.row.positive << " valid, "
              << tally.row.negative << " breaking " << tally.row.constraints_exercised << "/" << tally.row.constraints
              << " constraint(s), " << edges << " at an edge\n";
    if (making)
        std::cout << "  records made first with " << plan.made_by->operation << ": " << making->made
                  << (making->unmade ? ", " + std::to_string(making->unmade) + " not (those valid requests were not sent)" : "") << "\n";
    if (making && making->unmade > 0)
        tally.row.not_exercised.push_back(std::to_string(making->unmade) + " valid request(s): " + plan.made_by->operation +
                                          " made no record for them to name, so they were not sent");
    for (const auto& line : tally.row.not_exercised) std::cout << "  not exercised: " << line << "\n";
    conform::record_coverage(tally.row);
}

class SchemaPhaseTest : public ::testing::Test {
public:
    explicit SchemaPhaseTest(std::string operation) : operation_(std::move(operation)) {}
    void TestBody() override { run_operation(operation_); }

private:
    std::string operation_;
};

/// One test per operation of the session's spec, in the suite of its area ("Orders.SchemaPhase_createOrder").
/// One whose valid requests and edges each name a record made first (x-made-by) sends three or four requests
/// where another sends one: it starts first, so that it is not the tail of a run with workers.
void make_schema_phase_tests(const Session& session) {
    for (const auto& op : session.spec().operations()) {
        const std::string suite = conform::suite_name(op.area.empty() ? "other" : op.area);
        register_session_test(suite, "SchemaPhase_" + op.id, [id = op.id]() -> ::testing::Test* { return new SchemaPhaseTest(id); });
        if (std::any_of(op.parameters.begin(), op.parameters.end(),
                        [](const spec::Parameter& p) { return p.in == "path" && p.schema.is_object() && p.schema.contains("x-made-by"); }))
            conform::declare_runs_long((suite + ".SchemaPhase_" + op.id).c_str(), "makes a record of its own for each valid request");
    }
}

const bool kMakesTests = add_session_test_maker(&make_schema_phase_tests);

}  // namespace
}  // namespace dockside::suites
