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

validate::Violation violation_from_json(const json& v) {
    return {member<std::string>(v, "rule", ""), member<std::string>(v, "pointer", ""),
            member<std::string>(v, "expected", ""), member<std::string>(v, "actual", ""),
            member<std::string>(v, "spec_location", "")};
}

}  // namespace

Finding finding_from_json(const json& f) {
    Finding out;
    out.test = member<std::string>(f, "test", "");
    out.area = member<std::string>(f, "area", "");
    out.operation = member<std::string>(f, "operation", "");
    out.rule = member<std::string>(f, "rule", "");
    out.section = member<std::string>(f, "section", "");
    out.title = member<std::string>(f, "title", "");
    out.message = member<std::string>(f, "message", "");
    out.curl = member<std::string>(f, "curl", "");
    out.status = member<int>(f, "status", 0);
    out.body_excerpt = member<std::string>(f, "body_excerpt", "");
    if (const auto it = f.find("violations"); it != f.end() && it->is_array())
        for (const auto& v : *it) out.violations.push_back(violation_from_json(v));
    out.seed = member<std::uint64_t>(f, "seed", 0);
    out.replay = member<std::string>(f, "replay", "");
    out.shrunk_input = member<std::string>(f, "shrunk_input", "");
    out.accepted = member<bool>(f, "accepted", false);
    out.occurrences = member<int>(f, "occurrences", 1);
    out.setup = member<bool>(f, "setup", false);
    out.setup_step = member<std::string>(f, "setup_step", "");
    out.reported_under = member<std::string>(f, "reported_under", "");
    out.exchange = member<std::string>(f, "exchange", "");
    return out;
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
        for (const auto& f : *it) out.findings.push_back(finding_from_json(f));
    if (const auto it = t.find("rate_limited"); it != t.end() && it->is_object()) {
        out.rate_limited_waits = member<int>(*it, "waits", 0);
        out.rate_limited_seconds = member<double>(*it, "seconds", 0.0);
    }
    if (const auto it = t.find("harness_fault"); it != t.end() && it->is_object())
        out.harness_fault = HarnessFault{member<std::string>(*it, "cause", ""), member<std::string>(*it, "last_request", ""),
                                         member<std::uint64_t>(*it, "seed", 0), member<std::string>(*it, "replay", "")};
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
    const std::string line = to_json(outcome).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
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
        if (line.is_object()) outcomes.push_back(outcome_from_json(line));
        start = end + 1;
    }
    pending_.erase(0, start);
    return outcomes;
}

}  // namespace dockside::conform
