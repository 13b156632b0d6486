#pragma once
/// `dockside serve` (or `dockside conform`) as a child process, the way a user runs it: its stdout and
/// stderr go to files the test reads (and greps for secrets), and signals reach it like Ctrl-C would.

#include <sys/types.h>

#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace dockside::hostile {

/// A fresh directory under the system's temporary directory, removed on destruction.
class TempDir {
public:
    TempDir();
    ~TempDir();
    TempDir(const TempDir&) = delete;
    const std::string& path() const { return path_; }
    /// Writes `text` to `name` inside the directory and answers the full path.
    std::string write(const std::string& name, const std::string& text) const;

private:
    std::string path_;
};

/// The whole content of a file ("" when it cannot be read).
std::string read_text(const std::string& path);

class ChildProcess {
public:
    /// Starts DOCKSIDE_BINARY with `args`; stdout and stderr land in `out_dir`/<name>.out and .err.
    ChildProcess(const std::string& name, const std::vector<std::string>& args, const std::string& out_dir,
                 const std::vector<std::string>& env = {});
    /// Kills the child (SIGKILL) if it still runs.
    ~ChildProcess();
    ChildProcess(const ChildProcess&) = delete;

    /// Waits until stdout holds "listening on http://127.0.0.1:PORT" and answers PORT; nullopt when the
    /// process ended or `timeout` passed first.
    std::optional<std::uint16_t> wait_listening(std::chrono::milliseconds timeout);
    void signal(int sig) const;
    /// Waits for the exit; the exit code (128 + signal for a signal), nullopt on timeout.
    std::optional<int> wait_exit(std::chrono::milliseconds timeout);
    std::string out() const { return read_text(out_path_); }
    std::string err() const { return read_text(err_path_); }
    const std::string& out_path() const { return out_path_; }
    const std::string& err_path() const { return err_path_; }

private:
    pid_t pid_ = -1;
    std::string out_path_;
    std::string err_path_;
};

}  // namespace dockside::hostile
