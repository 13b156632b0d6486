#include "harness/compare/conform_diff.h"

#include <algorithm>
#include <map>
#include <set>

namespace dockside::compare {
namespace {

using nlohmann::json;

/// The statuses at which a test has exercised what it tests; the others (skipped, blocked, timed_out,
/// interrupted) say nothing about its findings.
bool observed(const std::string& status) { return status == "passed" || status == "failed" || status == "accepted"; }

/// One side: its runs folded together.
struct Side {
    int runs = 0;
    std::map<std::string, std::string> status;  ///< test → status (an observed one wins; failed over the rest)
    struct Seen {
        json finding;
        int runs = 0;
        bool accepted = true;  ///< accepted in every run that has it
    };
    std::map<std::string, Seen> findings;
};

int status_weight(const std::string& status) {
    if (status == "failed") return 3;
    if (status == "accepted") return 2;
    if (status == "passed") return 1;
    return 0;
}

Side fold(const std::vector<json>& runs) {
    Side side;
    side.runs = static_cast<int>(runs.size());
    for (const auto& run : runs) {
        std::set<std::string> keys_in_run;
        for (const auto& test : run.value("tests", json::array())) {
            const std::string name = test.value("name", "");
            const std::string status = test.value("status", "");
            auto [it, inserted] = side.status.emplace(name, status);
            if (!inserted && status_weight(status) > status_weight(it->second)) it->second = status;
            for (const auto& finding : test.value("findings", json::array())) {
                const std::string key = finding.value("key", "");
                // A copy of a finding another test reports is that finding, not one of its own.
                if (!finding.value("reported_under", "").empty()) continue;
                if (key.empty() || !keys_in_run.insert(key).second) continue;
                auto& seen = side.findings[key];
                if (seen.finding.is_null()) seen.finding = finding;
                ++seen.runs;
                seen.accepted = seen.accepted && finding.value("accepted", false);
            }
        }
    }
    return side;
}

std::string status_in(const Side& side, const std::string& test) {
    auto it = side.status.find(test);
    return it == side.status.end() ? "absent" : it->second;
}

FindingDiff make_diff(const std::string& key, const json& finding) {
    FindingDiff d;
    d.key = key;
    d.rule = finding.value("rule", "");
    d.operation = finding.value("operation", "");
    d.test = finding.value("test", "");
    d.title = finding.value("title", "");
    d.finding = finding;
    return d;
}

/// A finding one side lacks: `when_observed` (new, fixed) if its test reached a verdict on that side, else
/// not observed there.
void judge_one_sided(FindingDiff& d, const Side& other, FindingChange when_observed, const char* other_name) {
    const auto there = status_in(other, d.test);
    if (observed(there)) {
        d.change = when_observed;
        return;
    }
    d.change = FindingChange::NotObserved;
    d.not_observed_in = other_name;
    d.test_status_there = there;
}

std::string joined(const json& list) {
    std::string out;
    if (list.is_array())
        for (const auto& item : list) out += (out.empty() ? "" : ",") + (item.is_string() ? item.get<std::string>() : item.dump());
    return out.empty() ? "(none)" : out;
}

/// A meta field whose value differs between the sides' first runs, as a note.
void note_difference(std::vector<std::string>& notes, const char* field, const char* label, const std::vector<json>& a,
                     const std::vector<json>& b, const char* why) {
    if (a.empty() || b.empty() || !a.front().contains(field) || !b.front().contains(field)) return;
    const json& x = a.front()[field];
    const json& y = b.front()[field];
    if (x == y) return;
    const auto text = [](const json& v) { return v.is_array() ? joined(v) : v.is_string() ? v.get<std::string>() : v.dump(); };
    notes.push_back(std::string(label) + " differ: baseline " + text(x) + ", candidate " + text(y) + why);
}

}  // namespace

const char* to_string(FindingChange change) {
    switch (change) {
        case FindingChange::New: return "new";
        case FindingChange::Fixed: return "fixed";
        case FindingChange::StillFailing: return "still_failing";
        case FindingChange::NotObserved: return "not_observed";
    }
    return "?";
}

int ConformDiff::count(FindingChange change) const {
    return static_cast<int>(std::count_if(findings.begin(), findings.end(), [change](const FindingDiff& f) { return f.change == change; }));
}

std::vector<std::string> ConformDiff::rules(FindingChange change) const {
    std::set<std::string> rules;
    for (const auto& f : findings)
        if (f.change == change) rules.insert(f.rule);
    return {rules.begin(), rules.end()};
}

int ConformDiff::regressions() const {
    return static_cast<int>(std::count_if(findings.begin(), findings.end(), [](const FindingDiff& f) {
        return f.change == FindingChange::New && !f.accepted;
    }));
}

ConformDiff diff_conform(const std::vector<json>& baseline, const std::vector<json>& candidate) {
    const Side a = fold(baseline), b = fold(candidate);
    ConformDiff out;
    out.baseline_runs = a.runs;
    out.candidate_runs = b.runs;
    for (const auto& [key, seen] : b.findings) {
        auto d = make_diff(key, seen.finding);
        d.candidate_runs = seen.runs;
        d.accepted = seen.accepted;
        if (auto it = a.findings.find(key); it != a.findings.end()) {
            d.change = FindingChange::StillFailing;
            d.baseline_runs = it->second.runs;
        } else {
            judge_one_sided(d, a, FindingChange::New, "baseline");
        }
        out.findings.push_back(std::move(d));
    }
    for (const auto& [key, seen] : a.findings) {
        if (b.findings.count(key)) continue;
        auto d = make_diff(key, seen.finding);
        d.baseline_runs = seen.runs;
        d.accepted = seen.accepted;
        judge_one_sided(d, b, FindingChange::Fixed, "candidate");
        out.findings.push_back(std::move(d));
    }
    std::stable_sort(out.findings.begin(), out.findings.end(), [](const FindingDiff& x, const FindingDiff& y) {
        return x.change != y.change ? x.change < y.change : x.key < y.key;
    });
    for (const auto& [test, status] : b.status) {
        auto it = a.status.find(test);
        if (it == a.status.end()) out.tests_appeared.push_back(test);
        else if (it->second != status) out.status_changes.push_back({test, it->second, status});
    }
    for (const auto& [test, status] : a.status)
        if (!b.status.count(test)) out.tests_vanished.push_back(test);
    note_difference(out.notes, "areas", "the areas run", baseline, candidate, " (tests of an area one side did not run are not observed there)");
    note_difference(out.notes, "faults", "the faults", baseline, candidate, " (embedded reference server faults)");
    note_difference(out.notes, "cases", "the property cases", baseline, candidate, " (property cases per test)");
    // Embedded servers differ by their ephemeral port only; a remote target that changed is worth saying.
    const auto embedded = [](const std::vector<json>& runs) { return !runs.empty() && runs.front().value("embedded", false); };
    if (!embedded(baseline) || !embedded(candidate)) note_difference(out.notes, "target", "the targets", baseline, candidate, "");
    for (const auto* side : {&baseline, &candidate})
        for (const auto& run : *side)
            if (run.value("interrupted", json(false)) != json(false))
                out.notes.push_back(std::string(side == &baseline ? "a baseline" : "a candidate") +
                                    " run was interrupted: tests it did not finish are not observed");
    return out;
}

std::vector<std::string> conform_incompatibilities(const std::vector<json>& baseline, const std::vector<json>& candidate) {
    std::vector<std::string> problems;
    for (const char* field : {"spec_version", "profile"}) {
        std::map<std::string, std::string> values;  // value → which side first had it
        for (const auto* side : {&baseline, &candidate})
            for (const auto& run : *side) {
                const std::string value = run.value(field, "");
                if (value.empty()) continue;  // an older record that did not say: not held against it
                values.emplace(value, side == &baseline ? "baseline" : "candidate");
            }
        if (values.size() > 1) {
            std::string listed;
            for (const auto& [value, where] : values) listed += (listed.empty() ? "" : ", ") + value + " (" + where + ")";
            problems.push_back(std::string("the runs were made with different ") +
                               (std::string(field) == "profile" ? "profiles" : "spec versions") + ": " + listed);
        }
    }
    return problems;
}

json to_json(const ConformDiff& diff) {
    json findings = json::array();
    for (const auto& f : diff.findings) {
        json item{{"key", f.key},
                  {"change", to_string(f.change)},
                  {"rule", f.rule},
                  {"operation", f.operation},
                  {"test", f.test},
                  {"title", f.title},
                  {"baseline_runs", f.baseline_runs},
                  {"candidate_runs", f.candidate_runs},
                  {"accepted", f.accepted},
                  {"finding", f.finding}};
        if (f.change == FindingChange::NotObserved) {
            item["not_observed_in"] = f.not_observed_in;
            item["test_status_there"] = f.test_status_there;
        }
        findings.push_back(std::move(item));
    }
    json changes = json::array();
    for (const auto& c : diff.status_changes)
        changes.push_back({{"test", c.test}, {"baseline", c.baseline}, {"candidate", c.candidate}});
    return {{"baseline_runs", diff.baseline_runs},
            {"candidate_runs", diff.candidate_runs},
            {"counts",
             {{"new", diff.count(FindingChange::New)},
              {"fixed", diff.count(FindingChange::Fixed)},
              {"still_failing", diff.count(FindingChange::StillFailing)},
              {"not_observed", diff.count(FindingChange::NotObserved)},
              {"regressions", diff.regressions()}}},
            {"new_rules", diff.rules(FindingChange::New)},
            {"fixed_rules", diff.rules(FindingChange::Fixed)},
            {"findings", findings},
            {"tests_appeared", diff.tests_appeared},
            {"tests_vanished", diff.tests_vanished},
            {"status_changes", changes},
            {"notes", diff.notes}};
}

}  // namespace dockside::compare
