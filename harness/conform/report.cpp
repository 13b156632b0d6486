#include "harness/conform/report.h"

#include <algorithm>
#include <iomanip>
#include <map>
#include <set>
#include <sstream>

namespace dockside::conform {
namespace {

const char* kRed = "\x1b[31m";
const char* kYellow = "\x1b[33m";
const char* kGreen = "\x1b[32m";
const char* kBold = "\x1b[1m";
const char* kReset = "\x1b[0m";

std::string paint(const std::string& text, const char* colour, bool on) {
    return on ? std::string(colour) + text + kReset : text;
}

void line(std::ostringstream& out, std::string_view label, const std::string& value) {
    if (value.empty()) return;
    out << "    " << std::left << std::setw(11) << label;
    // Continuation lines of multi-line values (curl scripts, shrunk inputs) stay under the value column.
    for (char c : value) {
        out << c;
        if (c == '\n') out << std::string(15, ' ');
    }
    out << "\n";
}

std::string one_line(const std::string& text, std::size_t max = 160) {
    std::string out;
    for (char c : text) out += c == '\n' || c == '\r' ? ' ' : c;
    return out.size() > max ? out.substr(0, max) + "…" : out;
}

/// The last line of a multi-line value (a curl snippet's request itself).
std::string last_line(const std::string& text) {
    const auto cut = text.rfind('\n');
    return cut == std::string::npos ? text : text.substr(cut + 1);
}

std::string times(int n) { return n > 1 ? " (" + std::to_string(n) + "×)" : ""; }

/// Same rule, operation and title: one cause, printed in full once per report.
std::string shown_key(const Finding& f) { return f.rule + "|" + f.operation + "|" + f.title; }

std::string headline(const Finding& f) {
    return f.rule + (f.operation.empty() ? "" : " on " + f.operation) + ": " + one_line(f.title, 120);
}

/// The findings of a test grouped by cause, in first-seen order, with how often each was recorded.
std::vector<std::pair<Finding, int>> by_cause(const std::vector<Finding>& findings) {
    std::vector<std::pair<Finding, int>> out;
    std::map<std::string, std::size_t> index;
    for (const auto& f : findings) {
        if (f.accepted) continue;
        auto [it, fresh] = index.emplace(shown_key(f), out.size());
        if (fresh) out.emplace_back(f, f.occurrences);
        else out[it->second].second += f.occurrences;
    }
    return out;
}

/// What the report has already printed: causes in full, and how many causes of each rule.
struct Shown {
    std::set<std::string> causes;
    std::map<std::string, std::size_t> per_rule;
};

void render_test(std::ostringstream& out, const TestOutcome& t, const ReportStyle& style, Shown& shown) {
    const bool verbose = style.detail == Detail::Verbose;
    const std::string label = t.status == TestStatus::TimedOut      ? "TIMED OUT"
                              : t.status == TestStatus::Interrupted ? "INTERRUPTED"
                                                                    : "FAILED";
    out << paint(label, kRed, style.colour) << " " << t.name << "  [" << t.area << "]\n";
    if (!t.reason.empty()) out << "    " << t.reason << "\n";
    std::size_t printed = 0, more = 0;
    std::set<std::string> more_rules;
    for (const auto& [f, count] : by_cause(t.findings)) {
        if (!f.reported_under.empty() && printed < style.full_findings_per_test) {
            // Printed in full under the test that reports it.
            out << "  FINDING " << headline(f) << times(count) << " — reported under " << f.reported_under << "\n";
            ++printed;
            continue;
        }
        const bool first_time = shown.causes.insert(shown_key(f)).second;
        const bool rule_room = shown.per_rule[f.rule] < style.full_causes_per_rule;
        if (verbose || (first_time && rule_room && printed < style.full_findings_per_test)) {
            ++shown.per_rule[f.rule];
            out << "  " << paint("FINDING", kBold, style.colour) << " " << headline(f) << times(count) << "\n"
                << render_finding(f, verbose ? 0 : 3);
        } else if (printed < style.full_findings_per_test) {
            out << "  FINDING " << headline(f) << times(count) << (first_time ? "" : " — as above") << "\n";
            if (first_time) out << "    curl:      " << one_line(last_line(f.curl), 200) << "\n";
        } else {
            ++more;
            more_rules.insert(f.rule);
            continue;
        }
        ++printed;
    }
    if (more) {
        std::string rules;
        for (const auto& r : more_rules) rules += (rules.empty() ? "" : ", ") + r;
        out << "  … " << more << " more finding" << (more > 1 ? "s" : "") << " (" << rules << "): see results.json\n";
    }
    for (const auto& message : t.failure_messages) {
        out << "  assertion: ";
        std::istringstream lines(message);
        bool first = true;
        for (std::string text; std::getline(lines, text);) {
            if (text.find("[dockside-finding") != std::string::npos) continue;
            out << (first ? "" : "             ") << text << "\n";
            first = false;
        }
        if (first) out << "\n";
    }
}

/// Blocked tests grouped by their cause (a setup that failed, or a finding reported under another test): the
/// cause in full once, then the tests it blocked.
void render_blocked(std::ostringstream& out, const RunResults& results, const ReportStyle& style, Shown& shown) {
    std::vector<std::string> order;
    std::map<std::string, std::pair<const Finding*, std::vector<std::string>>> groups;
    for (const auto& t : results.tests) {
        if (t.status != TestStatus::Blocked) continue;
        const Finding* cause = nullptr;
        for (const auto& f : t.findings)
            if (!f.accepted && blocks(f)) {
                cause = &f;
                break;
            }
        if (!cause) continue;
        auto [it, fresh] = groups.try_emplace(shown_key(*cause), cause, std::vector<std::string>{});
        if (fresh) order.push_back(shown_key(*cause));
        it->second.second.push_back(t.name);
    }
    for (const auto& key : order) {
        const auto& [cause, tests] = groups[key];
        out << paint("BLOCKED", kYellow, style.colour) << " " << tests.size() << " test" << (tests.size() > 1 ? "s" : "")
            << (cause->setup ? " by one setup failure (" + (cause->setup_step.empty() ? std::string("setup") : cause->setup_step) + ")"
                             : " by one finding, reported under " + cause->reported_under)
            << "\n";
        out << "  FINDING " << headline(*cause) << "\n";
        if (shown.causes.insert(key).second || style.detail == Detail::Verbose) out << render_finding(*cause, 3);
        const std::size_t listed = style.detail == Detail::Verbose ? tests.size() : std::min<std::size_t>(tests.size(), 8);
        out << "    tests:     ";
        for (std::size_t i = 0; i < listed; ++i) out << (i ? ", " : "") << tests[i];
        if (listed < tests.size()) out << " and " << tests.size() - listed << " more";
        out << "\n\n";
    }
}

}  // namespace

std::string render_progress_line(const AreaSummary& s, bool colour) {
    std::ostringstream out;
    out << std::left << std::setw(12) << s.area << std::right << " passed " << std::setw(3) << s.passed
        << "  failed " << std::setw(3) << s.failed << "  skipped " << std::setw(3) << s.skipped;
    if (s.blocked) out << "  blocked " << std::setw(3) << s.blocked;
    if (s.timed_out) out << "  timed out " << std::setw(3) << s.timed_out;
    if (s.accepted) out << "  accepted " << std::setw(3) << s.accepted;
    out << "  " << std::fixed << std::setprecision(1) << std::setw(6) << s.seconds << " s";
    const bool bad = s.failed || s.blocked || s.timed_out;
    return colour ? paint(out.str(), bad ? kRed : kGreen, true) : out.str();
}

std::string render_verdict(const RunResults& results) {
    const Totals t = totals(results);
    const int failed = t.counts.failed + t.counts.timed_out;
    std::ostringstream out;
    out << failed << " test" << (failed == 1 ? "" : "s") << " failed, " << t.distinct_findings << " distinct finding"
        << (t.distinct_findings == 1 ? "" : "s") << ", " << t.counts.blocked << " blocked";
    if (t.counts.timed_out) out << " (" << t.counts.timed_out << " of the failed timed out)";
    if (t.counts.accepted) out << ", " << t.counts.accepted << " accepted";
    out << "; " << t.counts.passed << " passed, " << t.counts.skipped << " skipped";
    const int not_run = results.meta.selected - static_cast<int>(results.tests.size());
    if (!results.meta.interrupted.empty())
        out << "; INTERRUPTED (" << results.meta.interrupted << ")" << (not_run > 0 ? ", " + std::to_string(not_run) + " not run" : "");
    return out.str();
}

std::string render_summary(const RunResults& results, bool colour, bool area_rows) {
    std::ostringstream out;
    out << std::left << std::setw(12) << "area" << std::right << std::setw(8) << "passed" << std::setw(8) << "failed"
        << std::setw(9) << "blocked" << std::setw(9) << "skipped" << std::setw(10) << "accepted" << std::setw(10)
        << "seconds" << "\n";
    auto row = [&](const AreaSummary& s) {
        out << std::left << std::setw(12) << s.area << std::right << std::setw(8) << s.passed << std::setw(8)
            << s.failed + s.timed_out << std::setw(9) << s.blocked << std::setw(9) << s.skipped << std::setw(10)
            << s.accepted << std::setw(10) << std::fixed << std::setprecision(1) << s.seconds << "\n";
    };
    if (area_rows)
        for (const auto& s : summarize(results.tests)) row(s);
    const Totals t = totals(results);
    // The total is how long the run took: with --workers the tests' own times overlap, so their sum is more.
    AreaSummary total = t.counts;
    total.seconds = results.meta.duration_seconds;
    row(total);
    if (t.counts.seconds > results.meta.duration_seconds + 0.05)
        out << "seconds: an area's are its tests' times added up; the total is the run's wall time (the tests' "
               "times add up to "
            << std::fixed << std::setprecision(1) << t.counts.seconds << " s, run side by side)\n";
    const bool bad = exit_code(results) != 0;
    out << paint(render_verdict(results), bad ? kRed : kGreen, colour) << "\n";
    if (t.rate_limited_waits > 0)
        out << "the target answered 429 (rate limited) " << t.rate_limited_waits << " time"
            << (t.rate_limited_waits == 1 ? "" : "s") << "; each was waited out as it asked (" << std::fixed
            << std::setprecision(1) << t.rate_limited_seconds << " s in all) and is not a finding\n";
    if (const auto& c = results.meta.credentials) {
        out << "OAuth: the access token was renewed " << c->renewals << " time" << (c->renewals == 1 ? "" : "s") << " ("
            << c->on_demand << " after a 401); " << c->unauthorized_retries << " request"
            << (c->unauthorized_retries == 1 ? "" : "s") << " refused with an expired token sent once more with the new one";
        if (c->failures > 0) out << "; " << c->failures << " renewal(s) failed, the last: " << c->last_error;
        if (c->unrenewed > 0) out << "; " << c->unrenewed << " refused request(s) got no new token in time";
        out << "\n";
    }
    return out.str();
}

std::string render_finding(const Finding& f, std::size_t max_violations) {
    std::ostringstream out;
    line(out, "test:", f.test);
    line(out, "section:", f.section);
    line(out, "result:", f.message);
    line(out, "curl:", f.curl);
    if (f.status) line(out, "status:", std::to_string(f.status));
    line(out, "body:", one_line(f.body_excerpt, 300));
    const std::size_t shown = max_violations ? std::min(max_violations, f.violations.size()) : f.violations.size();
    if (shown) {
        out << "    violations:\n";
        for (std::size_t i = 0; i < shown; ++i) {
            const auto& v = f.violations[i];
            out << "      - " << v.rule << " at " << (v.pointer.empty() ? "(status/headers)" : v.pointer)
                << ": expected: " << one_line(v.expected, 100) << "; actual:   " << one_line(v.actual, 100) << "\n";
            if (!v.spec_location.empty()) out << "        spec: " << v.spec_location << "\n";
        }
        if (shown < f.violations.size()) out << "      … " << f.violations.size() - shown << " more\n";
    }
    line(out, "replay:", f.replay);
    line(out, "shrunk:", f.shrunk_input);
    return out.str();
}

std::string render_skip_reasons(const RunResults& results, std::size_t max_reasons) {
    std::map<std::string, int> count;
    std::vector<std::string> order;  // first seen first, among reasons of equal count
    int skipped = 0;
    for (const auto& t : results.tests) {
        if (t.status != TestStatus::Skipped) continue;
        ++skipped;
        const std::string reason = t.reason.empty() ? "(no reason given)" : one_line(t.reason, 240);
        if (count[reason]++ == 0) order.push_back(reason);
    }
    if (skipped == 0) return {};
    std::stable_sort(order.begin(), order.end(), [&](const auto& a, const auto& b) { return count[a] > count[b]; });
    std::ostringstream out;
    out << skipped << " skipped: ";
    int shown = 0;
    for (std::size_t i = 0; i < order.size() && i < max_reasons; ++i) {
        out << (i ? "; " : "") << count[order[i]] << " × " << order[i];
        shown += count[order[i]];
    }
    if (order.size() > max_reasons)
        out << "; " << skipped - shown << " for " << order.size() - max_reasons << " other reason"
            << (order.size() - max_reasons > 1 ? "s" : "");
    out << " — `-v` lists each skipped test and its reason (so does results.json)\n";
    return out.str();
}

std::string render_failures(const RunResults& results, const ReportStyle& style) {
    std::ostringstream out;
    if (style.detail == Detail::Quiet) return {};
    Shown shown;
    for (const auto& t : results.tests) {
        if (t.status != TestStatus::Failed && t.status != TestStatus::TimedOut && t.status != TestStatus::Interrupted)
            continue;
        render_test(out, t, style, shown);
        out << "\n";
    }
    render_blocked(out, results, style, shown);
    for (const auto& t : results.tests) {
        if (t.status == TestStatus::Accepted) {
            out << "ACCEPTED " << t.name;
            for (const auto& f : t.findings) out << "  " << f.rule << (f.operation.empty() ? "" : " on " + f.operation);
            out << "\n";
            if (style.detail == Detail::Verbose)
                for (const auto& f : t.findings) out << render_finding(f);
        } else if (t.status == TestStatus::Skipped && style.detail == Detail::Verbose) {
            out << "SKIPPED " << t.name << ": " << t.reason << "\n";
        }
    }
    return out.str();
}

}  // namespace dockside::conform
