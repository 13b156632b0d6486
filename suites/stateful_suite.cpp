// Stateful: a model-based property (RapidCheck state testing) over orders, returns and webhook
// subscriptions. Random sequences of create, get, list, cancel, advance and delete commands run against
// the target and against a plain model of the documented state machines, read from the session's spec
// (specs/rules.yaml state_machines.return, as the reference server reads it): a return starts in the
// machine's initial state, cancel does what the documented transition from its state says and is refused
// (state unchanged) where none is accepted (RET-CANCEL, RET-FROZEN, RET-NOT-AWAITING); the warehouse follows
// the stance's warehouse transitions (simulation control, NS-RET-TRANSITIONS). A return read back is judged
// under the rule of the documented step that set its state; a state the warehouse reached is the setup's
// (the document shows no such transition) and, once frozen, RET-FROZEN's. Orders
// keep their id and reference_id (ORD-REF-UNIQUE, ORD-ROUNDTRIP), cancel answers one result per shipment
// (ORD-CANCEL); that the status stays in the documented set is the response validator's (ORD-STATUS).
// Subscriptions are listed until deleted and gone after (WH-LIST, WH-DELETE).
// Handles: the model numbers records in creation order; the SUT maps each handle to the target's id.
// Preconditions hold for any model state shrinking can produce: they never index past what the model
// holds, and they decide their condition before RC_PRE, whose expression capture overloads && and ||
// (both sides are evaluated; a lint test keeps such expressions out of RapidCheck's macros). The SUT is
// read with bounds checks: a target that answers nonsense fails the property while RapidCheck shrinks.

#include <algorithm>
#include <optional>
#include <set>
#include <stdexcept>

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>
#include <rapidcheck/state.h>

#include "generators/run_spec.h"
#include "harness/checks/rule_roles.h"
#include "specs/loader/spec.h"
#include "suites/orders_support.h"
#include "suites/returns_support.h"
#include "suites/suite.h"
#include "harness/conform/run_apart.h"
#include "suites/undocumented_page_sizes.h"

namespace dockside::suites {
namespace {

DOCKSIDE_WRITES("Stateful", "webhooks", "creates and deletes subscriptions");

using json = nlohmann::json;

/// A return as the model holds it: its state, and the rule that says it must read so ("" when only the
/// simulated warehouse put it there and no documented rule keeps it there).
struct ReturnState {
    std::string status;
    std::string rule;
};

struct Model {
    std::vector<ReturnState> returns;  ///< per return handle
    std::size_t orders = 0;            ///< order handles 0..orders-1
    std::set<std::size_t> cancelled_orders;  ///< order handles a cancel was sent for
    std::vector<bool> webhooks;        ///< alive per subscription handle
};

struct Sut {
    std::vector<std::int64_t> return_ids;
    std::vector<json> orders;  ///< as created
    std::vector<std::string> webhook_ids;
    std::vector<bool> webhook_alive;

