#include "harness/conform/results.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <iomanip>
#include <map>
#include <sstream>

#include "harness/conform/areas.h"

namespace dockside::conform {

std::string_view to_string(TestStatus status) {
    switch (status) {
        case TestStatus::Passed: return "passed";
        case TestStatus::Failed: return "failed";
        case TestStatus::Skipped: return "skipped";
        case TestStatus::Accepted: return "accepted";
    }
    return "failed";
}

std::string finding_marker(const std::string& key) { return "[dockside-finding " + key + "]"; }

TestOutcome classify(const RawTestResult& raw, std::vector<Finding> findings, const std::string& recorded_skip_reason) {
    TestOutcome out;
    out.name = raw.name;
    out.area = area_of_test(raw.name);
    out.seconds = raw.seconds;
    out.findings = std::move(findings);
    if (raw.failed) {
        // Accepted only when nothing but accepted findings explains the failure.
        const bool all_accepted = !out.findings.empty() &&
                                  std::all_of(out.findings.begin(), out.findings.end(),
                                              [](const Finding& f) { return f.accepted; });
        const bool all_explained = std::all_of(
            raw.failure_messages.begin(), raw.failure_messages.end(), [&](const std::string& message) {
                return std::any_of(out.findings.begin(), out.findings.end(), [&](const Finding& f) {
                    return message.find(finding_marker(f.key())) != std::string::npos;
                });
            });
        out.status = all_accepted && all_explained ? TestStatus::Accepted : TestStatus::Failed;
        for (const auto& message : raw.failure_messages) {
            const bool explained = std::any_of(out.findings.begin(), out.findings.end(), [&](const Finding& f) {
                return message.find(finding_marker(f.key())) != std::string::npos;
            });
            if (!explained) out.failure_messages.push_back(message);
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

std::vector<AreaSummary> summarize(const std::vector<TestOutcome>& tests) {
    std::map<std::string, AreaSummary> by_area;
    for (const auto& t : tests) {
        auto& s = by_area[t.area];
        s.area = t.area;
        s.seconds += t.seconds;
        switch (t.status) {
            case TestStatus::Passed: ++s.passed; break;
            case TestStatus::Failed: ++s.failed; break;
            case TestStatus::Skipped: ++s.skipped; break;
            case TestStatus::Accepted: ++s.accepted; break;
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

nlohmann::json to_json(const validate::Violation& v) {
    return {{"rule", v.rule}, {"pointer", v.pointer}, {"expected", v.expected}, {"actual", v.actual},
            {"spec_location", v.spec_location}};
}

nlohmann::json to_json(const Finding& f) {
    nlohmann::json violations = nlohmann::json::array();
    for (const auto& v : f.violations) violations.push_back(to_json(v));
    return {{"key", f.key()},          {"test", f.test},
            {"area", f.area},          {"operation", f.operation},
            {"rule", f.rule},          {"section", f.section},
            {"title", f.title},        {"message", f.message},
            {"curl", f.curl},          {"status", f.status},
            {"body_excerpt", f.body_excerpt}, {"violations", violations},
            {"seed", f.seed},          {"shrunk_input", f.shrunk_input},
            {"accepted", f.accepted},  {"occurrences", f.occurrences}};
}

nlohmann::json to_json(const RunResults& results) {
    const auto& m = results.meta;
    nlohmann::json tests = nlohmann::json::array();
    int passed = 0, failed = 0, skipped = 0, accepted = 0;
    for (const auto& t : results.tests) {
        nlohmann::json findings = nlohmann::json::array();
        for (const auto& f : t.findings) findings.push_back(to_json(f));
        nlohmann::json test{{"name", t.name},
                            {"area", t.area},
                            {"status", std::string(to_string(t.status))},
                            {"seconds", t.seconds},
                            {"failure_messages", t.failure_messages},
                            {"findings", findings}};
        if (t.status == TestStatus::Skipped) test["reason"] = t.reason;
        tests.push_back(std::move(test));
        passed += t.status == TestStatus::Passed;
        failed += t.status == TestStatus::Failed;
        skipped += t.status == TestStatus::Skipped;
        accepted += t.status == TestStatus::Accepted;
    }
    nlohmann::json areas = nlohmann::json::array();
    for (const auto& s : summarize(results.tests))
        areas.push_back({{"area", s.area}, {"passed", s.passed}, {"failed", s.failed}, {"skipped", s.skipped},
                         {"accepted", s.accepted}, {"seconds", s.seconds}});
    return {{"dockside_version", m.dockside_version},
            {"target", m.target},
            {"embedded", m.embedded},
            {"profile", m.profile},
            {"seed", m.seed},
            {"cases", m.cases},
            {"areas", m.areas},
            {"faults", m.faults},
            {"started_at", m.started_at},
            {"duration_seconds", m.duration_seconds},
            {"summary",
             {{"passed", passed}, {"failed", failed}, {"skipped", skipped}, {"accepted", accepted},
              {"total", static_cast<int>(results.tests.size())}}},
            {"areas_summary", areas},
            {"tests", tests}};
}

int exit_code(const RunResults& results) {
    const bool any_failed = std::any_of(results.tests.begin(), results.tests.end(),
                                        [](const TestOutcome& t) { return t.status == TestStatus::Failed; });
    return any_failed ? 1 : 0;
}

std::string render_progress_line(const AreaSummary& s) {
    std::ostringstream out;
    out << std::left << std::setw(12) << s.area << std::right << " passed " << std::setw(3) << s.passed
        << "  failed " << std::setw(3) << s.failed << "  skipped " << std::setw(3) << s.skipped;
    if (s.accepted) out << "  accepted " << std::setw(3) << s.accepted;
    out << "  " << std::fixed << std::setprecision(1) << std::setw(6) << s.seconds << " s";
    return out.str();
}

std::string render_summary(const RunResults& results) {
    std::ostringstream out;
    out << std::left << std::setw(12) << "area" << std::right << std::setw(8) << "passed" << std::setw(8) << "failed"
        << std::setw(9) << "skipped" << std::setw(10) << "accepted" << std::setw(10) << "seconds" << "\n";
    AreaSummary total{"total"};
    for (const auto& s : summarize(results.tests)) {
        out << std::left << std::setw(12) << s.area << std::right << std::setw(8) << s.passed << std::setw(8)
            << s.failed << std::setw(9) << s.skipped << std::setw(10) << s.accepted << std::setw(10) << std::fixed
            << std::setprecision(1) << s.seconds << "\n";
        total.passed += s.passed;
        total.failed += s.failed;
        total.skipped += s.skipped;
        total.accepted += s.accepted;
        total.seconds += s.seconds;
    }
    out << std::left << std::setw(12) << total.area << std::right << std::setw(8) << total.passed << std::setw(8)
        << total.failed << std::setw(9) << total.skipped << std::setw(10) << total.accepted << std::setw(10)
        << std::fixed << std::setprecision(1) << total.seconds << "\n";
    return out.str();
}

namespace {
void line(std::ostringstream& out, std::string_view label, const std::string& value) {
    if (value.empty()) return;
    out << "  " << std::left << std::setw(11) << label;
    // Continuation lines of multi-line values stay aligned under the value column.
    for (char c : value) {
        out << c;
        if (c == '\n') out << std::string(13, ' ');
    }
    out << "\n";
}
}  // namespace

std::string render_finding(const Finding& f) {
    std::ostringstream out;
    out << (f.accepted ? "ACCEPTED " : "FINDING ") << f.rule << (f.operation.empty() ? "" : " on " + f.operation)
        << (f.occurrences > 1 ? " (" + std::to_string(f.occurrences) + " times)" : "") << "\n";
    line(out, "test:", f.test);
    line(out, "title:", f.title);
    line(out, "operation:", f.operation);
    line(out, "rule:", f.rule);
    line(out, "section:", f.section);
    line(out, "result:", f.message);
    line(out, "curl:", f.curl);
    if (f.status) line(out, "status:", std::to_string(f.status));
    line(out, "body:", f.body_excerpt);
    if (!f.violations.empty()) {
        out << "  violations:\n";
        for (const auto& v : f.violations) {
            out << "    - " << v.rule << " at " << (v.pointer.empty() ? "(status/headers)" : v.pointer) << "\n"
                << "        expected: " << v.expected << "\n"
                << "        actual:   " << v.actual << "\n";
            if (!v.spec_location.empty()) out << "        spec:     " << v.spec_location << "\n";
        }
    }
    line(out, "replay:", f.seed);
    line(out, "shrunk:", f.shrunk_input);
    return out.str();
}

std::string render_failures(const RunResults& results) {
    std::ostringstream out;
    for (const auto& t : results.tests) {
        if (t.status != TestStatus::Failed && t.status != TestStatus::Accepted) continue;
        out << (t.status == TestStatus::Failed ? "FAILED " : "ACCEPTED ") << t.name << "  [" << t.area << "]\n";
        for (const auto& f : t.findings) out << render_finding(f);
        for (const auto& message : t.failure_messages) {
            out << "  GoogleTest failure:\n";
            std::istringstream lines(message);
            for (std::string text; std::getline(lines, text);) out << "    " << text << "\n";
        }
        out << "\n";
    }
    return out.str();
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
