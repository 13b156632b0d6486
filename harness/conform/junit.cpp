#include "harness/conform/junit.h"

#include <map>
#include <sstream>

#include "core/xml_text.h"
#include "harness/conform/report.h"

namespace dockside::conform {
namespace {

/// The text of a failed test: each finding in full, then assertions no finding explains.
std::string failure_text(const TestOutcome& t) {
    std::ostringstream out;
    if (!t.reason.empty()) out << t.reason << "\n";
    for (const auto& f : t.findings) {
        if (f.accepted) continue;
        out << f.rule << (f.operation.empty() ? "" : " on " + f.operation) << ": " << f.title
            << (f.occurrences > 1 ? " (" + std::to_string(f.occurrences) + "×)" : "");
        if (!f.reported_under.empty() && t.status == TestStatus::Failed) out << " (reported under " << f.reported_under << ")\n";
        else out << "\n" << render_finding(f) << "\n";
    }
    for (const auto& m : t.failure_messages) out << "assertion: " << m << "\n";
    return out.str();
}

/// The first open finding that blocks the test (`blocking`), or else the first of its own.
const Finding* first_open(const TestOutcome& t, bool blocking) {
    for (const auto& f : t.findings)
        if (!f.accepted && blocks(f) == blocking) return &f;
    return nullptr;
}

void render_case(std::ostringstream& out, const TestOutcome& t) {
    const auto dot = t.name.find('.');
    const std::string suite = dot == std::string::npos ? t.name : t.name.substr(0, dot);
    const std::string name = dot == std::string::npos ? t.name : t.name.substr(dot + 1);
    out << "    <testcase" << xml_attribute("name", name) << xml_attribute("classname", suite)
        << xml_attribute("time", junit_seconds(t.seconds));
    switch (t.status) {
        case TestStatus::Passed: out << "/>\n"; return;
        case TestStatus::Skipped:
            out << ">\n      <skipped" << xml_attribute("message", t.reason) << "/>\n    </testcase>\n";
            return;
        case TestStatus::Accepted: {
            std::string rules;
            for (const auto& f : t.findings) rules += (rules.empty() ? "" : ", ") + f.rule;
            out << ">\n      <skipped" << xml_attribute("message", "accepted: known findings (" + rules + ") listed in the accept file")
                << "/>\n      <system-out>";
            for (const auto& f : t.findings) out << xml_escape(f.rule + ": " + f.title + "\n" + render_finding(f));
            out << "</system-out>\n    </testcase>\n";
            return;
        }
        case TestStatus::Failed: {
            const Finding* f = first_open(t, false);
            const std::string message = f ? f->title : t.failure_messages.empty() ? "failed" : t.failure_messages.front();
            out << ">\n      <failure" << xml_attribute("message", message)
                << xml_attribute("type", f ? f->rule : t.harness_fault ? "harness-fault" : "assertion") << ">"
                << xml_escape(failure_text(t)) << "</failure>\n    </testcase>\n";
            return;
        }
        case TestStatus::Blocked: {
            const Finding* f = first_open(t, true);
            out << ">\n      <error" << xml_attribute("message", t.reason) << xml_attribute("type", f ? f->rule : "setup") << ">"
                << xml_escape(failure_text(t)) << "</error>\n    </testcase>\n";
            return;
        }
        case TestStatus::TimedOut:
        case TestStatus::Interrupted:
            out << ">\n      <error" << xml_attribute("message", t.reason)
                << xml_attribute("type", t.status == TestStatus::TimedOut ? "timeout" : "interrupted") << ">"
                << xml_escape(failure_text(t)) << "</error>\n    </testcase>\n";
            return;
    }
}

}  // namespace


std::string render_junit(const RunResults& results) {
    std::map<std::string, std::vector<const TestOutcome*>> by_area;
    for (const auto& t : results.tests) by_area[t.area].push_back(&t);
    const Totals all = totals(results);
    const int errors = all.counts.blocked + all.counts.timed_out + all.interrupted;
    std::ostringstream out;
    out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        << "<testsuites" << xml_attribute("name", "dockside conform") << xml_attribute("tests", std::to_string(results.tests.size()))
        << xml_attribute("failures", std::to_string(all.counts.failed - all.interrupted))
        << xml_attribute("errors", std::to_string(errors))
        << xml_attribute("skipped", std::to_string(all.counts.skipped + all.counts.accepted))
        << xml_attribute("time", junit_seconds(results.meta.duration_seconds)) << ">\n";
    for (const auto& s : summarize(results.tests)) {
        int interrupted = 0;
        for (const auto* t : by_area[s.area]) interrupted += t->status == TestStatus::Interrupted;
        out << "  <testsuite" << xml_attribute("name", s.area) << xml_attribute("tests", std::to_string(by_area[s.area].size()))
            << xml_attribute("failures", std::to_string(s.failed - interrupted))
            << xml_attribute("errors", std::to_string(s.blocked + s.timed_out + interrupted))
            << xml_attribute("skipped", std::to_string(s.skipped + s.accepted)) << xml_attribute("time", junit_seconds(s.seconds));
        // A timestamp without zone designator, as the schema's xs:dateTime pattern asks.
        std::string stamp = results.meta.started_at;
        if (!stamp.empty() && stamp.back() == 'Z') stamp.pop_back();
        if (!stamp.empty()) out << xml_attribute("timestamp", stamp);
        out << ">\n    <properties>\n";
        int waits = 0;
        double waited = 0;
        for (const auto* t : by_area[s.area]) waits += t->rate_limited_waits, waited += t->rate_limited_seconds;
        std::vector<std::pair<std::string, std::string>> properties{
            {"target", results.meta.target}, {"profile", results.meta.profile},
            {"seed", std::to_string(results.meta.seed)}, {"cases", std::to_string(results.meta.cases)}};
        // Answers 429 waited out (NS-RATE-LIMITS): throttling, shown so a slow area is explained.
        if (waits > 0) properties.insert(properties.end(), {{"rate_limited_waits", std::to_string(waits)},
                                                            {"rate_limited_seconds", junit_seconds(waited)}});
        for (const auto& [name, value] : properties)
            out << "      <property" << xml_attribute("name", name) << xml_attribute("value", value) << "/>\n";
        out << "    </properties>\n";
        for (const auto* t : by_area[s.area]) render_case(out, *t);
        out << "  </testsuite>\n";
    }
    out << "</testsuites>\n";
    return out.str();
}

}  // namespace dockside::conform
