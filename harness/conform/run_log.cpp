#include "harness/conform/run_log.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

namespace dockside::conform {

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
