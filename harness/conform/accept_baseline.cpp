#include "harness/conform/accept_baseline.h"

#include <algorithm>
#include <map>

namespace dockside::conform {
namespace {

/// The test of a key "rule|operation|test" (the test is last, and its name holds no '|').
std::string test_of_key(const std::string& key) {
    const auto second = key.find('|', key.find('|') + 1);
    return second == std::string::npos ? std::string() : key.substr(second + 1);
}

/// The key a line of an accept file holds: without its comment and surrounding white space.
std::string key_of_line(std::string_view line) {
    if (const auto hash = line.find('#'); hash != std::string_view::npos) line = line.substr(0, hash);
    const auto first = line.find_first_not_of(" \t\r");
    if (first == std::string_view::npos) return {};
    const auto last = line.find_last_not_of(" \t\r");
    return std::string(line.substr(first, last - first + 1));
}

}  // namespace

AcceptAudit audit_accept(const std::string& file, const std::set<std::string>& keys, const std::vector<TestOutcome>& tests,
                         bool whole_suite) {
    std::map<std::string, const TestOutcome*> by_name;
    for (const auto& test : tests) by_name[test.name] = &test;
    AcceptAudit audit;
    audit.file = file;
    audit.entries = static_cast<int>(keys.size());
    for (const auto& key : keys) {
        const auto found = by_name.find(test_of_key(key));
        if (found == by_name.end()) {
            if (whole_suite) audit.stale.push_back({key, "no test of this name ran in the whole suite: it was removed or renamed"});
            else ++audit.not_judged;
            continue;
        }
        const TestOutcome& test = *found->second;
        if (std::any_of(test.findings.begin(), test.findings.end(), [&](const Finding& f) { return f.key() == key; })) {
            ++audit.matched;
        } else if (test.status == TestStatus::Passed) {
            audit.stale.push_back({key, "the test passed"});
        } else if (test.status == TestStatus::Accepted) {
            audit.stale.push_back({key, "the test ran to its end without it (only its other accepted findings occurred)"});
        } else {
            ++audit.not_judged;
        }
    }
    return audit;
}

AcceptRewrite rewrite_accept_file(std::string_view previous, const std::vector<StaleAccept>& stale,
                                  const std::vector<Finding>& findings, const std::string& added_note) {
    AcceptRewrite out;
    if (previous.empty()) {
        out.text = render_accept_file(findings);
        out.total = out.added = parse_accept_file(out.text).size();
        return out;
    }
    std::set<std::string> dropped;
    for (const auto& entry : stale) dropped.insert(entry.key);
    const auto held = parse_accept_file(previous);
    std::size_t start = 0;
    while (start < previous.size()) {
        const auto end = std::min(previous.find('\n', start), previous.size());
        const std::string_view line = previous.substr(start, end - start);
        if (!dropped.count(key_of_line(line))) out.text.append(line).append("\n");
        start = end + 1;
    }
    std::set<std::string> added;
    for (const auto& f : findings)
        if (!held.count(f.key())) added.insert(f.key());
    if (!added.empty()) {
        out.text += "# " + added_note + "\n";
        for (const auto& key : added) out.text += key + "\n";
    }
    for (const auto& key : held) out.dropped += dropped.count(key);
    out.added = added.size();
    out.total = held.size() - out.dropped + out.added;
    return out;
}

std::set<std::string> parse_accept_file(std::string_view text) {
    std::set<std::string> keys;
    for (std::size_t start = 0; start <= text.size();) {
        const auto end = std::min(text.find('\n', start), text.size());
        if (auto key = key_of_line(text.substr(start, end - start)); !key.empty()) keys.insert(std::move(key));
        start = end + 1;
    }
    return keys;
}

std::string render_accept_file(const std::vector<Finding>& findings) {
    std::set<std::string> keys;
    for (const auto& f : findings) keys.insert(f.key());
    std::string text = "# Dockside accept file: findings listed here (rule|operation|test) are reported as accepted\n"
                       "# and do not fail `dockside conform --accept FILE`. Delete a line once the finding is fixed.\n";
    for (const auto& key : keys) text += key + "\n";
    return text;
}

}  // namespace dockside::conform
