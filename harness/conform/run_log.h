#pragma once
/// The run's outcomes as they are judged: one JSON line per ended test, in one file that every worker
/// appends to and the parent reads once, line by line as tests end. results.json, junit.xml, the console
/// and the page are rendered from what the parent read; the pipe between a worker and the supervisor
/// carries only liveness (which test runs, which request it sends), never an outcome.
///
/// The file is unnamed (gone with the last process that holds it) and opened for appending before the
/// workers are forked: each line is one write(2) at the end of the file, whole whoever else writes.

#include <sys/types.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "harness/conform/results.h"

namespace dockside::conform {

/// The inverse of to_json for one test, as a line of the log holds it: fields a reader does not know are
/// ignored, missing ones keep their defaults, a status it does not know reads as failed.
TestOutcome outcome_from_json(const nlohmann::json& test);
Finding finding_from_json(const nlohmann::json& finding);

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
