#pragma once
/// A line on standard error when a step that waits on the network takes longer than a few seconds. Checking
/// a silent target waits for the whole request timeout (30 s by default) before it can say anything; without
/// a word meanwhile that looks like a hang.

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

namespace dockside::cli {

class SlowNotice {
public:
    /// Prints `message` (one line) once if this object still lives `after` from now.
    explicit SlowNotice(std::string message, std::chrono::milliseconds after = std::chrono::seconds(3));
    /// Ends the wait; nothing is printed if the step ended in time.
    ~SlowNotice();

    SlowNotice(const SlowNotice&) = delete;
    SlowNotice& operator=(const SlowNotice&) = delete;

private:
    std::mutex mutex_;
    std::condition_variable ended_;
    bool done_ = false;
    std::thread thread_;
};

/// The message for waiting on a target: where, and when the wait ends by itself.
std::string waiting_for_target(const std::string& command, const std::string& base_url, double timeout_seconds);

}  // namespace dockside::cli