    ~Sut() {
        for (std::size_t i = 0; i < webhook_ids.size(); ++i)
            if (webhook_alive[i]) send({.operation = "deleteWebhook", .path = {{"id", webhook_ids[i]}}});
    }
};

using Cmd = rc::state::Command<Model, Sut>;

std::vector<std::size_t> handles(std::size_t n) {
    std::vector<std::size_t> out(n);
    for (std::size_t i = 0; i < n; ++i) out[i] = i;
    return out;
}

/// The return state machine of the session's spec, parsed once per spec.
const spec::StateMachine& return_machine() {
    static const spec::Spec* parsed_from = nullptr;
    static spec::StateMachine machine;
    const spec::Spec& contract = generators::run_spec();
    if (parsed_from != &contract) {
        auto read = contract.state_machine("return");
        if (!read) throw std::runtime_error(read.error().to_string());
        machine = std::move(read.value());
        parsed_from = &contract;
    }
    return machine;
}

/// What cancelReturn does in `state`, as the document lists it; refused and unchanged where it lists nothing.
spec::Transition cancel_in(const std::string& state) {
    if (auto t = return_machine().on(state, "cancelReturn")) return t.value();
    spec::Transition refused;
    refused.from = refused.to = state;
    refused.outcome = "rejected";
    refused.rule = "RET-NOT-AWAITING";  // a cancel outside AwaitingArrival that the document does not list
    return refused;
}

/// The rule that keeps a return in `state` when nothing documented moved it there: RET-FROZEN's for a frozen
/// state (its refused transitions name it), none otherwise.
std::string rule_keeping(const std::string& state) {
    const auto& frozen = return_machine().frozen;
    if (std::find(frozen.begin(), frozen.end(), state) == frozen.end()) return "";
    return cancel_in(state).rule;
}

/// The warehouse's next state (the stance's transitions), if it moves `state` at all.
std::optional<std::string> warehouse_next(const std::string& state) {
    for (const auto& t : return_machine().from(state, true))
        if (!t.documented && t.trigger == "warehouse" && t.outcome == "accepted") return t.to;
    return std::nullopt;
}

/// Fails the property case with a finding.
void check(bool ok, const Exchange& ex, const std::string& rule, const std::string& message) {
    expect_that(ok, ex, rule, message);
    RC_ASSERT(ok);
}

// ---------------------------------------------------------------- returns

struct CreateReturn : Cmd {
    void apply(Model& m) const override {
        m.returns.push_back({return_machine().initial, checks::status_rule(generators::run_spec(), "createReturn")});
    }
    void run(const Model&, Sut& sut) const override {
        auto r = returns_support::create_probe_return("STATE");
        RC_ASSERT(r.has_value());
        sut.return_ids.push_back(r->value("id", std::int64_t{0}));
    }
    void show(std::ostream& os) const override { os << "CreateReturn"; }
};

struct ReadReturn : Cmd {
    std::size_t h;
    explicit ReadReturn(const Model& m) : h(*rc::gen::elementOf(handles(m.returns.size()))) {}
    void checkPreconditions(const Model& m) const override { RC_PRE(h < m.returns.size()); }
    void apply(Model&) const override {}
    void run(const Model& m, Sut& sut) const override {
        Exchange ex = send({.operation = "listReturns", .query = {{"Ids", std::to_string(sut.return_ids.at(h))}}});
        expect_no_5xx(ex);
        const ReturnState& expected = m.returns[h];
        if (expected.rule.empty()) return;  // the simulated warehouse's state, which no documented rule keeps
        json r = returns_support::read_return(sut.return_ids.at(h));
        check(r.value("status", "") == expected.status, ex, expected.rule,
              "return " + std::to_string(sut.return_ids.at(h)) + " reads " + r.value("status", json()).dump() +
                  "; it was last left in " + expected.status);
    }
    void show(std::ostream& os) const override { os << "ReadReturn(" << h << ")"; }
};

struct CancelReturn : Cmd {
    std::size_t h;
    explicit CancelReturn(const Model& m) : h(*rc::gen::elementOf(handles(m.returns.size()))) {}
    void checkPreconditions(const Model& m) const override { RC_PRE(h < m.returns.size()); }
    void apply(Model& m) const override {
        const spec::Transition cancel = cancel_in(m.returns[h].status);
        m.returns[h] = {cancel.to, cancel.rule};
    }
    void run(const Model& m, Sut& sut) const override {
        Exchange ex = returns_support::send_cancel(sut.return_ids.at(h));
        const std::string& before = m.returns[h].status;
        const spec::Transition cancel = cancel_in(before);
        const std::string& rule = cancel.rule;
        if (cancel.outcome == "accepted")
            check(ex.status() == 200, ex, rule, "cancel of a return in " + before + " answers 200");
        else
            check(ex.status() >= 400 && ex.status() < 500, ex, rule, "cancel of a return in " + before + " is rejected with a 4xx");
        json r = returns_support::read_return(sut.return_ids.at(h));
        check(r.value("status", "") == cancel.to, ex, rule,
              "after cancel in " + before + " the return reads " + r.value("status", json()).dump() + ", expected " + cancel.to);
    }
    void show(std::ostream& os) const override { os << "CancelReturn(" << h << ")"; }
};

/// A warehouse step of the simulation control: setup for the documented rules, not a rule of its own. It
/// is only drawn where the stance's warehouse moves the return, and it must land where the stance says.
struct AdvanceReturn : Cmd {
    std::size_t h;
    explicit AdvanceReturn(const Model& m) : h(*rc::gen::elementOf(handles(m.returns.size()))) {}
    void checkPreconditions(const Model& m) const override {
        const bool moves = h < m.returns.size() && warehouse_next(m.returns[h].status).has_value();
        RC_PRE(moves);
    }
    void apply(Model& m) const override {
        const std::string next = *warehouse_next(m.returns[h].status);
        m.returns[h] = {next, rule_keeping(next)};
    }
    void run(const Model& m, Sut& sut) const override {
        const std::string& from = m.returns[h].status;
        const std::string to = *warehouse_next(from);
        SetupStep setup("moving a return from " + from + " to " + to + " through the simulated warehouse");
        Exchange ex = sim("simAdvanceReturn", {{"id", sut.return_ids.at(h)}});
        RC_ASSERT(needs_success(ex));
        json r = returns_support::read_return(sut.return_ids.at(h));
        check(r.value("status", "") == to, ex, return_machine().stance,
              "after the warehouse step from " + from + " the return reads " + r.value("status", json()).dump() +
                  ", the stance says " + to);
    }
    void show(std::ostream& os) const override { os << "AdvanceReturn(" << h << ")"; }
};

// ---------------------------------------------------------------- orders

struct CreateOrder : Cmd {
    void apply(Model& m) const override { ++m.orders; }
    void run(const Model&, Sut& sut) const override {
        auto o = orders_support::create_probe_order("STATE");
        RC_ASSERT(o.has_value());
        sut.orders.push_back(*o);
    }
    void show(std::ostream& os) const override { os << "CreateOrder"; }
};

struct GetOrder : Cmd {
    std::size_t h;
    explicit GetOrder(const Model& m) : h(*rc::gen::elementOf(handles(m.orders))) {}
    void checkPreconditions(const Model& m) const override { RC_PRE(h < m.orders); }
    void apply(Model&) const override {}
    void run(const Model&, Sut& sut) const override {
        const json& created = sut.orders.at(h);
        Exchange ex = send({.operation = "getOrder", .path = {{"orderId", created["id"].dump()}}});
        // The order's shape is the orders suites' concern; here only identity and state are followed.
        check(ex.status() == 200, ex, "ORD-ROUNDTRIP", "a created order is readable");
        json o = ex.json();
        check(o.value("id", json()) == created["id"] && o.value("reference_id", json()) == created["reference_id"], ex,
              "ORD-REF-UNIQUE", "the order keeps its id and reference_id");
    }
    void show(std::ostream& os) const override { os << "GetOrder(" << h << ")"; }
};

struct ListOrder : Cmd {
    std::size_t h;
    explicit ListOrder(const Model& m) : h(*rc::gen::elementOf(handles(m.orders))) {}
    void checkPreconditions(const Model& m) const override { RC_PRE(h < m.orders); }
    void apply(Model&) const override {}
    void run(const Model&, Sut& sut) const override {
        const json& created = sut.orders.at(h);
        Exchange ex = send({.operation = "listOrders", .query = {{"ReferenceIds", created["reference_id"].get<std::string>()}}});
        json items = ex.json();
        check(items.is_array() && items.size() == 1 && items[0].value("id", json()) == created["id"], ex, "ORD-ROUNDTRIP",
              "GET /order?ReferenceIds= lists exactly the created order");
    }
    void show(std::ostream& os) const override { os << "ListOrder(" << h << ")"; }
};

struct CancelOrder : Cmd {
    std::size_t h;
    explicit CancelOrder(const Model& m) : h(*rc::gen::elementOf(handles(m.orders))) {}
    void checkPreconditions(const Model& m) const override { RC_PRE(h < m.orders); }
    void apply(Model& m) const override { m.cancelled_orders.insert(h); }
    void run(const Model& m, Sut& sut) const override {
        const json& created = sut.orders.at(h);
        Exchange ex = send({.operation = "cancelOrder", .path = {{"orderId", created["id"].dump()}}});
        // What a cancel does to shipments an earlier cancel took is not shown (NS-SHP-TRANSITIONS): a repeat
        // may be refused with any 4xx, or answered as the first was.
        if (m.cancelled_orders.count(h) && ex.status() >= 400 && ex.status() < 500) return;
        check(ex.status() == 200, ex, "ORD-CANCEL", "cancel of an order answers 200");
        json body = ex.json();
        const auto results = body.value("canceled_shipment_results", json::array());
        check(results.size() == orders_support::shipments_of(created).size(), ex, "ORD-CANCEL",
              "cancel answers one result per shipment of the order");
    }
    void show(std::ostream& os) const override { os << "CancelOrder(" << h << ")"; }
};

// ---------------------------------------------------------------- webhooks

std::vector<std::size_t> alive(const Model& m) {
    std::vector<std::size_t> out;
    for (std::size_t i = 0; i < m.webhooks.size(); ++i)
        if (m.webhooks[i]) out.push_back(i);
    return out;
}

struct CreateWebhook : Cmd {
    std::string topic = *rc::gen::elementOf(std::vector<std::string>{
        "order.shipped", "order.shipment.cancelled", "order.shipment.delivered", "order.shipment.exception", "order.shipment.on_hold"});
    void apply(Model& m) const override { m.webhooks.push_back(true); }
    void run(const Model&, Sut& sut) const override {
        Exchange ex = send({.operation = "createWebhook",
                            .body = json{{"url", "https://hooks.dockside.invalid/state"}, {"topics", {topic}}}});
        check(ex.status() == 200, ex, "WH-CREATE", "webhook create answers 200");
        json s = ex.json();
        check(s.is_object() && s.contains("id"), ex, "WH-CREATE", "the subscription carries an id");
        sut.webhook_ids.push_back(s["id"].is_string() ? s["id"].get<std::string>() : s["id"].dump());
        sut.webhook_alive.push_back(true);
    }
    void show(std::ostream& os) const override { os << "CreateWebhook(" << topic << ")"; }
};

struct DeleteWebhook : Cmd {
    std::size_t h;
    explicit DeleteWebhook(const Model& m) : h(*rc::gen::elementOf(alive(m))) {}
    void checkPreconditions(const Model& m) const override {
        // Decided before RC_PRE: its expression capture overloads &&, so both sides would be evaluated and
        // a handle past what a shrunk model holds would be read (that was a SIGSEGV while shrinking).
        const bool valid = h < m.webhooks.size() && m.webhooks[h];
        RC_PRE(valid);
    }
    void apply(Model& m) const override { m.webhooks[h] = false; }
    void run(const Model&, Sut& sut) const override {
        Exchange ex = send({.operation = "deleteWebhook", .path = {{"id", sut.webhook_ids.at(h)}}});
        check(ex.status() == 204, ex, "WH-DELETE", "delete answers 204");
        sut.webhook_alive.at(h) = false;
    }
    void show(std::ostream& os) const override { os << "DeleteWebhook(" << h << ")"; }
};

struct ListWebhooks : Cmd {
    void apply(Model&) const override {}
    void run(const Model& m, Sut& sut) const override {
        Exchange ex = send({.operation = "listWebhooks", .query = {{"RecordsPerPage", std::to_string(undocumented_page_sizes::kRecords)}}});
        expect_no_5xx(ex);
        std::set<std::string> listed;
        for (const auto& s : ex.json().value("items", json::array()))
            listed.insert(s.value("id", json()).is_string() ? s["id"].get<std::string>() : s.value("id", json()).dump());
        for (std::size_t i = 0; i < m.webhooks.size(); ++i)
            check(listed.count(sut.webhook_ids.at(i)) == (m.webhooks[i] ? 1u : 0u), ex, m.webhooks[i] ? "WH-LIST" : "WH-DELETE",
                  "subscription " + sut.webhook_ids.at(i) + (m.webhooks[i] ? " is listed until deleted" : " is gone after delete"));
    }
    void show(std::ostream& os) const override { os << "ListWebhooks"; }
};

RC_GTEST_PROP(Stateful, RET_CANCEL_OrdersReturnsWebhooksFollowTheModel, ()) {
    Sut sut;
    const Model initial;
    if (sim_available()) {
        auto cmds = *rc::gen::scale(0.25, rc::state::gen::commands(initial, rc::state::gen::execOneOfWithArgs<
                CreateReturn, ReadReturn, CancelReturn, AdvanceReturn, CreateOrder, GetOrder, ListOrder, CancelOrder,
                CreateWebhook, DeleteWebhook, ListWebhooks>()));
        rc::state::runAll(cmds, initial, sut);
    } else {
        auto cmds = *rc::gen::scale(0.25, rc::state::gen::commands(initial, rc::state::gen::execOneOfWithArgs<
                CreateReturn, ReadReturn, CancelReturn, CreateOrder, GetOrder, ListOrder, CancelOrder, CreateWebhook,
                DeleteWebhook, ListWebhooks>()));
        rc::state::runAll(cmds, initial, sut);
    }
}

}  // namespace
}  // namespace dockside::suites
