#include "tools/dockside/conform_child.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

extern char** environ;

namespace dockside::cli {

Result<pid_t, std::string> spawn_conform(const ConformChild& child) {
    std::error_code ec;
    const auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (ec) return fail("cannot find this executable to run conform: " + ec.message());
    std::vector<std::string> args = {self.string(), "conform"};
    args.insert(args.end(), child.args.begin(), child.args.end());
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    std::vector<std::string> env;
    for (char** e = environ; *e; ++e) {
        bool replaced = false;
        for (const auto& [name, value] : child.env) replaced = replaced || std::strncmp(*e, (name + "=").c_str(), name.size() + 1) == 0;
        if (!replaced) env.emplace_back(*e);
    }
    for (const auto& [name, value] : child.env)
        if (!value.empty()) env.push_back(name + "=" + value);
    std::vector<char*> envp;
    for (auto& e : env) envp.push_back(e.data());
    envp.push_back(nullptr);

    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, child.log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
    for (const auto& [fd, at] : child.descriptors) posix_spawn_file_actions_adddup2(&actions, fd, at);
    pid_t pid = 0;
    const int spawned = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), envp.data());
    posix_spawn_file_actions_destroy(&actions);
    if (spawned != 0) return fail(std::string("cannot run conform: ") + std::strerror(spawned));
    return pid;
}

void add_selection_options(CLI::App& cmd, ChildSelection& selection, const std::string& lead) {
    cmd.add_option("--seed", selection.seed, lead + "the run's seed (default: a fresh one, printed)");
    cmd.add_option("--only", selection.only, lead + "the areas to run, as conform takes them");
    cmd.add_option("--cases", selection.cases, lead + "cases per property, as conform takes them");
}

std::vector<std::string> selection_args(const ChildSelection& selection, std::uint64_t seed) {
    std::vector<std::string> args = {"--seed", std::to_string(seed)};
    if (!selection.only.empty()) args.insert(args.end(), {"--only", selection.only});
    if (selection.cases > 0) args.insert(args.end(), {"--cases", std::to_string(selection.cases)});
    return args;
}

int wait_exit(pid_t pid) {
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

}  // namespace dockside::cli
