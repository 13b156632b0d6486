#include "harness/conform/junit.h"

#include <cstdio>
#include <map>
#include <sstream>

#include "harness/conform/report.h"

namespace dockside::conform {
namespace {

constexpr std::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD

/// Length of the valid UTF-8 sequence starting at `i`, 0 when it is not one.
std::size_t utf8_length(std::string_view s, std::size_t i) {
    const auto b = static_cast<unsigned char>(s[i]);
    std::size_t n = b < 0x80 ? 1 : (b >> 5) == 0x6 ? 2 : (b >> 4) == 0xE ? 3 : (b >> 3) == 0x1E ? 4 : 0;
    if (n == 0 || i + n > s.size()) return 0;
    for (std::size_t k = 1; k < n; ++k)
        if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return 0;
    if (n == 2 && b < 0xC2) return 0;  // overlong
    return n;
}

std::string seconds_text(double s) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.3f", s);
    return buffer;
}

std::string attr(std::string_view name, std::string_view value) {
    return " " + std::string(name) + "=\"" + xml_escape(value) + "\"";
}

/// The text of a failed test: each finding in full, then assertions no finding explains.
std::string failure_text(const TestOutcome& t) {
    std::ostringstream out;
    if (!t.reason.empty()) out << t.reason << "\n";
    for (const auto& f : t.findings) {
        if (f.accepted) continue;
        out << f.rule << (f.operation.empty() ? "" : " on " + f.operation) << ": " << f.title
            << (f.occurrences > 1 ? " (" + std::to_string(f.occurrences) + "×)" : "") << "\n"
            << render_finding(f) << "\n";
    }
    for (const auto& m : t.failure_messages) out << "assertion: " << m << "\n";
    return out.str();
}

const Finding* first_open(const TestOutcome& t, bool setup_only) {
    for (const auto& f : t.findings)
        if (!f.accepted && (!setup_only || f.setup)) return &f;
    return nullptr;
}

void render_case(std::ostringstream& out, const TestOutcome& t) {
    const auto dot = t.name.find('.');
    const std::string suite = dot == std::string::npos ? t.name : t.name.substr(0, dot);
    const std::string name = dot == std::string::npos ? t.name : t.name.substr(dot + 1);
    out << "    <testcase" << attr("name", name) << attr("classname", suite) << attr("time", seconds_text(t.seconds));
    switch (t.status) {
        case TestStatus::Passed: out << "/>\n"; return;
        case TestStatus::Skipped:
            out << ">\n      <skipped" << attr("message", t.reason) << "/>\n    </testcase>\n";
            return;
        case TestStatus::Accepted: {
            std::string rules;
            for (const auto& f : t.findings) rules += (rules.empty() ? "" : ", ") + f.rule;
            out << ">\n      <skipped" << attr("message", "accepted: known findings (" + rules + ") listed in the accept file")
                << "/>\n      <system-out>";
            for (const auto& f : t.findings) out << xml_escape(f.rule + ": " + f.title + "\n" + render_finding(f));
            out << "</system-out>\n    </testcase>\n";
            return;
        }
        case TestStatus::Failed: {
            const Finding* f = first_open(t, false);
            const std::string message = f ? f->title : t.failure_messages.empty() ? "failed" : t.failure_messages.front();
            out << ">\n      <failure" << attr("message", message) << attr("type", f ? f->rule : t.harness_fault ? "harness-fault" : "assertion") << ">"
                << xml_escape(failure_text(t)) << "</failure>\n    </testcase>\n";
            return;
        }
        case TestStatus::Blocked: {
            const Finding* f = first_open(t, true);
            out << ">\n      <error" << attr("message", t.reason) << attr("type", f ? f->rule : "setup") << ">"
                << xml_escape(failure_text(t)) << "</error>\n    </testcase>\n";
            return;
        }
        case TestStatus::TimedOut:
        case TestStatus::Interrupted:
            out << ">\n      <error" << attr("message", t.reason)
                << attr("type", t.status == TestStatus::TimedOut ? "timeout" : "interrupted") << ">"
                << xml_escape(failure_text(t)) << "</error>\n    </testcase>\n";
            return;
    }
}

}  // namespace

