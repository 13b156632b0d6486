#pragma once
/// The real `dockside load` executable in its own process, for tests that signal it or run several at once.

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <functional>
#include <string>
#include <thread>
#include <vector>

namespace dockside::loadtool::testing {

/// Starts `dockside ARGS`, stdout and stderr into `log`.
inline pid_t spawn_dockside(const std::vector<std::string>& args, const std::string& log) {
    std::vector<std::string> argv_text = {DOCKSIDE_EXECUTABLE};
    argv_text.insert(argv_text.end(), args.begin(), args.end());
    const pid_t pid = ::fork();
    if (pid == 0) {
        const int fd = ::open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        ::dup2(fd, 1);
        ::dup2(fd, 2);
        std::vector<char*> argv;
        for (auto& a : argv_text) argv.push_back(a.data());
        argv.push_back(nullptr);
        ::execv(argv[0], argv.data());
        ::_exit(127);
    }
    return pid;
}

/// Starts `dockside [GLOBAL_ARGS] load ARGS`, stdout and stderr into `log`.
inline pid_t spawn_load(const std::vector<std::string>& args, const std::string& log,
                        const std::vector<std::string>& global_args = {}) {
    std::vector<std::string> all = global_args;
    all.push_back("load");
    all.insert(all.end(), args.begin(), args.end());
    return spawn_dockside(all, log);
}

inline bool wait_for(const std::function<bool()>& condition, std::chrono::milliseconds limit) {
    const auto end = std::chrono::steady_clock::now() + limit;
    while (std::chrono::steady_clock::now() < end) {
        if (condition()) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return false;
}

/// Waits for the process (bounded); its exit code, or -1 when it did not exit in time (then killed).
inline int wait_exit(pid_t pid, std::chrono::milliseconds limit) {
    int status = 0;
    const bool exited = wait_for([&] { return ::waitpid(pid, &status, WNOHANG) == pid; }, limit);
    if (!exited) {
        ::kill(pid, SIGKILL);
        ::waitpid(pid, &status, 0);
        return -1;
    }
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

}  // namespace dockside::loadtool::testing
