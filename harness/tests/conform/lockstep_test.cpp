// Runs in lockstep take turns exchange by exchange through a ring of sockets; a run that waits past its
// patience, or finds the other run gone, leaves the ring and goes on alone. Each run is a forked child, as
// each recording of `dockside diff` is a process of its own (the ring is read from the environment once).

#include "harness/conform/lockstep.h"

#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <initializer_list>
#include <string>

#include <gtest/gtest.h>

namespace dockside::conform {
namespace {

using namespace std::chrono_literals;

/// Forks a run that takes `turns` turns with `patience`, writing its name (capitalised when it held the
/// turn) to `report` after each; its ends of the ring are `in` and `out`, and it keeps none of `others`.
pid_t run(char name, int in, int out, int turns, std::chrono::milliseconds patience, int report,
          std::initializer_list<int> others) {
    const pid_t pid = ::fork();
    if (pid != 0) return pid;
    for (int fd : others)
        if (fd != in && fd != out) ::close(fd);
    ::setenv("DOCKSIDE_LOCKSTEP", (std::to_string(in) + "," + std::to_string(out) + ",42").c_str(), 1);
    for (int i = 0; i < turns; ++i) {
        const LockstepTurn turn(patience);
        const char said = LockstepTurn::held() == "42" ? static_cast<char>(name - 'a' + 'A') : name;
        if (::write(report, &said, 1) != 1) ::_exit(2);
    }
    ::_exit(0);
}

std::string read_all(int fd) {
    std::string out;
    char buffer[64];
    for (ssize_t n; (n = ::read(fd, buffer, sizeof buffer)) > 0;) out.append(buffer, static_cast<std::size_t>(n));
    return out;
}

TEST(Lockstep, TwoRunsTakeTurnsAndTheLastLeftAloneGoesOnByItself) {
    int a_to_b[2], b_to_a[2], report[2];
    ASSERT_EQ(::socketpair(AF_UNIX, SOCK_STREAM, 0, a_to_b), 0);
    ASSERT_EQ(::socketpair(AF_UNIX, SOCK_STREAM, 0, b_to_a), 0);
    ASSERT_EQ(::pipe(report), 0);
    const char first = 1;
    ASSERT_EQ(::send(b_to_a[0], &first, 1, 0), 1);  // the first run has the first turn
    const auto ring = {a_to_b[0], a_to_b[1], b_to_a[0], b_to_a[1], report[0]};
    const pid_t a = run('a', b_to_a[1], a_to_b[0], 4, 5000ms, report[1], ring);
    const pid_t b = run('b', a_to_b[1], b_to_a[0], 6, 5000ms, report[1], ring);
    for (int fd : {a_to_b[0], a_to_b[1], b_to_a[0], b_to_a[1], report[1]}) ::close(fd);
    const std::string said = read_all(report[0]);
    ::close(report[0]);
    int status = 0;
    for (pid_t pid : {a, b}) {
        ASSERT_EQ(::waitpid(pid, &status, 0), pid);
        EXPECT_EQ(WEXITSTATUS(status), 0);
    }
    // Turn by turn; once the first run is gone the second finds its end closed and goes on unmarked.
    EXPECT_EQ(said.substr(0, 8), "ABABABAB") << said;
    EXPECT_EQ(said.size(), 10u) << said;
    EXPECT_EQ(said.find_first_of("AB", 8), std::string::npos) << said;
}

TEST(Lockstep, ARunWaitingPastItsPatienceLeavesAndIsNeverMarkedAgain) {
    int ring[2], report[2];
    ASSERT_EQ(::socketpair(AF_UNIX, SOCK_STREAM, 0, ring), 0);
    ASSERT_EQ(::pipe(report), 0);
    // Nobody passes the turn: the run's own other end stays open and silent.
    const pid_t alone = run('a', ring[1], ring[1], 3, 100ms, report[1], {report[0]});
    ::close(report[1]);
    const std::string said = read_all(report[0]);
    int status = 0;
    ASSERT_EQ(::waitpid(alone, &status, 0), alone);
    EXPECT_EQ(said, "aaa");
    ::close(ring[0]);
    ::close(ring[1]);
    ::close(report[0]);
}

TEST(Lockstep, WithoutARingEveryTurnIsAtOnceAndUnmarked) {
    // In a child too: the ring is read once a process, and the other tests' children inherit this one's.
    const pid_t pid = ::fork();
    if (pid == 0) {
        ::unsetenv("DOCKSIDE_LOCKSTEP");
        const LockstepTurn turn(10ms);
        ::_exit(LockstepTurn::held().empty() ? 0 : 1);
    }
    int status = 0;
    ASSERT_EQ(::waitpid(pid, &status, 0), pid);
    EXPECT_EQ(WEXITSTATUS(status), 0);
}

}  // namespace
}  // namespace dockside::conform
