#include "tools/dockside/diff_runs.h"

#include "tools/dockside/conform_child.h"

#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <random>
#include <thread>

namespace dockside::cli {
namespace {

/// Where each recording's conform finds its ends of the ring (the numbers it is given them at).
constexpr int kTurnIn = 200, kTurnOut = 201;

/// A ring of Unix sockets, link i from run i to run i + 1: run i reads its turn from link i - 1.
struct TurnRing {
    std::vector<std::pair<int, int>> links;  ///< (the end written, the end read)
    /// Once the runs hold their ends: a run then finds another's ends closed when that run is gone.
    void close() {
        for (const auto& [in, out] : links) {
            ::close(in);
            ::close(out);
        }
        links.clear();
    }
    ~TurnRing() { close(); }
};

struct Spawned {
    pid_t pid = 0;
    std::string har, log;
};

Result<Spawned, std::string> spawn_recording(const DiffRun& run, const DiffTarget& target, int turn_in, int turn_out,
                                             const std::string& lockstep_id) {
    const std::string dir = run.out + "/" + target.name;
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec) return fail("cannot make " + dir + ": " + ec.message());
    Spawned s{0, run.out + "/" + target.name + ".har", dir + "/console.txt"};
    ConformChild child;
    child.args = selection_args(run.selection, run.seed);
    child.args.insert(child.args.end(), {"--workers", "1", "--out", dir, "--har", s.har});
    if (!target.base_url.empty()) child.args.insert(child.args.end(), {"--base-url", target.base_url});
    // The target's token in DOCKSIDE_TOKEN, or none: another target's must not leak.
    child.env = {{"DOCKSIDE_TOKEN", target.token}, {"DOCKSIDE_BASE_URL", ""},
                 {"DOCKSIDE_LOCKSTEP", std::to_string(kTurnIn) + "," + std::to_string(kTurnOut) + "," + lockstep_id}};
    // The ring's ends are close-on-exec: each run keeps only its own two, at known numbers.
    child.descriptors = {{turn_in, kTurnIn}, {turn_out, kTurnOut}};
    child.log = s.log;
    auto pid = spawn_conform(child);
    if (!pid) return fail(pid.error());
    s.pid = *pid;
    return s;
}

/// The exchanges a run has recorded so far: the lines of its recording's `.entries` file (har_recording.h),
/// counted from where the last look ended.
struct RecordedCount {
    std::streamoff read = 0;
    std::size_t lines = 0;
    std::size_t update(const std::string& har) {
        std::ifstream in(har + ".entries", std::ios::binary);
        if (!in.seekg(read)) return lines;
        const std::string added{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
        // Up to the last whole line: one being written is counted next time.
        const auto whole = added.rfind('\n');
        if (whole == std::string::npos) return lines;
        lines += static_cast<std::size_t>(std::count(added.begin(), added.begin() + static_cast<std::ptrdiff_t>(whole) + 1, '\n'));
        read += static_cast<std::streamoff>(whole + 1);
        return lines;
    }
};

/// Waits for every run, each one's exit code into `codes`, saying every ten seconds how far each has come.
void wait_for_runs(const std::vector<Spawned>& runs, const std::vector<DiffTarget>& targets, std::vector<int>& codes) {
    using Clock = std::chrono::steady_clock;
    auto next_word = Clock::now() + std::chrono::seconds(10);
    std::vector<RecordedCount> counts(runs.size());
    for (std::size_t left = runs.size(); left > 0;) {
        for (std::size_t i = 0; i < runs.size(); ++i) {
            int status = 0;
            if (codes[i] >= 0 || ::waitpid(runs[i].pid, &status, WNOHANG) != runs[i].pid) continue;
            codes[i] = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
            --left;
        }
        if (left == 0) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        if (Clock::now() < next_word) continue;
        next_word += std::chrono::seconds(10);
        std::cerr << "diff: recorded so far:";
        for (std::size_t i = 0; i < runs.size(); ++i)
            std::cerr << (i ? "," : "") << " " << counts[i].update(runs[i].har) << " exchanges against the " << targets[i].name
                      << (codes[i] >= 0 ? " (done)" : "");
        std::cerr << std::endl;
    }
}

}  // namespace

Result<std::vector<std::string>, std::string> record_runs(const DiffRun& run, const std::vector<DiffTarget>& targets) {
    TurnRing ring;
    for (std::size_t i = 0; i < targets.size(); ++i) {
        int pair[2];
        if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair) != 0)
            return fail(std::string("cannot make the runs' lockstep: ") + std::strerror(errno));
        ring.links.emplace_back(pair[0], pair[1]);
    }
    // The first run has the first turn.
    const char first_turn = 1;
    if (::send(ring.links.back().first, &first_turn, 1, MSG_NOSIGNAL) != 1)
        return fail(std::string("cannot start the runs' lockstep: ") + std::strerror(errno));
    const std::string lockstep_id = std::to_string(std::random_device{}());
    std::vector<Spawned> runs;
    std::string failed;
    for (std::size_t i = 0; i < targets.size() && failed.empty(); ++i) {
        const auto& target = targets[i];
        std::cerr << "diff: recording the run (seed " << run.seed << ") against the " << target.name << " target, "
                  << (target.base_url.empty() ? std::string("the embedded reference server") : target.base_url)
                  << (i == 0 ? "" : ", in lockstep with the first") << "\n";
        const int turn_in = ring.links[(i + targets.size() - 1) % targets.size()].second;
        auto spawned = spawn_recording(run, target, turn_in, ring.links[i].first, lockstep_id);
        if (spawned) runs.push_back(*spawned);
        else failed = spawned.error();
    }
    ring.close();
    // A run that could not start leaves the others alone in the ring: they find its ends closed and go on
    // by themselves, and are stopped here.
    if (!failed.empty())
        for (const auto& r : runs) ::kill(r.pid, SIGTERM);
    std::vector<int> codes(runs.size(), -1);
    wait_for_runs(runs, targets, codes);
    std::vector<std::string> recordings;
    for (std::size_t i = 0; i < runs.size(); ++i) {
        if (codes[i] != 0 && codes[i] != 1 && failed.empty())
            failed = "conform against the " + targets[i].name + " target could not run (exit " + std::to_string(codes[i]) + "): see " + runs[i].log;
        recordings.push_back(runs[i].har);
    }
    if (!failed.empty()) return fail(failed);
    return recordings;
}

}  // namespace dockside::cli