std::string xml_escape(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t n = utf8_length(text, i);
        if (n == 0) {
            out += kReplacement;
            ++i;
            continue;
        }
        const char c = text[i];
        if (n == 1) {
            switch (c) {
                case '&': out += "&amp;"; break;
                case '<': out += "&lt;"; break;
                case '>': out += "&gt;"; break;
                case '"': out += "&quot;"; break;
                case '\'': out += "&apos;"; break;
                case '\t': out += "&#9;"; break;
                case '\n': out += "&#10;"; break;
                case '\r': out += "&#13;"; break;
                default:
                    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) out += kReplacement;
                    else out += c;
            }
        } else {
            // U+FFFE and U+FFFF are not XML characters either.
            const std::string_view seq = text.substr(i, n);
            out += seq == "\xEF\xBF\xBE" || seq == "\xEF\xBF\xBF" ? kReplacement : seq;
        }
        i += n;
    }
    return out;
}

std::string render_junit(const RunResults& results) {
    std::map<std::string, std::vector<const TestOutcome*>> by_area;
    for (const auto& t : results.tests) by_area[t.area].push_back(&t);
    const Totals all = totals(results);
    const int errors = all.counts.blocked + all.counts.timed_out + all.interrupted;
    std::ostringstream out;
    out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        << "<testsuites" << attr("name", "dockside conform") << attr("tests", std::to_string(results.tests.size()))
        << attr("failures", std::to_string(all.counts.failed - all.interrupted)) << attr("errors", std::to_string(errors))
        << attr("skipped", std::to_string(all.counts.skipped + all.counts.accepted))
        << attr("time", seconds_text(results.meta.duration_seconds)) << ">\n";
    for (const auto& s : summarize(results.tests)) {
        int interrupted = 0;
        for (const auto* t : by_area[s.area]) interrupted += t->status == TestStatus::Interrupted;
        out << "  <testsuite" << attr("name", s.area) << attr("tests", std::to_string(by_area[s.area].size()))
            << attr("failures", std::to_string(s.failed - interrupted))
            << attr("errors", std::to_string(s.blocked + s.timed_out + interrupted))
            << attr("skipped", std::to_string(s.skipped + s.accepted)) << attr("time", seconds_text(s.seconds));
        // A timestamp without zone designator, as the schema's xs:dateTime pattern asks.
        std::string stamp = results.meta.started_at;
        if (!stamp.empty() && stamp.back() == 'Z') stamp.pop_back();
        if (!stamp.empty()) out << attr("timestamp", stamp);
        out << ">\n    <properties>\n";
        int waits = 0;
        double waited = 0;
        for (const auto* t : by_area[s.area]) waits += t->rate_limited_waits, waited += t->rate_limited_seconds;
        std::vector<std::pair<std::string, std::string>> properties{
            {"target", results.meta.target}, {"profile", results.meta.profile},
            {"seed", std::to_string(results.meta.seed)}, {"cases", std::to_string(results.meta.cases)}};
        // Answers 429 waited out (NS-RATE-LIMITS): throttling, shown so a slow area is explained.
        if (waits > 0) properties.insert(properties.end(), {{"rate_limited_waits", std::to_string(waits)},
                                                            {"rate_limited_seconds", seconds_text(waited)}});
        for (const auto& [name, value] : properties)
            out << "      <property" << attr("name", name) << attr("value", value) << "/>\n";
        out << "    </properties>\n";
        for (const auto* t : by_area[s.area]) render_case(out, *t);
        out << "  </testsuite>\n";
    }
    out << "</testsuites>\n";
    return out.str();
}

}  // namespace dockside::conform
