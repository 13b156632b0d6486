#include "harness/conform/finding.h"

#include <algorithm>
#include <cctype>
#include <sstream>

#include "core/text.h"
#include "core/utf8.h"

namespace dockside::conform {

std::string Finding::key() const { return rule + "|" + operation + "|" + test; }

std::string excerpt(std::string_view body, std::size_t max_chars) {
    // Counts code points, not bytes, so a multi-byte character is never cut in half.
    std::size_t chars = 0;
    std::size_t i = 0;
    while (i < body.size()) {
        // A target's body need not be text: the excerpt always is (it goes into results.json).
        if (chars == max_chars) return to_valid_utf8(body.substr(0, i)) + "…";
        const auto lead = static_cast<unsigned char>(body[i]);
        std::size_t width = lead < 0x80 ? 1 : (lead >> 5) == 0x6 ? 2 : (lead >> 4) == 0xE ? 3 : (lead >> 3) == 0x1E ? 4 : 1;
        i += std::min(width, body.size() - i);
        ++chars;
    }
    return to_valid_utf8(body);
}

std::string area_of_test(std::string_view test_name) {
    // The suite is the part before the first '.'. Value-parameterised suites carry an instantiation
    // prefix ("P/Returns"), typed ones an index ("Returns/0"): take the last segment that is not a number.
    std::string_view suite = test_name.substr(0, test_name.find('.'));
    std::string_view chosen = suite;
    std::size_t start = 0;
    while (start <= suite.size()) {
        const auto end = std::min(suite.find('/', start), suite.size());
        const std::string_view segment = suite.substr(start, end - start);
        const bool numeric = !segment.empty() && std::all_of(segment.begin(), segment.end(), [](char c) {
            return std::isdigit(static_cast<unsigned char>(c));
        });
        if (!segment.empty() && !numeric) chosen = segment;
        start = end + 1;
    }
    // RC_GTEST_FIXTURE_PROP names its suite "<Fixture>_RapidCheck".
    constexpr std::string_view kRcSuffix = "_RapidCheck";
    if (chosen.size() > kRcSuffix.size() && chosen.substr(chosen.size() - kRcSuffix.size()) == kRcSuffix)
        chosen.remove_suffix(kRcSuffix.size());
    return ascii_lower(chosen);
}

std::string rule_of_test(std::string_view test_name) {
    const auto dot = test_name.find('.');
    if (dot == std::string_view::npos) return {};
    std::string_view name = test_name.substr(dot + 1);
    if (const auto slash = name.find('/'); slash != std::string_view::npos) name = name.substr(0, slash);
    std::string rule;
    std::size_t start = 0;
    while (start < name.size()) {
        const auto end = std::min(name.find('_', start), name.size());
        const std::string_view word = name.substr(start, end - start);
        const bool upper = !word.empty() && std::all_of(word.begin(), word.end(), [](char c) {
            return std::isupper(static_cast<unsigned char>(c)) || std::isdigit(static_cast<unsigned char>(c));
        });
        if (!upper || end == name.size()) break;  // the last word is the description, never part of the id
        rule += (rule.empty() ? "" : "-") + std::string(word);
        start = end + 1;
    }
    return rule;
}

std::string cause_key(const Finding& f) { return f.rule + "|" + f.title; }

std::set<std::string> parse_accept_file(std::string_view text) {
    std::set<std::string> keys;
    std::size_t start = 0;
    while (start <= text.size()) {
        const auto end = std::min(text.find('\n', start), text.size());
        std::string_view line = text.substr(start, end - start);
        if (const auto hash = line.find('#'); hash != std::string_view::npos) line = line.substr(0, hash);
        if (auto key = std::string(trim(line)); !key.empty()) keys.insert(std::move(key));
        start = end + 1;
    }
    return keys;
}

std::string render_accept_file(const std::vector<Finding>& findings) {
    std::set<std::string> keys;
    for (const auto& f : findings) keys.insert(f.key());
    std::ostringstream out;
    out << "# Dockside accept file: findings listed here (rule|operation|test) are reported as accepted\n"
        << "# and do not fail `dockside conform --accept FILE`. Delete a line once the finding is fixed.\n";
    for (const auto& key : keys) out << key << "\n";
    return out.str();
}

void FindingLog::add(Finding finding) {
    std::lock_guard lock(mutex_);
    if (finding.seed == 0) finding.seed = seed_;
    const std::string key = finding.key();
    for (auto& existing : findings_) {
        if (existing.key() != key) continue;
        finding.occurrences = existing.occurrences + 1;
        finding.accepted = finding.accepted || existing.accepted;
        existing = std::move(finding);
        return;
    }
    findings_.push_back(std::move(finding));
}

void FindingLog::record_skip(const std::string& test, std::string reason) {
    std::lock_guard lock(mutex_);
    skips_[test] = std::move(reason);
}

std::vector<Finding> FindingLog::all() const {
    std::lock_guard lock(mutex_);
    return findings_;
}

std::vector<Finding> FindingLog::for_test(std::string_view test) const {
    std::lock_guard lock(mutex_);
    std::vector<Finding> out;
    for (const auto& f : findings_)
        if (f.test == test) out.push_back(f);
    return out;
}

std::map<std::string, std::string> FindingLog::skips() const {
    std::lock_guard lock(mutex_);
    return skips_;
}

std::size_t FindingLog::size() const {
    std::lock_guard lock(mutex_);
    return findings_.size();
}

void FindingLog::set_seed(std::uint64_t seed) {
    std::lock_guard lock(mutex_);
    seed_ = seed;
}

void FindingLog::annotate_test(std::string_view test, const std::string& replay, const std::string& shrunk_input) {
    std::lock_guard lock(mutex_);
    for (auto& f : findings_) {
        if (f.test != test) continue;
        if (f.replay.empty()) f.replay = replay;
        if (f.shrunk_input.empty()) f.shrunk_input = shrunk_input;
    }
}

std::size_t FindingLog::accept(const std::set<std::string>& keys) {
    std::lock_guard lock(mutex_);
    std::size_t marked = 0;
    for (auto& f : findings_)
        if (keys.count(f.key())) {
            f.accepted = true;
            ++marked;
        }
    return marked;
}

void FindingLog::clear() {
    std::lock_guard lock(mutex_);
    findings_.clear();
    skips_.clear();
}

}  // namespace dockside::conform
