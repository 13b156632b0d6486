#pragma once
/// Where what a run finds is kept. In each process, the findings of its tests as the suites record them
/// (FindingLog). Then the run's outcomes as they are judged (RunLog): one JSON line per ended test, in one file that every worker
/// appends to and the parent reads once, line by line as tests end. results.json, junit.xml, the console
/// and the page are rendered from what the parent read; the pipe between a worker and the supervisor
/// carries only liveness (which test runs, which request it sends), never an outcome.
///
/// The file is unnamed (gone with the last process that holds it) and opened for appending before the
/// workers are forked: each line is one write(2) at the end of the file, whole whoever else writes.

#include <sys/types.h>

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "harness/conform/results.h"

namespace dockside::conform {

/// Every finding of a run, from any test thread. Findings with the same key in the same test are
/// merged (the newest kept, `occurrences` counted) so a shrinking property leaves its minimal case.
class FindingLog {
public:
    void add(Finding finding);
    /// A skip and its reason ("needs the simulation control"): skips are never passes.
    void record_skip(const std::string& test, std::string reason);

    std::vector<Finding> all() const;
    std::vector<Finding> for_test(std::string_view test) const;
    std::map<std::string, std::string> skips() const;
    std::size_t size() const;

    /// The run's seed, set on every finding added from now on that has none.
    void set_seed(std::uint64_t seed);
    /// Sets the replay command and shrunk_input on every finding of `test` that has none yet.
    void annotate_test(std::string_view test, const std::string& replay, const std::string& shrunk_input);
    /// Marks findings whose key is in `keys` as accepted; returns how many were marked.
    std::size_t accept(const std::set<std::string>& keys);
    void clear();

private:
    mutable std::mutex mutex_;
    std::vector<Finding> findings_;
    std::map<std::string, std::string> skips_;
    std::uint64_t seed_ = 0;
};

/// The inverse of to_json for one test, as a line of the log holds it: fields a reader does not know are
/// ignored, missing ones keep their defaults, a status it does not know reads as failed.
TestOutcome outcome_from_json(const nlohmann::json& test);

class RunLog {
public:
    /// A new, empty log in the temporary directory; an error saying why when none can be made.
    static Result<std::unique_ptr<RunLog>, std::string> create();
    ~RunLog();
    RunLog(const RunLog&) = delete;
    RunLog& operator=(const RunLog&) = delete;

    /// Appends one outcome as one line: nullopt when written whole, else why not (errno's words).
    std::optional<std::string> append(const TestOutcome& outcome) const;
    /// The outcomes appended since the last call, in the order they were appended. A line cut short stays
    /// for the next call; a line that is not an outcome is skipped (never expected: the file is ours).
    std::vector<TestOutcome> read_new();

private:
    explicit RunLog(int fd) : fd_(fd) {}

    int fd_ = -1;
    off_t read_at_ = 0;
    std::string pending_;
};

}  // namespace dockside::conform
