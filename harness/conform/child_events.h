#pragma once
/// What a supervised child tells its parent, one JSON object per line over a pipe: a test started, the
/// request it is about to send, a test ended (its outcome is in the run log by then: run_log.h), an
/// exception escaped everything that runs the tests, and that the child finished its list. Liveness only:
/// the parent learns from the last `started` without an `ended` which test a crash or a hang belongs to,
/// and from the last `sending` what it was doing.

#include <optional>
#include <string>
#include <vector>

#include "harness/http/message.h"

namespace dockside::conform {

struct ChildEvent {
    enum class Kind { Started, Sending, Ended, Escaped, Finished };
    Kind kind = Kind::Finished;
    std::string name;  ///< the test (Started, Ended), the request line (Sending), what escaped (Escaped)
};

/// One event as a line (with its newline).
std::string encode(const ChildEvent& event);
/// The event of one line; nullopt for a line that is not one (never expected: the pipe is ours).
std::optional<ChildEvent> decode(const std::string& line);

/// "DELETE /2025-07/webhook/7 (no body)" / "POST /2025-07/order (412 bytes)": what a crash report names.
std::string request_line(const http::Request& request);

/// Writes events to the parent; each write is whole (a line may pass PIPE_BUF: the child is the only writer).
class EventWriter {
public:
    explicit EventWriter(int fd) : fd_(fd) {}
    /// False when the parent is gone (the child should end).
    bool write(const ChildEvent& event) const;

private:
    int fd_;
};

/// Splits what the parent reads from a child's pipe into events; keeps a partial last line for later.
class EventReader {
public:
    /// Appends `bytes` and returns the events of every line now complete.
    std::vector<ChildEvent> feed(const char* bytes, std::size_t size);

private:
    std::string pending_;
};

}  // namespace dockside::conform
