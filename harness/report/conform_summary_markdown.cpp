// The Markdown verdict of a conformance run: verdict and counts, the areas with failures, the findings by
// cause (rule × operation) with a replay command each, tests that failed without a finding, tests that did
// not finish, the accept file's stale entries, the skip reasons; then where the whole record is.

#include <algorithm>
#include <cstdio>
#include <map>

#include "harness/report/summary_markdown.h"

namespace dockside::report {
namespace {

using conform::TestStatus;

std::string verdict_line(const conform::RunResults& results) {
    if (!results.meta.interrupted.empty()) return "## ⚠️ Dockside conform: interrupted by " + md_text(results.meta.interrupted);
    return conform::exit_code(results) == 0 ? "## ✅ Dockside conform: passed" : "## ❌ Dockside conform: failed";
}

std::string counts_line(const conform::RunResults& results) {
    const auto t = conform::totals(results);
    const auto& c = t.counts;
    const int failed = c.failed - t.interrupted;
    std::string line;
    if (failed + c.blocked + c.timed_out + t.interrupted > 0)
        line = "**" + md_count(failed) + " failed, " + md_count(t.distinct_findings) +
               (t.distinct_findings == 1 ? " distinct finding, " : " distinct findings, ") +
               md_count(c.blocked) + " blocked, " + md_count(c.timed_out) + " timed out" +
               (t.interrupted ? ", " + md_count(t.interrupted) + " interrupted" : "") + "** · ";
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, "%.1f s", results.meta.duration_seconds);
    line += md_count(c.passed) + " passed · " + md_count(c.skipped) + " skipped · " + md_count(c.accepted) +
            " accepted · " + md_count(static_cast<long long>(results.tests.size())) + " tests in " + seconds;
    const int not_run = results.meta.selected - static_cast<int>(results.tests.size());
    if (not_run > 0) line += " · " + md_count(not_run) + " not run";
    return line;
}

std::string target_line(const conform::RunMetadata& m) {
    std::string line = "Target " + md_code(m.target) + " · API " + md_text(m.spec_version.empty() ? "?" : m.spec_version) +
                       " · profile " + md_code(m.profile) + " · seed " + std::to_string(m.seed);
    if (!m.faults.empty()) {
        std::string faults;
        for (const auto& f : m.faults) faults += (faults.empty() ? "" : ", ") + f;
        line += " · faults " + md_code(faults);
    }
    return line;
}

/// The areas with a failed, blocked or timed-out test, as table rows.
std::vector<std::string> failing_areas(const conform::RunResults& results) {
    std::vector<std::string> rows;
    for (const auto& a : conform::summarize(results.tests))
        if (a.failed + a.blocked + a.timed_out > 0)
            rows.push_back("| " + md_text(a.area) + " | " + md_count(a.passed) + " | " + md_count(a.failed) + " | " +
                           md_count(a.blocked) + " | " + md_count(a.timed_out) + " | " + md_count(a.skipped) + " | " +
                           md_count(a.accepted) + " |");
    return rows;
}

/// One line per cause (rule × operation) of the findings that fail the run, the commonest first.
std::vector<std::string> causes(const conform::RunResults& results) {
    struct Cause {
        const conform::Finding* example = nullptr;
        int tests = 0;
    };
    std::map<std::pair<std::string, std::string>, Cause> by_cause;
    for (const auto& test : results.tests)
        for (const auto& f : test.findings) {
            if (f.accepted) continue;
            auto& cause = by_cause[{f.rule, f.operation}];
            if (!cause.example) cause.example = &f;
            ++cause.tests;
        }
    std::vector<const std::pair<const std::pair<std::string, std::string>, Cause>*> order;
    for (const auto& entry : by_cause) order.push_back(&entry);
    std::stable_sort(order.begin(), order.end(), [](auto* a, auto* b) { return a->second.tests > b->second.tests; });
    std::vector<std::string> lines;
    for (const auto* entry : order) {
        const auto& f = *entry->second.example;
        const int n = entry->second.tests;
        std::string line = "- **" + md_text(f.rule.empty() ? "(no rule)" : f.rule, 60) + "** · " +
                           md_code(f.operation.empty() ? "(no operation)" : f.operation, 80) + " — " + md_text(f.title) +
                           " (" + md_count(n) + (n == 1 ? " finding" : " findings") + ", e.g. " + md_code(f.test, 160) + ")";
        if (!f.message.empty()) line += ": " + md_text(f.message, 160);
        if (!f.replay.empty()) line += " — replay " + md_code(f.replay, 400);
        lines.push_back(std::move(line));
    }
    return lines;
}

/// Failed tests no finding explains (an assertion of the suite, or the harness itself died in them).
std::vector<std::string> unexplained_failures(const conform::RunResults& results) {
    std::vector<std::string> lines;
    for (const auto& test : results.tests) {
        if (test.status != TestStatus::Failed) continue;
        const bool explained = std::any_of(test.findings.begin(), test.findings.end(), [](const auto& f) { return !f.accepted; });
        if (explained) continue;
        std::string why = test.harness_fault ? "the harness died: " + test.harness_fault->cause
                          : test.failure_messages.empty() ? std::string("failed")
                                                           : test.failure_messages.front();
        lines.push_back("- " + md_code(test.name, 160) + ": " + md_text(why));
    }
    return lines;
}

std::vector<std::string> unfinished(const conform::RunResults& results) {
    std::vector<std::string> lines;
    for (const auto& test : results.tests)
        if (test.status == TestStatus::Blocked || test.status == TestStatus::TimedOut || test.status == TestStatus::Interrupted)
            lines.push_back("- " + md_code(test.name, 160) + " " + std::string(conform::to_string(test.status)) + ": " +
                            md_text(test.reason));
    return lines;
}

std::vector<std::string> stale_entries(const conform::RunResults& results) {
    std::vector<std::string> lines;
    if (results.accept)
        for (const auto& stale : results.accept->stale) lines.push_back("- " + md_code(stale.key) + ": " + md_text(stale.why));
    return lines;
}

/// "13 skipped: 8 × needs a read-only token; 5 × …" with the three commonest reasons.
std::string skip_line(const conform::RunResults& results) {
    std::map<std::string, int> count;
    int skipped = 0;
    for (const auto& t : results.tests)
        if (t.status == TestStatus::Skipped) ++skipped, ++count[t.reason.empty() ? "(no reason given)" : t.reason];
    if (skipped == 0) return {};
    std::vector<std::pair<std::string, int>> reasons(count.begin(), count.end());
    std::stable_sort(reasons.begin(), reasons.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
    std::string line = md_count(skipped) + " skipped: ";
    int shown = 0;
    for (std::size_t i = 0; i < reasons.size() && i < 3; ++i) {
        line += (i ? "; " : "") + md_count(reasons[i].second) + " × " + md_text(reasons[i].first, 120);
        shown += reasons[i].second;
    }
    if (reasons.size() > 3) line += "; " + md_count(skipped - shown) + " for other reasons";
    return line;
}

}  // namespace

std::string conform_summary_markdown(const conform::RunResults& results, const std::string& folder, std::size_t limit) {
    BoundedMarkdown md(limit);
    md.line(verdict_line(results));
    md.line(counts_line(results));
    md.line(target_line(results.meta));
    const std::string where = everything_at(folder, "results.json");
    // Each part below keeps room for the ones after it, so a long list cannot push out the pointer.
    const auto areas = failing_areas(results);
    if (!areas.empty()) {
        md.line("");
        md.line("| area with failures | passed | failed | blocked | timed out | skipped | accepted |");
        md.line("|---|--:|--:|--:|--:|--:|--:|");
        md.items(areas, "areas", where, 5 * kMarkdownPartReserve);
    }
    md.sections({{"Findings by cause", causes(results)},
                 {"Failed without a finding", unexplained_failures(results)},
                 {"Blocked, timed out or interrupted", unfinished(results)},
                 {"Accepted findings that no longer occur", stale_entries(results)}},
                where, 2 * kMarkdownPartReserve);  // room for the accept file's note and the skip reasons
    if (results.accept && !results.accept->stale.empty())
        md.line("The accept file " + md_code(results.accept->file) +
                " still lists them; `--write-accept` with `--accept` writes it without them.");
    if (const auto skips = skip_line(results); !skips.empty()) {
        md.line("");
        md.line(skips);
    }
    md.line("");
    md.line(record_pointer(folder, "results.json"));
    return md.text();
}

std::string everything_at(const std::string& folder, const char* record_file) {
    return "every one is in " + md_code(folder + "/" + record_file) + "; the page: " + md_code("dockside report " + folder);
}

std::string record_pointer(const std::string& folder, const char* record_file) {
    return "Record " + md_code(folder + "/" + record_file) + " · JUnit " + md_code(folder + "/junit.xml") + " · report: " +
           md_code("dockside report " + folder);
}

}  // namespace dockside::report
