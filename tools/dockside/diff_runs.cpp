#include "tools/dockside/diff_runs.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <iostream>

extern char** environ;

namespace dockside::cli {

Result<std::string, std::string> record_run(const DiffRun& run, const DiffTarget& target) {
    std::error_code ec;
    const auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (ec) return fail("cannot find this executable to run conform: " + ec.message());
    const std::string dir = run.out + "/" + target.name;
    std::filesystem::create_directories(dir, ec);
    if (ec) return fail("cannot make " + dir + ": " + ec.message());
    const std::string har = run.out + "/" + target.name + ".har";
    const std::string log = dir + "/console.txt";
    std::vector<std::string> args = {self.string(), "conform", "--seed", std::to_string(run.seed), "--workers", "1",
                                     "--out", dir, "--har", har};
    if (!target.base_url.empty()) args.insert(args.end(), {"--base-url", target.base_url});
    if (!run.only.empty()) args.insert(args.end(), {"--only", run.only});
    if (run.cases > 0) args.insert(args.end(), {"--cases", std::to_string(run.cases)});
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    // The environment as it is, the target's token in DOCKSIDE_TOKEN (or none: another target's must not leak).
    std::vector<std::string> env;
    for (char** e = environ; *e; ++e)
        if (std::strncmp(*e, "DOCKSIDE_TOKEN=", 15) != 0 && std::strncmp(*e, "DOCKSIDE_BASE_URL=", 18) != 0) env.emplace_back(*e);
    if (!target.token.empty()) env.push_back("DOCKSIDE_TOKEN=" + target.token);
    std::vector<char*> envp;
    for (auto& e : env) envp.push_back(e.data());
    envp.push_back(nullptr);

    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
    std::cerr << "diff: recording the run (seed " << run.seed << ") against the " << target.name << " target, "
              << (target.base_url.empty() ? std::string("the embedded reference server") : target.base_url) << "\n";
    pid_t pid = 0;
    const int spawned = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), envp.data());
    posix_spawn_file_actions_destroy(&actions);
    if (spawned != 0) return fail(std::string("cannot run conform: ") + std::strerror(spawned));
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    const int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    if (code != 0 && code != 1)
        return fail("conform against the " + target.name + " target could not run (exit " + std::to_string(code) + "): see " + log);
    return har;
}

}  // namespace dockside::cli
