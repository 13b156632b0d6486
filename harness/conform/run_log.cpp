#include "harness/conform/run_log.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

namespace dockside::conform {
namespace {

using json = nlohmann::json;

template <class T>
T member(const json& object, const char* name, T fallback) {
    const auto it = object.find(name);
    if (it == object.end() || it->is_null()) return fallback;
    try {
        return it->get<T>();
    } catch (const json::exception&) {
        return fallback;
    }
}

TestStatus status_from(const std::string& text) {
    for (auto status : {TestStatus::Passed, TestStatus::Failed, TestStatus::Skipped, TestStatus::Accepted,
                        TestStatus::Blocked, TestStatus::TimedOut, TestStatus::Interrupted})
        if (to_string(status) == text) return status;
    return TestStatus::Failed;  // a status this reader does not know must not read as a pass
}

}  // namespace

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

TestOutcome outcome_from_json(const json& t) {
    TestOutcome out;
    out.name = member<std::string>(t, "name", "");
    out.area = member<std::string>(t, "area", "");
    out.status = status_from(member<std::string>(t, "status", ""));
    out.reason = member<std::string>(t, "reason", "");
    out.seconds = member<double>(t, "seconds", 0.0);
    out.failure_messages = member<std::vector<std::string>>(t, "failure_messages", {});
    if (const auto it = t.find("findings"); it != t.end() && it->is_array())
        for (const auto& f : *it) out.findings.push_back(f.get<Finding>());
    if (const auto it = t.find("rate_limited"); it != t.end() && it->is_object()) {
        out.rate_limited_waits = member<int>(*it, "waits", 0);
        out.rate_limited_seconds = member<double>(*it, "seconds", 0.0);
    }
    if (const auto it = t.find("schema_phase"); it != t.end())
        if (auto row = coverage_from_json(*it)) out.coverage = std::move(*row);
    if (const auto it = t.find("harness_fault"); it != t.end() && it->is_object())
        out.harness_fault = it->get<HarnessFault>();
    return out;
}

Result<std::unique_ptr<RunLog>, std::string> RunLog::create() {
    std::error_code error;
    const auto folder = std::filesystem::temp_directory_path(error);
    if (error) return fail("no temporary folder for the run log: " + error.message());
    // Unnamed where the file system allows it; else named for an instant and unlinked at once.
    int fd = ::open(folder.c_str(), O_TMPFILE | O_RDWR | O_APPEND, 0600);
    if (fd < 0) {
        std::string path = (folder / "dockside-run-log-XXXXXX").string();
        fd = ::mkstemp(path.data());
        if (fd < 0) return fail("cannot make the run log in " + folder.string() + ": " + std::strerror(errno));
        ::unlink(path.c_str());
        ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_APPEND);
    }
    return std::unique_ptr<RunLog>(new RunLog(fd));
}

RunLog::~RunLog() {
    if (fd_ >= 0) ::close(fd_);
}

std::optional<std::string> RunLog::append(const TestOutcome& outcome) const {
    // Replacement, not an exception: a finding's body excerpt may hold bytes that are not UTF-8.
    auto record = to_json(outcome);
    if (outcome.coverage) record["schema_phase"] = to_json(*outcome.coverage);
    const std::string line = record.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
    ssize_t n;
    while ((n = ::write(fd_, line.data(), line.size())) < 0 && errno == EINTR) {
    }
    if (n == static_cast<ssize_t>(line.size())) return std::nullopt;
    return n < 0 ? std::string("cannot write the run log: ") + std::strerror(errno)
                 : "the run log took " + std::to_string(n) + " of " + std::to_string(line.size()) + " bytes (is the disk full?)";
}

std::vector<TestOutcome> RunLog::read_new() {
    char buffer[65536];
    for (ssize_t n; (n = ::pread(fd_, buffer, sizeof buffer, read_at_)) != 0;) {
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) break;
        pending_.append(buffer, static_cast<std::size_t>(n));
        read_at_ += n;
    }
    std::vector<TestOutcome> outcomes;
    std::size_t start = 0;
    for (auto end = pending_.find('\n'); end != std::string::npos; end = pending_.find('\n', start)) {
        const auto line = nlohmann::json::parse(pending_.begin() + static_cast<std::ptrdiff_t>(start),
                                                pending_.begin() + static_cast<std::ptrdiff_t>(end), nullptr, false);
        try {
            if (line.is_object()) outcomes.push_back(outcome_from_json(line));
        } catch (const nlohmann::json::exception&) {
        }
        start = end + 1;
    }
    pending_.erase(0, start);
    return outcomes;
}

}  // namespace dockside::conform
