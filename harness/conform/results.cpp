#include "harness/conform/results.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <map>
#include <regex>

#include "harness/conform/areas.h"

namespace dockside::conform {

std::string_view to_string(TestStatus status) {
    switch (status) {
        case TestStatus::Passed: return "passed";
        case TestStatus::Failed: return "failed";
        case TestStatus::Skipped: return "skipped";
        case TestStatus::Accepted: return "accepted";
        case TestStatus::Blocked: return "blocked";
        case TestStatus::TimedOut: return "timed_out";
        case TestStatus::Interrupted: return "interrupted";
    }
    return "failed";
}

bool blocks(const Finding& finding) { return finding.setup || !finding.reported_under.empty(); }

bool fails_run(TestStatus status) {
    return status == TestStatus::Failed || status == TestStatus::Blocked || status == TestStatus::TimedOut ||
           status == TestStatus::Interrupted;
}

std::string finding_marker(const std::string& key) { return "[dockside-finding " + key + "]"; }

std::string strip_source_locations(const std::string& text) {
    // "suites/orders_suite.cpp:123: ", "/abs/path/x.h:9:" and MSVC-style "x.cpp(12): " — where the harness
    // asserted is no business of a report about the target.
    static const std::regex location(R"(([A-Za-z0-9_./\\-]*\.(cpp|cc|h|hpp))(:\d+:?|\(\d+\):?)\s?)");
    return std::regex_replace(text, location, "");
}

namespace {

bool explained_by(const std::string& message, const std::vector<Finding>& findings) {
    return std::any_of(findings.begin(), findings.end(),
                       [&](const Finding& f) { return message.find(finding_marker(f.key())) != std::string::npos; });
}

/// Blocked: the test failed, and every finding not accepted is a setup finding or one reported under
/// another test (at least one).
std::optional<std::string> blocked_reason(const std::vector<Finding>& findings) {
    const Finding* first = nullptr;
    for (const auto& f : findings) {
        if (f.accepted) continue;
        if (!blocks(f)) return std::nullopt;
        if (!first) first = &f;
    }
    if (!first) return std::nullopt;
    if (!first->setup)
        return "blocked: " + first->rule + (first->operation.empty() ? "" : " on " + first->operation) +
               " is reported under " + first->reported_under + " (" + first->title + ")";
    return "blocked: " + (first->setup_step.empty() ? std::string("setup") : first->setup_step) + " failed (" +
           first->rule + ": " + first->title + ")";
}

/// Which test reports a (rule, operation) that several tests saw, lowest first: the test named for the
/// rule, the schema phase test of the operation, a rule check, any other.
int owner_rank(const std::string& test, const Finding& f) {
    if (rule_of_test(test) == f.rule) return 0;
    if (!f.operation.empty() && test.ends_with(".SchemaPhase_" + f.operation)) return 1;
    if (test.starts_with("RuleChecks.")) return 2;
    return 3;
}

bool judged_alone(const Finding& f) { return !f.accepted && !blocks(f); }

}  // namespace

TestOutcome classify(const RawTestResult& raw, std::vector<Finding> findings, const std::string& recorded_skip_reason) {
    TestOutcome out;
    out.name = raw.name;
    out.area = area_of_test(raw.name);
    out.seconds = raw.seconds;
    out.findings = std::move(findings);
    for (const auto& message : raw.failure_messages)
        if (!explained_by(message, out.findings)) out.failure_messages.push_back(strip_source_locations(message));
    if (raw.timed_out_after) {
        char budget[32];
        std::snprintf(budget, sizeof budget, "%.0f", *raw.timed_out_after);
        out.status = TestStatus::TimedOut;
        out.reason = std::string("timed out: still running after its budget of ") + budget +
                     " s; its outstanding requests were cut off and the run went on";
    } else if (raw.failed) {
        const bool all_accepted = !out.findings.empty() && out.failure_messages.empty() &&
                                  std::all_of(out.findings.begin(), out.findings.end(),
                                              [](const Finding& f) { return f.accepted; });
        if (all_accepted) {
            out.status = TestStatus::Accepted;
        } else if (auto blocked = blocked_reason(out.findings)) {
            // Assertions that stop a test after its setup broke ("ASSERT_TRUE(created)") follow from the
            // setup; the cause is the setup finding.
            out.status = TestStatus::Blocked;
            out.reason = *blocked;
        } else {
            out.status = TestStatus::Failed;
        }
    } else if (raw.skipped) {
        out.status = TestStatus::Skipped;
        out.reason = !recorded_skip_reason.empty() ? recorded_skip_reason
                     : !raw.skip_message.empty()   ? raw.skip_message
                                                   : "skipped without a reason";
    } else {
        out.status = TestStatus::Passed;
    }
    return out;
}

void report_each_defect_once(std::vector<TestOutcome>& tests) {
    std::map<std::pair<std::string, std::string>, std::pair<int, std::string>> owner;  // (rule, operation) → (rank, test)
    for (const auto& t : tests) {
        if (t.status != TestStatus::Failed) continue;
        for (const auto& f : t.findings) {
            if (!judged_alone(f)) continue;
            const std::pair<int, std::string> candidate{owner_rank(t.name, f), t.name};
            auto [it, fresh] = owner.try_emplace({f.rule, f.operation}, candidate);
            if (!fresh && candidate < it->second) it->second = candidate;
        }
    }
    for (auto& t : tests) {
        if (t.status != TestStatus::Failed) continue;
        for (auto& f : t.findings)
            if (judged_alone(f))
                if (const std::string& by = owner.at({f.rule, f.operation}).second; by != t.name) f.reported_under = by;
        // A failed assertion no finding explains, or a harness fault, is the test's own.
        if (!t.failure_messages.empty() || t.harness_fault) continue;
        if (auto blocked = blocked_reason(t.findings)) {
            t.status = TestStatus::Blocked;
            t.reason = *blocked;
        }
    }
}

std::vector<AreaSummary> summarize(const std::vector<TestOutcome>& tests) {
    std::map<std::string, AreaSummary> by_area;
    for (const auto& t : tests) {
        auto& s = by_area[t.area];
        s.area = t.area;
        s.seconds += t.seconds;
        switch (t.status) {
            case TestStatus::Passed: ++s.passed; break;
            case TestStatus::Failed:
            case TestStatus::Interrupted: ++s.failed; break;
            case TestStatus::Skipped: ++s.skipped; break;
            case TestStatus::Accepted: ++s.accepted; break;
            case TestStatus::Blocked: ++s.blocked; break;
            case TestStatus::TimedOut: ++s.timed_out; break;
        }
    }
    std::vector<AreaSummary> out;
    for (const auto& area : known_areas())
        if (auto it = by_area.find(area); it != by_area.end()) {
            out.push_back(it->second);
            by_area.erase(it);
        }
    for (auto& [area, summary] : by_area) out.push_back(summary);
    return out;
}

Totals totals(const RunResults& results) {
    Totals t;
    for (const auto& s : summarize(results.tests)) {
        t.counts.passed += s.passed;
        t.counts.failed += s.failed;
        t.counts.skipped += s.skipped;
        t.counts.accepted += s.accepted;
        t.counts.blocked += s.blocked;
        t.counts.timed_out += s.timed_out;
        t.counts.seconds += s.seconds;
    }
    std::set<std::string> causes;
    for (const auto& test : results.tests) {
        t.interrupted += test.status == TestStatus::Interrupted;
        t.rate_limited_waits += test.rate_limited_waits;
        t.rate_limited_seconds += test.rate_limited_seconds;
        if (!fails_run(test.status)) continue;
        for (const auto& f : test.findings)
            if (!f.accepted) causes.insert(f.rule + "|" + f.title);
    }
    t.distinct_findings = static_cast<int>(causes.size());
    return t;
}

namespace {
/// Seconds to the millisecond: the clock measures no finer, and sums of binary fractions print as noise
/// (0.30000000000000004) otherwise.
double to_ms(double seconds) { return std::round(seconds * 1000.0) / 1000.0; }
}  // namespace

nlohmann::json to_json(const Finding& f) {
    nlohmann::json out = f;
    out["key"] = f.key();
    return out;
}

nlohmann::json to_json(const TestOutcome& t) {
    nlohmann::json findings = nlohmann::json::array();
    for (const auto& f : t.findings) findings.push_back(to_json(f));
    nlohmann::json test{{"name", t.name},
                        {"area", t.area},
                        {"status", std::string(to_string(t.status))},
                        {"seconds", to_ms(t.seconds)},
                        {"failure_messages", t.failure_messages},
                        {"findings", findings}};
    if (!t.reason.empty()) test["reason"] = t.reason;
    if (t.rate_limited_waits > 0)
        test["rate_limited"] = {{"waits", t.rate_limited_waits}, {"seconds", std::round(t.rate_limited_seconds * 1000.0) / 1000.0}};
    if (const auto& fault = t.harness_fault)
        test["harness_fault"] = *fault;
    return test;
}

nlohmann::json to_json(const RunResults& results) {
    const auto& m = results.meta;
    nlohmann::json tests = nlohmann::json::array();
    for (const auto& t : results.tests) tests.push_back(to_json(t));
    nlohmann::json areas = nlohmann::json::array();
    for (const auto& s : summarize(results.tests))
        areas.push_back({{"area", s.area}, {"passed", s.passed}, {"failed", s.failed}, {"skipped", s.skipped},
                         {"accepted", s.accepted}, {"blocked", s.blocked}, {"timed_out", s.timed_out},
                         {"seconds", to_ms(s.seconds)}});
    const Totals t = totals(results);
    const int total = static_cast<int>(results.tests.size());
    nlohmann::json document = {{"dockside_version", m.dockside_version},
            {"spec_version", m.spec_version},
            {"target", m.target},
            {"embedded", m.embedded},
            {"profile", m.profile},
            {"seed", m.seed},
            {"cases", m.cases},
            {"areas", m.areas},
            {"faults", m.faults},
            {"started_at", m.started_at},
            {"duration_seconds", to_ms(m.duration_seconds)},
            {"test_budget_seconds", m.test_budget_seconds},
            {"interrupted", m.interrupted.empty() ? nlohmann::json(false) : nlohmann::json(m.interrupted)},
            {"summary",
             {{"passed", t.counts.passed},
              {"failed", t.counts.failed - t.interrupted},
              {"skipped", t.counts.skipped},
              {"accepted", t.counts.accepted},
              {"blocked", t.counts.blocked},
              {"timed_out", t.counts.timed_out},
              {"interrupted", t.interrupted},
              {"not_run", std::max(0, m.selected - total)},
              {"total", total},
              {"distinct_findings", t.distinct_findings},
              {"rate_limited_waits", t.rate_limited_waits},
              {"rate_limited_seconds", std::round(t.rate_limited_seconds * 1000.0) / 1000.0}}},
            {"areas_summary", areas},
            {"tests", tests}};
    if (!results.schema_phase.empty()) document["schema_phase"] = coverage_json(results.schema_phase);
    if (results.accept) {
        nlohmann::json stale = nlohmann::json::array();
        for (const auto& entry : results.accept->stale) stale.push_back({{"key", entry.key}, {"why", entry.why}});
        document["accept"] = {{"file", results.accept->file},         {"entries", results.accept->entries},
                              {"matched", results.accept->matched},   {"not_judged", results.accept->not_judged},
                              {"stale", stale}};
    }
    if (m.credentials) document["credentials"] = to_json(*m.credentials);
    return document;
}

nlohmann::json to_json(const CredentialRenewals& c) {
    nlohmann::json out{{"renewals", c.renewals},
                       {"renewals_on_demand", c.on_demand},
                       {"renewal_failures", c.failures},
                       {"unauthorized_retries", c.unauthorized_retries},
                       {"unrenewed", c.unrenewed}};
    if (!c.refresh_token_file.empty()) out["refresh_token_file"] = c.refresh_token_file;
    if (!c.last_error.empty()) out["last_error"] = c.last_error;
    return out;
}

int exit_code(const RunResults& results) {
    const bool any_failed = std::any_of(results.tests.begin(), results.tests.end(),
                                        [](const TestOutcome& t) { return fails_run(t.status); });
    return any_failed || !results.meta.interrupted.empty() ? 1 : 0;
}

std::string utc_timestamp(bool compact) {
    const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm tm{};
    gmtime_r(&now, &tm);
    char buffer[32];
    std::strftime(buffer, sizeof buffer, compact ? "%Y%m%dT%H%M%SZ" : "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buffer;
}

}  // namespace dockside::conform
